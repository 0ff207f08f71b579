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

/**
 * A copy of parsed JSON with token and secret values replaced by `[redacted]`, at any depth.
 * @example redactValue({ authToken: 'x', name: 'a' }) // { authToken: '[redacted]', name: 'a' }
 */
export function redactValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactValue);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) out[key] = secretKey(key) && inner !== null && inner !== '' ? REDACTED : redactValue(inner);
  return out;
}

/**
 * A body as the journal shows it: parsed and redacted JSON, or the text as sent when it is not JSON.
 * @example redactBody('{"data":{"token":"t"}}') // { data: { token: '[redacted]' } }
 */
export function redactBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return redactValue(JSON.parse(text));
  } catch {
    return text;
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
