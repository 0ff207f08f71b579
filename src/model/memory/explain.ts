import type { JudgmentRecord, Namespace } from '../state/entities.js';
import { type JudgmentIndex, MATCHING, type Scored } from './index.js';
import type { MatchKind } from './query.js';
import { decide, type Scope, type Side, type SuggestRequest, type SuggestResult, sideOf } from './suggest.js';

/** How the query was read: each word, and the index terms it stands for. */
export interface ExplainedWord {
  word: string;
  /** Its forms in the index (empty: no judgment uses it or anything near it). */
  matches: { term: string; via: MatchKind; weight: number }[];
}

/** One judgment in an explanation. */
export interface ExplainedJudgment {
  recordId: string;
  decision: string;
  /** The side its decision supports, or null (`comment`, `resolve`, `in_progress`). */
  side: Side | null;
  organizationId?: string;
  documentId?: string;
  content: string;
  reasoning: string;
  /** BM25 score over the best score of the query, 3 decimals. */
  relevance: number;
  /** Share of the query's weight it matched, 3 decimals; it counts from `cutoff` on. */
  coverage: number;
  /** The query words it holds, the term each matched, and how. */
  matched: { word: string; term: string; via: MatchKind }[];
  /** Admitted below the cut-off because it closely resembles this clearly found judgment. */
  resembles?: string;
  /** Whether it is one of the records `primary` or `conflict` is based on. */
  counted: boolean;
}

/** Why suggest answers what it answers. */
export interface Explanation {
  /** Exactly what `/v2/memory/suggest` answers for the same request. */
  result: SuggestResult;
  /** The scope the suggestion settled on, or null. */
  scope: Scope | null;
  /** The coverage a judgment needs to count. */
  cutoff: number;
  words: ExplainedWord[];
  /** Judgments at or above the cut-off (or admitted by resemblance), in recording order. */
  relevant: ExplainedJudgment[];
  /** Judgments that shared words with the query but did not count as relevant, highest coverage first (at most 5). */
  near: ExplainedJudgment[];
}

const round = (value: number) => Math.round(value * 1000) / 1000;

/**
 * Explains a suggestion: the query's words and their matches, every judgment that counted with its relevance and
 * matched terms, and the judgments that came close.
 * @example explainDecision(ns, { query: 'swear words in a review' }, clock.now(), judgmentIndex(ns.judgments, synonyms))
 */
export function explainDecision(ns: Namespace, request: SuggestRequest, now: number, index: JudgmentIndex): Explanation {
  const report = index.report(request.query, 5);
  const decision = decide(ns, report.hits, request, now, index.columns());
  const explain = (scored: Scored): ExplainedJudgment => {
    const judgment = ns.judgments[scored.index] as JudgmentRecord;
    const resembles = scored.resembles === undefined ? undefined : (ns.judgments[scored.resembles] as JudgmentRecord).recordId;
    return {
      recordId: judgment.recordId,
      decision: judgment.decision,
      side: sideOf(judgment.decision),
      ...(judgment.organizationId === undefined ? {} : { organizationId: judgment.organizationId }),
      ...(judgment.documentId === undefined ? {} : { documentId: judgment.documentId }),
      content: judgment.content,
      reasoning: judgment.reasoning,
      relevance: round(scored.relevance),
      coverage: round(scored.coverage),
      matched: scored.matched.map((m) => ({ ...m })),
      ...(resembles === undefined ? {} : { resembles }),
      counted: decision.counted.has(scored.index),
    };
  };
  return {
    result: decision.result,
    scope: decision.scope,
    cutoff: MATCHING.cutoff,
    words: report.words.map((w) => ({ word: w.word, matches: w.forms.map((f) => ({ term: f.term, via: f.via, weight: f.weight })) })),
    relevant: report.hits.map(explain),
    near: report.near.map(explain),
  };
}
