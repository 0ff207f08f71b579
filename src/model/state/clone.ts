import { loadedYjs } from './yjs.js';

/**
 * A deep copy of state: plain objects, arrays, Maps, Sets and byte arrays are copied; a `Y.Doc` is copied
 * through its encoded state (same content, same guid and client id), never shared. Every own key is copied
 * as data, `__proto__` included, so no stored key ever becomes a prototype.
 * @example const copy = cloneState(store.tables);
 */
export function cloneState<T>(value: T): T {
  return clone(value, undefined) as T;
}

/**
 * A deep copy like `cloneState` that records each copied object in `memo` (original to copy) and reuses a copy
 * already there, so copies made one after another share what the originals share.
 * @example const memo = new Map(); const tables = cloneInto(store.tables, memo); memo.get(store.tables.apiKeys);
 */
export function cloneInto<T>(value: T, memo: Map<object, object>): T {
  return clone(value, memo) as T;
}

function clone(value: unknown, memo: Map<object, object> | undefined): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const known = memo?.get(value);
  if (known !== undefined) return known;
  const keep = <T extends object>(copy: T): T => {
    memo?.set(value, copy);
    return copy;
  };
  // No Yjs document can exist before yjs is loaded.
  const Y = loadedYjs();
  if (Y && value instanceof Y.Doc) {
    const copy = keep(new Y.Doc({ gc: value.gc, guid: value.guid }));
    Y.applyUpdate(copy, Y.encodeStateAsUpdate(value));
    // Keep the seeded client id: a restored document then writes exactly as the original would have. Set
    // after the update, because Yjs draws a new id when a remote update carries the document's own one.
    copy.clientID = value.clientID;
    return copy;
  }
  if (Array.isArray(value)) {
    const copy = keep(new Array<unknown>(value.length));
    for (let i = 0; i < value.length; i++) copy[i] = clone(value[i], memo);
    return copy;
  }
  if (value instanceof Map) {
    const copy = keep(new Map());
    for (const [k, v] of value) copy.set(k, clone(v, memo));
    return copy;
  }
  if (value instanceof Set) {
    const copy = keep(new Set());
    for (const v of value) copy.add(clone(v, memo));
    return copy;
  }
  if (value instanceof Uint8Array) return keep(value.slice());
  const out: Record<string, unknown> = keep({});
  for (const key of Object.keys(value)) setOwn(out, key, clone((value as Record<string, unknown>)[key], memo));
  return out;
}

/**
 * About how many bytes a value of the state holds: a fixed cost per object, entry and number, the length of
 * strings and byte arrays, and a Yjs document's encoded size. Walks with a stack of its own.
 * @example weigh({ userId: 'u1' }) // 88
 */
export function weigh(value: unknown): number {
  const Y = loadedYjs();
  let total = 0;
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') total += 16 + item.length;
    else if (typeof item !== 'object' || item === null) total += 8;
    else if (Y && item instanceof Y.Doc) total += 256 + Y.encodeStateAsUpdate(item).length;
    else if (item instanceof Uint8Array) total += 64 + item.byteLength;
    else if (Array.isArray(item) || item instanceof Set) {
      total += 32;
      for (const inner of item) pending.push(inner);
    } else if (item instanceof Map) {
      total += 32;
      for (const [key, inner] of item) pending.push(key, inner);
    } else {
      total += 32;
      for (const key of Object.keys(item)) pending.push(key, (item as Record<string, unknown>)[key]);
    }
  }
  return total;
}

/**
 * Sets an own data property, `__proto__` included (a plain assignment of `__proto__` would replace the
 * prototype instead). @example setOwn(record, '__proto__', { kept: 'as data' });
 */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

/** Destroys every Yjs document inside a value that left the state, so its sync clients disconnect. */
export function releaseDocuments(value: unknown): void {
  const Y = loadedYjs();
  if (!Y || typeof value !== 'object' || value === null) return;
  if (value instanceof Y.Doc) {
    value.destroy();
    return;
  }
  if (value instanceof Map) for (const inner of value.values()) releaseDocuments(inner);
  else if (value instanceof Set || Array.isArray(value)) return;
  else if (!(value instanceof Uint8Array)) for (const key of Object.keys(value)) releaseDocuments((value as Record<string, unknown>)[key]);
}

/**
 * Gives every Yjs document inside a value that left the state (and may come back) a fresh copy, and destroys
 * the original so its sync clients disconnect instead of editing a ghost.
 */
export function detachDocuments(value: unknown): void {
  const Y = loadedYjs();
  if (!Y || typeof value !== 'object' || value === null || value instanceof Uint8Array || value instanceof Set || Array.isArray(value)) return;
  if (value instanceof Map) {
    for (const inner of value.values()) detachDocuments(inner);
    return;
  }
  const holder = value as Record<string, unknown>;
  for (const key of Object.keys(holder)) {
    const inner = holder[key];
    if (inner instanceof Y.Doc) {
      holder[key] = cloneState(inner);
      inner.destroy();
    } else if (inner instanceof Map) detachDocuments(inner);
  }
}
