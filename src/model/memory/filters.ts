import { md5Hex } from '../../support/ids.js';
import type { JudgmentRecord } from '../state/records/memory.js';
import type { Scope } from './suggest.js';

/** The metadata filters of search, ask and the judgment query (beyond-spec-4 4.3.0 B), validated at the edge. */
export interface MemoryFilters {
  decision?: string | undefined;
  judgeType?: 'human' | 'agent' | undefined;
  contentType?: string | undefined;
  reviewerId?: string | undefined;
  annotationId?: string | undefined;
  /** Inclusive bounds, milliseconds. */
  dateRange?: { start: number; end: number } | undefined;
  /** Client or internal document ids. */
  excludeDocumentIds?: readonly string[] | undefined;
}

/** Where a memory read looks: the scope and the client ids it needs. */
export interface MemoryPlace {
  scope: Scope;
  organizationId?: string | undefined;
  documentId?: string | undefined;
}

/**
 * The internal numeric id the service shows for a client organization or document id, stable per API key:
 * 1000000000 plus the first 8 hex of md5(apiKey:kind:clientId), ten digits (beyond-spec-4 4.3.0 A).
 * @example internalId('key', 'organization', 'acme') // '3405691582'
 */
export function internalId(apiKey: string, kind: 'organization' | 'document', clientId: string): string {
  return String(1_000_000_000 + (Number.parseInt(md5Hex(`${apiKey}:${kind}:${clientId}`).slice(0, 8), 16) % 9_000_000_000));
}

/** Whether a judgment lies in a place: the whole key, one organization, or one document of it. */
export function inPlace(judgment: JudgmentRecord, place: MemoryPlace): boolean {
  if (place.scope === 'apiKey') return true;
  if (judgment.organizationId !== place.organizationId) return false;
  return place.scope === 'organization' || place.documentId === undefined || judgment.documentId === place.documentId;
}

/**
 * A test of the metadata filters for one API key; excluded documents match by client or internal id, and a
 * judgment without a document is never excluded.
 * @example judgments.filter(filterOf(apiKey, { decision: 'rejected' }))
 */
export function filterOf(apiKey: string, filters: MemoryFilters): (judgment: JudgmentRecord) => boolean {
  const excluded = filters.excludeDocumentIds === undefined ? undefined : new Set(filters.excludeDocumentIds);
  return (j) => {
    if (filters.decision !== undefined && j.decision !== filters.decision) return false;
    if (filters.judgeType !== undefined && j.judgeType !== filters.judgeType) return false;
    if (filters.contentType !== undefined && j.contentType !== filters.contentType) return false;
    if (filters.reviewerId !== undefined && j.actionUser.userId !== filters.reviewerId) return false;
    if (filters.annotationId !== undefined && j.annotationId !== filters.annotationId) return false;
    if (filters.dateRange !== undefined && (j.createdAt < filters.dateRange.start || j.createdAt > filters.dateRange.end)) return false;
    if (excluded !== undefined && j.documentId !== undefined) {
      if (excluded.has(j.documentId) || excluded.has(internalId(apiKey, 'document', j.documentId))) return false;
    }
    return true;
  };
}

/** One day in milliseconds. */
export const DAY_MS = 86_400_000;

/**
 * The `recencyDays` window on the service clock: from the start of today (UTC) minus `days` days, up to the start
 * of today (excluded). @example recencyWindow(now, 7) // { start, end } in milliseconds, end excluded
 */
export function recencyWindow(now: number, days: number): { start: number; end: number } {
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  return { start: today - days * DAY_MS, end: today };
}
