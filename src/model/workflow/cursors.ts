/**
 * The cursors of `definitions/list` and `executions/list` (beyond-spec-4 4.2.3, 4.2.8, K19): faithful ones are the last
 * item's instant and the next page takes what is strictly older, skipping the other items of that instant; with the
 * key's `listTieSafeCursor` they are `<instant>:<id>` and the next page starts right after the last item.
 */
import { invalid } from '../../errors.js';
import type { Namespace } from '../state/entities.js';

/** Where a page starts: strictly before `at`, or after the item `(at, id)` in list order. */
export interface ListCursor {
  at: number;
  id?: string;
}

/** A tie-safe cursor as sent back: digits, a colon, the id. */
export const TIE_SAFE_CURSOR = /^(\d{1,16}):([\s\S]{1,256})$/;

/** Whether a key's list cursors are tie-safe. */
export const tieSafeCursors = (ns: Namespace): boolean => ns.workflow?.config.listTieSafeCursor === true;

/**
 * Reads a cursor the schema let through: a tie-safe one only when the key asked for them (else refused with the
 * faithful wording), a number otherwise.
 * @example readCursor(ns, '1767225600000:doc-signoff', 'cursor must be a number.')
 */
export function readCursor(ns: Namespace, cursor: number | string, faithfulMessage: string): ListCursor {
  if (typeof cursor === 'number') return { at: cursor };
  const tie = TIE_SAFE_CURSOR.exec(cursor);
  if (tie) {
    if (!tieSafeCursors(ns)) throw invalid(faithfulMessage, { issues: [{ code: 'custom', path: ['cursor'], message: faithfulMessage }] });
    return { at: Number(tie[1]), id: tie[2] as string };
  }
  return { at: Number(cursor) };
}

/** The cursor of the next page after `(at, id)`: `<at>:<id>` when tie-safe, else the instant alone. */
export const tieSafeCursor = (at: number, id: string): string => `${at}:${id}`;
