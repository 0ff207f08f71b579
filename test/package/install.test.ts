import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUNDLED } from '../../tsdown.config.js';
import { copyRecipes, inScratch, ROOT, type Scratch, scratchProject } from './scratch.js';

// `npm pack` of this repository, installed into a project in the temp directory, used as a user would.
let scratch: Scratch;
beforeAll(async () => {
  scratch = await scratchProject();
}, 300_000);

const node = process.execPath;
/** Environment for runners started from inside this vitest run: none of its worker variables. */
const clean = (): Record<string, string> =>
  Object.fromEntries(
    Object.entries(process.env).filter(([key, value]) => value !== undefined && !/^(VITEST|TEST|NODE_OPTIONS$|FORCE_COLOR$)/.test(key)),
  ) as Record<string, string>;

describe('the packed package', () => {
  it('ships dist/ with every entry point and its types, the bin, the fixtures, README, the docs it links and LICENSE', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      exports: Record<string, string | Record<string, string>>;
      bin: Record<string, string>;
    };
    const files = new Set(scratch.pack.files);
    for (const target of Object.values(pkg.exports).flatMap((e) => (typeof e === 'string' ? [e] : Object.values(e)))) {
      expect(files.has(target.replace(/^\.\//, '')), target).toBe(true);
    }
    expect(files.has(pkg.bin['collab-service-mock']!.replace(/^\.\//, ''))).toBe(true);
    for (const file of ['README.md', 'docs/testing.md', 'docs/areas/comments.md', 'LICENSE', 'fixtures/scenarios/team.json'])
      expect(files.has(file), file).toBe(true);
    expect([...files].filter((f) => f.startsWith('src/') || f.startsWith('test/'))).toEqual([]);
  });

  it('installs with three runtime dependencies, none of the optional peers (yjs, y-protocols, lib0, ws) and none of the bundled packages', () => {
    const pkg = JSON.parse(readFileSync(join(scratch.dir, 'node_modules/collab-service-mock/package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    expect(Object.keys(pkg.dependencies).sort()).toEqual(['@faker-js/faker', 'jose', 'saxes']);
    expect(BUNDLED).toEqual(['zod', 'wink-porter2-stemmer', '@noble/hashes']);
  });

  it('ships the license of every package bundled into dist/', () => {
    const notices = readFileSync(join(scratch.dir, 'node_modules/collab-service-mock/dist/THIRD-PARTY-LICENSES.md'), 'utf8');
    for (const name of BUNDLED) {
      const { version } = JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version: string };
      expect(notices, name).toContain(`## ${name} ${version} (MIT)`);
    }
    expect(notices.match(/Permission is hereby granted, free of charge/g)?.length).toBe(BUNDLED.length);
  });

  it('answers --version and --help through the installed bin', async () => {
    const bin = join(scratch.dir, 'node_modules/.bin/collab-service-mock');
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect((await inScratch(scratch.dir, bin, ['--version'])).stdout).toBe(`${version}\n`);
    expect((await inScratch(scratch.dir, bin, ['--help'])).stdout).toContain('--port      port to listen on; 0 picks a free one (default 4780)');
  });

  it('runs the msw quick start', async () => {
    copyRecipes(scratch.dir, ['msw-quickstart.mjs']);
    expect((await inScratch(scratch.dir, node, ['msw-quickstart.mjs'])).stdout).toBe('quick start ok\n');
  });

  it('serves the core, the msw handlers and the server without yjs; a CRDT call says what to install', async () => {
    copyRecipes(scratch.dir, ['without-yjs.mjs']);
    expect((await inScratch(scratch.dir, node, ['without-yjs.mjs'])).stdout).toContain('without yjs ok\n');
  });

  it('runs the Vitest recipe under vitest', async () => {
    copyRecipes(scratch.dir, ['vitest-helper.test.ts']);
    const { stdout } = await inScratch(scratch.dir, node, ['node_modules/vitest/vitest.mjs', 'run', 'vitest-helper.test.ts'], { ...clean(), NO_COLOR: '1' });
    expect(stdout).toMatch(/Tests\s+2 passed/);
  }, 60_000);

  it('runs the Jest recipe under real Jest in ESM mode with ts-jest, configured as docs/testing.md shows', async () => {
    copyRecipes(scratch.dir, ['jest.config.js', 'users.jest.test.ts', 'tsconfig.json']);
    const page = readFileSync(join(ROOT, 'docs/testing.md'), 'utf8');
    expect(page).toContain(readFileSync(join(ROOT, 'test/package/recipes/jest.config.js'), 'utf8'));
    const { stderr } = await inScratch(scratch.dir, node, ['node_modules/jest/bin/jest.js', '--ci', 'users.jest.test.ts'], {
      ...clean(),
      NODE_OPTIONS: '--experimental-vm-modules --no-warnings',
    });
    expect(stderr).toMatch(/Tests:\s+2 passed, 2 total/);
  }, 90_000);

  it('runs the node:test recipe with node --test', async () => {
    copyRecipes(scratch.dir, ['node-test.recipe.mjs']);
    const { stdout } = await inScratch(scratch.dir, node, ['--test', '--test-reporter=tap', 'node-test.recipe.mjs'], clean());
    expect(stdout).toMatch(/# pass 2/);
    expect(stdout).toMatch(/# fail 0/);
  }, 60_000);
});
