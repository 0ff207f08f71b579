import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { rolldown } from 'rolldown';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Minified and gzipped sizes of a browser bundle: the entry chunk (loaded up front), what the first call loads (the
 * served surface: route tables and their schemas) and the chunks only some features load.
 */
interface Sizes {
  min: number;
  gzip: number;
  firstCallGzip: number;
  lazyGzip: number;
  faker: boolean;
}

async function minGzip(entry: string, external: RegExp[]): Promise<Sizes> {
  const build = await rolldown({ input: entry, platform: 'browser', external, resolve: { extensionAlias: { '.js': ['.ts', '.js'] } }, logLevel: 'silent' });
  try {
    const { output } = await build.generate({ format: 'esm', minify: true });
    const chunks = output.flatMap((o) => (o.type === 'chunk' ? [o] : []));
    const byName = new Map(chunks.map((c) => [c.fileName, c]));
    const main = chunks
      .filter((c) => c.isEntry)
      .map((c) => c.code)
      .join('');
    // The served surface and whatever it imports statically load together, on the first call.
    const firstCall = new Set<string>();
    const visit = (name: string): void => {
      const chunk = byName.get(name);
      if (!chunk || chunk.isEntry || firstCall.has(name)) return;
      firstCall.add(name);
      chunk.imports.forEach(visit);
    };
    for (const c of chunks) if (c.moduleIds.some((id) => /[\\/]src[\\/]served\.ts$/.test(id))) visit(c.fileName);
    const gz = (list: typeof chunks): number => list.reduce((sum, c) => sum + gzipSync(c.code, { level: 9 }).length, 0);
    const lazy = chunks.filter((c) => !c.isEntry && !firstCall.has(c.fileName));
    return {
      min: main.length,
      gzip: gzipSync(main, { level: 9 }).length,
      firstCallGzip: gz(chunks.filter((c) => firstCall.has(c.fileName))),
      lazyGzip: gz(lazy),
      faker: chunks.some((c) => c.moduleIds.some((id) => id.includes('@faker-js'))),
    };
  } finally {
    await build.close();
  }
}

/**
 * The most the browser bundle of handlers and core (msw, yjs external) may weigh by the end of the first call,
 * min+gzip: what a page loads up front plus the served surface the first call loads (the route table holds every
 * operation's schema: the 14 of the workflow engine weigh about 9 KB).
 */
export const BUNDLE_BUDGET_BYTES = 144 * 1024;

/**
 * The most the lazily imported chunks may weigh together, min+gzip: decision memory's related-words table (first
 * suggest), the XML parser (first XML shared editor), jose (first token), the agents engine and the memory reads with
 * the knowledge base (their first call). A page that never uses them never loads them.
 */
export const LAZY_BUDGET_BYTES = 104 * 1024;

/**
 * Browser bundle of the msw handlers and the core (`createMockService` + `createHandlers`, no scenarios), minified
 * and gzipped: once without the peers msw and yjs (what this package adds) and once with everything. The entry chunk
 * is what a page loads up front and the served surface what its first call adds; chunks only some features import
 * (decision memory's synonym table on the first suggest) are counted apart.
 */
export async function benchBundle(): Promise<Record<string, number>> {
  const dir = mkdtempSync(join(tmpdir(), 'csm-bundle-'));
  try {
    const entry = join(dir, 'entry.ts');
    writeFileSync(
      entry,
      `export { createMockService } from ${JSON.stringify(join(root, 'src/service.ts'))};\nexport { createHandlers } from ${JSON.stringify(join(root, 'src/adapters/msw.ts'))};\n`,
    );
    const own = await minGzip(entry, [/^msw(\/|$)/, /^yjs$/, /^lib0(\/|$)/]);
    const all = await minGzip(entry, []);
    if (own.faker || all.faker) throw new Error('The browser bundle of handlers + core pulled in faker; scenarios must stay behind a dynamic import.');
    return {
      'bundle: handlers+core min bytes (msw, yjs external)': own.min,
      'bundle: handlers+core min+gzip bytes (msw, yjs external)': own.gzip,
      'bundle: handlers+core min+gzip bytes by the end of the first call (budget <= 147,456)': own.gzip + own.firstCallGzip,
      'bundle: lazily loaded chunks min+gzip bytes (synonym table, XML parser, jose, agents and workflow engines, memory reads and knowledge) (budget <= 106,496)':
        own.lazyGzip,
      'bundle: handlers+core+msw+yjs min+gzip bytes': all.gzip,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
