/**
 * The execution indexes of a key: ids ordered by (startedAt, id) per agent, per document and per agent on a document,
 * and each agent's counters, so a page, a count or a "running here?" check touches what it returns, not every execution.
 */
import type { ModelContext } from '../state/context.js';
import type { AgentExecutionRecord, AgentExecutionStats, AgentExecutionStatus, AgentsState } from '../state/records/agents.js';
import { agentDocumentKey, documentKey } from './state.js';

/** Whether execution `a` sorts before `b`: earlier start, then smaller id. */
export function before(a: { startedAt: number; id: string }, b: { startedAt: number; id: string }): boolean {
  return a.startedAt < b.startedAt || (a.startedAt === b.startedAt && a.id < b.id);
}

/** The position of the first id in `list` that does not sort before `key` (binary search). */
export function lowerBound(state: AgentsState, list: readonly string[], key: { startedAt: number; id: string }): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const at = state.executions.get(list[mid] as string);
    if (at && before(at, key)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Adds an id to one index list at its place; the usual case (the newest start) is an O(1) append. */
function place(ctx: ModelContext, state: AgentsState, index: Map<string, string[]>, key: string, record: AgentExecutionRecord): void {
  let list = index.get(key);
  if (!list) {
    list = [];
    ctx.store.undo.set(index, key, list);
  }
  const last = list[list.length - 1];
  const lastRecord = last === undefined ? undefined : state.executions.get(last);
  if (!lastRecord || before(lastRecord, record)) {
    ctx.store.undo.push(list, record.id);
    return;
  }
  const at = lowerBound(state, list, record);
  const target = list;
  ctx.store.undo.note(
    () => target.splice(at, 1),
    () => target.splice(at, 0, record.id),
  );
  target.splice(at, 0, record.id);
}

/** The counters of an agent with one more execution in `status`, or one moved from `from` to `status`. */
function counted(stats: AgentExecutionStats | undefined, status: AgentExecutionStatus, from?: AgentExecutionStatus, startedAt?: number): AgentExecutionStats {
  const byStatus = { ...(stats?.byStatus ?? {}) };
  if (from !== undefined) byStatus[from] = (byStatus[from] ?? 1) - 1;
  byStatus[status] = (byStatus[status] ?? 0) + 1;
  const next: AgentExecutionStats = { executionCount: stats?.executionCount ?? 0, lastExecutedAt: stats?.lastExecutedAt ?? null, byStatus };
  if (startedAt !== undefined) {
    next.executionCount += 1;
    next.lastExecutedAt = Math.max(next.lastExecutedAt ?? startedAt, startedAt);
  }
  return next;
}

/**
 * Stores a new execution and files it in every index and counter.
 * @example noteExecution(ctx, state, record);
 */
export function noteExecution(ctx: ModelContext, state: AgentsState, record: AgentExecutionRecord): void {
  ctx.store.undo.set(state.executions, record.id, record);
  const { organizationId, documentId } = record.metadata;
  place(ctx, state, state.byAgent, record.agentId, record);
  place(ctx, state, state.byDocument, documentKey(organizationId, documentId), record);
  place(ctx, state, state.byAgentDocument, agentDocumentKey(record.agentId, organizationId, documentId), record);
  ctx.store.undo.set(state.stats, record.agentId, counted(state.stats.get(record.agentId), record.status, undefined, record.startedAt));
}

/**
 * Replaces a stored execution with its next state, moving the agent's status counters with it.
 * @example replaceExecution(ctx, state, { ...record, status: 'passed' });
 */
export function replaceExecution(ctx: ModelContext, state: AgentsState, next: AgentExecutionRecord): void {
  const previous = state.executions.get(next.id);
  ctx.store.undo.set(state.executions, next.id, next);
  if (previous && previous.status !== next.status) {
    ctx.store.undo.set(state.stats, next.agentId, counted(state.stats.get(next.agentId), next.status, previous.status));
  }
}
