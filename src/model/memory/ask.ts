import { findKnowledge } from '../knowledge/search.js';
import type { Namespace } from '../state/entities.js';
import type { ScriptedAnswer } from '../state/records/insights.js';
import type { JudgmentIndex } from './index.js';
import { findJudgments, type JudgmentSearch } from './search.js';
import { sideOf } from './suggest.js';
import type { Lexicon } from './synonyms.js';

/** The `result` of ask. */
export interface AskResult {
  answer: string;
  citations: { recordId: string; snippet: string }[];
  confidence: number;
  recordsSearched: number;
}

/** An ask request, validated, retrieving like search (`limit` 10). */
export type AskRequest = Omit<JudgmentSearch, 'limit'>;

const EMPTY: AskResult = { answer: '', citations: [], confidence: 0, recordsSearched: 0 };

const round2 = (value: number) => Math.round(value * 100) / 100;
const cut = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);
const plural = (n: number) => `${n} record${n === 1 ? '' : 's'}`;

/**
 * Answers a question extractively (beyond-spec-4 4.3.2): a scripted answer for the exact question, else sentences
 * built from the judgments search finds relevant (and the best knowledge hit), with citations to the records used;
 * the documented empty answer with confidence 0 when nothing is relevant.
 * @example askMemory(ns, { query: 'Can we say clinically proven?', scope: 'apiKey', filters: {} }, now, index, synonyms).answer
 */
export function askMemory(ns: Namespace, request: AskRequest, now: number, index: JudgmentIndex, synonyms: Lexicon): AskResult {
  const scripted: ScriptedAnswer | undefined = ns.insights?.answers.get(request.query);
  if (scripted) {
    return {
      answer: scripted.answer,
      citations: scripted.citations.map((c) => ({ ...c })),
      confidence: scripted.confidence,
      recordsSearched: scripted.citations.length,
    };
  }
  const found = findJudgments(ns, { ...request, limit: 10 }, now, index);
  const knowledge = findKnowledge(ns, { query: request.query, limit: 1, includeRules: true }, synonyms)[0];
  if (found.length === 0 && knowledge === undefined) return { ...EMPTY, citations: [] };
  const sentences: string[] = [];
  const citations = found.slice(0, 3).map(({ judgment }) => ({ recordId: judgment.recordId, snippet: cut(judgment.reasoning, 160) }));
  let approved = 0;
  let rejected = 0;
  for (const { judgment } of found) {
    const side = sideOf(judgment.decision);
    if (side === 'approve') approved++;
    else if (side === 'reject') rejected++;
  }
  if (found.length > 0) {
    if (rejected > approved) sentences.push(`Reviewers mostly rejected similar items (${rejected} rejected, ${approved} approved).`);
    else if (approved > 0) sentences.push(`Reviewers mostly approved similar items (${approved} approved, ${rejected} rejected).`);
    else sentences.push(`Reviewers discussed similar items in ${plural(found.length)} without approving or rejecting them.`);
    sentences.push(`The most relevant reasoning: "${found[0]?.judgment.reasoning ?? ''}".`);
  }
  if (knowledge) {
    sentences.push(`Relevant guidance from the knowledge base: "${cut(knowledge.text, 200)}".`);
    citations.push({ recordId: knowledge.sourceId, snippet: cut(knowledge.text, 160) });
  }
  const sided = approved + rejected;
  const agreement = found.length === 0 ? 0.3 : sided === 0 ? 0.5 : Math.max(approved, rejected) / sided;
  const top = found[0]?.relevance ?? knowledge?.relevance ?? 0;
  const confidence = round2(Math.min(0.95, 0.3 + 0.05 * found.length + 0.4 * top * agreement));
  return { answer: sentences.join(' '), citations, confidence, recordsSearched: found.length };
}
