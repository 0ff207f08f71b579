import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { MATRIX, SLOW } from '../../vitest.config.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const testFiles = (dir: string): string[] =>
  readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? testFiles(`${dir}/${e.name}`) : e.name.endsWith('.test.ts') ? [`${dir}/${e.name}`] : [],
  );

/** What takes a test out of the process: building, bundling, packing, spawning, a browser. */
const LEAVES_THE_PROCESS = /node:child_process|playwright-core|rolldown|tsdown|from 'typescript'|\/scratch\.js'|support\/(cli|bundle)\.js'|bench\/bundle\.js'/;

it('npm run test:fast leaves out every test that builds, packs, spawns or drives a browser, and nothing that is gone', () => {
  expect(SLOW.filter((file) => !existsSync(join(ROOT, file)))).toEqual([]);
  const SELF = 'test/package/suites.test.ts'; // names the patterns it looks for
  const fast = testFiles('test').filter((file) => !file.startsWith('test/package/recipes/') && !SLOW.includes(file) && file !== SELF);
  expect(fast.filter((file) => LEAVES_THE_PROCESS.test(readFileSync(join(ROOT, file), 'utf8')))).toEqual([]);
});

it('the CI matrix names only test files that exist', () => {
  const all = testFiles('test');
  const matches = (glob: string) => {
    const pattern = new RegExp(
      `^${glob
        .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
        .replace(/\*\*\//g, '(?:.*/)?')
        .replace(/\*/g, '[^/]*')}$`,
    );
    return all.some((file) => pattern.test(file));
  };
  expect(MATRIX.filter((glob) => !matches(glob))).toEqual([]);
});
