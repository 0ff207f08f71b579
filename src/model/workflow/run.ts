import type { ModelContext } from '../state/context.js';
import type { Namespace } from '../state/entities.js';
import type { DefinitionVersion, GroupInput, NodeInput, WorkflowExecutionRecord, WorkflowState, WorkflowStepRecord } from '../state/records/workflow.js';
import { pinnedVersion } from './definitions.js';
import { indexGraph } from './graph.js';
import { addTimer } from './timers.js';
import { EXTERNAL_EVENTS } from './views.js';

/**
 * One pass of the engine over a run: the run, the version it is pinned to, the instant the work happens at (the
 * request's time, or a timer's due instant when the clock settles), and the FIFO of steps to take.
 */
export interface Run {
  readonly ctx: ModelContext;
  readonly ns: Namespace;
  readonly wf: WorkflowState;
  readonly exec: WorkflowExecutionRecord;
  readonly version: DefinitionVersion;
  readonly nodes: Map<string, NodeInput>;
  readonly groups: Map<string, GroupInput>;
  /** The group each node belongs to. */
  readonly groupOf: Map<string, string>;
  readonly now: number;
  readonly queue: string[];
  /** Set while a loop restarts its body: the steps it cancels move no group forward. */
  restarting?: boolean;
}

const LOWER = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** `n` characters of `[a-z0-9]` from the seeded source. @example lowerId(ctx, 8) */
export function lowerId(ctx: ModelContext, n: number): string {
  let out = '';
  for (let i = 0; i < n; i++) out += LOWER[ctx.ids.rng.int(LOWER.length)];
  return out;
}

/**
 * Opens a pass over a run at an instant; `undefined` when its pinned version is gone (a run that finished before its
 * definition was purged needs none).
 * @example const run = openRun(ctx, ns, wf, exec, ctx.clock.now());
 */
export function openRun(ctx: ModelContext, ns: Namespace, wf: WorkflowState, exec: WorkflowExecutionRecord, now: number): Run | undefined {
  const version = pinnedVersion(wf.definitions.get(exec.definitionId), exec.definitionVersion);
  if (!version) return undefined;
  return runOver(ctx, ns, wf, exec, version, now);
}

/** A pass over a run with a known version. */
export function runOver(ctx: ModelContext, ns: Namespace, wf: WorkflowState, exec: WorkflowExecutionRecord, version: DefinitionVersion, now: number): Run {
  const index = indexGraph(version.content);
  const groupOf = new Map<string, string>();
  for (const group of index.groups.values()) for (const id of group.memberNodeIds) if (!groupOf.has(id)) groupOf.set(id, group.groupId);
  return { ctx, ns, wf, exec, version, nodes: index.nodes, groups: index.groups, groupOf, now, queue: [] };
}

/**
 * Appends an event to the run's stream (`seq` = its position, from 1) and announces it, so receivers get the
 * external ones.
 * @example appendEvent(run, 'step.started', step.stepId);
 */
export function appendEvent(run: Run, type: string, stepId: string | null, data?: unknown): void {
  const { ctx, exec } = run;
  const seq = exec.events.length + 1;
  const event = { eventId: `evt_${ctx.ids.alnum(20)}`, seq, type, stepId, timestamp: run.now, ...(data === undefined ? {} : { data }) };
  ctx.store.undo.push(exec.events, event);
  const external = EXTERNAL_EVENTS.has(type);
  ctx.events.emit('workflow_execution.event', run.ns.apiKey, {
    executionId: exec.executionId,
    definitionId: exec.definitionId,
    seq,
    eventType: type,
    stepId,
    external,
  });
}

/** A step id not yet used in the run: `base`, else `base__2`, `base__3`, ... (a loop pass reaching a group successor again). */
export function freeStepId(exec: WorkflowExecutionRecord, base: string): string {
  if (!exec.steps.has(base)) return base;
  let n = 2;
  while (exec.steps.has(`${base}__${n}`)) n++;
  return `${base}__${n}`;
}

/** The most steps one run may hold (fan-out re-merging in a diamond doubles them at every merge). */
export const MAX_STEPS = 5000;

/** Where a new step comes from: its id, input, loop pass and loop. */
export interface StepOrigin {
  stepId: string;
  input: unknown;
  iteration: number;
  loopId: string | null;
}

/**
 * Creates a `pending` step for a node (`step.scheduled`) and queues it: taken in this pass, or after the configured
 * pickup delay on the clock.
 * @example scheduleStep(run, 'review', { stepId, input: {}, iteration: 1, loopId: null });
 */
export function scheduleStep(run: Run, nodeId: string, origin: StepOrigin): WorkflowStepRecord | undefined {
  if (run.exec.steps.size >= MAX_STEPS) {
    // Diamonds that merge again and again double the steps at each merge: the run stops instead of the service.
    if (run.exec.unrecovered === null)
      run.ctx.store.undo.assign(run.exec, 'unrecovered', { code: 'too-many-steps', message: `${nodeId}: a run holds at most ${MAX_STEPS} steps` });
    return undefined;
  }
  const node = run.nodes.get(nodeId) as NodeInput;
  const step: WorkflowStepRecord = {
    stepId: freeStepId(run.exec, origin.stepId),
    nodeId,
    nodeType: node.type,
    status: 'pending',
    groupId: run.groupOf.get(nodeId) ?? null,
    startedAt: null,
    completedAt: null,
    output: {},
    error: null,
    input: origin.input,
    iteration: origin.iteration,
    deadline: null,
    loopId: origin.loopId,
  };
  run.ctx.store.undo.set(run.exec.steps, step.stepId, step);
  appendEvent(run, 'step.scheduled', step.stepId, { nodeId });
  const delay = run.wf.config.pickupDelayMs;
  if (delay > 0) addTimer(run.ctx, run.wf, { at: run.now + delay, kind: 'pickup', executionId: run.exec.executionId, stepId: step.stepId });
  else run.queue.push(step.stepId);
  return step;
}

/** Whether a step status is terminal. */
export const isTerminal = (status: WorkflowStepRecord['status']): boolean => status !== 'pending' && status !== 'running' && status !== 'waiting';

/**
 * Sets fields of a step through the undo log.
 * @example setStep(run, step, { status: 'running', startedAt: run.now });
 */
export function setStep(run: Run, step: WorkflowStepRecord, fields: Partial<WorkflowStepRecord>): void {
  const { undo } = run.ctx.store;
  for (const [key, value] of Object.entries(fields)) undo.assign(step, key as keyof WorkflowStepRecord & string, value as never);
}
