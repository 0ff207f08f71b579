import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { include: ['scripts/bench/memory.bench.ts'], pool: 'forks', testTimeout: 1_800_000 },
});
