import type { ApiCall, ApiReply } from './protocol/call.js';
import { dispatch as runPipeline, type DispatchDeps } from './protocol/dispatch.js';
import { runControl, type ControlDeps, type Credentials } from './control/control.js';
import type { ModelContext } from './model/context.js';
import type { WorkspacePlan } from './model/entities.js';
import { decodeState, encodeState, stateToText, type StateFile } from './model/serialise.js';
import { createStore, type Tables } from './model/store.js';
import { createWorkspace } from './model/workspaces.js';
import { createMemoryApi, type MemoryApi } from './harness/memory.js';
import { createCrdtAccess, type CrdtAccess } from './model/crdt/access.js';
import type { MigrationMode, Settings } from './operations/define.js';
import { routes, unimplementedPaths } from './routes.js';
import { settleMigrations } from './model/migrations.js';
import { migrationPolicy } from './operations/migrations.js';
import { createClock, type Clock, type ClockOption } from './support/clock.js';
import { createIds } from './support/ids.js';

/** Options of `createMockService`; every one has a deterministic default. */
export interface MockServiceOptions {
  /** Seed of every generated id, token and secret. Default 1. */
  seed?: number;
  /** A clock, `'system'`, or the start instant of a virtual clock. Default: virtual, 2026-01-01T00:00:00Z. */
  clock?: ClockOption;
  /** The default workspace seeded at creation. */
  workspace?: { ownerEmail?: string; name?: string; workspaceName?: string; plan?: Partial<WorkspacePlan> };
  /** Authenticated get-workspace calls per workspace per rolling 60 s; 0 disables. Default 100. */
  workspaceReadLimit?: number;
  /** Email domains create-workspace refuses. Default none. */
  disposableEmailDomains?: string[];
  /** How migrations advance: `poll` (default), `immediate`, `manual`, `clock` or `failing`. */
  migrations?: MigrationMode;
  /** Milliseconds per migration state for `migrations: 'clock'`. Default 5000. */
  migrationStepMs?: number;
  /** `iss` of end-user tokens. Default `https://collab-service.test`. */
  issuer?: string;
  /** Called for each unexpected exception (answered as 500 INTERNAL). Default: `console.error`. */
  onInternalError?: (error: unknown, call: ApiCall) => void;
}

/** A point-in-time copy of a service's whole state. */
export interface ServiceSnapshot {
  readonly tables: Tables;
  readonly rng: [number, number, number, number];
  readonly now: number;
}

/**
 * One emulated Collaboration Service: in-memory, isolated, deterministic.
 * @example const service = createMockService({ seed: 7 }); await service.dispatch(call);
 */
export interface MockService {
  /** Runs one API call; never throws. */
  dispatch(call: ApiCall): Promise<ApiReply>;
  /** The seeded workspace, its testing API key and that key's auth token. */
  readonly credentials: Credentials;
  readonly clock: Clock;
  readonly settings: Readonly<Settings>;
  /** The state and its sources, for scenarios and in-process helpers. */
  readonly model: ModelContext;
  /** Decision memory: record and list the judgments `/v2/memory/suggest` draws on. */
  readonly memory: MemoryApi;
  /** Shared-editor documents: `crdt.doc({ organizationId, documentId, editorId })` is the live `Y.Doc`. */
  readonly crdt: CrdtAccess;
  /** Back to the state the service started with (same seed, same ids from then on). */
  reset(): void;
  snapshot(): ServiceSnapshot;
  restore(snapshot: ServiceSnapshot): void;
  /** Makes the current state the one `reset()` returns to (loading a scenario or an exported state does this). */
  markStartingState(): void;
  /** The whole state as versioned JSON text (Maps, Sets, bytes and Yjs documents encoded); same state, same bytes. */
  exportState(): string;
  /** Replaces the state with an exported one and makes it the starting state; refuses newer formats and other seeds. */
  importState(state: string | StateFile): void;
}

/** The default base URL the msw handlers answer and token issuers name. */
export const DEFAULT_BASE_URL = 'https://collab-service.test';

/**
 * Creates an independent service seeded with one workspace and a testing API key.
 * @example const { credentials } = createMockService(); credentials.headers['x-service-api-key'];
 */
export function createMockService(options: MockServiceOptions = {}): MockService {
  if ('scenario' in options) {
    // Scenarios load faker on demand (an ESM dynamic import), which a synchronous constructor cannot await.
    throw new Error("createMockService() is synchronous and builds no scenario; use `await createScenarioService({ scenario: 'team', seed: 7 })`.");
  }
  const clock = createClock(options.clock);
  const ids = createIds(options.seed ?? 1);
  const store = createStore();
  const model: ModelContext = { store, clock, ids };
  const settings: Settings = {
    workspaceReadLimit: options.workspaceReadLimit ?? 100,
    disposableEmailDomains: [...(options.disposableEmailDomains ?? [])],
    migrations: options.migrations ?? 'poll',
    migrationStepMs: options.migrationStepMs ?? 5000,
    issuer: options.issuer ?? DEFAULT_BASE_URL,
  };
  const seeded = createWorkspace(model, {
    ownerEmail: options.workspace?.ownerEmail ?? 'owner@collab-service.test',
    name: options.workspace?.name ?? 'Example Owner',
    workspaceName: options.workspace?.workspaceName ?? 'Example Workspace',
    ...(options.workspace?.plan ? { plan: options.workspace.plan } : {}),
  });
  const token = seeded.apiKey.authTokens[0]?.token ?? '';
  const credentials: Credentials = Object.freeze({
    workspaceId: seeded.workspace.id,
    workspaceAuthToken: seeded.workspace.authToken,
    apiKey: seeded.apiKey.apiKey,
    authToken: token,
    headers: Object.freeze({ 'x-service-api-key': seeded.apiKey.apiKey, 'x-service-auth-token': token }) as Record<string, string>,
    workspaceHeaders: Object.freeze({
      'x-service-workspace-id': seeded.workspace.id,
      'x-service-workspace-auth-token': seeded.workspace.authToken,
    }) as Record<string, string>,
  });

  const snapshot = (): ServiceSnapshot => ({ tables: store.snapshot(), rng: ids.rng.state(), now: clock.now() });
  const restore = (s: ServiceSnapshot): void => {
    store.restore(s.tables);
    ids.rng.restore(s.rng);
    if (clock.kind === 'virtual') clock.set(s.now);
  };
  let initial = snapshot();
  const reset = (): void => restore(initial);
  const identity = { seed: options.seed ?? 1, workspaceId: credentials.workspaceId, apiKey: credentials.apiKey };
  const exportState = (): string => stateToText(encodeState(store.tables, ids.rng.state(), clock.now(), identity));
  const importState = (state: string | StateFile): void => {
    const decoded = decodeState(state);
    if (decoded.identity.apiKey !== identity.apiKey || decoded.identity.workspaceId !== identity.workspaceId) {
      throw new Error(
        `This state was exported from a service created with seed ${decoded.identity.seed} (API key ${decoded.identity.apiKey}); this service has seed ${identity.seed} (API key ${identity.apiKey}). Create it with createMockService({ seed: ${decoded.identity.seed} }) or use createServiceFromState().`,
      );
    }
    restore({ tables: decoded.tables, rng: decoded.rng, now: decoded.now });
    initial = snapshot();
  };

  const control: ControlDeps = { model, settings, credentials: () => credentials, reset, exportState, importState };
  const deps: DispatchDeps = {
    routes,
    unimplemented: unimplementedPaths,
    model,
    settings,
    control: (call, path) => runControl(control, call, path),
    beforeRun(caller) {
      // Clock-driven migrations complete (and move their data) as soon as any call could observe them.
      if (caller.level === 'apiKey') settleMigrations(model, caller.ns, migrationPolicy(settings));
    },
    onInternalError: options.onInternalError ?? ((error) => console.error('collab-service-mock: internal error', error)),
  };

  return {
    dispatch: (call) => runPipeline(deps, call),
    credentials,
    clock,
    settings,
    model,
    memory: createMemoryApi(model, () => credentials.apiKey),
    crdt: createCrdtAccess(model, () => credentials.apiKey),
    reset,
    snapshot,
    restore,
    markStartingState: () => {
      initial = snapshot();
    },
    exportState,
    importState,
  };
}
