import { ServiceError } from '../errors.js';
import type { ApiCall, ApiReply } from '../protocol/call.js';
import { json } from '../protocol/envelope.js';
import { checkLimits, STATE_LIMITS, STORAGE_PREFIX } from '../protocol/limits.js';
import { type ControlDeps, type ControlHandler, RawReply } from './context.js';
import { guardControl } from './guard.js';
import { controlRoutes } from './routes.js';

/** The query string of a call, e.g. `apiKey` of `GET /__mock/signing-secret?apiKey=...`. */
function queryOf(call: ApiCall): URLSearchParams {
  const start = call.path.indexOf('?');
  if (start === -1) return new URLSearchParams();
  const end = call.path.indexOf('#', start);
  return new URLSearchParams(call.path.slice(start + 1, end === -1 ? undefined : end));
}

/** Whether a table path (`/__mock/yjs/{apiKey}/...`) names a concrete path, segment by segment. */
function matches(pattern: string, path: string): boolean {
  if (!pattern.includes('{')) return pattern === path;
  const want = pattern.split('/');
  const got = path.split('/');
  return want.length === got.length && want.every((part, i) => part.startsWith('{') || part === got[i]);
}

function find(method: string, path: string): ControlHandler | undefined {
  const exact = controlRoutes[`${method} ${path}`];
  if (exact && Object.hasOwn(controlRoutes, `${method} ${path}`)) return exact;
  for (const [key, handler] of Object.entries(controlRoutes)) {
    const [m, p = ''] = key.split(' ');
    if (m === method && p.includes('{') && matches(p, path)) return handler;
  }
  return undefined;
}

/**
 * Runs a control call. Bodies are plain JSON (no `{data}` wrapper); an empty body reads as no body.
 * @example await runControl(deps, call, '/__mock/reset')
 */
export async function runControl(deps: ControlDeps, call: ApiCall, path: string): Promise<ApiReply> {
  const method = call.method.toUpperCase();
  guardControl(call, method, path);
  const handler = find(method, path);
  if (!handler) {
    const allowed = Object.keys(controlRoutes).filter((key) => matches(key.slice(key.indexOf(' ') + 1), path));
    if (allowed.length > 0) {
      throw new ServiceError('INVALID_ARGUMENT', `${path} answers ${allowed.map((k) => k.split(' ')[0]).join(' and ')}, not ${method}.`);
    }
    throw new ServiceError('NOT_FOUND', `Unknown control path ${path}. Known: ${Object.keys(controlRoutes).join(', ')}.`);
  }
  let body: unknown;
  // A storage URL takes a file as it is (its handler reads the call's bytes).
  if (call.body.trim() !== '' && !path.startsWith(STORAGE_PREFIX)) {
    try {
      body = JSON.parse(call.body);
    } catch {
      throw new ServiceError('INVALID_ARGUMENT', `The body of ${method} ${path} is not valid JSON.`);
    }
    const beyond = checkLimits(body, 'body', path === '/__mock/state' ? STATE_LIMITS : undefined);
    if (beyond !== undefined) throw new ServiceError('INVALID_ARGUMENT', beyond);
  }
  const result = await handler(deps, { body, query: queryOf(call), call });
  return result instanceof RawReply ? result.reply : json(200, result);
}
