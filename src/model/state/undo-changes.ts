import { watcherOf } from './beside-indexes.js';
import { cloneState, detachDocuments, releaseDocuments, setOwn } from './clone.js';

/**
 * One recorded change, as the way back: applying it puts its target back as it was and returns the change
 * that would redo what it undid. Applying never hands out its own stored values (they are copied), so the
 * same change can be applied again.
 */
export type Change = () => Change;

type Holder = Record<string, unknown>;

/** A recorded index update: undoing it runs `undo`, and redoing runs `redo` again. */
export function effectOf(undo: () => void, redo: () => void): Change {
  return () => {
    undo();
    return effectOf(redo, undo);
  };
}

/*
 * Values come back by reference: the log is strictly last-in first-out, so by the time a removed value is put
 * back, every later change inside it has been undone and it is as it was. Only a record edited in place
 * (`touch`) keeps a deep copy, and puts back a fresh copy of it each time.
 */

export function mapEntry(map: Map<unknown, unknown>, key: unknown): Change {
  const had = map.has(key);
  const saved = map.get(key);
  return () => {
    const redo = mapEntry(map, key);
    const current = map.get(key);
    if (had) map.set(key, saved);
    else map.delete(key);
    watcherOf(map)?.(key, current);
    if (current !== undefined && current !== saved) detachDocuments(current);
    return redo;
  };
}

/** A deleted entry and the key that followed it; applying it puts the entry back in its place. */
export function deletedBefore(map: Map<unknown, unknown>, key: unknown, value: unknown, next: unknown): Change {
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
    watcherOf(map)?.(key, undefined);
    return redeleted(map, key, next);
  };
}

export function redeleted(map: Map<unknown, unknown>, key: unknown, next: unknown): Change {
  return () => {
    const value = map.get(key);
    map.delete(key);
    watcherOf(map)?.(key, value);
    return deletedBefore(map, key, value, next);
  };
}

export function setMember(set: Set<unknown>, value: unknown): Change {
  const had = set.has(value);
  return () => {
    const redo = setMember(set, value);
    if (had) set.add(value);
    else set.delete(value);
    return redo;
  };
}

/** The key order of a Map or Set; applying it re-sorts the same keys into that order. */
export function orderOf(target: Map<unknown, unknown> | Set<unknown>): Change {
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
export function tailOf(array: unknown[], from: number): Change {
  const saved = array.slice(from);
  return () => {
    const redo = tailOf(array, from);
    array.splice(from);
    array.push(...saved);
    return redo;
  };
}

/** The own key order of an object; applying it re-adds the same keys in that order. */
export function keyOrderOf(target: Holder): Change {
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

export function fieldOf(target: Holder, key: string): Change {
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
export function wholeOf(target: object): Change {
  if (target instanceof Map) {
    const saved = [...target];
    return () => {
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
