import type { FaultsApi } from '../harness/faults.js';
import type { JournalApi } from '../harness/journal.js';
import type { WebhooksApi } from '../harness/webhooks.js';
import type { WorkflowApi } from '../harness/workflow.js';
import type { ModelContext } from '../model/state/context.js';
import type { Namespace } from '../model/state/entities.js';
import { knownNamespace } from '../model/state/keys.js';
import type { StateFile } from '../model/state/state-file.js';
import { transaction } from '../model/state/transaction.js';
import type { Credentials } from '../options.js';
import type { ApiCall, ApiReply } from '../protocol/call.js';
import type { Settings } from '../protocol/operation.js';

/** What control handlers may touch: the service's own surface, not HTTP. */
export interface ControlDeps {
  model: ModelContext;
  settings: Settings;
  /** Webhook deliveries (`service.webhooks`). */
  webhooks: WebhooksApi;
  credentials(): Credentials;
  reset(): void;
  /** The whole state as versioned JSON text (`service.exportState()`). */
  exportState(): string;
  /** Loads an exported state and makes it the starting state (`service.importState()`); throws a readable Error. */
  importState(state: StateFile): void;
  /** The request journal (`service.journal`). */
  journal: JournalApi;
  /** Fault injection (`service.faults`). */
  faults: FaultsApi;
  /** The workflow engine's settings, scripted answers, callbacks, triggers and outbox (`service.workflow`). */
  workflow: WorkflowApi;
}

/** What a control handler receives: the parsed JSON body (undefined when empty) and the query string. */
export interface ControlRequest {
  body: unknown;
  query: URLSearchParams;
  call: ApiCall;
}

/** A reply a handler builds itself (exact bytes, another content type); anything else is rendered as JSON. */
export class RawReply {
  constructor(readonly reply: ApiReply) {}
}

/** A control handler: a JSON-able value or a `RawReply` out. */
export type ControlHandler = (deps: ControlDeps, request: ControlRequest) => unknown;

/**
 * The namespace of the API key a control call names, or of the seeded key when it names none.
 * @example const ns = namespaceFor(deps, body.apiKey);
 */
export function namespaceFor(deps: ControlDeps, apiKey: string | undefined | null): Namespace {
  return knownNamespace(deps.model, apiKey || deps.credentials().apiKey);
}

/**
 * A handler that writes records, run as a transaction: after the API call in flight, and all-or-nothing (a refusal
 * or a failure halfway leaves the state as it was, ids drawn included).
 * @example 'POST /__mock/activities': inTransaction(fixtures.addActivityRecords),
 */
export function inTransaction(handler: ControlHandler): ControlHandler {
  return (deps, request) => transaction(deps.model, async () => handler(deps, request));
}
