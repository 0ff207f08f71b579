import type { ControlDeps } from './control/context.js';
import { type AccessApi, createAccessApi } from './harness/access.js';
import { type AgentsApi, createAgentsApi } from './harness/agents.js';
import { type CrdtAccess, createCrdtAccess } from './harness/crdt.js';
import { createFaults, type FaultsApi } from './harness/faults.js';
import { createJournal, DEFAULT_JOURNAL_LIMIT, type JournalApi } from './harness/journal.js';
import { createMemoryApi, type MemoryApi } from './harness/memory.js';
import { createMemoryExtras, type MemoryExtrasApi } from './harness/memory-extras.js';
import { createRewriterApi, type RewriterApi } from './harness/rewriter.js';
import { createWebhooksApi, type WebhooksApi } from './harness/webhooks.js';
import { createWorkflowApi, type WorkflowApi } from './harness/workflow.js';
import { settleAgents } from './model/agents/load.js';
import { settleKnowledge } from './model/knowledge/progress.js';
import { settleMigrations } from './model/migrations.js';
import type { ModelContext } from './model/state/context.js';
import type { Namespace } from './model/state/entities.js';
import { createEvents } from './model/state/events.js';
import { decodeState, encodeState, readStateHeader, type StateFile, stateCredentials, stateToText } from './model/state/state-file.js';
import { createStore, type StateHandle } from './model/state/store.js';
import { webhookAllowList } from './model/webhooks/allow-list.js';
import { settleEditorChanges } from './model/webhooks/attempts.js';
import { attachWebhookOutbox } from './model/webhooks/events.js';
import { nextWorkflowDueAt, settleEveryWorkflow, settleWorkflows } from './model/workflow/load.js';
import { createWorkspace } from './model/workspaces/workspaces.js';
import { type Credentials, checkCredentials, DEFAULT_BASE_URL, type MockServiceOptions } from './options.js';
import { authHeaderNames } from './protocol/auth-headers.js';
import type { ApiCall, ApiReply } from './protocol/call.js';
import { corsOrigins } from './protocol/cors.js';
import { answerNow, type DispatchDeps, type RouteTables, dispatch as runPipeline } from './protocol/dispatch.js';
import { createHooks } from './protocol/hooks.js';
import { checkLimits, STATE_LIMITS } from './protocol/limits.js';
import { migrationPolicy, type Settings } from './protocol/operation.js';
import { registerInternals } from './service-internals.js';
import { type Clock, createClock } from './support/clock.js';
import { createIds } from './support/ids.js';
import { type ControlPlane, firstUseInOrder, loadControlPlane, loadRouteTable } from './surface.js';

export type { Credentials, CredentialValues, MockServiceOptions } from './options.js';
export { DEFAULT_BASE_URL } from './options.js';

/** A saved point of a service's whole state; taking one is O(1), restoring it costs what changed since. */
export interface ServiceSnapshot {
  readonly state: StateHandle;
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
  /** The seed of every id, token and secret this service draws (and of the scenarios loaded into it). */
  readonly seed: number;
  /** The seeded workspace, its testing API key and that key's auth token. */
  readonly credentials: Credentials;
  readonly clock: Clock;
  readonly settings: Readonly<Settings>;
  /** The state and its sources, for scenarios and in-process helpers. */
  readonly model: ModelContext;
  /** Decision memory: record and list the judgments memory reads draw on; knowledge settings; insight seeds. */
  readonly memory: MemoryApi & MemoryExtrasApi;
  /** The rewriter: script what `/v2/rewriter/ask-ai` answers. */
  readonly rewriter: RewriterApi;
  /** Review agents: settings, the page registry, scripted findings and prompt replies, manual completion, usage. */
  readonly agents: AgentsApi;
  /** Shared-editor documents: `crdt.doc({ organizationId, documentId, editorId })` is the live `Y.Doc`. */
  readonly crdt: CrdtAccess;
  /** The request journal: every call with its status, hint, redacted bodies and duration. */
  readonly journal: JournalApi;
  /** Fault injection: rules that answer errors, the service's 429 or latency for matching calls. */
  readonly faults: FaultsApi;
  /** Webhook deliveries: list them, run due attempts, move the clock through retries, wait for one. */
  readonly webhooks: WebhooksApi;
  /** The access model: `access.explain({ organizationId, documentId, userId })` says who may read or write and why. */
  readonly access: AccessApi;
  /** The workflow engine: settings, scripted webhook answers, async callbacks, trigger firing and the outbox. */
  readonly workflow: WorkflowApi;
  /** Back to the state the service started with (same seed, same ids from then on). */
  reset(): void;
  snapshot(): ServiceSnapshot;
  restore(snapshot: ServiceSnapshot): void;
  /** The whole state as versioned JSON text (Maps, Sets, bytes and Yjs documents encoded); same state, same bytes. */
  exportState(): string;
  /** Replaces the state with an exported one and makes it the starting state; refuses newer formats and other seeds. */
  importState(state: string | StateFile): void;
}

export { answerCall, markStartingState, serviceHooks } from './service-internals.js';

/**
 * Creates an independent service seeded with one workspace and a testing API key, or (with `state`) one that
 * starts from an exported state and takes its seed from the file.
 * @example const { credentials } = createMockService(); credentials.headers['x-service-api-key'];
 */
export function createMockService(options: MockServiceOptions = {}): MockService {
  if ('scenario' in options) {
    // Scenarios load faker on demand (an ESM dynamic import), which a synchronous constructor cannot await.
    throw new Error("createMockService() is synchronous and builds no scenario; use `await createScenarioService({ scenario: 'team', seed: 7 })`.");
  }
  if (options.state !== undefined) {
    if (options.seed !== undefined) {
      throw new Error('createMockService({ state }) takes its seed from the exported state; leave seed out.');
    }
    const { file, identity } = readStateHeader(options.state as string | StateFile);
    const { state: _state, ...rest } = options;
    // A state keeps the credentials it was made with, given ones included, unless the caller names others.
    const service = createMockService({ ...rest, seed: identity.seed, credentials: options.credentials ?? stateCredentials(file) });
    service.importState(file);
    return service;
  }
  const seed = options.seed ?? 1;
  const authHeaders = authHeaderNames(options.headerPrefix);
  const given = checkCredentials(options.credentials);
  const clock = createClock(options.clock);
  const ids = createIds(seed);
  const store = createStore();
  const model: ModelContext = { store, clock, ids, events: createEvents() };
  // The outbox subscribes first, so the delivery harness sees each event's deliveries already queued.
  attachWebhookOutbox(model);
  // Moving the clock runs workflow timers at their instants too (SLA breaches, polls, retries, schedules).
  const workflowClock = {
    nextDueAt: () => nextWorkflowDueAt(model),
    settle: (only?: Namespace) => (only ? settleWorkflows(model, only) : settleEveryWorkflow(model)),
  };
  const webhookAllow = webhookAllowList(options.webhooks?.allow);
  const webhooks = createWebhooksApi(model, options.webhooks?.deliver ?? 'record', [workflowClock], webhookAllow);
  const settings: Settings = {
    workspaceReadLimit: options.workspaceReadLimit ?? 100,
    disposableEmailDomains: [...(options.disposableEmailDomains ?? [])],
    migrations: options.migrations ?? 'poll',
    migrationStepMs: options.migrationStepMs ?? 5000,
    issuer: options.issuer ?? DEFAULT_BASE_URL,
    loginLinkHosts: [...(options.loginLinkHosts ?? ['console.collab-service.test', 'localhost'])],
    userDataDeleteAccepted: options.userDataDeleteAccepted ?? true,
    missingDocuments: options.missingDocuments ?? 'documented',
    webhookAllow,
    corsOrigins: corsOrigins(options.cors?.origins),
    authHeaders,
  };
  const seeded = createWorkspace(model, {
    ownerEmail: options.workspace?.ownerEmail ?? 'owner@collab-service.test',
    name: options.workspace?.name ?? 'Example Owner',
    workspaceName: options.workspace?.workspaceName ?? 'Example Workspace',
    ...(options.workspace?.plan ? { plan: options.workspace.plan } : {}),
    fixed: given,
  });
  const token = seeded.apiKey.authTokens[0]?.token ?? '';
  const credentials: Credentials = Object.freeze({
    workspaceId: seeded.workspace.id,
    workspaceAuthToken: seeded.workspace.authToken,
    apiKey: seeded.apiKey.apiKey,
    authToken: token,
    headers: Object.freeze({ [authHeaders.apiKey]: seeded.apiKey.apiKey, [authHeaders.authToken]: token }) as Record<string, string>,
    workspaceHeaders: Object.freeze({
      [authHeaders.workspaceId]: seeded.workspace.id,
      [authHeaders.workspaceAuthToken]: seeded.workspace.authToken,
    }) as Record<string, string>,
  });

  const snapshot = (): ServiceSnapshot => ({ state: store.snapshot(), rng: ids.rng.state(), now: clock.now() });
  const restore = (s: ServiceSnapshot): void => {
    store.restore(s.state);
    ids.rng.restore(s.rng);
    if (clock.kind === 'virtual') clock.set(s.now);
  };
  // What the service was built with is where its history begins.
  store.rebase();
  let initial = snapshot();
  const reset = (): void => restore(initial);
  const identity = { seed, workspaceId: credentials.workspaceId, apiKey: credentials.apiKey };
  const exportState = (): string => stateToText(encodeState(store.tables, ids.rng.state(), clock.now(), identity));
  const importState = (state: string | StateFile): void => {
    const parsed = readStateHeader(state).file;
    const beyond = checkLimits(parsed, 'state', STATE_LIMITS);
    if (beyond !== undefined) throw new Error(`This state is beyond the limits of the state format: ${beyond}`);
    const decoded = decodeState(parsed);
    if (decoded.identity.apiKey !== identity.apiKey || decoded.identity.workspaceId !== identity.workspaceId) {
      const fromFile = 'or from the file itself: createMockService({ state }) takes its seed and credentials from it.';
      throw new Error(
        decoded.identity.seed === identity.seed
          ? `This state was exported from a service with API key ${decoded.identity.apiKey} and workspace ${decoded.identity.workspaceId}; this service has API key ${identity.apiKey} and workspace ${identity.workspaceId} (other credentials). Create the service with the same credentials, ${fromFile}`
          : `This state was exported from a service created with seed ${decoded.identity.seed} (API key ${decoded.identity.apiKey}); this service has seed ${identity.seed} (API key ${identity.apiKey}). Create the service with createMockService({ seed: ${decoded.identity.seed} }) and the same credentials, ${fromFile}`,
      );
    }
    store.release(initial.state);
    store.replace(decoded.tables);
    ids.rng.restore(decoded.rng);
    if (clock.kind === 'virtual') clock.set(decoded.now);
    initial = snapshot();
  };

  const hooks = createHooks();
  // Clock-driven migrations complete (and move their data) as soon as any call could observe them.
  hooks.settle.push((m, caller) => settleMigrations(m, caller.ns, migrationPolicy(settings)));
  // Agent executions on the clock complete their due URLs (and write their annotations) before any call reads them.
  hooks.settle.push((m, caller) => settleAgents(m, caller.ns));
  const journal = createJournal(hooks, { limit: options.journalLimit ?? DEFAULT_JOURNAL_LIMIT, authHeaders });
  const faults = createFaults(hooks, seed, authHeaders.apiKey);
  // Knowledge ingestions on the clock end at their due instant as soon as any call could observe them.
  hooks.settle.push((m, caller) => settleKnowledge(m, caller.ns));
  // Debounced shared-editor changes become crdt.update_data messages once any call could observe them.
  hooks.settle.push((m, caller) => settleEditorChanges(m, caller.ns));
  // Workflow timers (SLA breaches, agent polls, webhook retries, schedules) run at their due instants, in order.
  hooks.settle.push((m, caller) => settleWorkflows(m, caller.ns));
  const workflow = createWorkflowApi(model, () => credentials.apiKey);
  const control: ControlDeps = { model, settings, webhooks, credentials: () => credentials, reset, exportState, importState, journal, faults, workflow };
  // The route table loads on the first API call and the control plane on the first control call, calls kept in order.
  const inTurn = firstUseInOrder();
  let tables: RouteTables | undefined;
  let plane: ControlPlane | undefined;
  const deps: DispatchDeps = {
    tables: () => inTurn(tables, () => loadRouteTable().then((table) => (tables = { routes: table.routes }))),
    model,
    settings,
    control: async (call, path) => {
      plane = await inTurn(plane, loadControlPlane);
      return plane.runControl(control, call, path);
    },
    hooks,
    onInternalError: options.onInternalError ?? ((error) => console.error('collab-service-mock: internal error', error)),
  };

  const service: MockService = {
    dispatch: (call) => runPipeline(deps, call),
    seed,
    credentials,
    clock,
    settings,
    model,
    memory: { ...createMemoryApi(model, () => credentials.apiKey), ...createMemoryExtras(model, () => credentials.apiKey) },
    rewriter: createRewriterApi(model, () => credentials.apiKey),
    agents: createAgentsApi(model, () => credentials.apiKey),
    crdt: createCrdtAccess(model, () => credentials.apiKey),
    journal,
    faults,
    webhooks,
    access: createAccessApi(model, () => credentials.apiKey),
    workflow,
    reset,
    snapshot,
    restore,
    exportState,
    importState,
  };
  registerInternals(service, {
    hooks,
    dispatch: service.dispatch,
    answerNow: (call) => answerNow(deps, call),
    markStartingState: () => {
      store.release(initial.state);
      store.rebase();
      initial = snapshot();
    },
  });
  return service;
}
