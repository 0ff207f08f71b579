import type { ApiCall } from './call.js';
import { nearestPath } from './paths.js';

/** The prefix of the four auth headers the real service reads (`x-service-api-key`, ...). */
export const DEFAULT_HEADER_PREFIX = 'x-service-';

/** The names of the four auth headers a service reads, lowercase. */
export interface AuthHeaderNames {
  /** `<prefix>api-key` */
  readonly apiKey: string;
  /** `<prefix>auth-token` */
  readonly authToken: string;
  /** `<prefix>workspace-id` */
  readonly workspaceId: string;
  /** `<prefix>workspace-auth-token` */
  readonly workspaceAuthToken: string;
}

/** Header-name characters (RFC 9110 tokens). */
const TOKEN = /^[a-z0-9!#$%&'*+.^_`|~-]*$/;

/** The endings of the four names, longest first so `workspace-auth-token` is not read as `auth-token`. */
const ENDINGS = ['workspace-auth-token', 'workspace-id', 'auth-token', 'api-key'] as const;

/**
 * The four auth header names under a prefix (`x-acme-` gives `x-acme-api-key`, ...); throws a message naming the
 * option when the prefix could not start a header name or does not end with `-`.
 * @example authHeaderNames('x-acme-').apiKey // 'x-acme-api-key'
 */
export function authHeaderNames(prefix: string = DEFAULT_HEADER_PREFIX, option = 'headerPrefix'): AuthHeaderNames {
  const lower = typeof prefix === 'string' ? prefix.toLowerCase() : '';
  if (typeof prefix !== 'string' || !TOKEN.test(lower) || (lower !== '' && !lower.endsWith('-'))) {
    throw new TypeError(
      `${option} must be empty or header-name characters ending with "-" (such as x-acme-, giving x-acme-api-key); got ${JSON.stringify(prefix)}.`,
    );
  }
  return Object.freeze({
    apiKey: `${lower}api-key`,
    authToken: `${lower}auth-token`,
    workspaceId: `${lower}workspace-id`,
    workspaceAuthToken: `${lower}workspace-auth-token`,
  });
}

/**
 * The prefix the four names share: `authHeaderNames(p)` inverted.
 * @example headerPrefixOf(authHeaderNames('x-acme-')) // 'x-acme-'
 */
export function headerPrefixOf(names: AuthHeaderNames): string {
  return names.apiKey.slice(0, -'api-key'.length);
}

/**
 * Why an auth level's headers are missing, for the journal: the names this service reads and, when the call sends
 * auth headers under another prefix, which ones and how to map them. Undefined when both headers are present.
 * @example missingHeadersHint(call, 'apiKey', authHeaderNames())
 */
export function missingHeadersHint(call: ApiCall, level: 'apiKey' | 'workspace', names: AuthHeaderNames): string | undefined {
  const wanted = level === 'apiKey' ? [names.apiKey, names.authToken] : [names.workspaceId, names.workspaceAuthToken];
  const sent = new Map<string, string | undefined>();
  for (const [name, value] of Object.entries(call.headers)) sent.set(name.toLowerCase(), value);
  if (wanted.every((name) => sent.get(name))) return undefined;
  const expected = `this service reads ${wanted[0]} and ${wanted[1]}`;
  const ours = new Set(Object.values(names));
  const foreign = [...sent.keys()].filter((name) => !ours.has(name) && ENDINGS.some((ending) => name.endsWith(ending))).sort();
  if (foreign.length === 0) {
    // A name a few edits from a missing one is a misspelling of it (x-service-apikey for x-service-api-key).
    const absent = wanted.filter((name) => !sent.get(name));
    for (const name of sent.keys()) {
      const meant = ours.has(name) ? undefined : nearestPath(name, absent, 3);
      if (meant !== undefined) return `The call sends ${name}, not ${meant}; ${expected}.`;
    }
    return `The call sends no ${absent.join(' or ')} header; ${expected} (GET /__mock/credentials lists the values).`;
  }
  const prefixes = [...new Set(foreign.map((name) => name.slice(0, name.length - (ENDINGS.find((ending) => name.endsWith(ending)) ?? '').length)))];
  const mapping = prefixes.length === 1 ? ` Start it with --header-prefix ${prefixes[0] || "''"} (option headerPrefix) to read those names, or send` : ' Send';
  return `The call sends ${foreign.join(', ')}; ${expected}.${mapping} ${wanted.join(' and ')}.`;
}
