import type { StateFile } from '../model/state/state-file.js';
import { createMockService, type MockService, type MockServiceOptions } from '../service.js';
import type { Builders } from './builders.js';
import type { Scenario, ScenarioServiceOptions } from './types.js';

export type { CustomScenario, Scenario, ScenarioContext, ScenarioName, ScenarioServiceOptions } from './types.js';
export { SCENARIO_NAMES } from './types.js';

// Faker and the scenario builders load on first use (dynamic import), so code that never asks for a
// scenario (msw handlers, the server, the browser bundle) never pays for them.
const loadRunner = () => import('./run.js');

/**
 * Creates a service and builds a scenario into it; `reset()` then returns to that scenario's state.
 * Async because faker is loaded on demand.
 * @example const service = await createScenarioService({ scenario: 'team', seed: 7 });
 */
export async function createScenarioService(options: ScenarioServiceOptions = {}): Promise<MockService> {
  const { scenario, ...serviceOptions } = options;
  const service = createMockService(serviceOptions);
  if (scenario !== undefined) await loadScenario(service, scenario);
  return service;
}

/**
 * Builds a scenario on top of a service's current state and makes the result its starting state. Its data is
 * drawn from the service's own seed unless `seed` says otherwise.
 * @example await loadScenario(service, 'starter');
 */
export async function loadScenario(service: MockService, scenario: Scenario, options: { seed?: number } = {}): Promise<void> {
  const { runScenario } = await loadRunner();
  await runScenario(service, scenario, options.seed ?? service.seed);
}

/**
 * Seeded builders for tests: `build.user()`, `build.document()`, `build.notification()`, ... with overrides.
 * @example const build = await createBuilders({ seed: 7 }); const ada = build.user({ name: 'Ada' });
 */
export async function createBuilders(options: { seed?: number } = {}): Promise<Builders> {
  const { builders } = await loadRunner();
  return builders(options.seed ?? 1);
}

/**
 * Creates a service that starts from an exported state (its seed comes from the file); `reset()` returns to it.
 * @deprecated Use `createMockService({ state })`, which does the same.
 * @example const service = createServiceFromState(readFileSync('fixtures/scenarios/team.json', 'utf8'));
 */
export function createServiceFromState(state: string | StateFile, options: Omit<MockServiceOptions, 'seed' | 'state'> = {}): MockService {
  return createMockService({ ...options, state });
}
