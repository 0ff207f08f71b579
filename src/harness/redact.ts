import { setOwn } from '../model/state/clone.js';

/** What a redacted value reads as in the journal. */
export const REDACTED = '[redacted]';

/** Header names whose values are credentials besides a service's own token headers. */
const SECRET_HEADERS = ['authorization', 'cookie', 'x-mock-control-token'];

/**
 * The header names whose values a journal hides: the service's two token headers (`x-service-auth-token` and
 * `x-service-workspace-auth-token`, or their names under another prefix) and the usual credential headers.
 * @example secretHeaders(['x-acme-auth-token', 'x-acme-workspace-auth-token']).has('cookie') // true
 */
export function secretHeaders(tokenHeaders: readonly string[] = ['x-service-auth-token', 'x-service-workspace-auth-token']): ReadonlySet<string> {
  return new Set([...tokenHeaders.map((name) => name.toLowerCase()), ...SECRET_HEADERS]);
}

const DEFAULT_SECRETS = secretHeaders();

/** Body keys whose values are credentials: tokens and secrets, but not page cursors (`pageToken`, `nextPageToken`). */
function secretKey(key: string): boolean {
  const lower = key.toLowerCase();
  if (lower.endsWith('pagetoken')) return false;
  return lower.endsWith('token') || lower.includes('secret') || lower === 'password' || lower === 'authtokens';
}

/** Levels of nesting the journal shows; a deeper body (the gate refused it) is shown by its length. */
const MAX_SHOWN_DEPTH = 128;
const TOO_DEEP = 'nested too deep to show';

/** The prefix of webhook signing secrets (`whsec_...`), redacted wherever they appear as a value. */
const SIGNING_SECRET_PREFIX = 'whsec_';

/**
 * A copy of parsed JSON with token and secret values replaced by `[redacted]`, at any depth: values of secret keys,
 * and any string that is a webhook signing secret (`{ "key": "whsec_..." }`). Walks with a stack of its own; throws a
 * RangeError past 128 levels, which no serialiser could write back.
 * @example redactValue({ authToken: 'x', name: 'a' }) // { authToken: '[redacted]', name: 'a' }
 */
export function redactValue(value: unknown): unknown {
  const root: Record<string, unknown> = {};
  const pending: { from: unknown; into: Record<string, unknown> | unknown[]; at: string | number; depth: number }[] = [
    { from: value, into: root, at: 'value', depth: 0 },
  ];
  for (let item = pending.pop(); item; item = pending.pop()) {
    const { from, into, at, depth } = item;
    let copy: unknown = from;
    if (depth > MAX_SHOWN_DEPTH && typeof from === 'object' && from !== null) throw new RangeError(TOO_DEEP);
    if (Array.isArray(from)) {
      const list: unknown[] = new Array(from.length);
      for (let i = from.length - 1; i >= 0; i--) pending.push({ from: from[i], into: list, at: i, depth: depth + 1 });
      copy = list;
    } else if (typeof from === 'object' && from !== null) {
      const object: Record<string, unknown> = {};
      for (const [key, inner] of Object.entries(from)) {
        if (secretKey(key) && inner !== null && inner !== '') setOwn(object, key, REDACTED);
        else {
          // Placed now so the copy keeps the key order; filled when its turn comes.
          setOwn(object, key, undefined);
          pending.push({ from: inner, into: object, at: key, depth: depth + 1 });
        }
      }
      copy = object;
    } else if (typeof from === 'string' && from.startsWith(SIGNING_SECRET_PREFIX)) copy = REDACTED;
    if (Array.isArray(into)) into[at as number] = copy;
    else setOwn(into, at as string, copy);
  }
  return root['value'];
}

/**
 * A body as the journal shows it: parsed and redacted JSON, the text as sent when it is not JSON, or its length when
 * it nests deeper than 128 levels.
 * @example redactBody('{"data":{"token":"t"}}') // { data: { token: '[redacted]' } }
 */
export function redactBody(text: string): unknown {
  if (text === '') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return text;
  }
  try {
    return redactValue(parsed);
  } catch {
    return `(${text.length} characters of JSON nested deeper than ${MAX_SHOWN_DEPTH} levels)`;
  }
}

/**
 * Request headers with credential values (the names in `secrets`) replaced, names lowercased.
 * @example redactHeaders({ 'X-Service-Auth-Token': 't' }) // { 'x-service-auth-token': '[redacted]' }
 */
export function redactHeaders(headers: Record<string, string | undefined>, secrets: ReadonlySet<string> = DEFAULT_SECRETS): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const lower = name.toLowerCase();
    out[lower] = secrets.has(lower) ? REDACTED : value;
  }
  return out;
}
