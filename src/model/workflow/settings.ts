import type { ModelContext } from '../state/context.js';
import type { Namespace } from '../state/entities.js';
import type { ScriptedResponse, WorkflowConfig, WorkflowOutboxEntry } from '../state/records/workflow.js';
import { workflowOf } from './state.js';

/**
 * The emulator's own workflow surface (beyond-spec-4 0.3) that needs no engine: per-key settings, scripted answers of
 * webhook URLs, and the outbox of notification and webhook nodes.
 */

/**
 * Changes the given settings of a key, keeping the others; returns all of them.
 * @example configureWorkflow(ctx, ns, { agentSteps: 'immediate' }).webhookRetries === 3
 */
export function configureWorkflow(ctx: ModelContext, ns: Namespace, patch: Partial<WorkflowConfig>): WorkflowConfig {
  const wf = workflowOf(ctx, ns);
  const next: WorkflowConfig = { ...structuredClone(wf.config), ...structuredClone(patch) };
  ctx.store.undo.assign(wf, 'config', next);
  return structuredClone(next);
}

/**
 * Scripts the answers of a URL (or Slack target): each request takes the next one, the last repeats; an empty list
 * forgets the URL (back to the default answer).
 * @example scriptResponses(ctx, ns, 'https://hooks.example.com', [{ status: 503, headers: {} }, { status: 200, headers: {}, json: {} }]);
 */
export function scriptResponses(ctx: ModelContext, ns: Namespace, url: string, responses: ScriptedResponse[]): void {
  const wf = workflowOf(ctx, ns);
  const { undo } = ctx.store;
  if (responses.length === 0) undo.delete(wf.webhookResponses, url);
  else undo.set(wf.webhookResponses, url, structuredClone(responses));
  undo.delete(wf.webhookAnswered, url);
}

/** Which outbox entries to list. */
export interface OutboxFilter {
  executionId?: string | undefined;
  kind?: 'notification' | 'webhook' | undefined;
}

/**
 * The messages notification nodes sent and the requests webhook nodes made, oldest first.
 * @example workflowOutbox(ns, { kind: 'notification' })[0]?.message
 */
export function workflowOutbox(ns: Namespace, filter: OutboxFilter = {}): WorkflowOutboxEntry[] {
  return (ns.workflow?.outbox ?? [])
    .filter((e) => (filter.executionId === undefined || e.executionId === filter.executionId) && (filter.kind === undefined || e.kind === filter.kind))
    .map((e) => structuredClone(e));
}
