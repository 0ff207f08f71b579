import { defineConfig } from 'tsdown';

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    'adapters/msw': 'src/adapters/msw.ts',
    'adapters/node-server': 'src/adapters/node-server.ts',
    'adapters/vitest': 'src/adapters/vitest.ts',
    'adapters/testing': 'src/adapters/testing.ts',
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
  // zod is bundled so tree-shaking keeps only the English locale of its ~40 (measured: -35 ms on import).
  noExternal: ['zod'],
});
