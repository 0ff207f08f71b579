import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { include: ['scripts/bench/undo.bench.ts'], pool: 'forks', testTimeout: 600_000 },
});
