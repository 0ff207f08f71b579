import type { ListenerPolicy } from './origins.js';

/**
 * One request as every transport hands it to the core: plain data, header names in any case.
 * @example const call: ApiCall = { method: 'POST', path: '/v2/users/get', headers: {}, body: '{"data":{}}' };
 */
export interface ApiCall {
  method: string;
  /** The path, optionally with a query string; the base URL's own path prefix already removed. */
  path: string;
  headers: Record<string, string | undefined>;
  body: string;
  /** The body's bytes, where they matter as bytes (a file PUT to a storage URL); absent: the UTF-8 of `body`. */
  bytes?: Uint8Array;
  /** The origin (and path prefix) the caller reached the service at, for URLs the service mints; absent: its issuer. */
  origin?: string;
  /** Set by a transport that stopped reading a body over the size limit; the reply is then 413. */
  bodyTooLarge?: boolean;
  /** Set by a network listener: who may use the control plane through it (Host, Origin, control token). */
  listener?: ListenerPolicy;
}

/**
 * One reply, identical for every transport: status, headers (lowercase names) and the exact body text.
 * @example const reply = await service.dispatch(call); JSON.parse(reply.body);
 */
export interface ApiReply {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Bytes sent instead of `body` (a stored file that is not text); `body` then says what they are. */
  bytes?: Uint8Array;
}

/** Looks a header up by name, ignoring case. @example header(call, 'x-service-api-key') */
export function header(call: ApiCall, name: string): string | undefined {
  const direct = call.headers[name];
  if (direct !== undefined) return direct;
  return lowercased(call.headers).get(name.toLowerCase());
}

const byLowerName = new WeakMap<object, Map<string, string | undefined>>();

/** A call's headers by lowercase name, built once per headers object (several lookups miss per call, e.g. `origin`). */
function lowercased(headers: Record<string, string | undefined>): Map<string, string | undefined> {
  let map = byLowerName.get(headers);
  if (!map) {
    map = new Map();
    for (const key of Object.keys(headers)) {
      const lower = key.toLowerCase();
      if (!map.has(lower)) map.set(lower, headers[key]);
    }
    byLowerName.set(headers, map);
  }
  return map;
}
