import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { rolldown } from 'rolldown';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

async function minGzip(entry: string, external: RegExp[]): Promise<{ min: number; gzip: number; faker: boolean }> {
  const build = await rolldown({ input: entry, platform: 'browser', external, resolve: { extensionAlias: { '.js': ['.ts', '.js'] } }, logLevel: 'silent' });
  try {
    const { output } = await build.generate({ format: 'esm', minify: true, codeSplitting: false });
    const code = output.map((o) => (o.type === 'chunk' ? o.code : '')).join('');
    return { min: code.length, gzip: gzipSync(code, { level: 9 }).length, faker: code.includes('faker') };
  } finally {
    await build.close();
  }
}

/**
 * Browser bundle of the msw handlers and the core (`createMockService` + `createHandlers`, no scenarios), minified
 * and gzipped: once without the peers msw and yjs (what this package adds) and once with everything.
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
      'bundle: handlers+core+msw+yjs min+gzip bytes': all.gzip,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
