import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

/** The project's root. */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** What packing produced, for the report. */
export interface PackFacts {
  files: string[];
  tarballBytes: number;
  /** Bytes of the scratch project's node_modules after installing the tarball (the tools are linked, not counted). */
  installBytes: number;
  /** Seconds spent packing and installing (0 when an earlier run of the same sources did it). */
  seconds: number;
}

/** A scratch project with the packed package installed, outside the repository. */
export interface Scratch {
  dir: string;
  pack: PackFacts;
}

/** Test tools the scratch project borrows from this repository (linked, so each CI pass uses its own msw). */
const TOOLS = ['msw', 'vitest', 'jest', 'ts-jest', '@jest/globals', 'typescript', '@types/node', '@playwright/test', 'playwright', 'playwright-core'];

const run = promisify(execFile);

/** Every file under a directory, relative to the root, sorted. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)]))
    .sort();
}

/** A hash of everything that goes into the tarball: same sources, same scratch project. */
function sourceKey(): string {
  const hash = createHash('sha256');
  const inputs = ['package.json', 'package-lock.json', 'tsdown.config.ts', 'README.md', 'LICENSE'].map((f) => join(ROOT, f));
  for (const file of [...inputs, ...filesUnder(join(ROOT, 'src')), ...filesUnder(join(ROOT, 'fixtures')), ...filesUnder(join(ROOT, 'docs'))]) {
    hash.update(relative(ROOT, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

function bytesUnder(dir: string): number {
  return filesUnder(dir).reduce((sum, file) => sum + statSync(file).size, 0);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The scratch project: `npm pack` of this repository installed into a fresh project in the temp directory
 * with the local npm cache (`--prefer-offline`). Built once per set of sources and shared by every test file
 * and every CI pass (Node 20 / 22, msw 2.15 / 2.7 / 3): the tarball does not depend on them, and the tools
 * that do are linked from this repository on each call.
 * @example const { dir } = await scratchProject();
 */
export async function scratchProject(): Promise<Scratch> {
  const clone = createHash('sha256').update(ROOT).digest('hex').slice(0, 8);
  const prefix = `collab-service-mock-package-${clone}-`;
  const dir = join(tmpdir(), `${prefix}${sourceKey()}`);
  const lock = `${dir}.lock`;
  const ready = join(dir, 'pack.json');
  const deadline = Date.now() + 300_000;
  while (!existsSync(ready)) {
    try {
      mkdirSync(lock);
    } catch {
      // Another test file is building it; a lock older than 5 minutes was left by a killed run.
      if (Date.now() - statSync(lock, { throwIfNoEntry: false })!.mtimeMs > 300_000) rmSync(lock, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`waited 5 minutes for ${lock}`);
      await sleep(250);
      continue;
    }
    try {
      if (!existsSync(ready)) await build(dir, prefix);
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
  linkTools(dir);
  return { dir, pack: JSON.parse(readFileSync(ready, 'utf8')) as PackFacts };
}

async function build(dir: string, prefix: string): Promise<void> {
  const started = performance.now();
  // Earlier sources of this clone are stale.
  for (const name of readdirSync(tmpdir())) {
    if (name.startsWith(prefix) && !name.endsWith('.lock')) rmSync(join(tmpdir(), name), { recursive: true, force: true });
  }
  const work = `${dir}.tmp`;
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const npm = { env: { ...process.env, npm_config_update_notifier: 'false', npm_config_audit: 'false', npm_config_fund: 'false' }, encoding: 'utf8' as const };
  // `npm pack` runs prepack, which builds dist/.
  const packed = await run('npm', ['pack', '--json', '--pack-destination', work], { ...npm, cwd: ROOT, maxBuffer: 64 * 1024 * 1024 });
  const [info] = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('['))) as [{ filename: string; files: { path: string }[]; size: number }];
  writeFileSync(join(work, 'package.json'), `${JSON.stringify({ name: 'consumer', private: true, type: 'module' }, null, 2)}\n`);
  await run('npm', ['install', '--prefer-offline', '--no-package-lock', join(work, info.filename)], { ...npm, cwd: work });
  const facts: PackFacts = {
    files: info.files.map((f) => f.path).sort(),
    tarballBytes: info.size,
    installBytes: bytesUnder(join(work, 'node_modules')),
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
  writeFileSync(join(work, 'pack.json'), JSON.stringify(facts));
  renameSync(work, dir);
}

/** Links the test tools into the scratch project; on later calls only the links are refreshed. */
function linkTools(dir: string): void {
  for (const tool of TOOLS) {
    const link = join(dir, 'node_modules', tool);
    rmSync(link, { recursive: true, force: true });
    mkdirSync(join(link, '..'), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules', tool), link, 'dir');
  }
}

/**
 * Copies files of `test/package/recipes/` into the scratch project (recipes change without repacking).
 * @example copyRecipes(dir, ['jest.config.js'])
 */
export function copyRecipes(dir: string, names: string[]): void {
  for (const name of names) cpSync(join(ROOT, 'test/package/recipes', name), join(dir, name));
}

/**
 * A new, empty project beside the scratch project that uses its installed packages (its node_modules linked), for
 * recipes that must be copied into a project of their own.
 * @example const dir = newProject(scratch.dir, 'jest-recipe');
 */
export function newProject(scratchDir: string, name: string): string {
  const dir = join(`${scratchDir}-projects`, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ name, private: true, type: 'module' }, null, 2)}\n`);
  symlinkSync(join(scratchDir, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}

/**
 * Runs a command in the scratch project; resolves with its output, or rejects with everything it printed.
 * @example await inScratch(dir, process.execPath, ['--test', 'x.test.mjs'])
 */
export async function inScratch(dir: string, command: string, args: string[], env: Record<string, string> = {}): Promise<{ stdout: string; stderr: string }> {
  try {
    return await run(command, args, { cwd: dir, encoding: 'utf8', env: { ...process.env, ...env }, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${[command, ...args].join(' ')} failed in ${dir}:\n${e.stdout ?? ''}\n${e.stderr ?? e.message}`);
  }
}
