import { defineConfig } from 'vitest/config';

/** Test files that build or pack the package, spawn the CLI, drive Chromium or fuzz: left out of `npm run test:fast`. */
export const SLOW = [
  // packaging: tsdown builds, npm pack, a scratch project, tsc over the declarations
  'test/package/install.test.ts',
  'test/package/types.test.ts',
  'test/package/lazy-surface.test.ts',
  'test/package/bundle-size.test.ts',
  // the browser: Chromium under playwright-core
  'test/package/browser.test.ts',
  'test/package/inspector.test.ts',
  // the CLI in its own process
  'test/package/cli.test.ts',
  'test/package/cli-flags.test.ts',
  'test/package/cli-tooling.test.ts',
  'test/package/cli-persist.test.ts',
  // seeded fuzz over every route
  'test/protocol/fuzz.test.ts',
];

/**
 * What can differ between msw and Node versions, run by `.ci/run` on every combination beside the whole suite on the
 * lockfile's: the package (packing, types, CLI, public surface), the testing helpers, the browser, and the msw adapter
 * with the protocol every transport shares.
 */
export const MATRIX = ['test/package/**/*.test.ts', 'test/protocol/**/*.test.ts', 'test/contract/webhooks/delivery-msw.test.ts'];

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
