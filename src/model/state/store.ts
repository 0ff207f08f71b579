import { pastCopies } from './checkpoint.js';
import { cloneState, weigh } from './clone.js';
import type { ApiKeyRecord, Namespace, WorkspaceRecord } from './entities.js';
import { type Change, type Mark, UndoLog } from './undo-log.js';

export { cloneState } from './clone.js';

/** The tables of one service: plain data, Maps, Sets, byte arrays and Yjs documents (see `cloneState`). */
export interface Tables {
  workspaces: Map<string, WorkspaceRecord>;
  apiKeys: Map<string, ApiKeyRecord>;
  namespaces: Map<string, Namespace>;
}

/**
 * A saved state: a mark in the undo log while the log still reaches it; after a rollback past it, the mark it
 * was rolled back to plus the changes that redo it; after the history was replaced, a full copy.
 */
export interface StateHandle {
  /** @internal */
  readonly ref: HandleRef;
}

interface HandleRef {
  mark?: Mark | undefined;
  anchor?: HandleRef | undefined;
  redo?: Change[] | undefined;
  copy?: Tables | undefined;
}

/**
 * The in-memory state of one service: typed `Map` tables, one namespace per API key, and the undo log every
 * write goes through (`undo`), which makes snapshot, restore and reset cost what changed since.
 * @example const store = createStore(); store.namespace('key').organizations.size;
 */
export interface Store {
  readonly tables: Tables;
  readonly undo: UndoLog;
  /** The namespace of an API key, created empty on first use. */
  namespace(apiKey: string): Namespace;
  /** The current state, kept until restored: O(1). */
  snapshot(): StateHandle;
  /** Back to a saved state: O(changes between the two) while the log reaches it. */
  restore(handle: StateHandle): void;
  /** Replaces the tables with others (taken over, not copied) and starts a new history. */
  replace(tables: Tables): void;
  /** Starts a new history from the current state (saved states stay restorable). */
  rebase(): void;
  /** Undoes every write after a mark of `undo` (a refused operation's partial writes). */
  rollback(mark: Mark): void;
  /** Drops a saved state that will never be restored, so a new history need not keep it. */
  release(handle: StateHandle): void;
  /**
   * Starts a new history once the undo log outweighs the state (twice its weight, and at least 4 MiB): saved states
   * become copies, computed without touching the live state. O(state), once per as much logged weight, so the log
   * follows the size of the state, not the number of writes. Call it only between transactions.
   */
  compactIfDue(): boolean;
  /** Starts a new history now, whatever the log weighs (`compactIfDue` without the threshold). */
  compact(): void;
}

/** The least weight the undo log reaches before it is compacted, whatever the size of the state. */
export const MIN_LOG_WEIGHT = 4 * 1024 * 1024;

/** How many times the weight of the state the undo log may reach before it is compacted. */
export const LOG_TO_STATE = 2;

/** Creates an empty store. @example createStore().tables.workspaces.size === 0 */
export function createStore(): Store {
  const tables: Tables = { workspaces: new Map(), apiKeys: new Map(), namespaces: new Map() };
  const undo = new UndoLog();
  /** Saved states that may still be restored; weakly held, so dropped snapshots cost nothing. */
  let live: WeakRef<HandleRef>[] = [];
  /** The log weight at which `compactIfDue` starts a new history. */
  let threshold = MIN_LOG_WEIGHT;

  const liveRefs = (): HandleRef[] => {
    const refs: HandleRef[] = [];
    live = live.filter((weak) => {
      const ref = weak.deref();
      if (ref) refs.push(ref);
      return ref !== undefined;
    });
    return refs;
  };

  /** Rolls back to `mark`; every saved state beyond it becomes `mark` plus its redo changes. */
  const rollbackTo = (mark: Mark): void => {
    const beyond = liveRefs().filter((ref) => ref.mark && undo.reaches(ref.mark) && ref.mark.position > mark.position);
    const redo = undo.rollback(mark);
    if (beyond.length === 0) return;
    const anchor: HandleRef = { mark: undo.mark() };
    live.push(new WeakRef(anchor));
    for (const ref of beyond) {
      ref.redo = redo.slice(0, (ref.mark as Mark).position - mark.position);
      ref.anchor = anchor;
      ref.mark = undefined;
    }
  };

  /** Turns every saved state of the current history into a full copy (before the history is dropped). */
  const detachAll = (): void => {
    const refs = liveRefs().filter((ref) => ref.copy === undefined);
    if (refs.length === 0) return;
    if (refs.some((ref) => !ref.mark || !undo.reaches(ref.mark))) {
      roundTrip(refs);
      return;
    }
    const copies = pastCopies(
      tables,
      undo,
      refs.map((ref) => (ref.mark as Mark).position),
    );
    refs.forEach((ref, i) => {
      ref.copy = copies[i];
      ref.mark = undefined;
    });
  };

  /**
   * `detachAll` for histories that hold a state reached by redoing changes after a rollback: each saved state is
   * restored in turn, copied, and the current one restored last (the live tables go there and back).
   */
  const roundTrip = (refs: HandleRef[]): void => {
    const here: HandleRef = { mark: undo.mark() };
    live.push(new WeakRef(here));
    const copies = refs.map((ref) => {
      restoreRef(ref);
      return cloneState(tables);
    });
    restoreRef(here);
    refs.forEach((ref, i) => {
      ref.copy = copies[i];
      ref.mark = undefined;
      ref.anchor = undefined;
      ref.redo = undefined;
    });
    // What the walk above anchored on belongs to the history being dropped.
    live = live.filter((weak) => weak.deref()?.copy !== undefined);
  };

  /** Starts a new history: the saved states of this one become copies. */
  const compact = (): void => {
    detachAll();
    forget();
  };

  /** Drops the log; its next compaction is weighed again from the least weight. */
  const forget = (): void => {
    undo.forget();
    threshold = MIN_LOG_WEIGHT;
  };

  const release = (ref: HandleRef): void => {
    live = live.filter((weak) => weak.deref() !== ref);
  };

  const setTables = (next: Tables): void => {
    // The replaced documents are destroyed so their sync clients disconnect instead of editing a ghost.
    releaseEditors(tables.namespaces.values());
    tables.workspaces = next.workspaces;
    tables.apiKeys = next.apiKeys;
    tables.namespaces = next.namespaces;
  };

  const restoreRef = (ref: HandleRef): void => {
    if (ref.mark && undo.reaches(ref.mark)) {
      rollbackTo(ref.mark);
      return;
    }
    if (ref.anchor && ref.redo) {
      restoreRef(ref.anchor);
      undo.replay(ref.redo);
    } else if (ref.copy) {
      detachAll();
      setTables(cloneState(ref.copy));
      forget();
    } else {
      throw new Error('This snapshot cannot be restored.');
    }
    ref.mark = undo.mark();
    ref.anchor = undefined;
    ref.redo = undefined;
    ref.copy = undefined;
  };

  return {
    tables,
    undo,
    namespace(apiKey) {
      let ns = tables.namespaces.get(apiKey);
      if (!ns) {
        ns = emptyNamespace(apiKey);
        undo.set(tables.namespaces, apiKey, ns);
      }
      return ns;
    },
    snapshot() {
      const ref: HandleRef = { mark: undo.mark() };
      live.push(new WeakRef(ref));
      return { ref };
    },
    restore: (handle) => restoreRef(handle.ref),
    replace(next) {
      detachAll();
      setTables(next);
      forget();
    },
    rebase() {
      detachAll();
      forget();
    },
    rollback: rollbackTo,
    release: (handle) => release(handle.ref),
    compactIfDue() {
      if (undo.weight < threshold) return false;
      // The state is weighed only now, once the log has grown by as much since the last look.
      const state = weigh(tables);
      if (undo.weight < LOG_TO_STATE * state) {
        threshold = LOG_TO_STATE * state;
        return false;
      }
      compact();
      return true;
    },
    compact,
  };
}

/** Destroys every document of the given namespaces: the state they belonged to was replaced. */
function releaseEditors(namespaces: Iterable<Namespace>): void {
  for (const ns of namespaces) {
    for (const documents of ns.editors.values()) {
      for (const editors of documents.values()) for (const record of editors.values()) record.doc.destroy();
    }
  }
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
