// Builds dist/ when it is missing or older than src/ (used by `npm start`, `npm run bench`, and `prepare`, which
// builds the package when npm installs it from a git repository).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

/** Builds when needed; returns the path of the built CLI. */
export function ensureBuild() {
  const cli = join(root, 'dist', 'cli.js');
  const inputs = Math.max(newest(join(root, 'src')), statSync(join(root, 'tsdown.config.ts')).mtimeMs);
  if (!existsSync(cli) || statSync(cli).mtimeMs < inputs) {
    process.stdout.write('building dist/ ...\n');
    const tsdown = join(root, 'node_modules', 'tsdown', 'dist', 'run.mjs');
    execFileSync(process.execPath, [tsdown, '--log-level', 'error'], { cwd: root, stdio: 'inherit' });
  }
  return cli;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) ensureBuild();
