import { ServiceError } from '../../errors.js';
import type { ModelContext } from '../state/context.js';
import type { JudgmentRecord, Namespace } from '../state/entities.js';
import { cloneState } from '../state/store.js';

/** A judgment to record: a full record whose `recordId` and `createdAt` may be left to the service. */
export type JudgmentDraft = Omit<JudgmentRecord, 'recordId' | 'createdAt'> & { recordId?: string; createdAt?: number };

/**
 * Appends judgments to a namespace, all or nothing: a `recordId` already recorded (or repeated in the batch)
 * refuses the whole batch before anything is stored or any id is drawn. Missing `recordId`s become `act_` and
 * 20 hex characters, missing `createdAt` the service clock. Inputs are trusted to be validated.
 * @example recordJudgmentDrafts(ctx, ns, [{ content: 'Ad copy', decision: 'rejected', ... }])
 */
export function recordJudgmentDrafts(ctx: ModelContext, ns: Namespace, drafts: readonly JudgmentDraft[]): JudgmentRecord[] {
  const taken = new Set(ns.judgments.map((j) => j.recordId));
  drafts.forEach((draft, i) => {
    if (draft.recordId === undefined) return;
    if (taken.has(draft.recordId)) {
      throw new ServiceError(
        'ALREADY_EXISTS',
        `judgments[${i}].recordId ${draft.recordId} is already recorded under this API key; omit recordId to have one generated.`,
      );
    }
    taken.add(draft.recordId);
  });
  const now = ctx.clock.now();
  const records = drafts.map((draft): JudgmentRecord => {
    let recordId = draft.recordId;
    while (recordId === undefined) {
      const candidate = `act_${ctx.ids.hex(20)}`;
      if (!taken.has(candidate)) recordId = candidate;
    }
    taken.add(recordId);
    return toRecord(draft, recordId, draft.createdAt ?? now);
  });
  ctx.store.undo.append(ns.judgments, records);
  return cloneState(records);
}

/** The stored field order: service-facts 3.42, then the judged text. */
function toRecord(draft: JudgmentDraft, recordId: string, createdAt: number): JudgmentRecord {
  const record: JudgmentRecord = {
    recordId,
    reasoning: draft.reasoning,
    decision: draft.decision,
    confidence: draft.confidence,
    judgeType: draft.judgeType,
    contentType: draft.contentType,
    actionUser: cloneState(draft.actionUser),
    createdAt,
    agent: draft.agent === null ? null : cloneState(draft.agent),
    content: draft.content,
  };
  if (draft.organizationId !== undefined) record.organizationId = draft.organizationId;
  if (draft.documentId !== undefined) record.documentId = draft.documentId;
  if (draft.annotationId !== undefined) record.annotationId = draft.annotationId;
  if (draft.flags !== undefined) record.flags = [...draft.flags];
  return record;
}

/** Which judgments `listJudgments` returns; both absent = all of the namespace. */
export interface JudgmentFilter {
  organizationId?: string | undefined;
  documentId?: string | undefined;
}

/**
 * Copies of a namespace's judgments, newest first (the order of the service's judgment query); equal
 * `createdAt` lists the later-recorded first.
 * @example listJudgments(ns, { organizationId: 'acme' })
 */
export function listJudgments(ns: Namespace, filter: JudgmentFilter = {}): JudgmentRecord[] {
  const picked = ns.judgments
    .map((judgment, order) => ({ judgment, order }))
    .filter(
      ({ judgment }) =>
        (filter.organizationId === undefined || judgment.organizationId === filter.organizationId) &&
        (filter.documentId === undefined || judgment.documentId === filter.documentId),
    );
  picked.sort((a, b) => b.judgment.createdAt - a.judgment.createdAt || b.order - a.order);
  return cloneState(picked.map((p) => p.judgment));
}
