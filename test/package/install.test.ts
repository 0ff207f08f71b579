import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUNDLED } from '../../tsdown.config.js';
import { copyRecipes, inScratch, newProject, ROOT, type Scratch, scratchProject } from './scratch.js';

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

const CHROMIUM = '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) console.warn(`Playwright recipe skipped: ${CHROMIUM} is absent (apt-get install -y chromium); CI installs it.`);
const PLAYWRIGHT = 'node_modules/@playwright/test/cli.js';

/** A port nothing listens on (the given one, when it is free: listening on it fails otherwise). */
function freePort(port = 0): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const { port: found } = server.address() as { port: number };
      server.close(() => resolve(found));
    });
  });
}

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

  it('runs the Jest recipe of docs/testing.md, its three files copied from the page into a new project, under Jest 30', async () => {
    const page = readFileSync(join(ROOT, 'docs/testing.md'), 'utf8');
    const section = page.slice(page.indexOf('\n## Jest\n'), page.indexOf('\n## node:test\n'));
    const blocks = [...section.matchAll(/```(?:js|ts|jsonc)\n([\s\S]*?)```/g)].map((m) => m[1]!);
    const names = blocks.map((block) => /^\/\/ (\S+)/.exec(block)?.[1]);
    expect(names).toEqual(['jest.config.js', 'tsconfig.json', 'users.test.ts']);
    // The page shows the recipe files whole, so what the page shows is what the repository's recipes hold.
    expect(blocks).toEqual(['jest.config.js', 'tsconfig.json', 'users.jest.test.ts'].map((f) => readFileSync(join(ROOT, 'test/package/recipes', f), 'utf8')));
    const dir = newProject(scratch.dir, 'jest-recipe');
    for (const [i, block] of blocks.entries()) writeFileSync(join(dir, names[i]!), block);
    const { version } = JSON.parse(readFileSync(join(dir, 'node_modules/jest/package.json'), 'utf8')) as { version: string };
    expect(version).toMatch(/^30\./);
    const { stderr } = await inScratch(dir, node, ['node_modules/jest/bin/jest.js', '--ci'], {
      ...clean(),
      NODE_OPTIONS: '--experimental-vm-modules --no-warnings',
    });
    expect(stderr).toMatch(/Tests:\s+2 passed, 2 total/);
    expect(stderr).not.toMatch(/ts-jest\[|warn/i);
  }, 120_000);

  it('points a client with its own header names and credentials at the installed server and the msw handlers', async () => {
    copyRecipes(scratch.dir, ['acme-client.mjs', 'existing-client.mjs', '.env.test']);
    expect((await inScratch(scratch.dir, node, ['existing-client.mjs'], clean())).stdout).toBe('existing client ok\n');
  }, 60_000);

  it.skipIf(!existsSync(CHROMIUM))(
    'runs a Playwright spec with the collabMock fixture in Chromium: two tests, the second on fresh state',
    async () => {
      copyRecipes(scratch.dir, ['playwright.config.ts', 'collab-mock.spec.ts']);
      const { stdout } = await inScratch(scratch.dir, node, [PLAYWRIGHT, 'test', '-c', 'playwright.config.ts', '--reporter=list'], {
        ...clean(),
        NO_COLOR: '1',
      });
      expect(stdout).toMatch(/2 passed/);
      expect(stdout).not.toMatch(/failed|flaky/);
    },
    180_000,
  );

  it('runs the webServer recipe: Playwright starts the installed CLI on COLLAB_MOCK_PORT and stops it', async () => {
    copyRecipes(scratch.dir, ['playwright.webserver.config.ts', 'collab-webserver.spec.ts']);
    const port = await freePort();
    const { stdout } = await inScratch(scratch.dir, node, [PLAYWRIGHT, 'test', '-c', 'playwright.webserver.config.ts', '--reporter=list'], {
      ...clean(),
      NO_COLOR: '1',
      CI: '1',
      COLLAB_MOCK_PORT: String(port),
    });
    expect(stdout).toMatch(/2 passed/);
    expect(await freePort(port)).toBe(port);
  }, 180_000);

  it('runs the node:test recipe with node --test', async () => {
    copyRecipes(scratch.dir, ['node-test.recipe.mjs']);
    const { stdout } = await inScratch(scratch.dir, node, ['--test', '--test-reporter=tap', 'node-test.recipe.mjs'], clean());
    expect(stdout).toMatch(/# pass 2/);
    expect(stdout).toMatch(/# fail 0/);
  }, 60_000);
});
