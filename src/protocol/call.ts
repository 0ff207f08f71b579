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

/**
 * Looks a header up by name, ignoring case: the name as given first (node's and fetch's names are lowercase), then
 * the first name in the object's order that equals it ignoring case. Allocates nothing.
 * @example header(call, 'x-service-api-key')
 */
export function header(call: ApiCall, name: string): string | undefined {
  const headers = call.headers;
  const direct = headers[name];
  if (direct !== undefined) return direct;
  const lower = name.toLowerCase();
  for (const key in headers) {
    // The first own name that matches, whatever its value, as when the names were looked up lowercased.
    if (key.length === lower.length && key.toLowerCase() === lower && Object.hasOwn(headers, key)) return headers[key];
  }
  return undefined;
}
