import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { rolldown } from 'rolldown';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Minified and gzipped sizes of a browser bundle: the entry chunk (loaded up front) and the lazily imported chunks. */
interface Sizes {
  min: number;
  gzip: number;
  lazyGzip: number;
  faker: boolean;
}

async function minGzip(entry: string, external: RegExp[]): Promise<Sizes> {
  const build = await rolldown({ input: entry, platform: 'browser', external, resolve: { extensionAlias: { '.js': ['.ts', '.js'] } }, logLevel: 'silent' });
  try {
    const { output } = await build.generate({ format: 'esm', minify: true });
    const chunks = output.flatMap((o) => (o.type === 'chunk' ? [o] : []));
    const main = chunks.filter((c) => c.isEntry).map((c) => c.code).join('');
    const lazy = chunks.filter((c) => !c.isEntry).map((c) => gzipSync(c.code, { level: 9 }).length);
    return {
      min: main.length,
      gzip: gzipSync(main, { level: 9 }).length,
      lazyGzip: lazy.reduce((a, b) => a + b, 0),
      faker: chunks.some((c) => c.moduleIds.some((id) => id.includes('@faker-js'))),
    };
  } finally {
    await build.close();
  }
}

/** The most the browser bundle of handlers and core (msw, yjs external) may weigh up front, min+gzip. */
export const BUNDLE_BUDGET_BYTES = 120 * 1024;

/**
 * The most the lazily imported chunks may weigh together, min+gzip: decision memory's synonym table (first
 * suggest), the XML parser (first XML shared editor) and jose (first token). A page that never uses them never
 * loads them.
 */
export const LAZY_BUDGET_BYTES = 64 * 1024;

/**
 * Browser bundle of the msw handlers and the core (`createMockService` + `createHandlers`, no scenarios), minified
 * and gzipped: once without the peers msw and yjs (what this package adds) and once with everything. The entry chunk
 * is what a page loads up front; lazily imported chunks (decision memory's synonym table, loaded on the first
 * suggest) are counted apart.
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
      'bundle: lazily loaded chunks min+gzip bytes (synonym table, XML parser, jose)': own.lazyGzip,
      'bundle: handlers+core+msw+yjs min+gzip bytes': all.gzip,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
