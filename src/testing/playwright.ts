import { test as base, expect } from '@playwright/test';
import { listen } from '../adapters/node-server.js';
import type { Credentials } from '../options.js';
import { createScenarioService } from '../scenarios/index.js';
import type { ScenarioServiceOptions } from '../scenarios/types.js';
import type { MockService } from '../service.js';

export { expect };

/** Options of the `collabMock` fixture: the service's options and scenario, and the port (default 0, a free one). */
export interface CollabMockOptions extends ScenarioServiceOptions {
  /** The port to listen on; 0 (default) picks a free one per worker. */
  port?: number;
}

/** The emulator one Playwright worker runs: a standalone server on 127.0.0.1, fresh before each test. */
export interface CollabMock {
  /** `http://127.0.0.1:<port>`: point the app under test (or `request`) at it. */
  readonly url: string;
  /** The API-key headers (`x-service-api-key`, `x-service-auth-token`, or their names under `headerPrefix`), ready to send. */
  readonly headers: Readonly<Record<string, string>>;
  /** The workspace headers, ready to send. */
  readonly workspaceHeaders: Readonly<Record<string, string>>;
  /** The seeded credentials, as `GET /__mock/credentials` shows them. */
  readonly credentials: Credentials;
  /** The service itself, in the worker's process: its journal, faults, webhooks and state. */
  readonly service: MockService;
  /** Back to the starting state, with no fault rules and an empty journal (the fixture does this before each test). */
  reset(): void;
}

/** The fixtures this module adds to Playwright's. */
interface WorkerFixtures {
  collabMockOptions: CollabMockOptions;
  collabMock: CollabMock;
}

/**
 * Playwright's `test` with a worker-scoped `collabMock`: one emulator server per worker on a free port, reset before
 * every test. Options through `test.use({ collabMockOptions: { scenario: 'starter' } })`.
 * @example test('lists users', async ({ page, collabMock }) => { await page.goto(`/?api=${collabMock.url}`); });
 */
// biome-ignore lint/suspicious/noConfusingVoidType: Playwright types a fixture that gives no value as void, so `use()` takes no argument.
export const test = base.extend<{ collabMockFresh: void }, WorkerFixtures>({
  collabMockOptions: [{}, { scope: 'worker', option: true }],
  collabMock: [
    async ({ collabMockOptions }, use) => {
      const { port, ...serviceOptions } = collabMockOptions;
      const service = await createScenarioService(serviceOptions);
      const running = await listen(service, { port: port ?? 0 });
      const reset = (): void => {
        service.reset();
        service.faults.clear();
        service.journal.clear();
      };
      try {
        await use({
          url: running.url,
          headers: service.credentials.headers,
          workspaceHeaders: service.credentials.workspaceHeaders,
          credentials: service.credentials,
          service,
          reset,
        });
      } finally {
        await running.close();
      }
    },
    { scope: 'worker' },
  ],
  // Every test starts from the scenario's state: this runs before each test body.
  collabMockFresh: [
    async ({ collabMock }, use) => {
      collabMock.reset();
      await use();
    },
    { auto: true },
  ],
});
