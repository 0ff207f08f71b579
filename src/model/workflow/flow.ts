import type { CompiledLoop, GroupRun, LoopAttempt, WorkflowError, WorkflowStepRecord } from '../state/records/workflow.js';
import { evaluate, type PredicateScope } from './predicates.js';
import { appendEvent, isTerminal, type Run, scheduleStep, setStep } from './run.js';

/**
 * What happens after a step reaches a terminal status (beyond-spec-4 4.2.0 G, H): group counters, loops, fan-out along
 * the compiled forward edges, and the rollup that finishes the run. Events follow the documented order: the step's
 * terminal event, then group and loop consequences, then `step.scheduled` per successor; the rollup event last.
 */

/** Ends a step `completed` with its output and `step.completed`, then runs the consequences. */
export function completeStep(run: Run, step: WorkflowStepRecord, output: Record<string, unknown>, data: unknown): void {
  setStep(run, step, { status: 'completed', completedAt: run.now, output });
  appendEvent(run, 'step.completed', step.stepId, data);
  afterTerminal(run, step);
}

/** Ends a step `failed` with its error and `step.failed`, then runs the consequences. */
export function failStep(run: Run, step: WorkflowStepRecord, error: WorkflowError, data: unknown, output: Record<string, unknown> = step.output): void {
  setStep(run, step, { status: 'failed', completedAt: run.now, error, output });
  appendEvent(run, 'step.failed', step.stepId, data);
  afterTerminal(run, step);
}

/** Ends a running or waiting step `breached` (its SLA passed): `step.breached`, then the consequences. */
export function breachStep(run: Run, step: WorkflowStepRecord): void {
  setStep(run, step, { status: 'breached', completedAt: run.now });
  appendEvent(run, 'step.breached', step.stepId, { reason: 'sla-exceeded' });
  afterTerminal(run, step);
}

/** Cancels a non-terminal step (`step.cancelled`); it fires nothing, but its group counts it. */
export function cancelStep(run: Run, step: WorkflowStepRecord, actorId: string, reason: string | null): void {
  setStep(run, step, { status: 'cancelled', completedAt: run.now });
  appendEvent(run, 'step.cancelled', step.stepId, { actorId, reason });
  if (step.groupId !== null) countMember(run, step);
}

/** The scope a predicate of a step's edges sees. */
function scopeOf(run: Run, output: unknown, step: PredicateScope['step']): PredicateScope {
  return { output, step, execution: { input: run.exec.input.triggerContext } };
}

/** Records a failure no edge recovered from; the run fails with the first one once nothing is left to do. */
function unrecovered(run: Run, error: WorkflowError): void {
  if (run.exec.unrecovered === null) run.ctx.store.undo.assign(run.exec, 'unrecovered', error);
}

/** The node-sourced loop whose terminal is this node, if any. */
const loopEndingAt = (run: Run, nodeId: string): CompiledLoop | undefined =>
  run.version.compiled.loops.find((l) => l.from.kind === 'node' && l.from.nodeId === nodeId);

/** Group and loop consequences, then fan-out. */
function afterTerminal(run: Run, step: WorkflowStepRecord): void {
  if (run.exec.status !== 'running') return;
  const groupFired = step.groupId !== null ? countMember(run, step) : false;
  const loop = loopEndingAt(run, step.nodeId);
  if (loop && step.status === 'completed' && step.output['decision'] === 'reject' && step.output['rejectorMandatory'] === true) {
    fireLoop(run, loop, step.stepId, step.iteration, rejectionOf(step));
    return;
  }
  fanOut(run, step, groupFired);
}

/** The rejection details a loop records from a terminal step's output. */
function rejectionOf(step: WorkflowStepRecord): Omit<LoopAttempt, 'iteration' | 'authorOutput' | 'rejectedAt'> {
  const o = step.output;
  return {
    rejectedBy: typeof o['rejectedBy'] === 'string' ? o['rejectedBy'] : null,
    rejectorMandatory: o['rejectorMandatory'] === true,
    rejectionReason: typeof o['rejectionReason'] === 'string' ? o['rejectionReason'] : null,
  };
}

/**
 * Evaluates a terminal step's own forward edges in order and schedules one successor per firing edge. A failed or
 * breached step none of whose edges (or group's edges) can fire leaves an unrecovered failure.
 */
function fanOut(run: Run, step: WorkflowStepRecord, groupHandles: boolean): void {
  if (step.status === 'cancelled') return;
  const policy = step.groupId === null ? undefined : (run.groups.get(step.groupId)?.onQuorumMet ?? 'waitAll');
  let fired = 0;
  if (policy !== 'joinOnQuorum') {
    const scope = scopeOf(run, step.output, {
      stepId: step.stepId,
      nodeId: step.nodeId,
      status: step.status,
      retryCount: step.webhook?.attempts ? step.webhook.attempts - 1 : 0,
    });
    for (const edge of run.version.compiled.forwardEdges) {
      if (edge.from !== step.nodeId || edge.fromGroupId !== undefined || !evaluate(edge.when, scope)) continue;
      fired++;
      scheduleStep(run, edge.to, { stepId: `${step.stepId}__to__${edge.to}`, input: step.output, iteration: step.iteration, loopId: step.loopId });
    }
  }
  if (fired > 0 || groupHandles || (step.status !== 'failed' && step.status !== 'breached')) return;
  const cause = step.status === 'breached' ? 'sla-exceeded' : (step.error?.code ?? 'failed');
  const failure = { code: step.status === 'breached' ? 'step-breached' : 'step-failed', message: `${step.nodeId}: ${cause}` };
  const group = step.groupId === null ? undefined : run.exec.groups[`${step.groupId}#${step.iteration}`];
  const groupHasExits = step.groupId !== null && run.version.compiled.forwardEdges.some((e) => e.fromGroupId === step.groupId);
  // A member's failure is recovered if its group still branches; the rollup decides.
  if (group && groupHasExits) {
    if (!group.fired && group.failure === null) run.ctx.store.undo.assign(group, 'failure', failure);
  } else unrecovered(run, failure);
}

/** The counters of a group in a loop pass, created fresh on first use. */
function groupRun(run: Run, groupId: string, iteration: number): GroupRun {
  const key = `${groupId}#${iteration}`;
  let state = run.exec.groups[key];
  if (!state) {
    state = {
      groupId,
      iteration,
      completedTotal: 0,
      totalApproved: 0,
      quorumMet: false,
      fired: false,
      completed: false,
      impossible: false,
      outputs: {},
      failure: null,
    };
    run.ctx.store.undo.assign(run.exec.groups, key, state);
  }
  return state;
}

/**
 * Counts a terminal member of a group and applies the group's policy: quorum met (event, cancellations, on-quorum
 * successors), quorum impossible (a group-bounded loop fires), `waitAll`'s collective branch, completion. Returns
 * whether the group took over the member's routing.
 */
function countMember(run: Run, step: WorkflowStepRecord): boolean {
  const groupId = step.groupId as string;
  const group = run.groups.get(groupId);
  if (!group || run.exec.status !== 'running' || run.restarting) return false;
  const { undo } = run.ctx.store;
  const state = groupRun(run, groupId, step.iteration);
  undo.touch(state);
  state.completedTotal += 1;
  const approved = step.status === 'completed' && step.output['decision'] === 'approve';
  if (approved) state.totalApproved += 1;
  state.outputs[step.nodeId] = { stepId: step.stepId, status: step.status, output: structuredClone(step.output) };
  const policy = group.onQuorumMet ?? 'waitAll';
  const requiredOk = (group.requiredNodeIds ?? []).every((id) => {
    const out = state.outputs[id] as { status: string; output: Record<string, unknown> } | undefined;
    return out?.status === 'completed' && out.output['decision'] === 'approve';
  });
  let handled = false;
  if (!state.quorumMet && state.totalApproved >= group.quorum && requiredOk) {
    state.quorumMet = true;
    appendEvent(run, 'group.quorum-met', null, {
      groupId,
      total: state.totalApproved,
      quorum: group.quorum,
      completedTotal: state.completedTotal,
      expectedSteps: group.expectedSteps,
    });
    if (policy !== 'waitAll') {
      for (const member of [...run.exec.steps.values()]) {
        if (member.groupId === groupId && member.iteration === step.iteration && member.status === 'waiting')
          cancelStep(run, member, 'system:group-quorum', 'group-quorum-met');
      }
      if (!state.fired) {
        state.fired = true;
        fireGroup(run, groupId, step, 'approve', state);
      }
      handled = true;
    }
  }
  const requiredFailed = (group.requiredNodeIds ?? []).some((id) => {
    const out = state.outputs[id] as { status: string; output: Record<string, unknown> } | undefined;
    return out !== undefined && !(out.status === 'completed' && out.output['decision'] === 'approve');
  });
  const remaining = group.expectedSteps - state.completedTotal;
  if (!state.quorumMet && !state.impossible && (state.totalApproved + remaining < group.quorum || requiredFailed)) {
    state.impossible = true;
    const loop = run.version.compiled.loops.find((l) => l.from.kind === 'group' && l.from.groupId === groupId);
    if (loop && step.output['rejectorMandatory'] === true) {
      fireLoop(run, loop, `group_${groupId}`, step.iteration, rejectionOf(step));
      handled = true;
    }
  }
  if (policy === 'waitAll' && !state.fired && state.completedTotal >= group.expectedSteps) {
    state.fired = true;
    fireGroup(run, groupId, step, state.totalApproved === state.completedTotal ? 'approve' : 'reject', state);
  }
  if (!state.completed && state.completedTotal >= group.expectedSteps) {
    state.completed = true;
    appendEvent(run, 'parallel-group.completed', null, { groupId, completedTotal: state.completedTotal, totalApproved: state.totalApproved });
  }
  return handled;
}

/** Fires the edges leaving a group as one collective branch: one group-owned successor per distinct target. */
function fireGroup(run: Run, groupId: string, member: WorkflowStepRecord, decision: 'approve' | 'reject', state: GroupRun): void {
  const group = run.groups.get(groupId);
  const input = { groupOutputs: structuredClone(state.outputs), groupId, quorum: group?.quorum ?? 0, totalApproved: state.totalApproved };
  const output = { ...input, decision };
  const scope = scopeOf(run, output, { stepId: `group_${groupId}`, nodeId: groupId, status: 'completed', retryCount: 0 });
  const done = new Set<string>();
  for (const edge of run.version.compiled.forwardEdges) {
    if (edge.fromGroupId !== groupId || done.has(edge.to) || !evaluate(edge.when, scope)) continue;
    done.add(edge.to);
    scheduleStep(run, edge.to, { stepId: `group_${groupId}__to__${edge.to}`, input, iteration: member.iteration, loopId: member.loopId });
  }
}

/**
 * A rejected pass of a loop: restart the body (cancelling what is still open in it) while passes remain, else
 * `loop.exhausted` and the exhausted route, or an unrecovered `loop-exhausted` failure.
 */
function fireLoop(
  run: Run,
  loop: CompiledLoop,
  fromStepId: string,
  iteration: number,
  rejection: Omit<LoopAttempt, 'iteration' | 'authorOutput' | 'rejectedAt'>,
): void {
  const { undo } = run.ctx.store;
  let state = run.exec.loops[loop.loopId];
  if (!state) {
    state = { iteration: 1, attempts: [] };
    undo.assign(run.exec.loops, loop.loopId, state);
  }
  const entry = [...run.exec.steps.values()].reverse().find((s) => s.nodeId === loop.entryNodeId && s.iteration === iteration);
  undo.touch(state);
  state.attempts.push({ iteration, authorOutput: structuredClone(entry?.output ?? null), ...rejection, rejectedAt: run.now });
  if (iteration < loop.maxIterations) {
    const body = new Set(loop.bodyNodeIds);
    run.restarting = true;
    for (const s of [...run.exec.steps.values()]) {
      if (body.has(s.nodeId) && s.iteration === iteration && !isTerminal(s.status)) cancelStep(run, s, 'system:loop-restart', 'loop-restart');
    }
    run.restarting = false;
    state.iteration = iteration + 1;
    appendEvent(run, 'loop.iteration-started', null, { loopId: loop.loopId, iteration: iteration + 1, triggeredBy: 'rejection' });
    const input = { iteration: iteration + 1, loopId: loop.loopId, previousAttempts: structuredClone(state.attempts) };
    scheduleStep(run, loop.entryNodeId, { stepId: `${fromStepId}__to__${loop.entryNodeId}`, input, iteration: iteration + 1, loopId: loop.loopId });
    return;
  }
  const data: Record<string, unknown> = { loopId: loop.loopId, iteration };
  if (rejection.rejectedBy !== null) data['lastRejectedBy'] = rejection.rejectedBy;
  if (rejection.rejectionReason !== null) data['lastRejectionReason'] = rejection.rejectionReason;
  appendEvent(run, 'loop.exhausted', null, data);
  if (loop.onExhausted) {
    const to = loop.onExhausted.routeToNodeId;
    scheduleStep(run, to, {
      stepId: `${fromStepId}__to__${to}`,
      input: { loopId: loop.loopId, previousAttempts: structuredClone(state.attempts) },
      iteration,
      loopId: null,
    });
  } else {
    const nodeId = loop.from.kind === 'node' ? loop.from.nodeId : loop.from.groupId;
    unrecovered(run, { code: 'loop-exhausted', message: `${nodeId}: loop-exhausted` });
  }
}

/**
 * Finishes a running run once no step is `pending`, `running` or `waiting`: `failed` with the first unrecovered
 * failure, else `completed`; the rollup event is the run's last.
 * @example rollup(run);
 */
export function rollup(run: Run): void {
  const { exec } = run;
  if (exec.status !== 'running') return;
  for (const step of exec.steps.values()) if (!isTerminal(step.status)) return;
  for (const group of Object.values(exec.groups)) if (!group.fired && group.failure !== null) unrecovered(run, group.failure);
  const { undo } = run.ctx.store;
  const failed = exec.unrecovered !== null;
  undo.assign(exec, 'status', failed ? 'failed' : 'completed');
  undo.assign(exec, 'completedAt', run.now);
  if (failed) undo.assign(exec, 'failureReason', exec.unrecovered);
  appendEvent(run, failed ? 'execution.failed' : 'execution.completed', null, null);
}
