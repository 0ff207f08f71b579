import { cloneState } from '../state/clone.js';
import type { Namespace } from '../state/entities.js';
import type { JudgmentRecord } from '../state/records/memory.js';
import { filterOf, internalId, type MemoryFilters } from './filters.js';
import { judgmentViews } from './views.js';

/** A judgment query (beyond-spec-4 4.3.3), validated: `documentId` only ever comes with `organizationId`. */
export interface JudgmentQuery {
  organizationId?: string | undefined;
  documentId?: string | undefined;
  decision?: string | undefined;
  judgeType?: 'human' | 'agent' | undefined;
  contentType?: string | undefined;
  reviewerId?: string | undefined;
  annotationId?: string | undefined;
  limit: number;
}

/** One judgment as the query lists it: internal organization and document ids, `null` where the judgment has none. */
export interface QueriedJudgment {
  recordId: string;
  reasoning: string;
  decision: string;
  confidence: number;
  judgeType: string;
  contentType: string;
  actionUser: { userId: string; name: string | null; email: string | null };
  createdAt: number;
  organizationId: string | null;
  documentId: string | null;
  agent: Record<string, unknown> | null;
}

/** Below this share of all judgments, a filter's own list is read instead of walking the time order. */
const NARROW_SHARE = 8;

/**
 * Lists judgments by metadata only, newest first, at most `limit`; with `annotationId`, the thread's newest `limit`
 * returned oldest first. Reads the shortest list a filter names (a thread's, reviewer's, organization's, content
 * type's, decision's or judge type's judgments) when it holds under an eighth of them all, else walks the time order from the
 * newest and stops at `limit`: either way the work is at most about eight times the narrowest filter's judgments.
 * @example queryJudgments(ns, { organizationId: 'acme', decision: 'rejected', limit: 20 })
 */
export function queryJudgments(ns: Namespace, query: JudgmentQuery): { results: QueriedJudgment[]; total: number } {
  const judgments = ns.judgments;
  const filters: MemoryFilters = {
    decision: query.decision,
    judgeType: query.judgeType,
    contentType: query.contentType,
    reviewerId: query.reviewerId,
    annotationId: query.annotationId,
  };
  const keep = filterOf(ns.apiKey, filters);
  const where = (j: JudgmentRecord) =>
    (query.organizationId === undefined || j.organizationId === query.organizationId) &&
    (query.documentId === undefined || j.documentId === query.documentId) &&
    keep(j);
  const views = judgmentViews(judgments);
  const picked: JudgmentRecord[] = [];
  if (query.annotationId !== undefined) {
    const thread = (views.byThread.get(query.annotationId) ?? []).map((i) => judgments[i] as JudgmentRecord).filter(where);
    thread.sort((a, b) => a.createdAt - b.createdAt);
    picked.push(...thread.slice(-query.limit));
  } else {
    const narrowest = [
      query.reviewerId === undefined ? undefined : (views.byReviewer.get(query.reviewerId) ?? []),
      query.organizationId === undefined ? undefined : (views.byOrganization.get(query.organizationId) ?? []),
      query.contentType === undefined ? undefined : (views.byContentType.get(query.contentType) ?? []),
      query.decision === undefined ? undefined : (views.byDecision.get(query.decision) ?? []),
      query.judgeType === undefined ? undefined : (views.byJudgeType.get(query.judgeType) ?? []),
    ].reduce<number[] | undefined>((best, list) => (list !== undefined && (best === undefined || list.length < best.length) ? list : best), undefined);
    if (narrowest !== undefined && narrowest.length * NARROW_SHARE < judgments.length) {
      // Newest first: by createdAt, then the later recorded (the reverse of the time order).
      const newest = narrowest.filter((i) => where(judgments[i] as JudgmentRecord));
      newest.sort((a, b) => (judgments[b] as JudgmentRecord).createdAt - (judgments[a] as JudgmentRecord).createdAt || b - a);
      for (const i of newest.slice(0, query.limit)) picked.push(judgments[i] as JudgmentRecord);
    } else {
      const order = views.byTime;
      for (let at = order.length - 1; at >= 0 && picked.length < query.limit; at--) {
        const judgment = judgments[order[at] as number] as JudgmentRecord;
        if (where(judgment)) picked.push(judgment);
      }
    }
  }
  const results = picked.map((j) => view(ns.apiKey, j));
  return { results, total: results.length };
}

function view(apiKey: string, j: JudgmentRecord): QueriedJudgment {
  return {
    recordId: j.recordId,
    reasoning: j.reasoning,
    decision: j.decision,
    confidence: j.confidence,
    judgeType: j.judgeType,
    contentType: j.contentType,
    actionUser: { userId: j.actionUser.userId, name: j.actionUser.name ?? null, email: j.actionUser.email ?? null },
    createdAt: j.createdAt,
    organizationId: j.organizationId === undefined ? null : internalId(apiKey, 'organization', j.organizationId),
    documentId: j.documentId === undefined ? null : internalId(apiKey, 'document', j.documentId),
    agent: j.agent === null ? null : cloneState(j.agent),
  };
}
