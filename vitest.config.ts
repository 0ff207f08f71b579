import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // test/package/recipes/ run in a project that installed the package (test/package/install.test.ts).
    exclude: ['test/browser/**', 'test/package/recipes/**', 'node_modules/**'],
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
