import type { ModelContext } from '../state/context.js';
import type { Namespace } from '../state/entities.js';
import type { WorkflowState, WorkflowTimer } from '../state/records/workflow.js';
import { ensureAgentRuns } from './agent-runs.js';
import { breachStep } from './flow.js';
import { pollAgent } from './nodes.js';
import { openRun } from './run.js';
import { finish, takeStep } from './take.js';
import { takeDueTimer } from './timers.js';
import { fireSchedule } from './triggers.js';
import { attemptWebhook } from './webhook-node.js';

/** Runs one due timer at its own instant; a timer whose step moved on meanwhile does nothing. */
function runTimer(ctx: ModelContext, ns: Namespace, wf: WorkflowState, timer: WorkflowTimer): void {
  if (timer.kind === 'schedule') {
    fireSchedule(ctx, ns, wf, timer);
    return;
  }
  const exec = wf.executions.get(timer.executionId ?? '');
  const step = exec?.steps.get(timer.stepId ?? '');
  if (!exec || !step || exec.status !== 'running') return;
  const run = openRun(ctx, ns, wf, exec, timer.at);
  if (!run) return;
  if (timer.kind === 'pickup') takeStep(run, step);
  else if (timer.kind === 'sla') {
    if ((step.status === 'running' || step.status === 'waiting') && step.deadline === timer.at) breachStep(run, step);
  } else if (timer.kind === 'poll') pollAgent(run, step);
  else if (timer.kind === 'retry') {
    if (step.status === 'running' && step.webhook?.attempts === timer.attempt) {
      const node = run.nodes.get(step.nodeId);
      attemptWebhook(run, step, node?.config ?? {}, node?.requireNonEmptyOutput === true);
    }
  }
  finish(run);
}

/**
 * Brings a key's workflow up to the clock: every timer due by now runs at its own instant, in chronological order
 * (SLA breaches, agent polls, webhook retries, delayed pickups, schedules). Costs nothing when nothing is due.
 * @example settleWorkflow(ctx, caller.ns);
 */
export function settleWorkflow(ctx: ModelContext, ns: Namespace): void {
  const wf = ns.workflow;
  if (!wf) return;
  const now = ctx.clock.now();
  for (let timer = takeDueTimer(ctx, wf, now); timer; timer = takeDueTimer(ctx, wf, now)) runTimer(ctx, ns, wf, timer);
}

/**
 * The settle step of the pipeline: loads the agents engine first when the key's runs may start or read agent runs.
 * @example hooks.settle.push((m, caller) => settleWorkflowStep(m, caller.ns));
 */
export function settleWorkflowStep(ctx: ModelContext, ns: Namespace): void | Promise<void> {
  const loading = ensureAgentRuns(ns);
  if (loading) return loading.then(() => settleWorkflow(ctx, ns));
  settleWorkflow(ctx, ns);
}

/**
 * Settles every key's workflow (the clock moved).
 * @example settleAllWorkflows(ctx);
 */
export async function settleAllWorkflows(ctx: ModelContext): Promise<void> {
  for (const ns of ctx.store.tables.namespaces.values()) {
    if (!ns.workflow) continue;
    await ensureAgentRuns(ns);
    settleWorkflow(ctx, ns);
  }
}
