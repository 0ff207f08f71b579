import { type AuthHeaderNames, authHeaderNames } from './auth-headers.js';
import { type ApiCall, header } from './call.js';
import { CONTROL_TOKEN_HEADER, type ListenerPolicy, originAllowed } from './origins.js';

const lists = new WeakMap<AuthHeaderNames, string>();

/**
 * The headers the API reads (content type and the four auth headers), allowed when a preflight does not list what
 * it will send; built once per set of names.
 * @example apiHeaderList(authHeaderNames('x-acme-')) // 'content-type, x-acme-api-key, ...'
 */
export function apiHeaderList(names: AuthHeaderNames): string {
  let list = lists.get(names);
  if (list === undefined) {
    list = ['content-type', names.apiKey, names.authToken, names.workspaceId, names.workspaceAuthToken].join(', ');
    lists.set(names, list);
  }
  return list;
}

const API_HEADERS = apiHeaderList(authHeaderNames());

/** Headers a control call may send from an allowed page. */
const CONTROL_HEADERS = `content-type, ${CONTROL_TOKEN_HEADER}`;

/** Replies to callers that send no `Origin` (servers, curl, test runners): any origin, no credentials. */
const ANY_ORIGIN: Readonly<Record<string, string>> = Object.freeze({ 'access-control-allow-origin': '*' });

/** A requested header list that is only header names and commas; anything else is not echoed. */
const HEADER_LIST = /^[\w!#$%&'*+.^`|~-]+(?:\s*,\s*[\w!#$%&'*+.^`|~-]+)*$/;

/** The `Origin` of a call when it names a real page (not absent, not `null`). */
function explicitOrigin(call: ApiCall): string | undefined {
  const origin = header(call, 'origin')?.trim();
  return origin === undefined || origin === '' || origin === 'null' ? undefined : origin;
}

/**
 * CORS headers of an API reply. A frontend on another port gets its own origin back with credentials allowed;
 * a call without an `Origin` gets `*`.
 * @example apiCors(call)['access-control-allow-origin']
 */
export function apiCors(call: ApiCall): Readonly<Record<string, string>> {
  const origin = explicitOrigin(call);
  if (origin === undefined) return ANY_ORIGIN;
  return { 'access-control-allow-origin': origin, 'access-control-allow-credentials': 'true', vary: 'Origin' };
}

/**
 * The headers of an API preflight: the origin as `apiCors` gives it, the methods, and the request headers the
 * browser asked for echoed back (the API's own list, `apiHeaders`, when it asked for none).
 * @example apiPreflight({ ...call, headers: { origin: 'http://localhost:5173', 'access-control-request-headers': 'x-trace' } })
 */
export function apiPreflight(call: ApiCall, apiHeaders: string = API_HEADERS): Record<string, string> {
  const requested = header(call, 'access-control-request-headers')?.trim();
  return {
    ...apiCors(call),
    'access-control-allow-methods': 'POST, GET, OPTIONS',
    'access-control-allow-headers': requested !== undefined && HEADER_LIST.test(requested) ? requested : apiHeaders,
    'access-control-max-age': '86400',
    vary: 'Origin, Access-Control-Request-Headers',
  };
}

/**
 * CORS headers of a control reply: never a wildcard; a page on an allowed origin (loopback, the bound host, an
 * allowed host) gets its origin echoed, any other page gets nothing and the browser withholds the reply.
 * @example controlCors(call, policy)
 */
export function controlCors(call: ApiCall, policy: ListenerPolicy): Record<string, string> {
  const origin = explicitOrigin(call);
  if (origin === undefined || !originAllowed(origin, policy)) return { vary: 'Origin' };
  return { 'access-control-allow-origin': origin, 'access-control-allow-credentials': 'true', vary: 'Origin' };
}

/**
 * The headers of a control preflight from an allowed page; undefined for any other page, which is refused.
 * @example controlPreflight(call, policy) ?? refuse()
 */
export function controlPreflight(call: ApiCall, policy: ListenerPolicy): Record<string, string> | undefined {
  const cors = controlCors(call, policy);
  if (cors['access-control-allow-origin'] === undefined) return undefined;
  return { ...cors, 'access-control-allow-methods': 'GET, POST, OPTIONS', 'access-control-allow-headers': CONTROL_HEADERS, 'access-control-max-age': '600' };
}
