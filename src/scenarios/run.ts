import { tryLoadYjs } from '../model/state/yjs.js';
import { type MockService, markStartingState } from '../service.js';
import { type Builders, buildersFor } from './builders.js';
import { emptyScenario } from './empty.js';
import { createSeededFaker } from './faker.js';
import { largeScenario } from './large.js';
import { starterScenario } from './starter.js';
import { teamScenario } from './team.js';
import { type CustomScenario, SCENARIO_NAMES, type Scenario, type ScenarioName } from './types.js';

/** The named scenarios by name. */
const namedScenarios: Readonly<Record<ScenarioName, CustomScenario>> = {
  empty: emptyScenario,
  starter: starterScenario,
  team: teamScenario,
  large: largeScenario,
};

/** Seeded builders over a new private faker. @example builders(7).user() */
export function builders(seed: number): Builders {
  return buildersFor(createSeededFaker(seed));
}

/**
 * Builds a scenario into a service with a faker of its own seeded by `seed`, then makes the result the
 * state `reset()` returns to.
 * @example await runScenario(service, 'starter', 1);
 */
export async function runScenario(service: MockService, scenario: Scenario, seed: number): Promise<void> {
  const fill = typeof scenario === 'function' ? scenario : namedScenarios[scenario];
  if (typeof fill !== 'function') {
    throw new Error(
      `Unknown scenario ${JSON.stringify(scenario)}; use one of ${SCENARIO_NAMES.join(', ')}, or pass a function ({ build, model, namespace }) => { ... }.`,
    );
  }
  // A scenario of your own may write shared editors, which open Yjs documents synchronously.
  if (typeof scenario === 'function') await tryLoadYjs();
  const faker = createSeededFaker(seed);
  const build = buildersFor(faker);
  const namespace = service.model.store.namespace(service.credentials.apiKey);
  await fill({ build, faker, model: service.model, namespace, service });
  markStartingState(service);
}
