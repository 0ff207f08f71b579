import { ServiceError } from '../../errors.js';
import type { ModelContext } from '../state/context.js';
import type { Namespace } from '../state/entities.js';
import type { HumanAggregator, WorkflowExecutionRecord, WorkflowStepRecord } from '../state/records/workflow.js';
import { findExecution } from './executions.js';
import { cancelStep, completeStep, failStep } from './flow.js';
import { waitingOutput } from './nodes.js';
import { appendEvent, isTerminal, openRun, type Run, setStep } from './run.js';
import { workflowOf } from './state.js';
import { finish } from './take.js';

/** `Step not found: <stepId>`. */
const stepNotFound = (stepId: string): ServiceError => new ServiceError('NOT_FOUND', `Step not found: ${stepId}`);

/** A step of a run, or NOT_FOUND. */
function findStep(exec: WorkflowExecutionRecord, stepId: string): WorkflowStepRecord {
  const step = exec.steps.get(stepId);
  if (!step) throw stepNotFound(stepId);
  return step;
}

/** A pass over a run for a step operation, at the request's instant. */
function passOver(ctx: ModelContext, ns: Namespace, exec: WorkflowExecutionRecord): Run {
  const run = openRun(ctx, ns, workflowOf(ctx, ns), exec, ctx.clock.now());
  if (!run) throw new ServiceError('FAILED_PRECONDITION', `The definition version of execution ${exec.executionId} is no longer stored.`);
  return run;
}

/** What `recordReviewerDecision` answers (4.2.11). */
export interface DecisionResult {
  recorded: boolean;
  aggregatorStatus: HumanAggregator['status'] | null;
  resumeScheduled: boolean;
  rejectionReason?: 'idempotent' | 'already-terminal' | 'unknown-responder';
}

/** The output of a human step whose aggregator just closed (4.2.0 I item 4). */
function resolvedOutput(run: Run, step: WorkflowStepRecord, agg: HumanAggregator): Record<string, unknown> {
  const approvals = agg.responses.filter((r) => r.decision === 'approve');
  const mandatory = agg.reviewers.filter((r) => r.mandatory);
  const decision = agg.status === 'resolved' ? 'approve' : 'reject';
  const output: Record<string, unknown> = {
    ...waitingOutput(step),
    aggregatorStatus: agg.status,
    approveCount: approvals.length,
    rejectCount: agg.responses.length - approvals.length,
    totalResponses: agg.responses.length,
    mandatoryCount: mandatory.length,
    mandatoryApproveCount: approvals.filter((r) => r.mandatory).length,
    decision,
    approved: decision === 'approve',
    resumedAt: run.now,
    resumeKey: `human:${step.stepId}`,
  };
  if (decision === 'reject') {
    const rejection = agg.responses.find((r) => r.decision === 'reject');
    output['rejectedBy'] = rejection?.reviewerId ?? null;
    output['rejectorMandatory'] = rejection?.mandatory ?? false;
    output['rejectionReason'] = rejection?.reason ?? null;
  }
  return output;
}

/**
 * `steps/recordReviewerDecision` (4.2.11, checks of 4.2.0 I in order): stores a declared reviewer's first decision;
 * the first rejection, or every mandatory approval, closes the aggregator and resumes the step within the request.
 * @example recordReviewerDecision(ctx, ns, { executionId, stepId, reviewerId: 'u1', decision: 'approve' })
 */
export function recordReviewerDecision(
  ctx: ModelContext,
  ns: Namespace,
  input: { executionId: string; stepId: string; reviewerId: string; decision: 'approve' | 'reject'; reason?: string | undefined },
): DecisionResult {
  const exec = findExecution(ns, input.executionId);
  const step = findStep(exec, input.stepId);
  if (step.nodeType !== 'human') throw new ServiceError('FAILED_PRECONDITION', `Step is not a human step: ${step.stepId}`);
  const agg = step.aggregator;
  if (agg && agg.status !== 'pending') return { recorded: false, aggregatorStatus: agg.status, resumeScheduled: false, rejectionReason: 'already-terminal' };
  if (step.status !== 'waiting' || !agg) throw new ServiceError('FAILED_PRECONDITION', `Step is not waiting: ${step.stepId} (${step.status})`);
  const reviewer = agg.reviewers.find((r) => r.userId === input.reviewerId);
  if (!reviewer) return { recorded: false, aggregatorStatus: agg.status, resumeScheduled: false, rejectionReason: 'unknown-responder' };
  if (agg.responses.some((r) => r.reviewerId === input.reviewerId))
    return { recorded: false, aggregatorStatus: agg.status, resumeScheduled: false, rejectionReason: 'idempotent' };
  const run = passOver(ctx, ns, exec);
  ctx.store.undo.touch(agg);
  agg.responses.push({ reviewerId: input.reviewerId, decision: input.decision, reason: input.reason ?? null, mandatory: reviewer.mandatory, at: run.now });
  appendEvent(run, 'step.response-recorded', step.stepId, { reviewerId: input.reviewerId, decision: input.decision, mandatory: reviewer.mandatory });
  if (input.decision === 'reject') agg.status = 'rejected';
  else if (agg.reviewers.every((r) => !r.mandatory || agg.responses.some((x) => x.reviewerId === r.userId && x.decision === 'approve')))
    agg.status = 'resolved';
  if (agg.status === 'pending') return { recorded: true, aggregatorStatus: 'pending', resumeScheduled: false };
  appendEvent(run, 'step.resumed', step.stepId, { resumeKey: `human:${step.stepId}` });
  const output = resolvedOutput(run, step, agg);
  completeStep(run, step, output, { aggregatorStatus: agg.status, nodeType: 'human', decision: output['decision'] });
  finish(run);
  return { recorded: true, aggregatorStatus: agg.status, resumeScheduled: true };
}

/** The six override actions of `steps/resolve`. */
export type ResolveAction = 'force-approve' | 'force-reject' | 'force-complete' | 'force-fail' | 'reviewer-approve' | 'reviewer-reject';

const notApplied = (why: string): ServiceError => new ServiceError('FAILED_PRECONDITION', `resolveStep not applied: ${why}`);

/**
 * `steps/resolve` (4.2.12): an operator override or a reviewer-scoped decision outside the aggregator. Checks in
 * order: the step (per the two not-found rules), the reviewer, the node type, the status.
 * @example resolveStep(ctx, ns, { executionId, stepId, action: 'force-approve', actorId: 'ops' })
 */
export function resolveStep(
  ctx: ModelContext,
  ns: Namespace,
  input: {
    executionId: string;
    stepId: string;
    action: ResolveAction;
    actorId: string;
    output?: Record<string, unknown> | undefined;
    reason?: string | undefined;
  },
): { resolved: true; executionId: string; stepId: string; action: ResolveAction } {
  const reviewerAction = input.action.startsWith('reviewer-');
  const exec = ns.workflow?.executions.get(input.executionId);
  const step = exec?.steps.get(input.stepId);
  if (!exec || !step) throw reviewerAction ? stepNotFound(input.stepId) : notApplied('step-not-found');
  if (reviewerAction && step.nodeType === 'human' && !step.aggregator?.reviewers.some((r) => r.userId === input.actorId)) {
    throw new ServiceError('PERMISSION_DENIED', 'actorId is not a declared reviewer of this step');
  }
  if (reviewerAction && step.nodeType !== 'human') throw notApplied('not-human-step');
  if (isTerminal(step.status)) throw notApplied('step-terminal');
  const forcesEnd = input.action === 'force-complete' || input.action === 'force-fail';
  if (step.status !== 'waiting' && !(forcesEnd && step.status === 'running')) throw notApplied('invalid-state');
  const run = passOver(ctx, ns, exec);
  const decision = input.action.endsWith('-approve') || input.action === 'force-complete' ? 'approve' : 'reject';
  appendEvent(run, 'step.overridden', step.stepId, { actorId: input.actorId, action: input.action, reason: input.reason ?? null, decision });
  const agg = step.aggregator;
  if (agg) setStep(run, step, { aggregator: { ...structuredClone(agg), status: decision === 'approve' ? 'resolved' : 'rejected' } });
  const caller = structuredClone(input.output ?? {});
  if (input.action === 'force-complete' || input.action === 'force-fail') {
    const output = { overriddenAt: run.now, ...caller };
    if (input.action === 'force-fail') {
      failStep(run, step, { code: 'force-fail', message: input.reason ?? `failed by ${input.actorId}` }, { reason: 'force-fail' }, output);
    } else {
      completeStep(
        run,
        step,
        output,
        step.nodeType === 'human' ? { aggregatorStatus: 'resolved', nodeType: 'human', decision: 'approve' } : { nodeType: step.nodeType },
      );
    }
  } else {
    const approved = decision === 'approve';
    const output = { ...caller, decision, approved, approvalReply: input.reason ?? null, overriddenAt: run.now };
    const data =
      step.nodeType === 'human' ? { aggregatorStatus: approved ? 'resolved' : 'rejected', nodeType: 'human', decision } : { nodeType: step.nodeType, decision };
    completeStep(run, step, output, data);
  }
  finish(run);
  return { resolved: true, executionId: exec.executionId, stepId: step.stepId, action: input.action };
}

/**
 * `steps/cancel` (4.2.13): cancels one open step, leaving its siblings; its group counts it, nothing fires, and a run
 * whose last open step it was completes.
 * @example cancelOneStep(ctx, ns, { executionId, stepId, actorId: 'ops' })
 */
export function cancelOneStep(
  ctx: ModelContext,
  ns: Namespace,
  input: { executionId: string; stepId: string; actorId: string; reason?: string | undefined },
): { cancelled: true; executionId: string; stepId: string } {
  const exec = findExecution(ns, input.executionId);
  const step = findStep(exec, input.stepId);
  if (isTerminal(step.status)) throw new ServiceError('FAILED_PRECONDITION', `Step is already terminal: ${step.stepId}`);
  const run = passOver(ctx, ns, exec);
  cancelStep(run, step, input.actorId, input.reason ?? null);
  finish(run);
  return { cancelled: true, executionId: exec.executionId, stepId: step.stepId };
}

/**
 * `steps/recordAgentResolution` (4.2.14): blocking agent steps cannot exist in the beta, so every existing step is
 * refused and unknown ids are NOT_FOUND.
 * @example recordAgentResolution(ns, { executionId, stepId })
 */
export function recordAgentResolution(ns: Namespace, input: { executionId: string; stepId: string }): never {
  const exec = findExecution(ns, input.executionId);
  const step = findStep(exec, input.stepId);
  throw new ServiceError('FAILED_PRECONDITION', `Step is not a blocking agent step: ${step.stepId}`);
}
