import type { JudgmentRecord } from '../state/entities.js';

/**
 * What a suggestion reads of each judgment, column by column: a suggest adds up thousands of relevant judgments,
 * and contiguous arrays cost a fraction of a walk over as many record objects. Strings (organization, document,
 * reviewer, reasoning) are numbered in first-use order; -1 stands for none (or a blank reasoning).
 */
export interface JudgmentColumns {
  size: number;
  decision: Int32Array;
  createdAt: Float64Array;
  confidence: Float64Array;
  organization: Int32Array;
  document: Int32Array;
  reviewer: Int32Array;
  reason: Int32Array;
  readonly decisions: Map<string, number>;
  readonly organizations: Map<string, number>;
  readonly documents: Map<string, number>;
  readonly reviewers: Map<string, number>;
  readonly reasons: Map<string, number>;
  /** Each reasoning by its number. */
  readonly reasonTexts: string[];
}

/** Columns of no judgment. */
export function emptyColumns(): JudgmentColumns {
  return {
    size: 0,
    decision: new Int32Array(0),
    createdAt: new Float64Array(0),
    confidence: new Float64Array(0),
    organization: new Int32Array(0),
    document: new Int32Array(0),
    reviewer: new Int32Array(0),
    reason: new Int32Array(0),
    decisions: new Map(),
    organizations: new Map(),
    documents: new Map(),
    reviewers: new Map(),
    reasons: new Map(),
    reasonTexts: [],
  };
}

/** The columns of `judgments`, read once (for a ranker that keeps none). */
export function columnsOf(judgments: readonly JudgmentRecord[]): JudgmentColumns {
  const columns = emptyColumns();
  appendColumns(columns, judgments);
  return columns;
}

/** Adds the judgments past `columns.size`; costs what the new judgments hold. */
export function appendColumns(columns: JudgmentColumns, judgments: readonly JudgmentRecord[]): void {
  if (columns.decision.length < judgments.length) grow(columns, Math.max(judgments.length, columns.decision.length * 2, 64));
  for (let doc = columns.size; doc < judgments.length; doc++) {
    const judgment = judgments[doc] as JudgmentRecord;
    columns.decision[doc] = code(columns.decisions, judgment.decision);
    columns.createdAt[doc] = judgment.createdAt;
    columns.confidence[doc] = judgment.confidence;
    columns.organization[doc] = judgment.organizationId === undefined ? -1 : code(columns.organizations, judgment.organizationId);
    columns.document[doc] = judgment.documentId === undefined ? -1 : code(columns.documents, judgment.documentId);
    columns.reviewer[doc] = code(columns.reviewers, judgment.actionUser.userId);
    const text = judgment.reasoning;
    let reason = columns.reasons.get(text);
    if (reason === undefined) {
      reason = text.trim() === '' ? -1 : columns.reasonTexts.push(text) - 1;
      columns.reasons.set(text, reason);
    }
    columns.reason[doc] = reason;
  }
  columns.size = judgments.length;
}

/** The number of a string in `codes`, numbering it when new. */
function code(codes: Map<string, number>, value: string): number {
  let n = codes.get(value);
  if (n === undefined) codes.set(value, (n = codes.size));
  return n;
}

function grow(columns: JudgmentColumns, size: number): void {
  const copy = <A extends Int32Array | Float64Array>(from: A, to: A): A => {
    to.set(from);
    return to;
  };
  columns.decision = copy(columns.decision, new Int32Array(size));
  columns.createdAt = copy(columns.createdAt, new Float64Array(size));
  columns.confidence = copy(columns.confidence, new Float64Array(size));
  columns.organization = copy(columns.organization, new Int32Array(size));
  columns.document = copy(columns.document, new Int32Array(size));
  columns.reviewer = copy(columns.reviewer, new Int32Array(size));
  columns.reason = copy(columns.reason, new Int32Array(size));
}
