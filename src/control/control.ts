import type { ApiCall, ApiReply } from '../protocol/call.js';
import { json } from '../protocol/envelope.js';
import { ServiceError } from '../errors.js';
import type { ModelContext } from '../model/context.js';
import type { Settings } from '../protocol/operation.js';
import type { StateFile } from '../model/serialise.js';
import { activityControlRoutes } from './activities.js';
import { annotationControlRoutes } from './annotations.js';
import { memoryControlRoutes } from './memory.js';
import { migrationControlRoutes } from './migrations.js';
import { keyNamespace } from './namespaces.js';

/** The default credentials a fresh service is seeded with. */
export interface Credentials {
  workspaceId: string;
  workspaceAuthToken: string;
  apiKey: string;
  authToken: string;
  /** `x-service-api-key` and `x-service-auth-token`, ready for `fetch`. */
  headers: Record<string, string>;
  /** `x-service-workspace-id` and `x-service-workspace-auth-token`, ready for `fetch`. */
  workspaceHeaders: Record<string, string>;
}

/** What control handlers may touch: the service's own surface, not HTTP. */
export interface ControlDeps {
  model: ModelContext;
  settings: Settings;
  credentials(): Credentials;
  reset(): void;
  /** The whole state as versioned JSON text (`service.exportState()`). */
  exportState(): string;
  /** Loads an exported state and makes it the starting state (`service.importState()`); throws a readable Error. */
  importState(state: StateFile): void;
}

/** A control handler: the parsed JSON body (or undefined) in, a JSON-able value out. */
export type ControlHandler = (deps: ControlDeps, body: unknown, call: ApiCall) => unknown;

/** The control plane under `/__mock/*`, one line per method and path. */
export const controlRoutes: Readonly<Record<string, ControlHandler>> = {
  'GET /__mock/health': () => ({ status: 'ok' }),
  ...migrationControlRoutes,
  ...annotationControlRoutes,
  ...activityControlRoutes,
  ...memoryControlRoutes,
  'GET /__mock/credentials': (deps) => deps.credentials(),
  'GET /__mock/state': (deps) => JSON.parse(deps.exportState()) as unknown,
  'POST /__mock/state': (deps, body) => {
    try {
      deps.importState(body as StateFile);
    } catch (error) {
      throw new ServiceError('INVALID_ARGUMENT', (error as Error).message);
    }
    return { status: 'ok' };
  },
  'POST /__mock/reset': (deps) => {
    deps.reset();
    return { status: 'ok' };
  },
  'GET /__mock/signing-secret': (deps, _body, call) => {
    const { apiKey } = keyNamespace(deps, queryParams(call).get('apiKey') || undefined);
    return { apiKey, algorithm: 'HS256', secret: deps.model.store.tables.apiKeys.get(apiKey)?.signingSecret };
  },
  'GET /__mock/clock': (deps) => ({ now: deps.model.clock.now(), iso: new Date(deps.model.clock.now()).toISOString() }),
  'POST /__mock/clock/advance': (deps, body) => {
    const ms = (body as { ms?: unknown } | undefined)?.ms;
    if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) {
      throw new ServiceError('INVALID_ARGUMENT', 'ms must be a non-negative number of milliseconds, e.g. {"ms": 60000}.');
    }
    if (deps.model.clock.kind !== 'virtual') {
      throw new ServiceError('FAILED_PRECONDITION', 'This service runs on the system clock; start it with a virtual clock to move time.');
    }
    deps.model.clock.advance(ms);
    return { now: deps.model.clock.now() };
  },
};

/** The query string of a control call, e.g. `apiKey` of `GET /__mock/signing-secret?apiKey=...`. */
export function queryParams(call: ApiCall): URLSearchParams {
  const start = call.path.indexOf('?');
  if (start === -1) return new URLSearchParams();
  const end = call.path.indexOf('#', start);
  return new URLSearchParams(call.path.slice(start + 1, end === -1 ? undefined : end));
}

/**
 * Runs a control call. Bodies are plain JSON (no `{data}` wrapper); an empty body reads as no body.
 * @example await runControl(deps, call, '/__mock/reset')
 */
export async function runControl(deps: ControlDeps, call: ApiCall, path: string): Promise<ApiReply> {
  const method = call.method.toUpperCase();
  const handler = controlRoutes[`${method} ${path}`];
  if (!handler) {
    const allowed = Object.keys(controlRoutes).filter((key) => key.endsWith(` ${path}`));
    if (allowed.length > 0) {
      throw new ServiceError('INVALID_ARGUMENT', `${path} answers ${allowed.map((k) => k.split(' ')[0]).join(' and ')}, not ${method}.`);
    }
    throw new ServiceError('NOT_FOUND', `Unknown control path ${path}. Known: ${Object.keys(controlRoutes).join(', ')}.`);
  }
  let body: unknown;
  if (call.body.trim() !== '') {
    try {
      body = JSON.parse(call.body);
    } catch {
      throw new ServiceError('INVALID_ARGUMENT', `The body of ${method} ${path} is not valid JSON.`);
    }
  }
  return json(200, await handler(deps, body, call));
}
