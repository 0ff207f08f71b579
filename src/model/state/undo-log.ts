import { historyReplaced, nextChangeNumber, undoneFrom, watcherOf } from './beside-indexes.js';
import { setOwn } from './clone.js';
import { type Change, type Counterpart, deletedBefore, effectOf, fieldOf, keyOrderOf, mapEntry, orderOf, setMember, tailOf, wholeOf } from './undo-changes.js';

export type { Change, Counterpart } from './undo-changes.js';

/** A point in the history of writes: the state as it was when the mark was taken. */
export interface Mark {
  readonly epoch: number;
  readonly position: number;
}

type Holder = Record<string, unknown>;

/** Whole-target markers in the record of what the current window has already saved. */
const WHOLE = Symbol('whole');
const ORDER = Symbol('order');
const LENGTH = Symbol('length');
const NOTED = Symbol('noted');

/**
 * The undo log of the state: every write goes through it, recording the first before-image of each entry it
 * touches since the last mark. Rolling back to a mark costs what was written since, never the size of the
 * state; it also makes each operation all-or-nothing.
 * @example const mark = undo.mark(); undo.set(org.users, 'u1', user); undo.rollback(mark);
 */
export class UndoLog {
  #log: Change[] = [];
  /** The sequence number of each log entry (see `nextChangeNumber`). */
  #numbers: number[] = [];
  #seen = new Map<object, Set<unknown>>();
  #epoch = 0;
  #weight = 0;

  /** How many changes are recorded since the history began. */
  get size(): number {
    return this.#log.length;
  }

  /** About how many bytes the recorded changes keep alive (see `Change.weight`). */
  get weight(): number {
    return this.#weight;
  }

  /**
   * Applies the undo of every change from `from` back to `to` (newest first) to a copy of the state: the copy then
   * holds the state as it was at `to`. The live state, its indexes and its documents are not touched.
   * @example undo.undoOnCopy(undo.size, mark.position, (value) => memo.get(value) ?? value);
   */
  undoOnCopy(from: number, to: number, copyOf: Counterpart): void {
    for (let i = Math.min(from, this.#log.length) - 1; i >= to; i--) (this.#log[i] as Change).onCopy(copyOf);
  }

  /** The current point; the first write after it to each entry is recorded again. */
  mark(): Mark {
    // Clearing a map gives it a new table even when empty; a read-only call between two marks leaves it empty.
    if (this.#seen.size > 0) this.#seen.clear();
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
    if (this.#log.length > mark.position) undoneFrom(this.#numbers[mark.position] as number);
    while (this.#log.length > mark.position) {
      const undone = this.#log.pop() as Change;
      this.#weight -= undone.weight;
      redo.push(undone());
    }
    this.#numbers.length = mark.position;
    this.#seen.clear();
    return redo.reverse();
  }

  /** Applies changes (from `rollback`) in order, recording each as a write. */
  replay(changes: readonly Change[]): void {
    this.#seen.clear();
    if (changes.length === 0) return;
    // Replayed index updates reach the indexes that saw the original writes; any built since missed them.
    undoneFrom(-1);
    for (const change of changes) this.record(change());
  }

  /** Forgets the history: the current state becomes the beginning, and every earlier mark stops reaching. */
  forget(): void {
    historyReplaced();
    this.#log = [];
    this.#numbers = [];
    this.#seen.clear();
    this.#epoch += 1;
    this.#weight = 0;
  }

  /**
   * Records an update of an index kept beside the state, so an undo reverses it in its turn (O(1) per update)
   * instead of the index being rebuilt.
   * @example undo.note(() => list.pop(), () => list.push(n)); list.push(n);
   */
  note(undo: () => void, redo: () => void): void {
    this.record(effectOf(undo, redo));
  }

  /**
   * Records an index update whose undo is the same however many follow it (an index that an undo rebuilds): only
   * the first one for `target` since the last mark, since every undo reaches back to a mark.
   * @example undo.noteOnce(index, () => (index.stale = true), () => undefined);
   */
  noteOnce(target: object, undo: () => void, redo: () => void): void {
    if (this.once(target, NOTED)) return;
    this.note(undo, redo);
  }

  /** `map.set(key, value)`, recorded. */
  set<K, V>(map: Map<K, V>, key: K, value: V): void {
    this.entry(map, key);
    const watcher = watcherOf(map as Map<unknown, unknown>);
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
    watcherOf(map as Map<unknown, unknown>)?.(key, before);
    return true;
  }

  /**
   * `map.delete(key)` when the caller knows the key that follows it in the map's order (`null`: it is the last),
   * recorded in O(1) instead of with the map's whole order; an undo puts the entry back before that key.
   * @example undo.deleteBefore(org.notifications, 'n1', 'n2');
   */
  deleteBefore<K, V>(map: Map<K, V>, key: K, next: K | null): boolean {
    if (!map.has(key)) return false;
    const value = map.get(key);
    this.record(deletedBefore(map as Map<unknown, unknown>, key, value, next));
    map.delete(key);
    watcherOf(map as Map<unknown, unknown>)?.(key, value);
    return true;
  }

  /** `map.clear()`, recorded. */
  clear<K, V>(map: Map<K, V> | Set<V>): void {
    if (map.size === 0) return;
    this.whole(map);
    const watcher = map instanceof Map ? watcherOf(map as Map<unknown, unknown>) : undefined;
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
    this.#numbers.push(nextChangeNumber());
    this.#weight += change.weight;
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
