import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'tsdown';

/**
 * Packages bundled into `dist/` rather than installed: each is small, MIT-licensed and loaded at import, where
 * Node's resolution of many small files (and the CommonJS loader for the stemmer) cost more than their code.
 * zod is bundled so tree-shaking keeps only its English locale of ~40 (measured: -35 ms on import); the stemmer
 * and the hashes took import from 60 ms to 12-30 ms over bare node. The published types name none of them.
 */
export const BUNDLED = ['zod', 'wink-porter2-stemmer', '@noble/hashes'];

/** Whether a module id belongs to a bundled package. */
const bundled = (id: string): boolean => BUNDLED.some((name) => id === name || id.startsWith(`${name}/`));

/** Writes the license of every bundled package into `dist/THIRD-PARTY-LICENSES.md`, which ships with the code. */
function writeThirdPartyLicenses(dir: string): void {
  const sections = BUNDLED.map((name) => {
    const folder = join('node_modules', name);
    const pkg = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as { version: string; license: string };
    const file = readdirSync(folder).find((f) => /^licen[cs]e/i.test(f));
    if (!file) throw new Error(`${name} has no license file to ship with its bundled code.`);
    return `## ${name} ${pkg.version} (${pkg.license})\n\n${readFileSync(join(folder, file), 'utf8').trim()}\n`;
  });
  writeFileSync(join(dir, 'THIRD-PARTY-LICENSES.md'), `# Third-party licenses\n\nCode of these packages is bundled into dist/.\n\n${sections.join('\n')}`);
}

/** Optional peers whose types the published declarations import. */
const OPTIONAL_TYPE_IMPORTS = ['yjs'];

/**
 * Marks the declarations' imports of optional peers `@ts-ignore`: a project without yjs then type-checks
 * with `skipLibCheck: false` (the Yjs types read as `any` there), and one with yjs gets the real types.
 */
function markOptionalTypeImports(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) markOptionalTypeImports(path);
    else if (entry.name.endsWith('.d.ts')) {
      const text = readFileSync(path, 'utf8');
      const marked = text.replace(/^(import [^\n]* from "([^"]+)";)$/gm, (line: string, _all: string, from: string) =>
        OPTIONAL_TYPE_IMPORTS.includes(from) ? `// @ts-ignore ${from} is an optional peer dependency\n${line}` : line,
      );
      if (marked !== text) writeFileSync(path, marked);
    }
  }
}

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    'adapters/msw': 'src/adapters/msw.ts',
    'adapters/node-server': 'src/adapters/node-server.ts',
    'testing/vitest': 'src/testing/vitest.ts',
    'testing/index': 'src/testing/index.ts',
    'testing/playwright': 'src/testing/playwright.ts',
    cli: 'src/cli.ts',
  },
  format: 'esm',
  platform: 'node',
  target: 'node20',
  dts: true,
  clean: true,
  outDir: 'dist',
  hash: false,
  fixedExtension: false,
  deps: { alwaysBundle: bundled, onlyBundle: BUNDLED.map((name) => new RegExp(`^${name.replace('/', '\\/')}(/|$)`)) },
  hooks: {
    'build:done': () => {
      markOptionalTypeImports('dist');
      writeThirdPartyLicenses('dist');
    },
  },
});
