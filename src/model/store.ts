import type { ApiKeyRecord, Namespace, OrganizationRecord, WorkspaceRecord } from './entities.js';

/** The plain-data tables of one service. Everything in it survives `structuredClone`. */
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
  /** An organization of a namespace, or undefined. */
  organization(ns: Namespace, organizationId: string): OrganizationRecord | undefined;
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
    organization: (ns, organizationId) => ns.organizations.get(organizationId),
    snapshot: () => structuredClone(tables),
    restore(snapshot) {
      const copy = structuredClone(snapshot);
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
  };
}
