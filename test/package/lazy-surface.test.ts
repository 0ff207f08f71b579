import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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

describe('the served surface loads on the first call, not at import', () => {
  it('imports the package without the route tables and their schemas; the first call loads them once', () => {
    const lines = loadedFiles(`
      const { createMockService } = await import('collab-service-mock');
      const service = createMockService();
      console.log('-- created');
      const call = { method: 'POST', path: '/v2/users/get', headers: { 'content-type': 'application/json', ...service.credentials.headers }, body: '{"data":{"organizationId":"org"}}' };
      const first = await service.dispatch(call);
      console.log('-- first call ' + first.status);
      await service.dispatch(call);
      console.log('-- second call');
    `);
    const created = lines.indexOf('-- created');
    const first = lines.indexOf('-- first call 200');
    expect(created).toBeGreaterThan(0);
    expect(first).toBeGreaterThan(created);
    expect(lines.slice(0, created)).toContain('dist/index.js');
    expect(lines.slice(0, created)).not.toContain('dist/served.js');
    expect(lines.slice(created, first)).toContain('dist/served.js');
    expect(lines.slice(first)).toEqual(['-- first call 200', '-- second call']);
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
});
