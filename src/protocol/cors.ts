import { type AuthHeaderNames, authHeaderNames } from './auth-headers.js';
import { type ApiCall, header } from './call.js';
import { CONTROL_TOKEN_HEADER, isLoopbackName, type ListenerPolicy, originAllowed } from './origins.js';

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

/** Replies to pages that may not read them: no CORS headers, only the reason a cache must key on. */
const NO_ORIGIN: Readonly<Record<string, string>> = Object.freeze({ vary: 'Origin' });

/** A requested header list that is only header names and commas; anything else is not echoed. */
const HEADER_LIST = /^[\w!#$%&'*+.^`|~-]+(?:\s*,\s*[\w!#$%&'*+.^`|~-]+)*$/;

/** The `Origin` of a call when it names a real page (not absent, not `null`). */
function explicitOrigin(call: ApiCall): string | undefined {
  const origin = header(call, 'origin')?.trim();
  return origin === undefined || origin === '' || origin === 'null' ? undefined : origin;
}

/**
 * An origin as compared: `scheme://host[:port]` in lower case with the scheme's default port dropped, or undefined
 * when the text is not an http(s) origin (a path, a query, credentials or another scheme).
 * @example canonicalOrigin('HTTP://LocalHost:80') // 'http://localhost'
 */
export function canonicalOrigin(text: string): string | undefined {
  if (!URL.canParse(text)) return undefined;
  const url = new URL(text);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '' || !/^[a-z]+:\/\/[^/]+\/?$/i.test(text.trim())) return undefined;
  return url.origin;
}

/**
 * Parses `cors.origins` (`--cors-origin`): each an http(s) origin such as `https://app.example:8443`; throws a
 * message naming a bad entry.
 * @example corsOrigins(['https://app.example']) // Set { 'https://app.example' }
 */
export function corsOrigins(entries: readonly string[] = []): ReadonlySet<string> {
  const out = new Set<string>();
  for (const entry of entries) {
    const origin = typeof entry === 'string' ? canonicalOrigin(entry) : undefined;
    if (origin === undefined) {
      throw new TypeError(
        `CORS origins are written scheme://host[:port], such as https://app.example:8443 (no path, no wildcard); got ${JSON.stringify(entry)}.`,
      );
    }
    out.add(origin);
  }
  return out;
}

/**
 * Whether a page's origin may read API replies: a page on a loopback name (`localhost`, `*.localhost`, 127.0.0.0/8,
 * `[::1]`, any port), or one of the configured origins.
 * @example apiOriginAllowed('http://localhost:5173', new Set()) // true
 */
export function apiOriginAllowed(origin: string, allowed: ReadonlySet<string>): boolean {
  const canonical = canonicalOrigin(origin);
  if (canonical === undefined) return false;
  return isLoopbackName(new URL(canonical).hostname) || allowed.has(canonical);
}

/**
 * CORS headers of an API reply. A frontend on a loopback origin (any port) or a configured origin gets its own
 * origin back with credentials allowed; a call without an `Origin` (a server, curl) gets `*`; any other page,
 * `null` included, gets none, so the browser withholds the reply.
 * @example apiCors(call, new Set())['access-control-allow-origin']
 */
export function apiCors(call: ApiCall, allowed: ReadonlySet<string>): Readonly<Record<string, string>> {
  const sent = header(call, 'origin');
  if (sent === undefined) return ANY_ORIGIN;
  let decided = decisions.get(allowed);
  if (decided === undefined) {
    decided = new Map();
    decisions.set(allowed, decided);
  }
  let cors = decided.get(sent);
  if (cors === undefined) {
    cors = apiCorsOf(sent.trim(), allowed);
    // A page sends one origin on every call: a few entries cover every page, and junk origins only cost a refill.
    if (decided.size >= MAX_DECISIONS) decided.clear();
    decided.set(sent, cors);
  }
  return cors;
}

/** How many origins' CORS headers are kept per set of configured origins. */
const MAX_DECISIONS = 64;

/** The CORS headers of API replies per configured origins, per `Origin` as sent. */
const decisions = new WeakMap<ReadonlySet<string>, Map<string, Readonly<Record<string, string>>>>();

/** `apiCors` for an `Origin` header, trimmed. */
function apiCorsOf(origin: string, allowed: ReadonlySet<string>): Readonly<Record<string, string>> {
  if (origin === '') return ANY_ORIGIN;
  if (origin === 'null' || !apiOriginAllowed(origin, allowed)) return NO_ORIGIN;
  return Object.freeze({ 'access-control-allow-origin': origin, 'access-control-allow-credentials': 'true', vary: 'Origin' });
}

/**
 * The headers of an API preflight from a page `apiCors` allows: its origin, the methods, and the request headers the
 * browser asked for echoed back (the API's own list, `apiHeaders`, when it asked for none); undefined for any other
 * page.
 * @example apiPreflight({ ...call, headers: { origin: 'http://localhost:5173', 'access-control-request-headers': 'x-trace' } }, new Set())
 */
export function apiPreflight(call: ApiCall, allowed: ReadonlySet<string>, apiHeaders: string = API_HEADERS): Record<string, string> | undefined {
  const cors = apiCors(call, allowed);
  if (cors['access-control-allow-origin'] === undefined) return undefined;
  const requested = header(call, 'access-control-request-headers')?.trim();
  return {
    ...cors,
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
