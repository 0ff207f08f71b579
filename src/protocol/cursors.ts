import { ServiceError } from '../errors.js';
import { fromBase64Url, toBase64Url } from '../support/base64.js';

/** An opaque offset cursor: base64url of `{"o":offset}`. @example encodeOffset(1000) */
export function encodeOffset(offset: number): string {
  return toBase64Url(JSON.stringify({ o: offset }));
}

/** The offset an opaque cursor stands for, or undefined when it is not one of ours. @example decodeOffset(encodeOffset(5)) === 5 */
export function decodeOffset(cursor: string): number | undefined {
  try {
    const offset = (JSON.parse(fromBase64Url(cursor)) as { o?: unknown } | null)?.o;
    if (typeof offset === 'number' && Number.isSafeInteger(offset) && offset >= 0) return offset;
  } catch {
    // not a cursor of ours; the caller refuses it with its own message
  }
  return undefined;
}

/** An opaque page token (users get, notifications get, user data). @example encodePageToken(1000) */
export const encodePageToken = encodeOffset;

/** The offset a page token stands for; an unreadable token is `INVALID_ARGUMENT` `Invalid pageToken.` */
export function decodePageToken(token: string | undefined): number {
  if (token === undefined || token === '') return 0;
  const offset = decodeOffset(token);
  if (offset === undefined) throw new ServiceError('INVALID_ARGUMENT', 'Invalid pageToken.');
  return offset;
}

export { takePage } from '../support/paging.js';

/** 10^15: numeric page tokens are this plus the offset, so every one has 16 digits. */
const NUMERIC_BASE = 1_000_000_000_000_000;

/** A page token in the service's documented 16-digit form (notifications get). @example encodeNumericPageToken(2) === '1000000000000002' */
export function encodeNumericPageToken(offset: number): string {
  return String(NUMERIC_BASE + offset);
}

/**
 * The offset of a notifications page token: the 16-digit form, or an opaque token of `encodePageToken`. A
 * 16-digit token this service did not issue reads as past the end (an empty last page), never as an error.
 */
export function decodeNumericPageToken(token: string | undefined): number {
  if (token !== undefined && /^\d{16}$/.test(token)) {
    const value = Number(token);
    return value >= NUMERIC_BASE ? value - NUMERIC_BASE : Number.MAX_SAFE_INTEGER;
  }
  return decodePageToken(token);
}
