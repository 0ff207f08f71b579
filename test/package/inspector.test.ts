import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../src/adapters/node-server.js';
import { createScenarioService } from '../../src/scenarios/index.js';
import { createMockService, type MockService } from '../../src/service.js';
import { control } from '../support/control.js';
import { forEachTransport } from '../support/transports.js';

const CHROMIUM = '/usr/bin/chromium';
const out = fileURLToPath(new URL('../browser/.out/', import.meta.url));
const present = existsSync(CHROMIUM);
if (!present) console.warn(`inspector browser test skipped: ${CHROMIUM} is absent (apt-get install -y chromium); CI installs it.`);

forEachTransport('inspector overview', (fresh) => {
  it('answers an overview of the state', async () => {
    const c = fresh();
    await c.post('/v2/users/add', { organizationId: 'org1', users: [{ userId: 'ada', name: 'Ada' }] });
    const overview = await control(c, 'GET', '/__mock/overview');
    expect(overview.status).toBe(200);
    expect(overview.body).toMatchObject({
      apiKey: c.service.credentials.apiKey,
      clock: { iso: '2026-01-01T00:00:00.000Z', kind: 'virtual' },
      counts: { organizations: 1, users: 1, documents: 0 },
      organizations: [{ organizationId: 'org1', users: 1 }],
      users: [{ organizationId: 'org1', userId: 'ada', name: 'Ada', email: null }],
    });
  });
});

describe.skipIf(!present)('the inspector in Chromium at 1280×800', () => {
  let service: MockService;
  let running: RunningServer;
  beforeAll(async () => {
    mkdirSync(out, { recursive: true });
    service = await createScenarioService({ scenario: 'starter', seed: 7 });
    running = await listen(service, { port: 0 });
  }, 60_000);
  afterAll(() => running?.close());

  it('is one self-contained HTML page at /__mock/', async () => {
    const html = await fetch(`${running.url}/__mock/`);
    expect(html.status).toBe(200);
    expect(html.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const body = await html.text();
    expect(body).toContain('<title>collab-service-mock inspector</title>');
    expect(body).not.toMatch(/<(script|link)[^>]+(src|href)=/);
  });

  it('shows the state and the live journal, and resets, advances the clock and downloads the state', async () => {
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    try {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`${running.url}/__mock/`);
      await page.waitForFunction(() => 'inspectorReady' in window, undefined, { timeout: 30_000 });
      expect(await page.locator('#credentials').textContent()).toContain(service.credentials.apiKey);
      expect(await page.locator('#organizations').textContent()).toContain('starter-org');
      expect(await page.locator('#users').textContent()).toContain('starter-org');

      const added = await fetch(`${running.url}/v2/users/add`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...service.credentials.headers },
        body: JSON.stringify({ data: { organizationId: 'starter-org', users: [{ userId: 'inspected-user', name: 'Inspected User' }] } }),
      });
      expect(added.status).toBe(200);
      await page.locator('#journal', { hasText: '/v2/users/add' }).waitFor({ timeout: 30_000 });
      await page.locator('#users', { hasText: 'inspected-user' }).waitFor({ timeout: 30_000 });

      const before = (await page.locator('#status').textContent()) ?? '';
      await page.fill('#advance-ms', '60000');
      await page.click('#advance');
      await page.locator('#status', { hasText: '(virtual clock)' }).filter({ hasNotText: before }).waitFor({ timeout: 30_000 });
      expect(service.clock.now()).toBe(Date.parse(before.slice(0, 24)) + 60_000);

      const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download')]);
      const saved = join(out, 'inspector-state.json');
      await download.saveAs(saved);
      expect(readFileSync(saved, 'utf8')).toBe(service.exportState());

      await page.click('#reset');
      await page.waitForFunction(() => !document.getElementById('users')?.textContent?.includes('inspected-user'), undefined, { timeout: 30_000 });
      await page.locator('#journal', { hasText: '/__mock/reset' }).waitFor({ timeout: 30_000 });
      // The page's own polling stays out of the journal.
      expect(service.journal.list({ path: '/__mock/overview' })).toEqual([]);

      await page.screenshot({ path: join(out, 'inspector.png') });
      expect(existsSync(join(out, 'inspector.png'))).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 120_000);

  it('works on a server with a control token when opened with #token=, and says what is missing without it', async () => {
    const token = 'inspector-token-0123456789';
    const guarded = await listen(service, { port: 0, controlToken: token });
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
    });
    try {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const bare = await context.newPage();
      await bare.goto(`${guarded.url}/__mock/`);
      await bare.waitForFunction(() => 'inspectorReady' in window, undefined, { timeout: 30_000 });
      expect(await bare.locator('#status').textContent()).toContain('x-mock-control-token');
      expect(await bare.locator('#credentials').textContent()).not.toContain(service.credentials.apiKey);

      const page = await context.newPage();
      await page.goto(`${guarded.url}/__mock/#token=${token}`);
      await page.waitForFunction(() => 'inspectorReady' in window, undefined, { timeout: 30_000 });
      expect(await page.locator('#credentials').textContent()).toContain(service.credentials.apiKey);
      // The token leaves the address bar (and so the history) once the page holds it.
      expect(page.url()).toBe(`${guarded.url}/__mock/`);
      await page.click('#reset');
      await page.locator('#journal', { hasText: '/__mock/reset' }).waitFor({ timeout: 30_000 });
    } finally {
      await browser.close();
      await guarded.close();
    }
  }, 120_000);

  it('shows webhook deliveries with each attempt, disabled organizations, the header names, ids on one line, and asks no favicon it lacks', async () => {
    const statuses = [500, 204];
    const hooked = createMockService({ headerPrefix: 'x-acme-', webhooks: { deliver: async () => ({ statusCode: statuses.shift() ?? 204 }) } });
    const server = await listen(hooked, { port: 0, webhooks: 'keep' });
    const system = await listen(createMockService({ clock: 'system' }), { port: 0 });
    const post = (path: string, data: unknown) =>
      fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...hooked.credentials.headers },
        body: JSON.stringify({ data }),
      });
    await post('/v2/workspace/advancedwebhookconfig/update', { isEnabled: true });
    await post('/v2/workspace/advancedwebhook/endpoints/create', { url: 'https://receiver.test/webhooks' });
    await post('/v2/crdt/add', { organizationId: 'org-off', documentId: 'doc', editorId: 'notes', type: 'text', data: 'Hi' });
    await post('/v2/organizations/access/disablestate/update', { organizationIds: ['org-off'], disabled: true });
    await hooked.webhooks.advance(5000);
    await hooked.webhooks.advance(5000);
    expect(hooked.webhooks.deliveries()[0]?.attempts.map((a) => a.statusCode)).toEqual([500, 204]);
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'] });
    try {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      page.on('requestfinished', async (request) => {
        const status = (await request.response())?.status() ?? 0;
        if (status >= 400) problems.push(`${status} ${request.url()}`);
      });
      await page.goto(`${server.url}/__mock/`);
      await page.waitForFunction(() => 'inspectorReady' in window, undefined, { timeout: 30_000 });
      const deliveries = (await page.locator('#deliveries').textContent()) ?? '';
      expect(deliveries).toContain('crdt.update_data');
      expect(deliveries).toContain('delivered');
      expect(deliveries).toMatch(/#1 00:00:05 500\s*#2 00:00:10 204/);
      const row = page.locator('#organizations tr', { hasText: 'org-off' });
      expect(await row.getAttribute('class')).toBe('disabled');
      expect(await row.locator('td.state').textContent()).toBe('disabled');
      expect(await row.locator('td.state').isVisible()).toBe(true);
      expect(await page.locator('#credentials').textContent()).toContain('x-acme-api-key');
      // An id keeps to one line: its cell is one line high.
      const cell = page.locator('#documents td', { hasText: 'org-off' }).first();
      const lineHeight = await cell.evaluate((el) => Number.parseFloat(getComputedStyle(el).lineHeight));
      expect((await cell.boundingBox())?.height ?? 0).toBeLessThan(lineHeight * 2);
      expect(await page.isDisabled('#advance')).toBe(false);

      const onSystem = await context.newPage();
      await onSystem.goto(`${system.url}/__mock/`);
      await onSystem.waitForFunction(() => 'inspectorReady' in window, undefined, { timeout: 30_000 });
      expect(await onSystem.isDisabled('#advance')).toBe(true);
      expect(await onSystem.getAttribute('#advance', 'title')).toContain('--clock virtual');
      expect(problems).toEqual([]);
    } finally {
      await browser.close();
      await server.close();
      await system.close();
    }
  }, 120_000);
});
