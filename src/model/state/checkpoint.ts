import { cloneInto, cloneState } from './clone.js';
import type { Counterpart, UndoLog } from './undo-log.js';

/**
 * Full copies of the state as it was at earlier points of the undo log's history, for saved states that must
 * outlive the log. Computed on a copy: the current state is copied once, then the log's changes are undone on the
 * copy, newest first, stopping at each point. The live state, its indexes and its documents are never touched, so
 * a sync client or an index sees nothing of it.
 * @example const [initial] = pastCopies(store.tables, store.undo, [0]);
 */
export function pastCopies<T extends object>(tables: T, undo: UndoLog, positions: readonly number[]): T[] {
  const memo = new Map<object, object>();
  const copy = cloneInto(tables, memo);
  // An object of the live state maps to its copy; one that left the state (kept by the log) is copied on first use.
  const copyOf: Counterpart = (value) => (typeof value === 'object' && value !== null ? cloneInto(value, memo) : value);
  const order = [...positions.keys()].sort((a, b) => (positions[b] as number) - (positions[a] as number));
  const out: T[] = new Array(positions.length);
  let at = undo.size;
  let last: { position: number; tables: T } | undefined;
  order.forEach((index, i) => {
    const position = positions[index] as number;
    if (last?.position === position) {
      out[index] = last.tables;
      return;
    }
    undo.undoOnCopy(at, position, copyOf);
    at = position;
    // The deepest point keeps the working copy itself; earlier ones keep a copy of it, since it changes further.
    const tables = i === order.length - 1 ? copy : cloneState(copy);
    out[index] = tables;
    last = { position, tables };
  });
  return out;
}
