import { cloneState } from '../state/clone.js';
import type { Namespace } from '../state/entities.js';
import type { JudgmentRecord } from '../state/records/memory.js';
import { filterOf, inPlace, type MemoryFilters, type MemoryPlace, recencyWindow } from './filters.js';
import type { JudgmentIndex } from './index.js';
import { judgmentViews, timeIndex } from './views.js';

/** A judgment search (beyond-spec-4 4.3.1), validated and with its scope resolved. */
export interface JudgmentSearch extends MemoryPlace {
  query: string;
  limit: number;
  filters: MemoryFilters;
  recencyDays?: number | undefined;
}

/** One judgment found, with the relevance it was found with (1 on the thread and recency paths). */
export interface Found {
  judgment: JudgmentRecord;
  relevance: number;
}

/** One item of search's `results`, fields in the documented order. */
export interface SearchResultItem {
  recordId: string;
  reasoning: string;
  decision: string;
  confidence: number;
  actionUser: { name: string };
  createdAt: number;
  similarity: number;
  scope: string;
  agent: Record<string, unknown> | null;
}

/** The `result` of search. */
export interface SearchResult {
  results: SearchResultItem[];
  totalInScope: number;
  searchLatencyMs: number;
}

/**
 * The judgments a memory read retrieves, best first: a thread's newest (returned oldest first), the newest of the
 * recency window, or the judgments the suggest matcher finds relevant in the scope, ranked by relevance, then newer,
 * then record id. `limit × 3` are retrieved, the metadata filters applied after retrieval, then `limit` kept. The
 * ranked path reads the judgments it retrieves, not every judgment of the texts found (see `top-judgments.ts`).
 * @example findJudgments(ns, { query: 'medical claims', scope: 'apiKey', limit: 10, filters: {} }, now, index)
 */
export function findJudgments(ns: Namespace, request: JudgmentSearch, now: number, index: JudgmentIndex): Found[] {
  const retrieve = request.limit * 3;
  const keep = filterOf(ns.apiKey, request.filters);
  const judgments = ns.judgments;
  const { annotationId } = request.filters;
  if (annotationId !== undefined) {
    const thread = (judgmentViews(judgments).byThread.get(annotationId) ?? []).filter((i) => inPlace(judgments[i] as JudgmentRecord, request));
    thread.sort((a, b) => newestFirst(judgments, a, b));
    const kept = thread
      .slice(0, retrieve)
      .map((i) => judgments[i] as JudgmentRecord)
      .filter(keep)
      .slice(0, request.limit);
    return kept.reverse().map((judgment) => ({ judgment, relevance: 1 }));
  }
  if (request.recencyDays !== undefined) {
    const { byTime } = judgmentViews(judgments);
    const window = recencyWindow(now, request.recencyDays);
    const from = timeIndex(judgments, byTime, window.start);
    const retrieved: JudgmentRecord[] = [];
    for (let at = timeIndex(judgments, byTime, window.end) - 1; at >= from && retrieved.length < retrieve; at--) {
      const judgment = judgments[byTime[at] as number] as JudgmentRecord;
      if (inPlace(judgment, request)) retrieved.push(judgment);
    }
    // The window overrides any `dateRange`.
    const inWindow = filterOf(ns.apiKey, { ...request.filters, dateRange: undefined });
    return retrieved
      .filter(inWindow)
      .slice(0, request.limit)
      .map((judgment) => ({ judgment, relevance: 1 }));
  }
  const top = index.top(request.query, retrieve, (doc) => inPlace(judgments[doc] as JudgmentRecord, request));
  return top
    .map((hit) => ({ judgment: judgments[hit.index] as JudgmentRecord, relevance: hit.relevance }))
    .filter((found) => keep(found.judgment))
    .slice(0, request.limit);
}

/**
 * Searches judgments like `/v2/memory/search`: the matcher of suggest over its one index, in the request's scope.
 * @example searchJudgments(ns, { query: 'medical claims', scope: 'apiKey', limit: 10, filters: {} }, now, index).results
 */
export function searchJudgments(ns: Namespace, request: JudgmentSearch, now: number, index: JudgmentIndex): SearchResult {
  const results = findJudgments(ns, request, now, index).map(
    ({ judgment, relevance }): SearchResultItem => ({
      recordId: judgment.recordId,
      reasoning: judgment.reasoning,
      decision: judgment.decision,
      confidence: judgment.confidence,
      actionUser: { name: judgment.actionUser.name ?? '' },
      createdAt: judgment.createdAt,
      similarity: Math.round(relevance * 100) / 100,
      scope: request.scope,
      agent: judgment.agent === null ? null : cloneState(judgment.agent),
    }),
  );
  return { results, totalInScope: results.length, searchLatencyMs: 0 };
}

/** Newer `createdAt` first, then the later recorded. */
function newestFirst(judgments: readonly JudgmentRecord[], a: number, b: number): number {
  return (judgments[b] as JudgmentRecord).createdAt - (judgments[a] as JudgmentRecord).createdAt || b - a;
}
