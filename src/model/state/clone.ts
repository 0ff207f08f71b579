import { loadedYjs } from './yjs.js';

/**
 * A deep copy of state: plain objects, arrays, Maps, Sets and byte arrays are copied; a `Y.Doc` is copied
 * through its encoded state (same content, same guid and client id), never shared. Every own key is copied
 * as data, `__proto__` included, so no stored key ever becomes a prototype.
 * @example const copy = cloneState(store.tables);
 */
export function cloneState<T>(value: T): T {
  return clone(value) as T;
}

function clone(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  // No Yjs document can exist before yjs is loaded.
  const Y = loadedYjs();
  if (Y && value instanceof Y.Doc) {
    const copy = new Y.Doc({ gc: value.gc, guid: value.guid });
    Y.applyUpdate(copy, Y.encodeStateAsUpdate(value));
    // Keep the seeded client id: a restored document then writes exactly as the original would have. Set
    // after the update, because Yjs draws a new id when a remote update carries the document's own one.
    copy.clientID = value.clientID;
    return copy;
  }
  if (Array.isArray(value)) return value.map(clone);
  if (value instanceof Map) return new Map([...value].map(([k, v]) => [k, clone(v)]));
  if (value instanceof Set) return new Set([...value].map(clone));
  if (value instanceof Uint8Array) return value.slice();
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) setOwn(out, key, clone((value as Record<string, unknown>)[key]));
  return out;
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
