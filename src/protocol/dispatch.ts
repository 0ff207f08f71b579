import { ServiceError } from '../errors.js';
import type { ModelContext } from '../model/state/context.js';
import { transact } from '../model/state/transaction.js';
import { elapsedMs } from '../support/timer.js';
import { authenticate } from './auth.js';
import { missingHeadersHint } from './auth-headers.js';
import { type ApiCall, type ApiReply, header } from './call.js';
import { bareResult, failure, json, success } from './envelope.js';
import type { BeforeHook, CallInfo, DispatchHooks, SettleStep } from './hooks.js';
import { bodyLimitFor, checkLimits, limitsFor } from './limits.js';
import type { AuthLevel, Caller, OperationOutput, Route, Settings } from './operation.js';
import { nearestPath, normalisePath } from './paths.js';
import { isControlPath, preflightOf, withCors } from './reply-cors.js';
import { validate } from './validate.js';

export { MAX_BODY_BYTES } from './limits.js';

/** What the pipeline needs: the route tables, the state, the settings, the control plane and the seams. */
export interface DispatchDeps {
  /** The route tables: a promise until the first call has loaded them, then the tables themselves. */
  tables(): RouteTables | Promise<RouteTables>;
  model: ModelContext;
  settings: Settings;
  /** Handles `/__mock/*` paths. */
  control(call: ApiCall, path: string): Promise<ApiReply>;
  hooks: DispatchHooks;
  /** Called once for every unexpected exception (rendered as 500 INTERNAL). */
  onInternalError(error: unknown, call: ApiCall): void;
}

/** The route table. */
export interface RouteTables {
  routes: Readonly<Record<string, Route>>;
}

/** The payload-too-large reply. */
function tooLarge(limit: number): ApiReply {
  const size = limit >= 1024 * 1024 ? `${limit / (1024 * 1024)} MiB` : `${limit} bytes`;
  return failure(new ServiceError('INVALID_ARGUMENT', `Request body is larger than ${limit} bytes (${size}).`, undefined, 413));
}

/**
 * The one pipeline: hooks.before, route, gate, authenticate, settle, validate, run, envelope, hooks.after.
 * Never throws; every transport returns the bytes it produces unchanged. A transport that stopped reading an
 * oversized body passes `bodyTooLarge` and gets the 413 reply through the same hooks. A call that waits for nothing
 * (no latency fault, no transaction before it, no module to load) runs through to its after hooks before this returns.
 * @example const reply = await dispatch(deps, { method: 'POST', path: '/v2/users/get', headers, body });
 */
export function dispatch(deps: DispatchDeps, call: ApiCall): Promise<ApiReply> {
  try {
    const reply = answerNow(deps, call);
    return reply instanceof Promise ? reply : Promise.resolve(reply);
  } catch (error) {
    return Promise.reject(error);
  }
}

/**
 * `dispatch` for a transport that can use a reply at once: the reply itself when the call waited for nothing, else
 * the promise of it. Throws only what `dispatch` would reject with.
 * @example const reply = answerNow(deps, call); if (reply instanceof Promise) await reply;
 */
export function answerNow(deps: DispatchDeps, call: ApiCall): ApiReply | Promise<ApiReply> {
  // Every field is there from the start, so each call's info has one shape however far the call gets.
  const info: CallInfo = {
    path: normalisePath(call.path),
    kind: 'api',
    route: undefined,
    caller: undefined,
    hint: undefined,
    at: deps.model.clock.now(),
    started: elapsedMs(),
  };
  let answer: ApiReply | Promise<ApiReply>;
  try {
    answer = answerFrom(0, deps, call, info);
  } catch (error) {
    answer = rendered(error, deps, call);
  }
  if (answer instanceof Promise) {
    return answer.then(
      (reply) => finish(reply, deps, call, info),
      (error: unknown) => finish(rendered(error, deps, call), deps, call, info),
    );
  }
  return finish(answer, deps, call, info);
}

/** The reply of an exception: its own envelope for a `ServiceError`, else 500 INTERNAL (reported once). */
function rendered(error: unknown, deps: DispatchDeps, call: ApiCall): ApiReply {
  if (error instanceof ServiceError) return failure(error);
  deps.onInternalError(error, call);
  return json(500, { error: { message: 'INTERNAL', status: 'INTERNAL' } });
}

/** The reply as its caller gets it: with its CORS headers, after every after hook saw it. */
function finish(answer: ApiReply, deps: DispatchDeps, call: ApiCall, info: CallInfo): ApiReply {
  const reply = info.kind === 'preflight' ? answer : withCors(answer, call, info, deps.settings.corsOrigins);
  for (const after of deps.hooks.after) {
    try {
      after(call, reply, info);
    } catch (error) {
      deps.onInternalError(error, call);
    }
  }
  return reply;
}

/** The before hooks from the `from`-th on, then the pipeline; the first reply a hook gives wins. */
function answerFrom(from: number, deps: DispatchDeps, call: ApiCall, info: CallInfo): ApiReply | Promise<ApiReply> {
  const befores = deps.hooks.before;
  for (let i = from; i < befores.length; i++) {
    // Most hooks answer synchronously (the journal's clock); only a fault's latency needs a turn of the loop.
    const early = (befores[i] as BeforeHook)(call, info);
    if (early instanceof Promise) return early.then((reply) => reply ?? answerFrom(i + 1, deps, call, info));
    if (early) return early;
  }
  return handle(deps, call, info);
}

function handle(deps: DispatchDeps, call: ApiCall, info: CallInfo): ApiReply | Promise<ApiReply> {
  if (call.method.toUpperCase() === 'OPTIONS') {
    info.kind = 'preflight';
    return preflightOf(call, info.path, deps.settings.corsOrigins, deps.settings.authHeaders);
  }
  const limit = bodyLimitFor(call.method, info.path);
  if (call.bodyTooLarge || (call.body.length > limit / 4 && new TextEncoder().encode(call.body).length > limit)) {
    info.kind = 'too-large';
    return tooLarge(limit);
  }
  const path = info.path;
  if (isControlPath(path)) {
    info.kind = 'control';
    return deps.control(call, path);
  }
  const loaded = deps.tables();
  return loaded instanceof Promise ? loaded.then((tables) => routed(tables, deps, call, info)) : routed(loaded, deps, call, info);
}

/** Route, gate, authenticate, then the operation in a transaction, and its envelope. */
function routed(tables: RouteTables, deps: DispatchDeps, call: ApiCall, info: CallInfo): ApiReply | Promise<ApiReply> {
  const route = find(tables, info.path, info);
  info.route = route;
  const data = gate(call, info);
  const caller = authenticateWithHint(call, route.operation.auth, deps, info, route.operation.missingTokenMessage);
  info.caller = caller;
  const output = transact(deps.model, () => settleAndRun(0, route, call, data, caller, deps));
  return output instanceof Promise ? output.then((done) => envelope(route.operation, done)) : envelope(route.operation, output);
}

/** The settle steps from the `from`-th on (API-key calls only), then validation and the operation itself. */
function settleAndRun(
  from: number,
  route: Route,
  call: ApiCall,
  data: unknown,
  caller: Caller,
  deps: DispatchDeps,
): OperationOutput | Promise<OperationOutput> {
  if (caller.level === 'apiKey') {
    const steps = deps.hooks.settle;
    for (let i = from; i < steps.length; i++) {
      const settling = (steps[i] as SettleStep)(deps.model, caller);
      if (settling) return settling.then(() => settleAndRun(i + 1, route, call, data, caller, deps));
    }
  }
  const { operation } = route;
  const input = validate(operation.schema, data, operation.issueDetails);
  const baseUrl = call.origin ?? deps.settings.issuer;
  return operation.run({ data: input, raw: data, caller, model: deps.model, settings: deps.settings, version: route.version, baseUrl });
}

/** The reply of an operation's output: a raw reply, a bare result, or the success envelope. */
function envelope(operation: Route['operation'], output: OperationOutput): ApiReply {
  if (output.unwrapped) return json(output.unwrapped.status, output.unwrapped.body);
  if (operation.message === null) return bareResult(output.data);
  return success(output.message ?? operation.message, output.data, output.beside);
}

/** Authenticates a call; a refusal for a missing header says in the journal which names the service reads. */
function authenticateWithHint(call: ApiCall, level: AuthLevel, deps: DispatchDeps, info: CallInfo, missingToken?: string): Caller {
  try {
    return authenticate(call, level, deps.model, deps.settings.authHeaders, missingToken);
  } catch (error) {
    const hint = info.hint ?? (level === 'none' ? undefined : missingHeadersHint(call, level === 'apiKey' ? 'apiKey' : 'workspace', deps.settings.authHeaders));
    if (hint !== undefined) info.hint = hint;
    throw error;
  }
}

function find(tables: RouteTables, path: string, info: CallInfo): Route {
  const route = tables.routes[path];
  if (route && Object.hasOwn(tables.routes, path)) return route;
  const closest = nearestPath(path, knownPaths(tables));
  info.hint = closest ? `No operation at ${path}; the nearest path is ${closest}.` : `No operation at ${path}.`;
  throw new ServiceError('NOT_FOUND', closest ? `Unknown path ${path}. Did you mean ${closest}?` : `Unknown path ${path}.`);
}

const known = new WeakMap<object, string[]>();

/** Every path the nearest-path hint may suggest, listed once per route table. */
function knownPaths(tables: RouteTables): string[] {
  let paths = known.get(tables.routes);
  if (!paths) {
    paths = Object.keys(tables.routes);
    known.set(tables.routes, paths);
  }
  return paths;
}

/** A refusal of the gate: the service says only `Bad Request`; the hint says which check failed. */
function refuse(info: CallInfo, hint: string): ServiceError {
  info.hint = hint;
  return new ServiceError('INVALID_ARGUMENT', 'Bad Request');
}

/** The callable-function gate (service-facts D2): POST, JSON, a body of exactly `{ data: {...} }`. */
function gate(call: ApiCall, info: CallInfo): unknown {
  const method = call.method === 'POST' ? 'POST' : call.method.toUpperCase();
  if (method !== 'POST') throw refuse(info, `The method must be POST, not ${method}.`);
  const raw = header(call, 'content-type');
  const type = raw === 'application/json' ? raw : (raw ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') {
    throw refuse(
      info,
      raw === undefined ? 'The content-type header is missing; send application/json.' : `The content type must be application/json, not ${raw}.`,
    );
  }
  let body: unknown;
  try {
    body = JSON.parse(call.body);
  } catch {
    throw refuse(info, call.body.trim() === '' ? 'The body is empty; send {"data": {...}}.' : 'The body is not valid JSON.');
  }
  if (!isObject(body)) throw refuse(info, 'The body must be a JSON object of the form {"data": {...}}.');
  if (!onlyData(body)) checkKeys(body, info);
  if (!isObject(body['data'])) throw refuse(info, '"data" must be a JSON object.');
  const beyond = checkLimits(body['data'], 'data', limitsFor(info.path));
  if (beyond !== undefined) throw new ServiceError('INVALID_ARGUMENT', beyond);
  return body['data'];
}

/** Whether a parsed body's only key is `data` (JSON.parse gives plain objects whose keys are all enumerable and own). */
function onlyData(body: Record<string, unknown>): boolean {
  let count = 0;
  for (const key in body) {
    if (key !== 'data' || ++count > 1) return false;
  }
  return count === 1;
}

/** Refuses a body whose own keys are not exactly `data`. */
function checkKeys(body: Record<string, unknown>, info: CallInfo): void {
  const keys = Object.keys(body);
  if (!keys.includes('data')) throw refuse(info, 'The body has no "data" key; wrap the request as {"data": {...}}.');
  if (keys.length !== 1)
    throw refuse(
      info,
      `The body may hold only "data"; remove ${keys
        .filter((k) => k !== 'data')
        .map((k) => JSON.stringify(k))
        .join(', ')}.`,
    );
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
