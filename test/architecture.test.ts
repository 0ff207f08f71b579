import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const SRC = join(ROOT, 'src');

/** Every `.ts` file under `src/`, as a path relative to `src/` with forward slashes. */
function sourceFiles(dir = SRC): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return name.endsWith('.ts') ? [relative(SRC, full).split('\\').join('/')] : [];
  });
}

/** The source without comments, so prose about `Date.now` or imports does not count. */
function code(file: string): string {
  return readFileSync(join(SRC, file), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

/** Module specifiers a file imports or re-exports, static or dynamic. */
function imports(file: string): string[] {
  const text = code(file);
  const found: string[] = [];
  for (const re of [/(?:import|export)\s[^;]*?\sfrom\s*['"]([^'"]+)['"]/g, /import\s*['"]([^'"]+)['"]/g, /import\(\s*['"]([^'"]+)['"]\s*\)/g]) {
    for (const match of text.matchAll(re)) found.push(match[1]!);
  }
  return found;
}

/** A relative specifier resolved to a path under `src/` (`.js` written, `.ts` on disk). */
function target(file: string, specifier: string): string {
  return relative(SRC, resolve(join(SRC, dirname(file)), specifier)).split('\\').join('/').replace(/\.js$/, '.ts');
}

const NODE_BUILTINS = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));
const isNodeBuiltin = (spec: string): boolean => spec.startsWith('node:') || NODE_BUILTINS.has(spec.split('/')[0]!);
const packageOf = (spec: string): string => (spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!);

/**
 * Layers, top to bottom (DESIGN.md): a file may import its own layer or any layer below it.
 * `protocol/errors.ts` is a leaf every layer may import.
 */
const LAYERS: [string, (file: string) => boolean][] = [
  ['cli', (f) => f === 'cli.ts'],
  ['adapters', (f) => f.startsWith('adapters/') || f === 'index.ts'],
  ['scenarios', (f) => f.startsWith('scenarios/')],
  ['service', (f) => f === 'service.ts'],
  ['control', (f) => f.startsWith('control/')],
  ['harness', (f) => f.startsWith('harness/')],
  ['protocol', (f) => f.startsWith('protocol/')],
  ['routes', (f) => f === 'routes.ts'],
  ['operations', (f) => f.startsWith('operations/')],
  ['model', (f) => f.startsWith('model/')],
  ['support', (f) => f.startsWith('support/')],
];
const LEAVES = new Set(['protocol/errors.ts']);

function layerOf(file: string): number {
  return LAYERS.findIndex(([, test]) => test(file));
}

/** Files that must also run in a browser (msw `setupWorker`): everything but the Node entry points. */
const browserCore = (file: string): boolean => !file.startsWith('adapters/') && file !== 'cli.ts';

const files = sourceFiles();

describe('architecture (DESIGN.md house rules)', () => {
  it('finds the source tree', () => {
    expect(files).toEqual(expect.arrayContaining(['service.ts', 'routes.ts', 'protocol/dispatch.ts', 'model/store.ts', 'support/clock.ts']));
  });

  it('places every source file in a layer', () => {
    expect(files.filter((f) => layerOf(f) === -1)).toEqual([]);
  });

  it('keeps the model free of zod, msw, jose and Node built-ins', () => {
    const bad = files
      .filter((f) => f.startsWith('model/'))
      .flatMap((f) => imports(f).filter((s) => ['zod', 'msw', 'jose'].includes(packageOf(s)) || isNodeBuiltin(s)).map((s) => `${f} imports ${s}`));
    expect(bad).toEqual([]);
  });

  it('keeps Node built-ins, ws and msw out of browser code', () => {
    const bad = files
      .filter(browserCore)
      .flatMap((f) => imports(f).filter((s) => isNodeBuiltin(s) || ['msw', 'ws'].includes(packageOf(s))).map((s) => `${f} imports ${s}`));
    expect(bad).toEqual([]);
  });

  it('imports only downward (protocol/errors.ts excepted)', () => {
    const bad: string[] = [];
    for (const file of files) {
      const from = layerOf(file);
      for (const spec of imports(file).filter((s) => s.startsWith('.'))) {
        const to = target(file, spec);
        if (LEAVES.has(to)) continue;
        const layer = layerOf(to);
        if (layer === -1 || layer < from) bad.push(`${file} (${LAYERS[from]?.[0]}) imports ${to} (${LAYERS[layer]?.[0] ?? 'outside src'})`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('uses no Math.random and no Date.now outside src/support/', () => {
    const bad = files
      .filter((f) => !f.startsWith('support/'))
      .flatMap((f) => (/\bMath\.random\b|\bDate\.now\s*\(/.test(code(f)) ? [f] : []));
    expect(bad).toEqual([]);
  });

  it('uses named exports only', () => {
    expect(files.filter((f) => /^\s*export\s+default\b/m.test(code(f)))).toEqual([]);
  });
});

describe('the architecture checks themselves', () => {
  it('recognise imports, built-ins and layers', () => {
    expect(isNodeBuiltin('node:http')).toBe(true);
    expect(isNodeBuiltin('fs/promises')).toBe(true);
    expect(isNodeBuiltin('zod')).toBe(false);
    expect(packageOf('@faker-js/faker/locale/en')).toBe('@faker-js/faker');
    expect(target('operations/users.ts', '../model/users.js')).toBe('model/users.ts');
    expect(layerOf('model/crdt/kinds.ts')).toBeGreaterThan(layerOf('operations/crdt.ts'));
    expect(layerOf('protocol/dispatch.ts')).toBeLessThan(layerOf('routes.ts'));
    expect(imports('protocol/dispatch.ts')).toContain('./errors.js');
  });
});
