import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { type OutputChunk, rolldown } from 'rolldown';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** A module id as a path from the project's root with forward slashes (`src/routes.ts`, `node_modules/zod/...`). */
const local = (id: string): string => relative(root, id).split('\\').join('/');

/** One lazily loaded feature: a dynamically imported module and what its first use loads beyond the first call. */
export interface Feature {
  /** The dynamically imported module, e.g. `src/model/memory/lexicon.ts`. */
  module: string;
  /** Min+gzip bytes of its chunk and the chunks it imports that the first call did not load. */
  gzip: number;
}

/**
 * Minified and gzipped sizes of a browser bundle: what a page loads up front (the entry and every chunk it imports
 * statically), what it has loaded by the end of its first API call (the served surface: the route table, the core
 * areas' operations and their schemas), and the features only some pages load, each with its own weight.
 */
export interface BundleFigures {
  /** Min bytes of the entry chunk alone. */
  entryMin: number;
  /** Min+gzip bytes of the entry chunk alone. */
  entryGzip: number;
  /** Min+gzip bytes of the entry and the chunks it imports statically: what loads before any call. */
  upFrontGzip: number;
  /** Min+gzip bytes loaded by the end of the first call to a core route. */
  firstCallGzip: number;
  /** The source modules loaded by the end of the first call. */
  firstCallModules: string[];
  /** Every dynamically imported feature beyond the first call, heaviest first. */
  features: Feature[];
  /** Min+gzip bytes of every chunk the first call does not load, counted once. */
  lazyGzip: number;
  /** Whether faker reached any chunk. */
  faker: boolean;
}

/** The module the first API call loads: the route table with the core areas' operations and their schemas. */
const ROUTE_TABLE = 'src/routes.ts';

async function analyse(entry: string, external: RegExp[]): Promise<BundleFigures> {
  const build = await rolldown({ input: entry, platform: 'browser', external, resolve: { extensionAlias: { '.js': ['.ts', '.js'] } }, logLevel: 'silent' });
  try {
    const { output } = await build.generate({ format: 'esm', minify: true });
    const chunks = output.flatMap((o) => (o.type === 'chunk' ? [o] : []));
    const byName = new Map(chunks.map((c) => [c.fileName, c]));
    const gzipOf = new Map(chunks.map((c) => [c.fileName, gzipSync(c.code, { level: 9 }).length]));
    const gz = (names: Iterable<string>): number => [...names].reduce((sum, name) => sum + (gzipOf.get(name) ?? 0), 0);
    /** A chunk and every chunk it imports statically: what loading it loads. */
    const closure = (name: string, into = new Set<string>()): Set<string> => {
      const chunk = byName.get(name);
      if (!chunk || into.has(name)) return into;
      into.add(name);
      for (const next of chunk.imports) closure(next, into);
      return into;
    };
    const entries = chunks.filter((c) => c.isEntry);
    const upFront = new Set<string>();
    for (const c of entries) closure(c.fileName, upFront);
    const firstCall = new Set(upFront);
    const table = chunks.filter((c) => c.moduleIds.some((id) => local(id) === ROUTE_TABLE));
    if (table.length === 0) throw new Error(`No chunk holds ${ROUTE_TABLE}; the bundle's first call cannot be measured.`);
    for (const c of table) closure(c.fileName, firstCall);
    const modulesOf = (names: Iterable<string>): string[] => [...names].flatMap((n) => (byName.get(n) as OutputChunk).moduleIds.map(local)).sort();
    const features: Feature[] = [];
    for (const c of chunks) {
      if (c.isEntry || firstCall.has(c.fileName) || !c.isDynamicEntry || !c.facadeModuleId) continue;
      const loads = [...closure(c.fileName)].filter((n) => !firstCall.has(n));
      features.push({ module: local(c.facadeModuleId), gzip: gz(loads) });
    }
    features.sort((a, b) => b.gzip - a.gzip || a.module.localeCompare(b.module));
    const main = entries.map((c) => c.code).join('');
    return {
      entryMin: main.length,
      entryGzip: gzipSync(main, { level: 9 }).length,
      upFrontGzip: gz(upFront),
      firstCallGzip: gz(firstCall),
      firstCallModules: modulesOf(firstCall),
      features,
      lazyGzip: gz(chunks.filter((c) => !firstCall.has(c.fileName)).map((c) => c.fileName)),
      faker: chunks.some((c) => c.moduleIds.some((id) => id.includes('@faker-js'))),
    };
  } finally {
    await build.close();
  }
}

/**
 * The most a page with the handlers and the core (msw, yjs external) may have loaded by the end of its first call,
 * min+gzip: what it loads up front plus the route table with the core areas' operations and their schemas. The
 * agents, workflow, knowledge, insights, memory-read and rewriter operations, workspace administration, migrations,
 * user-data erasure, recordings, the control plane and decision memory's engine load on their own first use.
 */
export const BUNDLE_BUDGET_BYTES = 120 * 1024;

/**
 * The most one lazily loaded feature may add on its first use, min+gzip: decision memory's related-words table
 * (first suggest) is the largest; the XML parser, jose, the engines, each area's operations and the control plane
 * are smaller. A page that never uses a feature never loads it.
 */
export const FEATURE_BUDGET_BYTES = 64 * 1024;

/** The peers a page brings itself; without them the figures are what this package adds. */
const PEERS = [/^msw(\/|$)/, /^yjs$/, /^lib0(\/|$)/];

/**
 * How the bundle's entry reaches the package: `page` starts the handlers as a page does (the quick start's
 * `createHandlers(createMockService())`), `library` re-exports them as a library built on the package would. A
 * re-exporting entry keeps its export signature, so the bundler cannot move the modules lazy chunks share with it
 * into it and splits them into many small chunks instead, each compressed apart.
 */
export type EntryKind = 'page' | 'library';

function entryText(kind: EntryKind): string {
  const service = JSON.stringify(join(root, 'src/service.ts'));
  const msw = JSON.stringify(join(root, 'src/adapters/msw.ts'));
  return kind === 'library'
    ? `export { createMockService } from ${service};\nexport { createHandlers } from ${msw};\n`
    : `import { createMockService } from ${service};\nimport { createHandlers } from ${msw};\n(globalThis as Record<string, unknown>)['handlers'] = createHandlers(createMockService());\n`;
}

/**
 * The browser bundle of the msw handlers and the core (`createMockService` + `createHandlers`, no scenarios),
 * minified and gzipped, as a page builds it; by default without the peers msw and yjs (what this package adds).
 * @example const { firstCallGzip, features } = await browserBundle();
 */
export async function browserBundle(options: { peers?: 'external' | 'bundled'; entry?: EntryKind } = {}): Promise<BundleFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'csm-bundle-'));
  try {
    const entry = join(dir, 'entry.ts');
    writeFileSync(entry, entryText(options.entry ?? 'page'));
    const figures = await analyse(entry, options.peers === 'bundled' ? [] : PEERS);
    if (figures.faker) throw new Error('The browser bundle of handlers + core pulled in faker; scenarios must stay behind a dynamic import.');
    return figures;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The bench's figures of the browser bundle of a page: without the peers msw and yjs (what this package adds) and
 * with them. Up front is the entry with the chunks it imports statically; the first call adds the route table; each
 * feature a page may never use is reported with what its first use loads, and all of them together. The same
 * bundle from a re-exporting entry is reported beside it.
 */
export async function benchBundle(): Promise<Record<string, number>> {
  const own = await browserBundle();
  const all = await browserBundle({ peers: 'bundled' });
  const library = await browserBundle({ entry: 'library' });
  const figures: Record<string, number> = {
    'bundle: handlers+core entry chunk min bytes (msw, yjs external)': own.entryMin,
    'bundle: handlers+core min+gzip bytes up front (entry and its static imports)': own.upFrontGzip,
    [`bundle: handlers+core min+gzip bytes by the end of the first call (budget <= ${BUNDLE_BUDGET_BYTES.toLocaleString('en')})`]: own.firstCallGzip,
    'bundle: lazily loaded chunks min+gzip bytes, every feature together': own.lazyGzip,
    [`bundle: largest lazily loaded feature min+gzip bytes (budget <= ${FEATURE_BUDGET_BYTES.toLocaleString('en')})`]: own.features[0]?.gzip ?? 0,
  };
  for (const feature of own.features) figures[`bundle: feature ${feature.module} min+gzip bytes on first use`] = feature.gzip;
  figures['bundle: handlers+core min+gzip bytes by the end of the first call, from an entry re-exporting them'] = library.firstCallGzip;
  figures['bundle: handlers+core+msw+yjs min+gzip bytes by the end of the first call'] = all.firstCallGzip;
  return figures;
}
