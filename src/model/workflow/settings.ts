import { ServiceError } from '../../errors.js';
import type { ModelContext } from '../state/context.js';
import type { Namespace } from '../state/entities.js';
import type { ScriptedResponse, WorkflowConfig, WorkflowOutboxEntry, WorkflowStepRecord } from '../state/records/workflow.js';
import { openRun } from './run.js';
import { settleWorkflow } from './settle.js';
import { workflowOf } from './state.js';
import { finish } from './take.js';
import { type CallbackBody, finishCallback } from './webhook-node.js';

/**
 * The emulator's own workflow surface (beyond-spec-4 0.3): per-key settings, scripted answers of webhook URLs, the
 * outbox of notification and webhook nodes, and the callback target of async webhook nodes.
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
  undo.unset(wf.webhookAnswered, url);
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

/** The key and step a callback token belongs to, or `undefined`. */
export function findCallback(ctx: ModelContext, token: string): { ns: Namespace; executionId: string; stepId: string } | undefined {
  for (const ns of ctx.store.tables.namespaces.values()) {
    const found = ns.workflow?.callbacks.get(token);
    if (found) return { ns, ...found };
  }
  return undefined;
}

/**
 * Completes or fails the async webhook step a callback token names (4.2.0 F): the token header must match (401), the
 * step must still wait (409). The key's timers settle first, so a deadline that passed wins.
 * @example receiveCallback(ctx, token, token, { status: 'completed', output: { ok: true } });
 */
export function receiveCallback(
  ctx: ModelContext,
  token: string,
  headerToken: string | undefined,
  body: CallbackBody,
): { executionId: string; stepId: string } {
  const found = findCallback(ctx, token);
  if (!found) throw new ServiceError('NOT_FOUND', `No async webhook step waits for callback token ${token}.`);
  if (headerToken !== token) throw new ServiceError('UNAUTHENTICATED', 'The x-service-callback-token header does not match the callback URL.');
  settleWorkflow(ctx, found.ns);
  const wf = workflowOf(ctx, found.ns);
  const exec = wf.executions.get(found.executionId);
  const step = exec?.steps.get(found.stepId) as WorkflowStepRecord | undefined;
  if (!exec || !step || step.status !== 'waiting' || exec.status !== 'running') {
    throw new ServiceError('ABORTED', `Step ${found.stepId} no longer waits for its callback (${step?.status ?? 'gone'}).`);
  }
  const run = openRun(ctx, found.ns, wf, exec, ctx.clock.now());
  if (!run) throw new ServiceError('ABORTED', `Step ${found.stepId} no longer waits for its callback.`);
  finishCallback(run, step, body);
  finish(run);
  return { executionId: exec.executionId, stepId: step.stepId };
}
