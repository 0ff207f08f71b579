/**
 * Indexes kept beside the state (never in it), and what they learn from the undo log: which writes an undo took
 * back (`IndexStamp`) and every change of a watched Map (`watchMap`). The undo log (`undo-log.ts`) drives these;
 * every index reaches them through one protocol, `besideIndex`.
 */

/** Changes recorded by every undo log of this process: each log entry's sequence number. */
let written = 0;

/** Moves on every change of any state of this process: each recorded write, each undo, each new history. */
let generation = 0;

/**
 * A number that changes whenever any state of this process may have changed (a recorded write, an undo, a replaced
 * history), so a value derived from the state stays right while it is unchanged. Every write goes through an undo
 * log, and a transaction records its first write to each entry, so a call that writes always moves it.
 * @example if (kept.generation !== stateGeneration()) kept = derive();
 */
export function stateGeneration(): number {
  return generation;
}

/** A history was replaced (reset, restore of a copy, import): values derived from the state are stale. */
export function historyReplaced(): void {
  generation += 1;
}

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
  generation += 1;
  for (const ref of stamps) {
    const stamp = ref.deref();
    if (stamp && stamp.built <= from) continue;
    if (stamp) stamp.valid = false;
    stamps.delete(ref);
  }
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

/** The next change's sequence number, taken by the undo log as it records the change. */
export function nextChangeNumber(): number {
  generation += 1;
  return written++;
}

/** The watcher of a Map, if any. */
export function watcherOf(map: Map<unknown, unknown>): MapWatcher | undefined {
  return watchers.get(map);
}

/** What records a reversible index update: the undo log's `note` and `noteOnce`. */
export interface IndexNotes {
  note(undo: () => void, redo: () => void): void;
  noteOnce(target: object, undo: () => void, redo: () => void): void;
}

/**
 * THE protocol of an index kept beside the state: built from its source (a Map or record of the state) on the
 * first read, so it costs nothing until a call needs it, and rebuilt on a read when it can no longer follow:
 * - the writes to the source `note` it: the update is applied now and reverted by the write's undo (an update
 *   without a revert makes the undo rebuild the index instead);
 * - a write it cannot follow is `unfollowed`: the next read rebuilds it, unless the write's undo comes first;
 * - an undo that reaches back past the point it was built at, or a source it no longer `fits` (a restored copy),
 *   rebuilds it too. An index that hears every write and undo of the Maps it reads (`watchMap`, `watches: true`)
 *   is never rebuilt by an undo.
 * @example const orders = besideIndex({ build: (users: Map<string, unknown>) => [...users.keys()], fits: (keys, users) => keys.length === users.size });
 */
export interface BesideIndex<S extends object, I> {
  /** The index of a source, built first when there is none or it cannot follow the state. */
  read(source: S): I;
  /** The index as built, or undefined when there is none or the next read rebuilds it (a write then need not note it). */
  current(source: S): I | undefined;
  /** Applies an update for a write to the source, recorded so the write's undo reverts it (or rebuilds the index). */
  note(undo: IndexNotes, source: S, apply: (index: I) => void, revert?: (index: I) => void): void;
  /** Tells the index of a write it cannot follow: the next read rebuilds it, unless the write is undone first. */
  unfollowed(undo: IndexNotes, source: S): void;
}

/** How an index is built and checked against its source. */
export interface BesideIndexSpec<S extends object, I> {
  build(source: S): I;
  /** Whether a built index still describes its source (e.g. the same size); default: always. */
  fits?(index: I, source: S): boolean;
  /** The index watches the Maps it reads (`watchMap`), which tell it every write and undo. */
  watches?: boolean;
}

interface Entry<I> {
  index: I;
  stale: boolean;
  /** Absent for an index that watches its Maps. */
  stamp: IndexStamp | undefined;
}

/**
 * An index kept beside the state by the protocol of `BesideIndex`, one per source object (held weakly).
 * @example const timelines = besideIndex({ build: buildTimeline, fits: (t, map) => t.size === map.size });
 */
export function besideIndex<S extends object, I>(spec: BesideIndexSpec<S, I>): BesideIndex<S, I> {
  const entries = new WeakMap<S, Entry<I>>();
  const usable = (entry: Entry<I> | undefined): entry is Entry<I> => entry !== undefined && !entry.stale && (entry.stamp?.valid ?? true);
  return {
    read(source) {
      let entry = entries.get(source);
      if (!usable(entry) || (spec.fits && !spec.fits(entry.index, source))) {
        const stamp = spec.watches ? undefined : indexStamp(entry?.stamp);
        entry = { index: spec.build(source), stale: false, stamp };
        entries.set(source, entry);
      }
      return entry.index;
    },
    current(source) {
      const entry = entries.get(source);
      return usable(entry) ? entry.index : undefined;
    },
    note(undo, source, apply, revert) {
      const entry = entries.get(source);
      if (!usable(entry)) return;
      const { index } = entry;
      apply(index);
      if (revert) {
        undo.note(
          () => revert(index),
          () => apply(index),
        );
      } else {
        undo.noteOnce(
          entry,
          () => (entry.stale = true),
          () => undefined,
        );
      }
    },
    unfollowed(undo, source) {
      const entry = entries.get(source);
      if (!usable(entry)) return;
      entry.stale = true;
      undo.note(
        () => (entry.stale = false),
        () => (entry.stale = true),
      );
    },
  };
}
