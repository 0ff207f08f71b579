import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll } from 'vitest';
import { bundle } from './bundle.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** The command line program, bundled once per test file and run as a child process. */
export interface Cli {
  /** The folder the bundle is written to (a test may keep files of its own there). */
  readonly folder: string;
  /** The bundled program. */
  readonly entry: string;
  /**
   * Starts the program on a free port; resolves with what it printed once `ready` accepts its output, or rejects
   * with `exit <code>: <stderr>` when it exits first. `stderrOut.text` follows what it writes to stderr.
   */
  start(args: string[], ready: (stdout: string) => boolean, stderrOut?: { text: string }, env?: Record<string, string>): Promise<string>;
  /** The process `start` started last (to signal it). */
  last(): ChildProcess;
}

/**
 * Registers the bundle step and the after-test stop of every started program in the calling test file. `name` picks
 * a folder of its own under node_modules, so the bundle's bare imports resolve to the project's packages and test
 * files running side by side never write the same file.
 */
export function useCli(name: string): Cli {
  const folder = `${root}node_modules/.cache/${name}/`;
  const entry = `${folder}cli.mjs`;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    mkdirSync(folder, { recursive: true });
    writeFileSync(entry, await bundle(`${root}src/cli.ts`, { platform: 'node', external: [/^[^./]/] }));
  }, 60_000);

  afterEach(() => {
    for (const child of children.splice(0)) child.kill('SIGTERM');
  });

  return {
    folder,
    entry,
    last() {
      const child = children.at(-1);
      if (!child) throw new Error('No program was started.');
      return child;
    },
    start(args, ready, stderrOut = { text: '' }, env = {}) {
      const child = spawn(process.execPath, [entry, ...(env['COLLAB_MOCK_PORT'] ? [] : ['--port', '0']), ...args], {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, ...env },
      });
      children.push(child);
      let stdout = '';
      let stderr = '';
      return new Promise((resolve, reject) => {
        child.stdout?.on('data', (chunk: Buffer) => {
          stdout += chunk.toString();
          if (ready(stdout)) resolve(stdout);
        });
        child.stderr?.on('data', (chunk: Buffer) => {
          stderr += chunk.toString();
          stderrOut.text = stderr;
        });
        child.on('exit', (code) => reject(new Error(`exit ${code}: ${stderr}`)));
      });
    },
  };
}
