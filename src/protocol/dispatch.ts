import type { ModelContext } from '../model/context.js';
import type { Caller, Operation, Settings } from './operation.js';
import { authenticate } from './auth.js';
import { header, type ApiCall, type ApiReply } from './call.js';
import { bareResult, failure, json, preflight, success } from './envelope.js';
import { ServiceError } from '../errors.js';
import { nearestPath, normalisePath } from './paths.js';
import { validate } from './validate.js';

/** Request bodies above this many bytes are refused with 413 by every transport. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** What the pipeline needs: the route tables, the state, the settings and the control plane. */
export interface DispatchDeps {
  routes: Readonly<Record<string, Operation>>;
  /** Paths the real service serves that this emulator does not (501). */
  unimplemented: ReadonlySet<string>;
  model: ModelContext;
  settings: Settings;
  /** Handles `/__mock/*` paths. */
  control(call: ApiCall, path: string): Promise<ApiReply>;
  /** Runs after authentication and before validation: time-driven state catches up before anything reads it. */
  beforeRun(caller: Caller): void;
  /** Called once for every unexpected exception (rendered as 500 INTERNAL). */
  onInternalError(error: unknown, call: ApiCall): void;
}

const BAD_REQUEST = (): ServiceError => new ServiceError('INVALID_ARGUMENT', 'Bad Request');

/** The payload-too-large reply, shared with transports that stop reading early. */
export function tooLarge(): ApiReply {
  return failure(new ServiceError('INVALID_ARGUMENT', `Request body is larger than ${MAX_BODY_BYTES} bytes (1 MiB).`, undefined, 413));
}

/**
 * The one pipeline: route, gate, authenticate, validate, run, envelope. Never throws; every transport
 * returns the bytes it produces unchanged.
 * @example const reply = await dispatch(deps, { method: 'POST', path: '/v2/users/get', headers, body });
 */
export async function dispatch(deps: DispatchDeps, call: ApiCall): Promise<ApiReply> {
  try {
    if (call.method.toUpperCase() === 'OPTIONS') return preflight();
    if (call.body.length > MAX_BODY_BYTES / 4 && new TextEncoder().encode(call.body).length > MAX_BODY_BYTES) return tooLarge();
    const path = normalisePath(call.path);
    if (path.startsWith('/__mock/') || path === '/__mock') return await deps.control(call, path);
    const operation = route(deps, path);
    const data = gate(call);
    const caller = authenticate(call, operation.auth, deps.model);
    deps.beforeRun(caller);
    const input = validate(operation.schema, data, operation.issueDetails);
    const result = await operation.run({ data: input, caller, model: deps.model, settings: deps.settings, path });
    return 'bare' in result ? bareResult(result.bare) : success(result.message, result.data, result.beside);
  } catch (error) {
    if (error instanceof ServiceError) return failure(error);
    deps.onInternalError(error, call);
    return json(500, { error: { message: 'INTERNAL', status: 'INTERNAL' } });
  }
}

function route(deps: DispatchDeps, path: string): Operation {
  const operation = deps.routes[path];
  if (operation) return operation;
  if (deps.unimplemented.has(path)) {
    throw new ServiceError('UNIMPLEMENTED', `Operation ${path} is not implemented by this emulator.`);
  }
  const closest = nearestPath(path, knownPaths(deps));
  throw new ServiceError('NOT_FOUND', closest ? `Unknown path ${path}. Did you mean ${closest}?` : `Unknown path ${path}.`);
}

const known = new WeakMap<object, string[]>();

/** Every path the nearest-path hint may suggest, listed once per route table. */
function knownPaths(deps: DispatchDeps): string[] {
  let paths = known.get(deps.routes);
  if (!paths) {
    paths = [...Object.keys(deps.routes), ...deps.unimplemented];
    known.set(deps.routes, paths);
  }
  return paths;
}

/** The callable-function gate (service-facts D2): POST, JSON, a body of exactly `{ data: {...} }`. */
function gate(call: ApiCall): unknown {
  if (call.method.toUpperCase() !== 'POST') throw BAD_REQUEST();
  const type = (header(call, 'content-type') ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') throw BAD_REQUEST();
  let body: unknown;
  try {
    body = JSON.parse(call.body);
  } catch {
    throw BAD_REQUEST();
  }
  if (!isObject(body)) throw BAD_REQUEST();
  const keys = Object.keys(body);
  if (keys.length !== 1 || keys[0] !== 'data' || !isObject(body['data'])) throw BAD_REQUEST();
  return body['data'];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
