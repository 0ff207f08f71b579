/** Reading executions and usage (beyond-spec-4 4.1.9–4.1.12): one execution, a page, counts, analytics. */
import { ServiceError } from '../../errors.js';
import { fromBase64Url, toBase64Url } from '../../support/base64.js';
import type { Namespace } from '../state/entities.js';
import type { AgentExecutionRecord, AgentExecutionStatus, AgentResultRow, AgentsState, AgentUsageRecord } from '../state/records/agents.js';
import { lowerBound } from './execution-index.js';
import { executionNotFound } from './executions.js';
import { agentDocumentKey, agentsOf, documentKey } from './state.js';

/**
 * One execution (a copy), and its per-URL results in processing order when asked.
 * @example getExecution(ns, id, true).results?.length
 */
export function getExecution(ns: Namespace, executionId: string, includeResults: boolean): { execution: AgentExecutionRecord; results?: AgentResultRow[] } {
  const state = agentsOf(ns);
  const execution = state.executions.get(executionId);
  if (!execution) throw executionNotFound(executionId);
  const out: { execution: AgentExecutionRecord; results?: AgentResultRow[] } = { execution: structuredClone(execution) };
  if (includeResults) out.results = structuredClone(state.results.get(executionId) ?? []);
  return out;
}

/** The filter shapes list accepts: an agent, a document, or an agent on a document. */
export interface ExecutionListFilter {
  agentId?: string | undefined;
  organizationId?: string | undefined;
  documentId?: string | undefined;
}

/** A page token: base64url of the last row's `{startedAt, id}`. */
export function encodeExecutionToken(row: { startedAt: number; id: string }): string {
  return toBase64Url(JSON.stringify({ startedAt: row.startedAt, id: row.id }));
}

function decodeToken(state: AgentsState, token: string): { startedAt: number; id: string } {
  const bad = (): ServiceError => new ServiceError('INVALID_ARGUMENT', 'pageToken is invalid.');
  if (token.trim() === '') throw bad();
  let parsed: unknown;
  try {
    parsed = JSON.parse(fromBase64Url(token));
  } catch {
    throw bad();
  }
  const { startedAt, id } = (parsed ?? {}) as { startedAt?: unknown; id?: unknown };
  if (typeof startedAt !== 'number' || typeof id !== 'string') throw bad();
  const named = state.executions.get(id);
  if (!named || named.startedAt !== startedAt) throw new ServiceError('INVALID_ARGUMENT', 'pageToken names an execution that no longer exists.');
  return { startedAt, id };
}

/**
 * A page of executions, newest first (ties by id, descending), read from the filter's index: the cost is the page, not
 * the executions stored. `nextPageToken` only when more rows follow.
 * @example listExecutions(ns, { agentId: 'spell-check' }, 20).executions.length <= 20
 */
export function listExecutions(
  ns: Namespace,
  filter: ExecutionListFilter,
  pageSize: number,
  pageToken?: string,
): { executions: AgentExecutionRecord[]; nextPageToken?: string } {
  const state = agentsOf(ns);
  const { agentId, organizationId, documentId } = filter;
  const list =
    organizationId !== undefined && documentId !== undefined
      ? agentId !== undefined
        ? state.byAgentDocument.get(agentDocumentKey(agentId, organizationId, documentId))
        : state.byDocument.get(documentKey(organizationId, documentId))
      : state.byAgent.get(agentId ?? '');
  const after = pageToken === undefined ? undefined : decodeToken(state, pageToken);
  const ids = list ?? [];
  // The newest row strictly older than the token's row.
  let at = (after === undefined ? ids.length : lowerBound(state, ids, after)) - 1;
  const executions: AgentExecutionRecord[] = [];
  for (; at >= 0 && executions.length < pageSize; at--) {
    const row = state.executions.get(ids[at] as string);
    if (row) executions.push(structuredClone(row));
  }
  const last = executions[executions.length - 1];
  return at >= 0 && last ? { executions, nextPageToken: encodeExecutionToken(last) } : { executions };
}

/**
 * Execution counts: per requested agent (`counts`, unknown agents 0), else the key's total; narrowed by status.
 * @example countExecutions(ns, { agentIds: ['spell-check'], status: 'running' }).counts
 */
export function countExecutions(
  ns: Namespace,
  input: { agentIds?: string[] | undefined; status?: AgentExecutionStatus | undefined },
): { counts: Record<string, number> } | { total: number } {
  const state = agentsOf(ns);
  const countOf = (agentId: string): number => {
    const stats = state.stats.get(agentId);
    if (!stats) return 0;
    return input.status === undefined ? stats.executionCount : (stats.byStatus[input.status] ?? 0);
  };
  if (input.agentIds !== undefined) {
    const counts: Record<string, number> = {};
    for (const id of input.agentIds) counts[id] = countOf(id);
    return { counts };
  }
  let total = 0;
  for (const agentId of state.stats.keys()) total += countOf(agentId);
  return { total };
}

/** Token usage summed: `{requestCount, promptTokens, completionTokens, thoughtsTokens, totalTokens}`. */
interface UsageSummary {
  requestCount: number;
  promptTokens: number;
  completionTokens: number;
  thoughtsTokens: number;
  totalTokens: number;
}

const zero = (): UsageSummary => ({ requestCount: 0, promptTokens: 0, completionTokens: 0, thoughtsTokens: 0, totalTokens: 0 });

function add(into: UsageSummary, record: AgentUsageRecord): void {
  into.requestCount += record.requestCount;
  into.promptTokens += record.promptTokens;
  into.completionTokens += record.completionTokens;
  into.thoughtsTokens += record.thoughtsTokens;
  into.totalTokens += record.totalTokens;
}

/** What analytics is narrowed by. */
export interface AnalyticsFilter {
  agentId?: string | undefined;
  year?: string | undefined;
  month?: string | undefined;
  /** `<provider>/<model>`: narrows `byModel` only. */
  model?: string | undefined;
}

/**
 * Token usage (all time, per year and model, per month of a year, per model) and execution counts per agent.
 * @example getAnalytics(ns, { year: '2026' }).tokenUsage.monthly
 */
export function getAnalytics(ns: Namespace, filter: AnalyticsFilter): Record<string, unknown> {
  const state = agentsOf(ns);
  const records = [...state.usage.values()].filter((r) => filter.agentId === undefined || r.agentId === filter.agentId);
  const allTime = zero();
  const yearly: Record<string, Record<string, UsageSummary>> = {};
  const monthly: Record<string, Record<string, UsageSummary>> = {};
  const byModel: Record<string, UsageSummary> = {};
  const wantedModel = filter.model?.replace(/[./]/g, '_');
  for (const r of records) {
    add(allTime, r);
    add(((yearly[r.year] ??= {})[r.modelKey] ??= zero()), r);
    if (filter.year !== undefined && r.year === filter.year && (filter.month === undefined || r.month === filter.month))
      add(((monthly[r.month] ??= {})[r.modelKey] ??= zero()), r);
    if (wantedModel === undefined || r.modelKey === wantedModel) add((byModel[r.modelKey] ??= zero()), r);
  }
  const tokenUsage: Record<string, unknown> = { allTime };
  if (records.length > 0) tokenUsage['yearly'] = yearly;
  if (filter.year !== undefined) tokenUsage['monthly'] = monthly;
  if (records.length > 0) tokenUsage['byModel'] = byModel;
  const executionCounts: Record<string, { executionCount: number; lastExecutedAt: number | null }> = {};
  for (const [agentId, stats] of state.stats) {
    if (stats.executionCount === 0 || (filter.agentId !== undefined && agentId !== filter.agentId)) continue;
    executionCounts[agentId] = { executionCount: stats.executionCount, lastExecutedAt: stats.lastExecutedAt };
  }
  return { tokenUsage, executionCounts };
}
