import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
let dir: string;

/** Runs `code` in a fresh `node` whose module loader names every file of `dist/` it loads, with a marker line between steps. */
function loadedFiles(code: string): string[] {
  const out = execFileSync(process.execPath, ['--import', join(dir, 'register.mjs'), '--input-type=module', '-e', code], { cwd: ROOT, encoding: 'utf8' });
  return out.split('\n').filter(Boolean);
}

beforeAll(() => {
  execFileSync(process.execPath, [join(ROOT, 'scripts/ensure-build.mjs')], { cwd: ROOT, stdio: 'ignore' });
  dir = mkdtempSync(join(tmpdir(), 'csm-lazy-'));
  writeFileSync(
    join(dir, 'hooks.mjs'),
    // writeSync: from Node 22 hooks run on their own thread, whose process.stdout reaches the pipe after the main
    // thread's later lines; a synchronous write lands before the module it names finishes loading.
    "import { writeSync } from 'node:fs';\nexport async function load(url, context, next) { if (url.includes('/dist/')) writeSync(1, url.slice(url.lastIndexOf('/dist/') + 1) + '\\n'); return next(url, context); }\n",
  );
  writeFileSync(join(dir, 'register.mjs'), "import { register } from 'node:module';\nregister('./hooks.mjs', import.meta.url);\n");
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The one file of `dist/` holding any of `marks` (a path or control route only that module spells out). */
function distFileWith(...marks: string[]): string {
  const dist = join(ROOT, 'dist');
  const files = readdirSync(dist).filter((f) => f.endsWith('.js') && f !== 'cli.js' && marks.some((m) => readFileSync(join(dist, f), 'utf8').includes(m)));
  expect(files, `dist/ files holding ${marks[0]}`).toHaveLength(1);
  return `dist/${files[0]}`;
}

describe('the served surface loads on the first call, not at import', () => {
  it('imports the package without the route tables and their schemas; the first call loads the route table once, the first control call the control plane', () => {
    const lines = loadedFiles(`
      const { createMockService } = await import('collab-service-mock');
      const service = createMockService();
      console.log('-- created');
      const call = { method: 'POST', path: '/v2/users/get', headers: { 'content-type': 'application/json', ...service.credentials.headers }, body: '{"data":{"organizationId":"org"}}' };
      const first = await service.dispatch(call);
      console.log('-- first call ' + first.status);
      await service.dispatch(call);
      console.log('-- second call');
      const health = await service.dispatch({ method: 'GET', path: '/__mock/health', headers: {}, body: '' });
      console.log('-- control call ' + health.status);
    `);
    const created = lines.indexOf('-- created');
    const first = lines.indexOf('-- first call 200');
    const second = lines.indexOf('-- second call');
    const control = lines.indexOf('-- control call 200');
    // The route table and the control plane, found in dist/ by what only they hold.
    const table = distFileWith('"/v2/users/data/delete/status":');
    const plane = distFileWith('"GET /__mock/health"', "'GET /__mock/health'");
    expect(created).toBeGreaterThan(0);
    expect(first).toBeGreaterThan(created);
    expect(lines.slice(0, created)).toContain('dist/index.js');
    expect(lines.slice(0, created)).not.toContain(table);
    expect(lines.slice(created, first)).toContain(table);
    expect(lines.slice(0, first)).not.toContain(plane);
    expect(lines.slice(0, first)).not.toContain('dist/served.js');
    expect(lines.slice(first, second + 1)).toEqual(['-- first call 200', '-- second call']);
    expect(lines.slice(second, control)).toContain(plane);
    expect(lines).not.toContain('dist/served.js');
  });

  it('answers coverage() and openapi() from the same surface, asynchronously', () => {
    const lines = loadedFiles(`
      const { coverage, openapi } = await import('collab-service-mock');
      console.log('-- imported');
      const { served } = await coverage();
      const doc = await openapi();
      console.log('-- ' + (served.length === Object.keys(doc.paths).filter((p) => !p.startsWith('/__mock')).length));
    `);
    const imported = lines.indexOf('-- imported');
    expect(lines.slice(0, imported)).not.toContain('dist/served.js');
    expect(lines.slice(imported)).toContain('dist/served.js');
    expect(lines.at(-1)).toBe('-- true');
  });

  it('loads on a first core call none of the areas a page may never call; each loads on the first call to one of its paths', () => {
    const areas = {
      agents: '/v2/agents/groups/list',
      workflow: '/v2/workflow/definitions/list',
      knowledge: '/v2/memory/knowledge/list',
      insights: '/v2/memory/patterns/get',
      'memory reads': '/v2/memory/judgments/query',
      rewriter: '/v2/rewriter/ask-ai',
    };
    // Each area's operations, found in dist/ by a message only their schemas or replies hold.
    const marks: Record<keyof typeof areas, string> = {
      agents: 'Agent created successfully',
      workflow: 'definitionId must match',
      knowledge: 'fileSize must be a whole number of bytes',
      insights: 'config.maxAlertsPerWeek must be',
      'memory reads': 'filters.excludeDocumentIds must hold',
      rewriter: 'prompt is required.',
    };
    const lines = loadedFiles(`
      const { createMockService } = await import('collab-service-mock');
      const service = createMockService();
      const headers = { 'content-type': 'application/json', ...service.credentials.headers };
      const post = (path, data, h = headers) => service.dispatch({ method: 'POST', path, headers: h, body: JSON.stringify({ data }) });
      await post('/v2/users/add', { organizationId: 'org', users: [{ userId: 'ada', name: 'Ada' }] });
      await post('/v2/users/get', { organizationId: 'org' });
      await post('/v2/commentannotations/get', { organizationId: 'org', documentId: 'doc' });
      await post('/v2/notifications/get', { organizationId: 'org' });
      console.log('-- core calls');
      // Refusals by path, gate and credentials on the areas' paths answer before any area loads.
      const refusals = async () => {
        const out = [];
        for (const path of ${JSON.stringify(Object.values(areas))}) {
          out.push(await post(path, {}, { 'content-type': 'application/json' }));
          out.push(await post(path, {}, { 'content-type': 'application/json', 'x-service-api-key': service.credentials.apiKey }));
          out.push(await service.dispatch({ method: 'GET', path, headers, body: '' }));
          out.push(await post(path + 'x', {}));
        }
        return JSON.stringify(out);
      };
      const before = await refusals();
      console.log('-- refusals');
      for (const [name, path] of Object.entries(${JSON.stringify(areas)})) {
        const reply = await post(path, name === 'rewriter' ? { model: 'm', prompt: 'p', text: 't' } : {});
        console.log('-- ' + name + ' ' + reply.status);
      }
      console.log('-- same refusals after every area loaded: ' + (before === (await refusals())));
    `);
    const at = (marker: string) => lines.findIndex((l) => l.startsWith(`-- ${marker}`));
    const core = at('core calls');
    expect(core).toBeGreaterThan(0);
    const beforeCore = new Set(lines.slice(0, core));
    expect(lines.slice(core + 1, at('refusals'))).toEqual([]);
    let from = at('refusals');
    for (const [name, mark] of Object.entries(marks)) {
      const to = at(name);
      expect(lines[to], name).toMatch(/ 200$/);
      const file = distFileWith(mark);
      expect(beforeCore.has(file), `${file} (${name}) loaded by the core calls`).toBe(false);
      expect(lines.slice(from + 1, to), `${name} loads on its first call`).toContain(file);
      from = to;
    }
    expect(lines.at(-1)).toBe('-- same refusals after every area loaded: true');
  });
});
