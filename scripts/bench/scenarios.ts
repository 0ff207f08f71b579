import { createScenarioService } from '../../src/scenarios/index.js';
import { median } from './core.js';

async function buildTimes(scenario: 'team' | 'large', runs: number): Promise<number> {
  await createScenarioService({ scenario, seed: 1 });
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await createScenarioService({ scenario, seed: 1 });
    samples.push(performance.now() - start);
  }
  return median(samples);
}

/**
 * Scenario budgets: `reset()` of `starter` (budget < 1 ms), `team` build (< 100 ms) and `large` build (< 2 s),
 * each the median of several runs after a warm-up, in milliseconds.
 */
export async function benchScenarios(): Promise<Record<string, number>> {
  const starter = await createScenarioService({ scenario: 'starter', seed: 1 });
  const resets: number[] = [];
  for (let i = 0; i < 1_000; i++) {
    const start = performance.now();
    starter.reset();
    resets.push(performance.now() - start);
  }
  return {
    'scenarios: starter reset() ms (budget 1)': median(resets.slice(100)),
    'scenarios: team build ms (budget 100)': await buildTimes('team', 7),
    'scenarios: large build ms (budget 2000)': await buildTimes('large', 3),
  };
}
