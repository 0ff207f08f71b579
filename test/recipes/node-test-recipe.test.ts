import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { bundle } from '../support/bundle.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
// Under node_modules so the bundle's bare imports (msw, faker, zod...) resolve to the project's packages.
const out = `${root}node_modules/.cache/collab-service-mock-recipes/`;

it('runs the node:test recipe with `node --test` against the bundled collab-service-mock/testing entry', async () => {
  mkdirSync(out, { recursive: true });
  const code = await bundle(`${root}src/adapters/testing.ts`, { platform: 'node', external: [/^[^./]/] });
  writeFileSync(`${out}testing.mjs`, code);
  const recipe = readFileSync(new URL('./node-test.recipe.mjs', import.meta.url), 'utf8');
  expect(recipe).toContain("from 'collab-service-mock/testing'");
  writeFileSync(`${out}recipe.test.mjs`, recipe.replace("'collab-service-mock/testing'", "'./testing.mjs'"));
  const { stdout } = await promisify(execFile)(process.execPath, ['--test', '--test-reporter=tap', `${out}recipe.test.mjs`], { encoding: 'utf8' }).catch(
    (error: { stdout?: string; message: string }) => {
      throw new Error(`node --test failed:\n${error.stdout ?? error.message}`);
    },
  );
  expect(stdout).toMatch(/# pass 2/);
  expect(stdout).toMatch(/# fail 0/);
}, 60_000);
