import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

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

/** Files of `src/` a file imports, re-exports or loads, type-only imports included. */
function localImports(file: string): string[] {
  return imports(file)
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => target(file, spec));
}

/** Every cycle of imports, each as the files around it (depth-first search over the import graph). */
function importCycles(graph: Map<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string): void => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of [...graph.keys()].sort()) if (!state.has(file)) visit(file);
  return cycles;
}

/** A relative specifier resolved to a path under `src/` (`.js` written, `.ts` on disk). */
function target(file: string, specifier: string): string {
  return relative(SRC, resolve(join(SRC, dirname(file)), specifier))
    .split('\\')
    .join('/')
    .replace(/\.js$/, '.ts');
}

const NODE_BUILTINS = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));
const isNodeBuiltin = (spec: string): boolean => spec.startsWith('node:') || NODE_BUILTINS.has(spec.split('/')[0]!);
const packageOf = (spec: string): string => (spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!);

/**
 * Layers, top to bottom (DESIGN.md): a file may import its own layer or any layer below it. `model/state/` is the
 * ground floor of the model: it imports no area, only itself, `errors.ts` and `support/`, the floor every layer
 * stands on, so no file needs an exception.
 */
const LAYERS: [string, (file: string) => boolean][] = [
  ['cli', (f) => f === 'cli.ts' || f.startsWith('cli/')],
  ['adapters', (f) => f.startsWith('adapters/') || f.startsWith('testing/') || f === 'index.ts'],
  ['scenarios', (f) => f.startsWith('scenarios/')],
  ['service', (f) => f === 'service.ts' || f === 'service-internals.ts'],
  [
    'routes and control',
    (f) => f === 'routes.ts' || f === 'served.ts' || f === 'surface.ts' || f === 'coverage.ts' || f === 'openapi.ts' || f.startsWith('control/'),
  ],
  ['operations and harness', (f) => f.startsWith('operations/') || f.startsWith('harness/')],
  ['protocol', (f) => f.startsWith('protocol/') || f === 'options.ts'],
  ['model areas', (f) => f.startsWith('model/') && !f.startsWith('model/state/')],
  ['model state', (f) => f.startsWith('model/state/')],
  ['errors and support', (f) => f === 'errors.ts' || f.startsWith('support/')],
];

function layerOf(file: string): number {
  return LAYERS.findIndex(([, test]) => test(file));
}

/** Files that must also run in a browser (msw `setupWorker`): everything but the Node entry points. */
const browserCore = (file: string): boolean => !file.startsWith('adapters/') && !file.startsWith('testing/') && file !== 'cli.ts' && !file.startsWith('cli/');

const files = sourceFiles();

describe('architecture (DESIGN.md house rules)', () => {
  it('finds the source tree', () => {
    expect(files).toEqual(expect.arrayContaining(['service.ts', 'routes.ts', 'protocol/dispatch.ts', 'model/state/store.ts', 'support/clock.ts']));
  });

  it('places every source file in a layer', () => {
    expect(files.filter((f) => layerOf(f) === -1)).toEqual([]);
  });

  it('keeps the model free of zod, msw, jose and Node built-ins', () => {
    const bad = files
      .filter((f) => f.startsWith('model/'))
      .flatMap((f) =>
        imports(f)
          .filter((s) => ['zod', 'msw', 'jose'].includes(packageOf(s)) || isNodeBuiltin(s))
          .map((s) => `${f} imports ${s}`),
      );
    expect(bad).toEqual([]);
  });

  it('keeps Node built-ins, ws and msw out of browser code', () => {
    const bad = files.filter(browserCore).flatMap((f) =>
      imports(f)
        .filter((s) => isNodeBuiltin(s) || ['msw', 'ws'].includes(packageOf(s)))
        .map((s) => `${f} imports ${s}`),
    );
    expect(bad).toEqual([]);
  });

  it('imports only downward', () => {
    const bad: string[] = [];
    for (const file of files) {
      const from = layerOf(file);
      for (const spec of imports(file).filter((s) => s.startsWith('.'))) {
        const to = target(file, spec);
        const layer = layerOf(to);
        if (layer === -1 || layer < from) bad.push(`${file} (${LAYERS[from]?.[0]}) imports ${to} (${LAYERS[layer]?.[0] ?? 'outside src'})`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('has no import cycle, type-only imports included', () => {
    const graph = new Map(files.map((f) => [f, localImports(f)]));
    expect(importCycles(graph).map((cycle) => cycle.join(' -> '))).toEqual([]);
  });

  it('keeps the top of src/model/ to at most 14 files (an area with a second file becomes a folder)', () => {
    expect(files.filter((f) => /^model\/[^/]+\.ts$/.test(f)).length).toBeLessThanOrEqual(14);
  });

  it('uses no Math.random and no Date.now outside src/support/', () => {
    const bad = files.filter((f) => !f.startsWith('support/')).flatMap((f) => (/\bMath\.random\b|\bDate\.now\s*\(/.test(code(f)) ? [f] : []));
    expect(bad).toEqual([]);
  });

  it('uses named exports only', () => {
    expect(files.filter((f) => /^\s*export\s+default\b/m.test(code(f)))).toEqual([]);
  });
});

describe('the architecture checks themselves', () => {
  it('follow type-only imports and keep the ground floor of the model below its areas', () => {
    expect(localImports('model/state/entities.ts')).toContain('model/state/records/memory.ts');
    expect(layerOf('model/state/store.ts')).toBeGreaterThan(layerOf('model/documents.ts'));
    expect(layerOf('model/state/store.ts')).toBeLessThan(layerOf('support/clock.ts'));
  });

  it('recognise imports, built-ins and layers', () => {
    expect(isNodeBuiltin('node:http')).toBe(true);
    expect(isNodeBuiltin('fs/promises')).toBe(true);
    expect(isNodeBuiltin('zod')).toBe(false);
    expect(packageOf('@faker-js/faker/locale/en')).toBe('@faker-js/faker');
    expect(target('operations/users.ts', '../model/users.js')).toBe('model/users.ts');
    expect(layerOf('model/crdt/kinds.ts')).toBeGreaterThan(layerOf('operations/crdt.ts'));
    expect(layerOf('protocol/dispatch.ts')).toBeGreaterThan(layerOf('routes.ts'));
    expect(imports('protocol/dispatch.ts')).toContain('../errors.js');
    expect(layerOf('errors.ts')).toBeGreaterThan(layerOf('model/state/store.ts'));
    const cyclic = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(importCycles(cyclic)).toEqual([['a.ts', 'b.ts', 'c.ts', 'a.ts']]);
    expect(
      importCycles(
        new Map([
          ['a.ts', ['b.ts']],
          ['b.ts', []],
        ]),
      ),
    ).toEqual([]);
  });
});
