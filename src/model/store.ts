import type { ApiKeyRecord, Namespace, WorkspaceRecord } from './entities.js';
import { releaseEditors } from './crdt/registry.js';
import { loadedYjs } from './crdt/yjs.js';

/** The tables of one service: plain data, Maps, Sets, byte arrays and Yjs documents (see `cloneState`). */
export interface Tables {
  workspaces: Map<string, WorkspaceRecord>;
  apiKeys: Map<string, ApiKeyRecord>;
  namespaces: Map<string, Namespace>;
}

/**
 * The in-memory state of one service: typed `Map` tables, one namespace per API key.
 * @example const store = createStore(); store.namespace('key').organizations.size;
 */
export interface Store {
  readonly tables: Tables;
  /** The namespace of an API key, created empty on first use. */
  namespace(apiKey: string): Namespace;
  /** A deep copy of the tables, independent of later writes. */
  snapshot(): Tables;
  /** Replaces the tables with a deep copy of a snapshot. */
  restore(snapshot: Tables): void;
}

/** Creates an empty store. @example createStore().tables.workspaces.size === 0 */
export function createStore(): Store {
  const tables: Tables = { workspaces: new Map(), apiKeys: new Map(), namespaces: new Map() };
  return {
    tables,
    namespace(apiKey) {
      let ns = tables.namespaces.get(apiKey);
      if (!ns) {
        ns = emptyNamespace(apiKey);
        tables.namespaces.set(apiKey, ns);
      }
      return ns;
    },
    snapshot: () => cloneState(tables),
    restore(snapshot) {
      const copy = cloneState(snapshot);
      // The replaced documents are destroyed so their sync clients disconnect instead of editing a ghost.
      releaseEditors(tables.namespaces.values());
      tables.workspaces = copy.workspaces;
      tables.apiKeys = copy.apiKeys;
      tables.namespaces = copy.namespaces;
    },
  };
}

/** A namespace with nothing in it. */
export function emptyNamespace(apiKey: string): Namespace {
  return {
    apiKey,
    organizations: new Map(),
    configs: {},
    advancedWebhookEndpoints: [],
    migrations: new Map(),
    judgments: [],
    editors: new Map(),
  };
}

/**
 * A deep copy of state: plain objects, arrays, Maps, Sets and byte arrays are copied; a `Y.Doc` is copied
 * through its encoded state (same content, same guid and client id), never shared.
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
  for (const key of Object.keys(value)) out[key] = clone((value as Record<string, unknown>)[key]);
  return out;
}
