import { expect, it } from 'vitest';
import { routes } from '../../src/routes.js';
import { fuzzRoutes } from '../support/fuzz.js';

/** `npm run fuzz` runs the full size (FUZZ_CASES per route, at least 10,000) and prints the figures. */
const CASES = Number(process.env['FUZZ_CASES'] ?? 100);

it(
  `answers ${CASES} seeded cases per route with envelopes only, keeps the state on every refusal and resets byte for byte`,
  async () => {
    const figures = await fuzzRoutes({ seed: Number(process.env['FUZZ_SEED'] ?? 1), casesPerRoute: CASES });
    if (process.env['FUZZ_CASES']) console.log(JSON.stringify({ ...figures, problems: figures.problems.length }, null, 1));
    expect(figures.problems).toEqual([]);
    expect(figures.routes).toBe(Object.keys(routes).length);
    expect(figures.successes).toBeGreaterThan(0);
    expect(figures.refusals).toBeGreaterThan(0);
  },
  Math.max(120_000, CASES * 50 * 5),
);
