import { cloneState, detachDocuments, releaseDocuments, setOwn } from './clone.js';

/**
 * One recorded change, as the way back: applying it puts its target back as it was and returns the change
 * that would redo what it undid. Applying never hands out its own stored values (they are copied), so the
 * same change can be applied again.
 */
export type Change = () => Change;

/** A point in the history of writes: the state as it was when the mark was taken. */
export interface Mark {
  readonly epoch: number;
  readonly position: number;
}

type Holder = Record<string, unknown>;

let rewinds = 0;

/** Changes recorded by every journal of this process: each log entry's sequence number. */
let written = 0;

/**
 * Whether an index kept beside the state (never in it) still matches it. An index built from the state learns
 * of later writes through `Journal.note`, so an undo of those keeps it right; an undo of a write made before it
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
function undoneFrom(from: number): void {
  for (const ref of stamps) {
    const stamp = ref.deref();
    if (stamp && stamp.built <= from) continue;
    if (stamp) stamp.valid = false;
    stamps.delete(ref);
  }
}

/**
 * How many times, in this process, a journal put tables back (rollback, replay, forget).
 * @example if (seen !== rewindCount()) rebuild();
 */
export function rewindCount(): number {
  return rewinds;
}

/** A recorded index update: undoing it runs `undo`, and redoing runs `redo` again. */
function effectOf(undo: () => void, redo: () => void): Change {
  return () => {
    undo();
    return effectOf(redo, undo);
  };
}

/** Learns of every change of one entry of a watched Map, a write or its undo: the key and its value before. */
export type MapWatcher = (key: unknown, before: unknown) => void;

const watchers = new WeakMap<Map<unknown, unknown>, MapWatcher>();

/**
 * Keeps an index beside the state in step with a Map: the journal calls `watcher` after each write to the map
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

/** Whole-target markers in the record of what the current window has already saved. */
const WHOLE = Symbol('whole');
const ORDER = Symbol('order');
const LENGTH = Symbol('length');

/**
 * The undo log of the state: every write goes through it, recording the first before-image of each entry it
 * touches since the last mark. Rolling back to a mark costs what was written since, never the size of the
 * state; it also makes each operation all-or-nothing.
 * @example const mark = journal.mark(); journal.set(org.users, 'u1', user); journal.rollback(mark);
 */
export class Journal {
  #log: Change[] = [];
  /** The sequence number of each log entry (see `written`). */
  #numbers: number[] = [];
  #seen = new Map<object, Set<unknown>>();
  #epoch = 0;

  /** How many changes are recorded since the history began. */
  get size(): number {
    return this.#log.length;
  }

  /** The current point; the first write after it to each entry is recorded again. */
  mark(): Mark {
    this.#seen.clear();
    return { epoch: this.#epoch, position: this.#log.length };
  }

  /** Whether the state at the mark can still be reached by rolling back. */
  reaches(mark: Mark): boolean {
    return mark.epoch === this.#epoch && mark.position <= this.#log.length;
  }

  /**
   * Undoes every change after the mark, newest first; returns the changes that redo them, oldest first
   * (index `i` redoes the change recorded at `mark.position + i`).
   */
  rollback(mark: Mark): Change[] {
    if (!this.reaches(mark)) throw new Error('This mark belongs to a history that was rolled back or replaced.');
    const redo: Change[] = [];
    if (this.#log.length > mark.position) {
      rewinds += 1;
      undoneFrom(this.#numbers[mark.position] as number);
    }
    while (this.#log.length > mark.position) redo.push((this.#log.pop() as Change)());
    this.#numbers.length = mark.position;
    this.#seen.clear();
    return redo.reverse();
  }

  /** Applies changes (from `rollback`) in order, recording each as a write. */
  replay(changes: readonly Change[]): void {
    this.#seen.clear();
    if (changes.length === 0) return;
    rewinds += 1;
    // Replayed index updates reach the indexes that saw the original writes; any built since missed them.
    undoneFrom(-1);
    for (const change of changes) this.record(change());
  }

  /** Forgets the history: the current state becomes the beginning, and every earlier mark stops reaching. */
  forget(): void {
    rewinds += 1;
    this.#log = [];
    this.#numbers = [];
    this.#seen.clear();
    this.#epoch += 1;
  }

  /**
   * Records an update of an index kept beside the state, so an undo reverses it in its turn (O(1) per update)
   * instead of the index being rebuilt.
   * @example journal.note(() => list.pop(), () => list.push(n)); list.push(n);
   */
  note(undo: () => void, redo: () => void): void {
    this.record(effectOf(undo, redo));
  }

  /** `map.set(key, value)`, recorded. */
  set<K, V>(map: Map<K, V>, key: K, value: V): void {
    this.entry(map, key);
    const watcher = watchers.get(map as Map<unknown, unknown>);
    const before = watcher ? map.get(key) : undefined;
    map.set(key, value);
    watcher?.(key, before);
  }

  /** `map.delete(key)`, recorded (with the map's order, so an undone delete returns to its place). */
  delete<K, V>(map: Map<K, V>, key: K): boolean {
    if (!map.has(key)) return false;
    this.order(map);
    this.entry(map, key);
    const before = map.get(key);
    map.delete(key);
    watchers.get(map as Map<unknown, unknown>)?.(key, before);
    return true;
  }

  /**
   * `map.delete(key)` when the caller knows the key that follows it in the map's order (`null`: it is the last),
   * recorded in O(1) instead of with the map's whole order; an undo puts the entry back before that key.
   * @example journal.deleteBefore(org.notifications, 'n1', 'n2');
   */
  deleteBefore<K, V>(map: Map<K, V>, key: K, next: K | null): boolean {
    if (!map.has(key)) return false;
    const value = map.get(key);
    this.record(deletedBefore(map as Map<unknown, unknown>, key, value, next));
    map.delete(key);
    watchers.get(map as Map<unknown, unknown>)?.(key, value);
    return true;
  }

  /** `map.clear()`, recorded. */
  clear<K, V>(map: Map<K, V> | Set<V>): void {
    if (map.size === 0) return;
    this.whole(map);
    const watcher = map instanceof Map ? watchers.get(map as Map<unknown, unknown>) : undefined;
    const before = watcher ? [...(map as Map<unknown, unknown>)] : [];
    map.clear();
    for (const [key, value] of before) watcher?.(key, value);
  }

  /** `set.add(value)`, recorded. */
  add<V>(set: Set<V>, value: V): void {
    if (set.has(value)) return;
    this.member(set, value);
    set.add(value);
  }

  /** `set.delete(value)`, recorded with the set's order. */
  remove<V>(set: Set<V>, value: V): boolean {
    if (!set.has(value)) return false;
    this.order(set);
    this.member(set, value);
    return set.delete(value);
  }

  /** `array.push(...items)`, recorded as the length to return to. */
  push<V>(array: V[], ...items: V[]): void {
    this.append(array, items);
  }

  /** Appends every item of a list of any length (no argument spread, so no call-stack limit), recorded. */
  append<V>(array: V[], items: readonly V[]): void {
    this.length(array);
    for (const item of items) array.push(item);
  }

  /** `target[key] = value` (an own data property, `__proto__` included), recorded. */
  assign<T extends object>(target: T, key: keyof T & string, value: T[keyof T & string]): void {
    this.field(target as Holder, key);
    setOwn(target as Holder, key, value);
  }

  /** `delete target[key]`, recorded with the object's key order, so an undone delete returns to its place. */
  unset<T extends object>(target: T, key: keyof T & string): void {
    if (!Object.hasOwn(target, key)) return;
    if (!this.seen(target, WHOLE) && !this.once(target, ORDER)) this.record(keyOrderOf(target as Holder));
    this.field(target as Holder, key);
    delete (target as Holder)[key];
  }

  /**
   * Records a whole plain record (its own keys, in order, deeply) before it is edited in place. Use it for
   * leaf records only (a user, a notification, an endpoint), never for one that holds a table.
   */
  touch(record: object): void {
    this.whole(record);
  }

  /** Records the entry `key` of a Map before it is set or deleted. */
  entry<K, V>(map: Map<K, V>, key: K): void {
    if (this.once(map, key)) return;
    this.record(mapEntry(map as Map<unknown, unknown>, key));
  }

  private member<V>(set: Set<V>, value: V): void {
    if (this.once(set, value)) return;
    this.record(setMember(set as Set<unknown>, value));
  }

  private order(target: Map<unknown, unknown> | Set<unknown>): void {
    if (this.once(target, ORDER)) return;
    this.record(orderOf(target));
  }

  private length(array: unknown[]): void {
    if (this.seen(array, WHOLE) || this.once(array, LENGTH)) return;
    this.record(tailOf(array, array.length));
  }

  private field(target: Holder, key: string): void {
    if (this.seen(target, WHOLE) || this.once(target, key)) return;
    this.record(fieldOf(target, key));
  }

  private whole(target: object): void {
    if (this.once(target, WHOLE)) return;
    this.record(wholeOf(target));
  }

  private record(change: Change): void {
    this.#log.push(change);
    this.#numbers.push(written++);
  }

  private seen(target: object, key: unknown): boolean {
    return this.#seen.get(target)?.has(key) ?? false;
  }

  /** Whether `key` of `target` was already recorded in this window; marks it recorded. */
  private once(target: object, key: unknown): boolean {
    let keys = this.#seen.get(target);
    if (!keys) this.#seen.set(target, (keys = new Set()));
    if (keys.has(key)) return true;
    keys.add(key);
    return false;
  }
}

/*
 * Values come back by reference: the log is strictly last-in first-out, so by the time a removed value is put
 * back, every later change inside it has been undone and it is as it was. Only a record edited in place
 * (`touch`) keeps a deep copy, and puts back a fresh copy of it each time.
 */

function mapEntry(map: Map<unknown, unknown>, key: unknown): Change {
  const had = map.has(key);
  const saved = map.get(key);
  return () => {
    const redo = mapEntry(map, key);
    const current = map.get(key);
    if (had) map.set(key, saved);
    else map.delete(key);
    watchers.get(map)?.(key, current);
    if (current !== undefined && current !== saved) detachDocuments(current);
    return redo;
  };
}

/** A deleted entry and the key that followed it; applying it puts the entry back in its place. */
function deletedBefore(map: Map<unknown, unknown>, key: unknown, value: unknown, next: unknown): Change {
  return () => {
    const tail: [unknown, unknown][] = [];
    if (next !== null && map.has(next)) {
      let after = false;
      for (const entry of map) {
        if (entry[0] === next) after = true;
        if (after) tail.push(entry);
      }
      for (const [k] of tail) map.delete(k);
    }
    map.set(key, value);
    for (const [k, v] of tail) map.set(k, v);
    watchers.get(map)?.(key, undefined);
    return redeleted(map, key, next);
  };
}

function redeleted(map: Map<unknown, unknown>, key: unknown, next: unknown): Change {
  return () => {
    const value = map.get(key);
    map.delete(key);
    watchers.get(map)?.(key, value);
    return deletedBefore(map, key, value, next);
  };
}

function setMember(set: Set<unknown>, value: unknown): Change {
  const had = set.has(value);
  return () => {
    const redo = setMember(set, value);
    if (had) set.add(value);
    else set.delete(value);
    return redo;
  };
}

/** The key order of a Map or Set; applying it re-sorts the same keys into that order. */
function orderOf(target: Map<unknown, unknown> | Set<unknown>): Change {
  const keys = [...target.keys()];
  return () => {
    const redo = orderOf(target);
    if (target instanceof Map) {
      const entries = new Map(target);
      target.clear();
      for (const key of keys) if (entries.has(key)) target.set(key, entries.get(key));
      for (const [key, value] of entries) if (!target.has(key)) target.set(key, value);
    } else {
      const members = new Set(target);
      target.clear();
      for (const key of keys) if (members.has(key)) target.add(key);
      for (const key of members) target.add(key);
    }
    return redo;
  };
}

/** The items of an array from `from` on; applying it cuts the array there and puts the items back. */
function tailOf(array: unknown[], from: number): Change {
  const saved = array.slice(from);
  return () => {
    const redo = tailOf(array, from);
    array.splice(from);
    array.push(...saved);
    return redo;
  };
}

/** The own key order of an object; applying it re-adds the same keys in that order. */
function keyOrderOf(target: Holder): Change {
  const keys = Object.keys(target);
  return () => {
    const redo = keyOrderOf(target);
    const values = new Map(Object.keys(target).map((key) => [key, target[key]]));
    for (const key of values.keys()) delete target[key];
    for (const key of keys) if (values.has(key)) setOwn(target, key, values.get(key));
    for (const [key, value] of values) if (!Object.hasOwn(target, key)) setOwn(target, key, value);
    return redo;
  };
}

function fieldOf(target: Holder, key: string): Change {
  const had = Object.hasOwn(target, key);
  const saved = target[key];
  return () => {
    const redo = fieldOf(target, key);
    const current = target[key];
    if (had) setOwn(target, key, saved);
    else delete target[key];
    if (current !== saved) detachDocuments(current);
    return redo;
  };
}

/** A whole Map, Set, array (their items by reference) or leaf record (a deep copy), put back in its order. */
function wholeOf(target: object): Change {
  if (target instanceof Map) {
    const saved = [...target];
    return () => {
      const redo = wholeOf(target);
      const before = [...target];
      const current = [...target.values()];
      target.clear();
      for (const [key, value] of saved) target.set(key, value);
      const watcher = watchers.get(target);
      if (watcher) {
        for (const [key, value] of before) watcher(key, value);
        const had = new Set(before.map(([key]) => key));
        for (const [key] of saved) if (!had.has(key)) watcher(key, undefined);
      }
      for (const value of current) if (!saved.some(([, kept]) => kept === value)) detachDocuments(value);
      return redo;
    };
  }
  if (target instanceof Set || Array.isArray(target)) {
    const saved = [...target];
    return () => {
      const redo = wholeOf(target);
      if (target instanceof Set) {
        target.clear();
        for (const value of saved) target.add(value);
      } else {
        target.splice(0, target.length, ...saved);
      }
      return redo;
    };
  }
  const saved = cloneState(target);
  return () => {
    const redo = wholeOf(target);
    const holder = target as Holder;
    const old: unknown[] = [];
    for (const key of Object.keys(holder)) {
      old.push(holder[key]);
      delete holder[key];
    }
    for (const [key, value] of Object.entries(cloneState(saved) as Holder)) setOwn(holder, key, value);
    for (const value of old) releaseDocuments(value);
    return redo;
  };
}
