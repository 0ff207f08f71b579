import { watcherOf } from './beside-indexes.js';
import { cloneState, detachDocuments, releaseDocuments, setOwn, weigh } from './clone.js';

/**
 * The copy of a value in a copy of the state: a primitive as itself, an object of the live state as its copy (made
 * on first use). Applying a change to a copy goes through it, so no live object is ever touched.
 */
export type Counterpart = <T>(value: T) => T;

/**
 * One recorded change, as the way back: applying it puts its target back as it was and returns the change
 * that would redo what it undid. Applying never hands out its own stored values (they are copied), so the
 * same change can be applied again. `onCopy` applies the same undo to a copy of the state instead (no index, watcher
 * or document of the live state is touched), and `weight` is about how many bytes the change keeps alive.
 */
export interface Change {
  (): Change;
  readonly onCopy: (copyOf: Counterpart) => void;
  readonly weight: number;
}

type Holder = Record<string, unknown>;

/** What a recorded change costs besides what it saves: the closure, its slot in the log and its number. */
const BASE_WEIGHT = 160;
/** What a saved reference to an item of a list costs. */
const ITEM_WEIGHT = 16;

function change(undo: () => Change, onCopy: (copyOf: Counterpart) => void, weight: number): Change {
  return Object.assign(undo, { onCopy, weight });
}

/** A recorded index update: undoing it runs `undo`, and redoing runs `redo` again. A copy has no indexes. */
export function effectOf(undo: () => void, redo: () => void): Change {
  return change(
    () => {
      undo();
      return effectOf(redo, undo);
    },
    () => undefined,
    BASE_WEIGHT,
  );
}

/*
 * Values come back by reference: the log is strictly last-in first-out, so by the time a removed value is put
 * back, every later change inside it has been undone and it is as it was. Only a record edited in place
 * (`touch`) keeps a deep copy, and puts back a fresh copy of it each time. A value saved by reference may
 * have left the state, so its whole size counts towards the change's weight.
 */

export function mapEntry(map: Map<unknown, unknown>, key: unknown): Change {
  const had = map.has(key);
  const saved = map.get(key);
  return change(
    () => {
      const redo = mapEntry(map, key);
      const current = map.get(key);
      if (had) map.set(key, saved);
      else map.delete(key);
      watcherOf(map)?.(key, current);
      if (current !== undefined && current !== saved) detachDocuments(current);
      return redo;
    },
    (copyOf) => {
      if (had) copyOf(map).set(key, copyOf(saved));
      else copyOf(map).delete(key);
    },
    BASE_WEIGHT + weigh(saved),
  );
}

/** Puts `key` back into `map` just before `next` (at the end when `next` is absent). */
function insertBefore(map: Map<unknown, unknown>, key: unknown, value: unknown, next: unknown): void {
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
}

/** A deleted entry and the key that followed it; applying it puts the entry back in its place. */
export function deletedBefore(map: Map<unknown, unknown>, key: unknown, value: unknown, next: unknown): Change {
  return change(
    () => {
      insertBefore(map, key, value, next);
      watcherOf(map)?.(key, undefined);
      return redeleted(map, key, next);
    },
    (copyOf) => insertBefore(copyOf(map), key, copyOf(value), next),
    BASE_WEIGHT + weigh(value),
  );
}

export function redeleted(map: Map<unknown, unknown>, key: unknown, next: unknown): Change {
  return change(
    () => {
      const value = map.get(key);
      map.delete(key);
      watcherOf(map)?.(key, value);
      return deletedBefore(map, key, value, next);
    },
    (copyOf) => copyOf(map).delete(key),
    BASE_WEIGHT,
  );
}

export function setMember(set: Set<unknown>, value: unknown): Change {
  const had = set.has(value);
  return change(
    () => {
      const redo = setMember(set, value);
      if (had) set.add(value);
      else set.delete(value);
      return redo;
    },
    (copyOf) => {
      if (had) copyOf(set).add(copyOf(value));
      else copyOf(set).delete(copyOf(value));
    },
    BASE_WEIGHT,
  );
}

/** Re-sorts the keys of a Map or Set into `keys` order; keys not listed stay after them. */
function reorder(target: Map<unknown, unknown> | Set<unknown>, keys: readonly unknown[]): void {
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
}

/** The key order of a Map or Set; applying it re-sorts the same keys into that order. */
export function orderOf(target: Map<unknown, unknown> | Set<unknown>): Change {
  const keys = [...target.keys()];
  return change(
    () => {
      const redo = orderOf(target);
      reorder(target, keys);
      return redo;
    },
    (copyOf) => reorder(copyOf(target), keys),
    BASE_WEIGHT + ITEM_WEIGHT * keys.length,
  );
}

/** Cuts `array` at `from` and appends `items` (no argument spread, so any length). */
function putTail(array: unknown[], from: number, items: readonly unknown[]): void {
  array.splice(from);
  for (const item of items) array.push(item);
}

/** The items of an array from `from` on; applying it cuts the array there and puts the items back. */
export function tailOf(array: unknown[], from: number): Change {
  const saved = array.slice(from);
  return change(
    () => {
      const redo = tailOf(array, from);
      putTail(array, from, saved);
      return redo;
    },
    (copyOf) =>
      putTail(
        copyOf(array),
        from,
        saved.map((item) => copyOf(item)),
      ),
    BASE_WEIGHT + saved.reduce<number>((sum, item) => sum + weigh(item), 0),
  );
}

/** Re-adds the own keys of `target` in `keys` order; keys not listed stay after them. */
function reorderKeys(target: Holder, keys: readonly string[]): void {
  const values = new Map(Object.keys(target).map((key) => [key, target[key]]));
  for (const key of values.keys()) delete target[key];
  for (const key of keys) if (values.has(key)) setOwn(target, key, values.get(key));
  for (const [key, value] of values) if (!Object.hasOwn(target, key)) setOwn(target, key, value);
}

/** The own key order of an object; applying it re-adds the same keys in that order. */
export function keyOrderOf(target: Holder): Change {
  const keys = Object.keys(target);
  return change(
    () => {
      const redo = keyOrderOf(target);
      reorderKeys(target, keys);
      return redo;
    },
    (copyOf) => reorderKeys(copyOf(target), keys),
    BASE_WEIGHT + ITEM_WEIGHT * keys.length,
  );
}

export function fieldOf(target: Holder, key: string): Change {
  const had = Object.hasOwn(target, key);
  const saved = target[key];
  return change(
    () => {
      const redo = fieldOf(target, key);
      const current = target[key];
      if (had) setOwn(target, key, saved);
      else delete target[key];
      if (current !== saved) detachDocuments(current);
      return redo;
    },
    (copyOf) => {
      const copy = copyOf(target);
      if (had) setOwn(copy, key, copyOf(saved));
      else delete copy[key];
    },
    BASE_WEIGHT + weigh(saved),
  );
}

/** A whole Map, Set, array (their items by reference) or leaf record (a deep copy), put back in its order. */
export function wholeOf(target: object): Change {
  if (target instanceof Map) {
    const saved = [...target];
    return change(
      () => {
        const redo = wholeOf(target);
        const before = [...target];
        const current = [...target.values()];
        target.clear();
        for (const [key, value] of saved) target.set(key, value);
        const watcher = watcherOf(target);
        if (watcher) {
          for (const [key, value] of before) watcher(key, value);
          const had = new Set(before.map(([key]) => key));
          for (const [key] of saved) if (!had.has(key)) watcher(key, undefined);
        }
        for (const value of current) if (!saved.some(([, kept]) => kept === value)) detachDocuments(value);
        return redo;
      },
      (copyOf) => {
        const copy = copyOf(target);
        copy.clear();
        for (const [key, value] of saved) copy.set(key, copyOf(value));
      },
      BASE_WEIGHT + saved.reduce<number>((sum, [, value]) => sum + weigh(value), 0),
    );
  }
  if (target instanceof Set || Array.isArray(target)) {
    const saved = [...target];
    const put = (into: Set<unknown> | unknown[], items: readonly unknown[]): void => {
      if (into instanceof Set) {
        into.clear();
        for (const value of items) into.add(value);
      } else putTail(into, 0, items);
    };
    return change(
      () => {
        const redo = wholeOf(target);
        put(target, saved);
        return redo;
      },
      (copyOf) =>
        put(
          copyOf(target),
          saved.map((item) => copyOf(item)),
        ),
      BASE_WEIGHT + saved.reduce<number>((sum, item) => sum + weigh(item), 0),
    );
  }
  const saved = cloneState(target);
  const refill = (holder: Holder): unknown[] => {
    const old: unknown[] = [];
    for (const key of Object.keys(holder)) {
      old.push(holder[key]);
      delete holder[key];
    }
    for (const [key, value] of Object.entries(cloneState(saved) as Holder)) setOwn(holder, key, value);
    return old;
  };
  return change(
    () => {
      const redo = wholeOf(target);
      for (const value of refill(target as Holder)) releaseDocuments(value);
      return redo;
    },
    (copyOf) => void refill(copyOf(target as Holder)),
    BASE_WEIGHT + weigh(saved),
  );
}
