import { ServiceError } from '../protocol/errors.js';

/** An opaque page token: base64url of `{"o":offset}`. @example encodePageToken(1000) */
export function encodePageToken(offset: number): string {
  return btoa(JSON.stringify({ o: offset })).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The offset a page token stands for; an unreadable token is `INVALID_ARGUMENT` `Invalid pageToken.` */
export function decodePageToken(token: string | undefined): number {
  if (token === undefined || token === '') return 0;
  try {
    const parsed: unknown = JSON.parse(atob(token.replace(/-/g, '+').replace(/_/g, '/')));
    const offset = (parsed as { o?: unknown }).o;
    if (typeof offset === 'number' && Number.isInteger(offset) && offset >= 0) return offset;
  } catch {
    // falls through to the refusal below
  }
  throw new ServiceError('INVALID_ARGUMENT', 'Invalid pageToken.');
}

/** Takes one page from an iterator: the items from `offset`, at most `size`, and whether more remain. */
export function takePage<T>(items: Iterable<T>, offset: number, size: number): { page: T[]; more: boolean } {
  const page: T[] = [];
  let index = 0;
  for (const item of items) {
    if (index++ < offset) continue;
    if (page.length === size) return { page, more: true };
    page.push(item);
  }
  return { page, more: false };
}
