import { ServiceError } from '../../errors.js';
import type { ModelContext } from '../state/context.js';
import type { Namespace } from '../state/entities.js';
import type { WorkflowStepRecord } from '../state/records/workflow.js';
import { openRun } from './run.js';
import { settleWorkflow } from './settle.js';
import { workflowOf } from './state.js';
import { finish } from './take.js';
import { type CallbackBody, finishCallback } from './webhook-node.js';

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
