import { setupServer } from 'msw/node';
import { createScenarioService } from '../scenarios/index.js';
import type { ScenarioServiceOptions } from '../scenarios/types.js';
import { createMockService, DEFAULT_BASE_URL, type MockService } from '../service.js';
import { createHandlers } from './msw.js';

/** The msw server `setupServer` returns (named through the function so msw 2 and 3 both fit). */
export type MockServer = ReturnType<typeof setupServer>;

/** What msw hands a custom unhandled-request callback. */
export interface UnhandledRequestPrint {
  warning(): void;
  error(): void;
}

/** How requests to other hosts than the service are treated: msw's strategies or a callback. */
export type UnhandledRequestStrategy = 'bypass' | 'warn' | 'error' | ((request: Request, print: UnhandledRequestPrint) => void);

/** The lifecycle hooks of a test runner (vitest, Jest, node:test's `before`/`after` under these names). */
export interface TestHooks {
  beforeAll(fn: () => unknown): void;
  beforeEach(fn: () => unknown): void;
  afterAll(fn: () => unknown): void;
}

/** Options of `useMockService` / `installMockService`: the service's options, a scenario, and where it answers. */
export interface UseMockServiceOptions extends ScenarioServiceOptions {
  /** Base URL(s) the handlers answer; point it at the real service's URL to intercept your client. Default `https://collab-service.test`. */
  baseUrl?: string | string[];
  /** Unhandled requests to other hosts: default `bypass`. Unhandled requests to the service's hosts always fail. */
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
  const { baseUrl, onUnhandledRequest, ...serviceOptions } = options;
  const bases = (Array.isArray(baseUrl) ? baseUrl : [baseUrl ?? DEFAULT_BASE_URL]).map((base) => base.replace(/\/+$/, ''));
  const origins = new Set(bases.map((base) => new URL(base).origin));
  let service: MockService | undefined;
  let server: MockServer | undefined;
  const strategy = (request: Request, print: UnhandledRequestPrint): void => {
    if (origins.has(new URL(request.url).origin)) return print.error();
    const other = onUnhandledRequest ?? 'bypass';
    if (typeof other === 'function') other(request, print);
    else if (other === 'error') print.error();
    else if (other === 'warn') print.warning();
  };
  /** msw 3's form: HTTP frames carry the request; other frames (WebSocket) follow the non-function strategies. */
  const frameStrategy = ({ frame, defaults }: { frame: { data: unknown }; defaults: { warn(): void; error(): void } }): void => {
    const print = { warning: defaults.warn, error: defaults.error };
    const request = (frame.data as { request?: unknown }).request;
    if (request instanceof Request) return strategy(request, print);
    if (onUnhandledRequest === 'error') print.error();
    else if (onUnhandledRequest === 'warn') print.warning();
  };
  hooks.beforeAll(async () => {
    const { scenario, ...plain } = serviceOptions;
    service = scenario === undefined ? createMockService(plain) : await createScenarioService(serviceOptions);
    const created = setupServer(...createHandlers(service, { baseUrl: bases }));
    // msw 2 calls onUnhandledRequest, msw 3 onUnhandledFrame; a non-literal object satisfies both typings.
    const listenOptions = { onUnhandledRequest: strategy, onUnhandledFrame: frameStrategy };
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
