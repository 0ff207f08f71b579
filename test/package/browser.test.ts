import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleToDir } from '../support/bundle.js';

const CHROMIUM = '/usr/bin/chromium';
const root = fileURLToPath(new URL('../../', import.meta.url));
const pageDir = join(root, 'test/browser');
const out = join(pageDir, '.out');
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.png': 'image/png' };
const present = existsSync(CHROMIUM);

/** A message only each lazily loaded area's operations hold: agents, workflow, knowledge, insights, memory reads, rewriter. */
const AREA_MARKS = [
  'Agent created successfully',
  'definitionId must match',
  'fileSize must be a whole number of bytes',
  'config.maxAlertsPerWeek must be',
  'filters.excludeDocumentIds must hold',
  'prompt is required.',
];

/** The files of the page's bundle whose code holds `mark`. */
function bundleFilesWith(mark: string): string[] {
  const dir = join(out, 'bundle');
  return readdirSync(dir).filter((f) => f.endsWith('.js') && readFileSync(join(dir, f), 'utf8').includes(mark));
}
if (!present) console.warn(`browser test skipped: ${CHROMIUM} is absent (apt-get install -y chromium); CI installs it.`);

/** Serves the page, its bundle and msw's worker script from localhost (a secure context for service workers). */
function serve(): Promise<Server> {
  const files: Record<string, string> = {
    '/': join(pageDir, 'index.html'),
    '/mockServiceWorker.js': join(root, 'node_modules/msw/lib/mockServiceWorker.js'),
  };
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    const file = files[path] ?? (path.startsWith('/bundle/') ? normalize(join(out, path)) : undefined);
    if (!file?.startsWith(root) || !existsSync(file)) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe.skipIf(!present)('the handlers in a real browser (msw setupWorker, no backend)', () => {
  let server: Server;
  beforeAll(async () => {
    rmSync(join(out, 'bundle'), { recursive: true, force: true });
    mkdirSync(out, { recursive: true });
    await bundleToDir(join(pageDir, 'page.js'), join(out, 'bundle'), {
      platform: 'browser',
      alias: { 'collab-service-mock/msw': join(root, 'src/adapters/msw.ts'), 'collab-service-mock': join(root, 'src/index.ts') },
    });
    server = await serve();
  }, 120_000);
  afterAll(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  it('answers fetch calls from the page and renders them', async () => {
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    try {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      await page
        .waitForFunction(() => 'results' in window, undefined, { timeout: 30_000 })
        .catch(() => {
          throw new Error(`the page never finished: ${errors.join('; ') || 'no page error'}`);
        });
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const results = (await page.evaluate(() => (window as any).results)) as Record<string, { status: number; body: any }>;
      expect(results['added']?.status).toBe(200);
      expect(results['added']?.body.result.data.ada).toEqual({ success: true, id: expect.stringMatching(/^[0-9a-f]{32}$/), message: 'User added.' });
      expect(results['users']?.body.result.data).toEqual([{ email: 'ada@example.com', name: 'Ada Lovelace', userId: 'ada' }]);
      expect(results['refused']).toEqual({ status: 400, body: { error: { status: 'INVALID_ARGUMENT', message: 'users[0].userId is required.' } } });
      expect(results['suggested']?.body.result.primary).toMatchObject({ recommendation: 'reject', basedOn: 2 });
      // The users calls fetched the route table, and none of the areas the page never called.
      const loaded = new Set((results['loadedByUsers'] as unknown as string[]).filter((p) => p.startsWith('/bundle/')).map((p) => p.slice('/bundle/'.length)));
      const table = bundleFilesWith('"/v2/users/data/delete/status":');
      expect(table).toHaveLength(1);
      expect(loaded.has(table[0] as string)).toBe(true);
      for (const mark of AREA_MARKS) {
        const files = bundleFilesWith(mark);
        expect(files, mark).toHaveLength(1);
        expect(loaded.has(files[0] as string), `${files[0]} (${mark}) fetched by the users calls`).toBe(false);
      }
      expect(await page.locator('#out').textContent()).toContain('Ada Lovelace');
      await page.screenshot({ path: join(out, 'browser.png'), fullPage: true });
      expect(existsSync(join(out, 'browser.png'))).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 120_000);
});
