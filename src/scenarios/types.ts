import type { ModelContext } from '../model/state/context.js';
import type { Namespace } from '../model/state/entities.js';
import type { MockService, MockServiceOptions } from '../service.js';
import type { Builders } from './builders.js';
import type { SeededFaker } from './faker.js';

/** The named scenarios, in order of size. */
export const SCENARIO_NAMES = ['empty', 'starter', 'team', 'large'] as const;

/** A named scenario: `empty`, `starter`, `team` or `large` (contents in docs/scenarios-and-state.md). */
export type ScenarioName = (typeof SCENARIO_NAMES)[number];

/** What a scenario builds with: seeded builders, the service's model, and the default key's namespace. */
export interface ScenarioContext {
  /** Seeded builders (`build.user()`, `build.document()`, ...) over this service's own faker. */
  readonly build: Builders;
  /** The same faker, for anything the builders do not cover. */
  readonly faker: SeededFaker;
  /** The service's state, clock and id source; pass it to the model functions. */
  readonly model: ModelContext;
  /** The namespace of the service's testing API key, the one `service.credentials` reach. */
  readonly namespace: Namespace;
  readonly service: MockService;
}

/**
 * A custom scenario: fills the state through the builders and the model; may be async.
 * @example const withAda: CustomScenario = ({ build, model, namespace }) => addUsers(model, namespace, { organizationId: 'o', users: [build.user()], keepAccessRole: true });
 */
export type CustomScenario = (context: ScenarioContext) => void | Promise<void>;

/** A scenario by name or as a function. */
export type Scenario = ScenarioName | CustomScenario;

/** Options of `createScenarioService`: the service's own options plus the scenario to start from. */
export interface ScenarioServiceOptions extends MockServiceOptions {
  /** The starting state; `reset()` returns to it. Default `empty`. */
  scenario?: Scenario;
}
