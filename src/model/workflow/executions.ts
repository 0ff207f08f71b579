import { invalid, ServiceError } from '../../errors.js';
import type { ModelContext } from '../state/context.js';
import type { Namespace } from '../state/entities.js';
import type { ExecutionStatus, WorkflowExecutionRecord, WorkflowState } from '../state/records/workflow.js';
import { readCursor, tieSafeCursor, tieSafeCursors } from './cursors.js';
import { definitionNotFound } from './definitions.js';
import { cancelStep } from './flow.js';
import { receiverIssues } from './rules.js';
import { appendEvent, isTerminal, lowerId, openRun, type Run, runOver, scheduleStep } from './run.js';
import { configOf, workflowOf } from './state.js';
import { finish } from './take.js';
import { EXTERNAL_EVENTS, eventView, executionView } from './views.js';

/** What dispatch is given, validated (4.2.6). */
export interface DispatchRequest {
  definitionId: string;
  idempotencyKey?: string | undefined;
  correlationId?: string | undefined;
  triggerContext?: Record<string, unknown> | undefined;
  organizationId?: string | undefined;
  documentId?: string | undefined;
  folderId?: string | undefined;
  webhookUrl?: string | undefined;
  webhookSecret?: string | undefined;
}

/** What dispatch answers. */
export interface DispatchResult {
  executionId: string;
  correlationId: string;
  deduplicated: boolean;
}

/** `Execution not found: <id>`. */
export const executionNotFound = (executionId: string): ServiceError => new ServiceError('NOT_FOUND', `Execution not found: ${executionId}`);

/** A run of a key, or NOT_FOUND. */
export function findExecution(ns: Namespace, executionId: string): WorkflowExecutionRecord {
  const exec = ns.workflow?.executions.get(executionId);
  if (!exec) throw executionNotFound(executionId);
  return exec;
}

/** Where `(startedAt, executionId)` belongs in an ascending order list. */
function insertionPoint(wf: WorkflowState, list: readonly string[], exec: WorkflowExecutionRecord): number {
  const before = (id: string): boolean => {
    const other = wf.executions.get(id) as WorkflowExecutionRecord;
    return other.startedAt < exec.startedAt || (other.startedAt === exec.startedAt && other.executionId < exec.executionId);
  };
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (before(list[mid] as string)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Adds a run to an order list (at the end unless the clock was set back), through the undo log. */
function addToOrder(ctx: ModelContext, wf: WorkflowState, list: string[], exec: WorkflowExecutionRecord): void {
  const at = insertionPoint(wf, list, exec);
  if (at === list.length) {
    ctx.store.undo.push(list, exec.executionId);
    return;
  }
  ctx.store.undo.note(
    () => list.splice(at, 1),
    () => list.splice(at, 0, exec.executionId),
  );
  list.splice(at, 0, exec.executionId);
}

/** How a run starts besides its request: at a schedule's instant, or with a trigger's own idempotency key. */
export interface DispatchOptions {
  /** The instant the run starts (default: now). */
  at?: number | undefined;
  /** A key the run carries without registering it as a dispatch key (trigger keys expire after 24 h). */
  idempotencyKey?: string | undefined;
}

/**
 * `executions/dispatch` (4.2.6): replays an idempotency key, else starts a run pinned to the definition's current
 * version, schedules its roots and takes every step it can within the request.
 * @example dispatchExecution(ctx, ns, { definitionId: 'doc-signoff' }).executionId
 */
export function dispatchExecution(ctx: ModelContext, ns: Namespace, request: DispatchRequest, options: DispatchOptions = {}): DispatchResult {
  const now = options.at ?? ctx.clock.now();
  const issues = receiverIssues(request, configOf(ns).localTargets);
  if (issues.length > 0) throw invalid((issues[0] as { message: string }).message, { issues });
  const replayed = request.idempotencyKey === undefined ? undefined : ns.workflow?.idempotencyKeys.get(request.idempotencyKey);
  if (replayed !== undefined) {
    const wf = workflowOf(ctx, ns);
    const original = wf.executions.get(replayed) as WorkflowExecutionRecord;
    const run = openRun(ctx, ns, wf, original, now);
    if (run) appendEvent(run, 'idempotency.suppressed', null, { idempotencyKey: request.idempotencyKey, definitionId: request.definitionId });
    return { executionId: original.executionId, correlationId: original.correlationId, deduplicated: true };
  }
  const definition = ns.workflow?.definitions.get(request.definitionId);
  if (!definition) throw definitionNotFound(request.definitionId);
  if (definition.status !== 'active') throw new ServiceError('FAILED_PRECONDITION', `Definition is deleted: ${request.definitionId}`);
  const version = definition.current;
  if (version.compiled.roots.length === 0) throw new ServiceError('FAILED_PRECONDITION', `Definition has no root nodes: ${request.definitionId}`);
  const wf = workflowOf(ctx, ns);
  const executionId = `exec_${now}_${lowerId(ctx, 8)}`;
  const correlationId = request.correlationId ?? `corr_${ctx.ids.alnum(16)}`;
  const content = version.content;
  const receiver =
    request.webhookUrl !== undefined && request.webhookSecret !== undefined
      ? { url: request.webhookUrl, secret: request.webhookSecret, eventTypes: null }
      : content.webhookConfig === null
        ? null
        : structuredClone(content.webhookConfig);
  const exec: WorkflowExecutionRecord = {
    executionId,
    status: 'pending',
    startedAt: now,
    completedAt: null,
    cancelledAt: null,
    definitionId: definition.definitionId,
    definitionVersion: definition.version,
    correlationId,
    idempotencyKey: request.idempotencyKey ?? options.idempotencyKey ?? `auto:${executionId}`,
    failureReason: null,
    input: {
      triggerContext: structuredClone(request.triggerContext ?? {}),
      organizationId: request.organizationId ?? null,
      documentId: request.documentId ?? null,
      folderId: request.folderId ?? null,
    },
    receiver,
    unrecovered: null,
    steps: new Map(),
    events: [],
    groups: {},
    loops: {},
  };
  const { undo } = ctx.store;
  undo.set(wf.executions, executionId, exec);
  addToOrder(ctx, wf, wf.executionOrder, exec);
  let byDefinition = wf.executionsByDefinition.get(exec.definitionId);
  if (!byDefinition) undo.set(wf.executionsByDefinition, exec.definitionId, (byDefinition = []));
  addToOrder(ctx, wf, byDefinition, exec);
  if (request.idempotencyKey !== undefined) undo.set(wf.idempotencyKeys, request.idempotencyKey, executionId);
  const run = runOver(ctx, ns, wf, exec, version, now);
  const rootStepIds = version.compiled.roots.map((nodeId) => scheduleRoot(run, nodeId, `step_${nodeId}_${now}_${lowerId(ctx, 6)}`));
  undo.assign(exec, 'status', 'running');
  appendEvent(run, 'execution.dispatched', null, { definitionId: exec.definitionId, definitionVersion: exec.definitionVersion, rootStepIds });
  finish(run);
  return { executionId, correlationId, deduplicated: false };
}

function scheduleRoot(run: Run, nodeId: string, stepId: string): string {
  return (scheduleStep(run, nodeId, { stepId, input: run.exec.input.triggerContext, iteration: 1, loopId: null }) as { stepId: string }).stepId;
}

/**
 * `executions/get` (4.2.7): the run with every step.
 * @example getExecution(ns, id).status
 */
export function getExecution(ns: Namespace, executionId: string): Record<string, unknown> {
  return executionView(findExecution(ns, executionId), { steps: true });
}

/** Filters and paging of `executions/list`. */
export interface ListExecutionsOptions {
  definitionId?: string | undefined;
  status?: ExecutionStatus | undefined;
  pageSize?: number | undefined;
  cursor?: string | undefined;
}

/**
 * `executions/list` (4.2.8): newest first (ties by id, descending), `startedAt < cursor`, each without steps;
 * `nextCursor` is the last item's `startedAt` when the page is full (`<startedAt>:<executionId>`, and the next page
 * starts right after that run, when the key's cursors are tie-safe). Reads only from the cursor on.
 * @example listExecutions(ns, { pageSize: 10 }).nextCursor
 */
export function listExecutions(ns: Namespace, options: ListExecutionsOptions): { items: unknown[]; nextCursor: string | null } {
  const wf = ns.workflow;
  const size = options.pageSize ?? 50;
  if (!wf) return { items: [], nextCursor: null };
  const list = options.definitionId === undefined ? wf.executionOrder : (wf.executionsByDefinition.get(options.definitionId) ?? []);
  let end = list.length;
  if (options.cursor !== undefined) {
    const cursor = readCursor(ns, options.cursor, 'cursor must be the nextCursor of the previous page (a decimal number of milliseconds).');
    // The list is ascending by (startedAt, executionId): the page ends before the cursor's instant, or its run.
    const before = (exec: WorkflowExecutionRecord): boolean =>
      exec.startedAt < cursor.at || (cursor.id !== undefined && exec.startedAt === cursor.at && exec.executionId < cursor.id);
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (before(wf.executions.get(list[mid] as string) as WorkflowExecutionRecord)) lo = mid + 1;
      else hi = mid;
    }
    end = lo;
  }
  const page: WorkflowExecutionRecord[] = [];
  for (let i = end - 1; i >= 0 && page.length < size; i--) {
    const exec = wf.executions.get(list[i] as string) as WorkflowExecutionRecord;
    if (options.status === undefined || exec.status === options.status) page.push(exec);
  }
  const last = page.length === size ? page.at(-1) : undefined;
  const nextCursor = last === undefined ? null : tieSafeCursors(ns) ? tieSafeCursor(last.startedAt, last.executionId) : String(last.startedAt);
  return { items: page.map((e) => executionView(e, { steps: false })), nextCursor };
}

/**
 * `executions/getEvents` (4.2.9): external events after `sinceSeq`, scanning stored events (internal ones included)
 * until `pageSize` external ones are collected; `nextCursor` is the last scanned `seq`.
 * @example getEvents(ns, id, 0, 100).events
 */
export function getEvents(ns: Namespace, executionId: string, sinceSeq: number, pageSize: number): Record<string, unknown> {
  const exec = findExecution(ns, executionId);
  const out: unknown[] = [];
  let cursor = sinceSeq;
  for (let i = sinceSeq; i < exec.events.length && out.length < pageSize; i++) {
    const event = exec.events[i];
    if (!event) continue;
    cursor = event.seq;
    if (EXTERNAL_EVENTS.has(event.type)) out.push(eventView(exec, event));
  }
  let hasMore = false;
  for (let i = cursor; i < exec.events.length && !hasMore; i++) hasMore = EXTERNAL_EVENTS.has((exec.events[i] as { type: string }).type);
  return { executionId, events: out, nextCursor: cursor, hasMore };
}

/**
 * `executions/cancel` (4.2.10): cancels every open step and the run. On a run already terminal it is a no-op that
 * answers `cancelled: false` (a cancelled run keeps its `cancelledAt` and its one `execution.cancelled`).
 * @example cancelExecution(ctx, ns, id, 'superseded').cancelled
 */
export function cancelExecution(
  ctx: ModelContext,
  ns: Namespace,
  executionId: string,
  reason: string | undefined,
): { cancelled: boolean; executionId: string } {
  const exec = findExecution(ns, executionId);
  if (exec.status !== 'pending' && exec.status !== 'running') return { cancelled: false, executionId };
  const wf = workflowOf(ctx, ns);
  const run = openRun(ctx, ns, wf, exec, ctx.clock.now());
  if (!run) return { cancelled: false, executionId };
  const { undo } = ctx.store;
  // The run stops first, so cancelling its steps moves no group or loop forward.
  undo.assign(exec, 'status', 'cancelled');
  undo.assign(exec, 'cancelledAt', run.now);
  for (const step of [...exec.steps.values()]) {
    if (!isTerminal(step.status)) cancelStep(run, step, 'system:execution-cancel', reason ?? null);
  }
  appendEvent(run, 'execution.cancelled', null, reason === undefined ? {} : { reason });
  return { cancelled: true, executionId };
}
