import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { include: ['scripts/bench/run.bench.ts'], pool: 'forks', testTimeout: 600_000 },
});
