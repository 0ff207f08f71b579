import { defineConfig } from 'vitest/config';
import base, { MATRIX } from './vitest.config.js';

// `.ci/run` on the other msw / Node combinations: only the files whose outcome can depend on them (the seeded fuzz
// drives the in-process core only).
export default defineConfig({
  ...base,
  test: { ...base.test, include: MATRIX, exclude: [...(base.test?.exclude ?? []), 'test/protocol/fuzz.test.ts'] },
});
