/**
 * What indexes kept beside the state (never in it) learn from the undo log: which writes an undo took back
 * (`IndexStamp`), how often tables were put back (`rewindCount`), and every change of a watched Map (`watchMap`).
 * The undo log (`undo-log.ts`) drives these; indexes read them.
 */

let rewinds = 0;

/** Changes recorded by every undo log of this process: each log entry's sequence number. */
let written = 0;

/**
 * Whether an index kept beside the state (never in it) still matches it. An index built from the state learns
 * of later writes through `UndoLog.note`, so an undo of those keeps it right; an undo of a write made before it
 * was built would change the state behind its back, and turns `valid` false.
 */
export interface IndexStamp {
  valid: boolean;
  /** `written` when the index was built: every change numbered below it is part of what the index read. */
  readonly built: number;
}

const stamps = new Set<WeakRef<IndexStamp>>();
const refs = new WeakMap<IndexStamp, WeakRef<IndexStamp>>();

/**
 * A stamp for an index built from the state now; `release` the one it replaces.
 * @example const stamp = indexStamp(); if (!stamp.valid) rebuild();
 */
export function indexStamp(replaces?: IndexStamp): IndexStamp {
  if (replaces) releaseStamp(replaces);
  const stamp: IndexStamp = { valid: true, built: written };
  const ref = new WeakRef(stamp);
  refs.set(stamp, ref);
  stamps.add(ref);
  return stamp;
}

/** Stops tracking an index that was replaced or dropped. */
export function releaseStamp(stamp: IndexStamp): void {
  const ref = refs.get(stamp);
  if (ref) stamps.delete(ref);
}

/** An undo reached back to change number `from`: indexes built after it read state that is gone. */
export function undoneFrom(from: number): void {
  for (const ref of stamps) {
    const stamp = ref.deref();
    if (stamp && stamp.built <= from) continue;
    if (stamp) stamp.valid = false;
    stamps.delete(ref);
  }
}

/**
 * How many times, in this process, an undo log put tables back (rollback, replay, forget).
 * @example if (seen !== rewindCount()) rebuild();
 */
export function rewindCount(): number {
  return rewinds;
}

/** Learns of every change of one entry of a watched Map, a write or its undo: the key and its value before. */
export type MapWatcher = (key: unknown, before: unknown) => void;

const watchers = new WeakMap<Map<unknown, unknown>, MapWatcher>();

/**
 * Keeps an index beside the state in step with a Map: the undo log calls `watcher` after each write to the map
 * and after each undo of one, so the index costs O(1) per change, forward and back (one watcher per map).
 * @example watchMap(org.users, (userId, before) => reindex(userId, before));
 */
export function watchMap<K, V>(map: Map<K, V>, watcher: (key: K, before: V | undefined) => void): void {
  watchers.set(map as Map<unknown, unknown>, watcher as MapWatcher);
}

/** Stops watching a Map. */
export function unwatchMap<K, V>(map: Map<K, V>): void {
  watchers.delete(map as Map<unknown, unknown>);
}

/** Counts one putting back of tables (rollback, replay, forget). */
export function noteRewind(): void {
  rewinds += 1;
}

/** The next change's sequence number, taken by the undo log as it records the change. */
export function nextChangeNumber(): number {
  return written++;
}

/** The watcher of a Map, if any. */
export function watcherOf(map: Map<unknown, unknown>): MapWatcher | undefined {
  return watchers.get(map);
}
