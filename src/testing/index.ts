import { setupServer } from 'msw/node';
import { createHandlers } from '../adapters/msw.js';
import { tryLoadYjs } from '../model/state/yjs.js';
import { createScenarioService } from '../scenarios/index.js';
import type { ScenarioServiceOptions } from '../scenarios/types.js';
import { createMockService, DEFAULT_BASE_URL, type MockService } from '../service.js';
import { guardHosts, hostNames, type RefusedCall, type UnhandledRequestStrategy, unhandledRequestOptions } from './guard.js';

export type { UnhandledRequestPrint, UnhandledRequestStrategy } from './guard.js';

/** The msw server `setupServer` returns (named through the function so msw 2 and 3 both fit). */
export type MockServer = ReturnType<typeof setupServer>;

/** The lifecycle hooks of a test runner (vitest, Jest, node:test's `before`/`after` under these names). */
export interface TestHooks {
  beforeAll(fn: () => void | Promise<void>): void;
  beforeEach(fn: () => void | Promise<void>): void;
  afterAll(fn: () => void | Promise<void>): void;
}

/** Options of `useMockService` / `installMockService`: the service's options, a scenario, and where it answers. */
export interface UseMockServiceOptions extends ScenarioServiceOptions {
  /** Base URL(s) the handlers answer; point it at the real service's URL to intercept your client. Default `https://collab-service.test`. */
  baseUrl?: string | string[];
  /**
   * Hosts no test may reach, as URLs or host names (the real service's base URL, say): a call to them that no
   * handler answers is refused with a network error and a message, and the file fails in `afterAll`.
   */
  forbiddenHosts?: string | string[];
  /**
   * Unhandled requests to other hosts: msw's `warn` (default), `error`, `bypass`, or a callback. Unhandled
   * requests to the service's hosts are always refused.
   */
  onUnhandledRequest?: UnhandledRequestStrategy;
}

/** A service installed for a test file; `service` and `server` exist from the file's `beforeAll` on. */
export interface MockServiceHandle {
  /** The service of this test file, reset to its starting state before each test. */
  readonly service: MockService;
  /** The msw server, for `server.use(...)` overrides (dropped again before each test). */
  readonly server: MockServer;
  /** The first base URL, e.g. `https://collab-service.test`. */
  readonly baseUrl: string;
}

/**
 * Registers a service with a test runner's hooks: msw listens in `beforeAll`, every test starts from the
 * scenario's state (`beforeEach` resets), and `afterAll` closes. Requests to the service's hosts that no
 * handler answers fail, so nothing reaches the real service.
 * @example const mock = installMockService({ beforeAll, beforeEach, afterAll }, { scenario: 'starter' });
 */
export function installMockService(hooks: TestHooks, options: UseMockServiceOptions = {}): MockServiceHandle {
  refuseNonOptions(options);
  const { baseUrl, forbiddenHosts, onUnhandledRequest, ...serviceOptions } = options;
  const bases = (Array.isArray(baseUrl) ? baseUrl : [baseUrl ?? DEFAULT_BASE_URL]).map((base) => base.replace(/\/+$/, ''));
  const serviceHosts = hostNames(bases, 'baseUrl');
  const forbidden = hostNames(forbiddenHosts === undefined ? [] : Array.isArray(forbiddenHosts) ? forbiddenHosts : [forbiddenHosts], 'forbiddenHosts');
  const refused: RefusedCall[] = [];
  let service: MockService | undefined;
  let server: MockServer | undefined;
  hooks.beforeAll(async () => {
    const { scenario, ...plain } = serviceOptions;
    service = scenario === undefined ? createMockService(plain) : await createScenarioService(serviceOptions);
    // So that `mock.service.crdt.doc()` works in any test when yjs is installed.
    await tryLoadYjs();
    const guard = guardHosts({ serviceHosts, forbiddenHosts: forbidden, baseUrl: bases[0] ?? DEFAULT_BASE_URL, refused });
    const created = setupServer(...createHandlers(service, { baseUrl: bases }), guard);
    // A non-literal object satisfies both msw 2's and msw 3's typings.
    const listenOptions = unhandledRequestOptions(onUnhandledRequest ?? 'warn');
    created.listen(listenOptions);
    server = created;
  });
  hooks.beforeEach(() => {
    server?.resetHandlers();
    service?.reset();
  });
  hooks.afterAll(() => {
    server?.close();
    server = undefined;
    const reached = refused.filter((call) => forbidden.includes(new URL(call.url).hostname.toLowerCase()));
    refused.length = 0;
    if (reached.length > 0) {
      throw new Error(
        `${reached.length} call(s) went to a host in forbiddenHosts and were refused: ${reached.map((call) => `${call.method} ${call.url}`).join(', ')}. Point the client at the mock's base URL.`,
      );
    }
  });
  const early = (what: string): never => {
    throw new Error(`${what} is set up in beforeAll; read it inside a test or a hook, not while the file is being collected.`);
  };
  return {
    get service() {
      return service ?? early('mock.service');
    },
    get server() {
      return server ?? early('mock.server');
    },
    baseUrl: bases[0] ?? DEFAULT_BASE_URL,
  };
}

/** Options that are a Promise or a service were meant differently: say what to write instead. */
function refuseNonOptions(options: unknown): void {
  if (typeof (options as { then?: unknown } | null)?.then === 'function') {
    throw new TypeError(
      "The test helpers got a Promise, not options: pass the scenario as an option, `useMockService({ scenario: 'starter' })`, and they create the service (a missing `await` before createScenarioService(...)?).",
    );
  }
  if (typeof (options as { dispatch?: unknown } | null)?.dispatch === 'function') {
    throw new TypeError("The test helpers take options, not a service: pass `{ scenario: 'starter', seed: 7 }` and they create the service for the file.");
  }
}
