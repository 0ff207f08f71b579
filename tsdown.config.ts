import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'tsdown';

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
  // zod is bundled (a devDependency) so tree-shaking keeps only the English locale of its ~40 (measured:
  // -35 ms on import); the published types name no zod type.
  noExternal: ['zod'],
  hooks: {
    'build:done': () => markOptionalTypeImports('dist'),
  },
});
