import type { JudgmentRecord, Namespace } from '../state/entities.js';
import { type JudgmentIndex, MATCHING, type Scored, type TermMatch } from './index.js';
import type { MatchKind } from './query.js';
import { tableOf } from './ranking.js';
import { reportOf } from './report.js';
import { type Decision, decide, SCOPE_LABELS, type Scope, type Side, type SuggestRequest, type SuggestResult, sideOf } from './suggest.js';
import type { Weightless } from './weights.js';
import { RARE_WORD_JUDGMENTS } from './witnesses.js';

/** How the query was read: each word, whether the query negates it, and the index terms it stands for. */
export interface ExplainedWord {
  word: string;
  /** A negator of the query governs it (`no` cap), or the word negates another by its prefix (`uncapped`). */
  negated: boolean;
  /** It is in the query's main clause, which a judgment may cover instead of the whole query (a pasted item). */
  mainClause?: true;
  /**
   * It weighs at least half the mean weight of the query's weighed words and is no negator: under the cut-off, a
   * judgment matching 3 such words counts from 20% each way (see a judgment's `tellingWords`).
   */
  telling?: true;
  /**
   * For a word no judgment uses, read through `matches`: the reading it weighs by in the query. It weighs that
   * reading's IDF times the reading's weight: known only through a far reading, it says less of what the query is about.
   */
  weighedBy?: string;
  /**
   * It weighs nothing, neither diluting the query nor making a judgment relevant: a `number` (or a word holding a digit
   * no judgment holds: `5pm`, `v2`), a word of the `message` around an item no judgment uses (`hi`, `friday`,
   * `please`), a `name` no judgment uses (capitalised wherever the query writes it: `Priya`), or an adverb of `manner`
   * read through nothing (`repeatedly`).
   */
  weightless?: Weightless;
  /**
   * Its readings in the index, strongest first: its own word (`exact`) or inflection (`stem`), a `synonym`,
   * `derivation`, `broader` or `narrower` term, the meaning of a `phrase`, the same word with or without a negating
   * prefix (`negated`), or a `typo`, `misspelling` (a slip in a word only the lexicon knows, read through its related
   * words), `compound` or `prefix` match. Empty: no judgment uses it or anything near it.
   */
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
  /** Share of its own content's weight the query matched, 3 decimals; it counts from `reverseCutoff` on (a pasted item). */
  reverseCoverage: number;
  /**
   * The query words it holds, the term each matched and how, and how the judgment states it next to the query:
   * alike (`same`), both negate it (`negated`), or the `opposite` way.
   */
  matched: TermMatch[];
  /** Admitted below the cut-off because it closely resembles this clearly found judgment (or gave its reason). */
  resembles?: string;
  /** Admitted because its reviewer gave the same reason as the judgment it `resembles`, not because the items look alike. */
  sameReason?: true;
  /**
   * Admitted because its judged item is of the kind of the item of the judgment it `resembles`: `words` are the words
   * beyond the query (index terms) both items hold. Without `rare`, the two also share a word of the query; with it,
   * the query reached nothing of this judgment, one of `words` is held by at most 3 judgments of the key, and it
   * reviews the same document with the same side as that judgment.
   */
  sameKind?: { words: string[]; rare?: true };
  /**
   * Admitted because it reviews the same document as the judgment it `resembles`, with the same side, and matches at
   * least 10% of the query, its judged item holding a word of it: one document's reviewers who reached one verdict
   * judged one point of it.
   */
  sameDocument?: true;
  /**
   * Under the cut-off, the telling words of the query it matched, when they and its coverage were enough to pass (see
   * `why`: it may still be left out as of the other side): a point put in other words shares few words with the query,
   * but several that say something.
   */
  tellingWords?: string[];
  /**
   * Words of the judgment it `resembles` that it holds as another word of their family, a derivation or an irregular
   * inflection, counted as shared (`disclosur/disclos`: that judgment's term, then its own).
   */
  family?: string[];
  /** Whether it is one of the records `primary` or `conflict` is based on. */
  counted: boolean;
  /** Why it was or was not counted, in a sentence. */
  why: string;
}

/** Why suggest answers what it answers. */
export interface Explanation {
  /** Exactly what `/v2/memory/suggest` answers for the same request. */
  result: SuggestResult;
  /** The scope the suggestion settled on, or null. */
  scope: Scope | null;
  /** The coverage of the query a judgment needs to count. */
  cutoff: number;
  /** The coverage of its own content a judgment needs to count the other way in. */
  reverseCutoff: number;
  words: ExplainedWord[];
  /** Judgments at or above a cut-off (or admitted by resemblance), in recording order. */
  relevant: ExplainedJudgment[];
  /** Judgments that shared words with the query but did not count as relevant, highest coverage first (at most 5). */
  near: ExplainedJudgment[];
}

const round = (value: number) => Math.round(value * 1000) / 1000;
const percent = (value: number) => `${Math.round(value * 100)}%`;

/**
 * Explains a suggestion: how each query word was read, every judgment that counted with its relevance, coverage both
 * ways and matched terms, the judgments that came close, and for each why it was or was not counted.
 * @example explainDecision(ns, { query: 'swear words in a review' }, clock.now(), judgmentIndex(ns.judgments, lexicon))
 */
export function explainDecision(ns: Namespace, request: SuggestRequest, now: number, index: JudgmentIndex): Explanation {
  const report = reportOf(index, request.query, 5);
  const decision = decide(ns, tableOf(report.hits), request, now, index.columns());
  // The judgment of the other side that outmatches one, and the query words only it matches.
  const outmatchedBy = (scored: Scored) => {
    const by = decision.outmatched.get(scored.index);
    if (by === undefined) return undefined;
    const other = report.hits.find((hit) => hit.index === by);
    const extra = (other?.words ?? 0) & ~(scored.words ?? 0);
    const words = report.words.filter((_, g) => (extra >> g) & 1).map((w) => `"${w.word}"`);
    return { recordId: (ns.judgments[by] as JudgmentRecord).recordId, words };
  };
  const explain = (scored: Scored, relevant: boolean): ExplainedJudgment => {
    const judgment = ns.judgments[scored.index] as JudgmentRecord;
    const resembles = scored.resembles === undefined ? undefined : (ns.judgments[scored.resembles] as JudgmentRecord).recordId;
    const counted = decision.counted.has(scored.index);
    // An item of one kind scoring under `kindInScopeFloor`, in the narrower scope the suggestion settled on.
    const narrowKind =
      !counted &&
      scored.sameKind?.rare === false &&
      scored.relevance < MATCHING.kindInScopeFloor &&
      (decision.scope === 'organization' || (decision.scope === 'document' && judgment.documentId === request.documentId)) &&
      judgment.organizationId === request.organizationId;
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
      reverseCoverage: round(scored.reverseCoverage),
      matched: scored.matched.map((m) => ({ ...m })),
      ...(resembles === undefined ? {} : { resembles }),
      ...(scored.sameReason ? { sameReason: true as const } : {}),
      ...(scored.sameKind ? { sameKind: { words: [...scored.sameKind.words], ...(scored.sameKind.rare ? { rare: true as const } : {}) } } : {}),
      ...(scored.sameDocument ? { sameDocument: true as const } : {}),
      ...(scored.family ? { family: [...scored.family] } : {}),
      ...(scored.byTelling && resembles === undefined ? { tellingWords: [...(scored.telling ?? [])] } : {}),
      counted,
      why: relevant ? whyRelevant(scored, judgment, resembles, counted, decision, outmatchedBy(scored), narrowKind) : whyNot(scored, report.bestCoverage),
    };
  };
  return {
    result: decision.result,
    scope: decision.scope,
    cutoff: MATCHING.cutoff,
    reverseCutoff: MATCHING.reverseCutoff,
    words: report.words.map((w, g) => ({
      word: w.word,
      negated: w.negated !== w.prefixed,
      ...(report.main?.[g] ? { mainClause: true as const } : {}),
      ...(report.telling[g] ? { telling: true as const } : {}),
      ...(report.weighedBy[g] ? { weighedBy: report.weighedBy[g] as string } : {}),
      ...(report.weightless[g] ? { weightless: report.weightless[g] as Weightless } : {}),
      matches: [...w.forms].sort((a, b) => b.weight - a.weight).map((f) => ({ term: f.term, via: f.via, weight: f.weight })),
    })),
    relevant: report.hits.map((hit) => explain(hit, true)),
    near: report.near.map((hit) => explain(hit, false)),
  };
}

/** How a relevant judgment was found, and whether (or why not) it voted. */
function whyRelevant(
  scored: Scored,
  judgment: JudgmentRecord,
  resembles: string | undefined,
  counted: boolean,
  decision: Decision,
  outmatched: { recordId: string; words: string[] } | undefined,
  narrowKind: boolean,
): string {
  const found =
    resembles !== undefined
      ? scored.sameKind
        ? sameKind(scored.sameKind, resembles)
        : scored.sameDocument
          ? `Relevant: it reviews the same document as ${resembles}, which the query clearly found, with the same side, and matches ${percent(scored.coverage)} of the query (needs ${percent(MATCHING.documentFloor)} beside it)`
          : scored.sameReason
            ? `Relevant: its reviewer gave the same reason as ${resembles}, which the query found`
            : `Relevant: it closely resembles ${resembles}, which the query clearly found${familyWords(scored)}`
      : scored.coverage >= MATCHING.cutoff || (sharesAbsence(scored) && scored.coverage >= MATCHING.absenceCutoff)
        ? `Relevant: it matches ${percent(scored.coverage)} of the query${scored.byClause ? "'s main clause" : ''}${sharedAbsence(scored)}`
        : scored.byTelling
          ? `Relevant: it matches ${tellingList(scored)} and ${percent(scored.coverage)} of the query, and the query matches ${percent(scored.reverseCoverage)} of it (under the ${percent(MATCHING.cutoff)} cut-off, needs ${MATCHING.tellingWords} telling words and ${percent(MATCHING.tellingCutoff)} each way)`
          : `Relevant: the query matches ${percent(scored.reverseCoverage)} of it${sharedAbsence(scored)}`;
  const side = sideOf(judgment.decision);
  if (counted) return `${found}; counted toward ${side} in scope ${decision.scope} (${SCOPE_LABELS[decision.scope as Scope]}).`;
  if (side === null) return `${found}; not counted: its decision (${judgment.decision}) supports neither side.`;
  if (outmatched)
    return `${found}; not counted: ${outmatched.recordId}, of the other side, matches every query word it matches and ${outmatched.words.join(', ')} besides, which no judgment of its side matches with them.`;
  if (decision.scope === null) return `${found}; not counted: no scope has 2 records on its leading side.`;
  if (narrowKind)
    return `${found}; not counted: scope ${decision.scope} (${SCOPE_LABELS[decision.scope]}), narrower than the whole key, counts an item of one kind only at ${percent(MATCHING.kindInScopeFloor)} of the best score or more, and it scores ${percent(scored.relevance)}.`;
  return `${found}; not counted: outside scope ${decision.scope} (${SCOPE_LABELS[decision.scope]}), where the suggestion settled.`;
}

/** How a judgment of the kind of a clearly found one's item was admitted. */
function sameKind(kind: NonNullable<Scored['sameKind']>, resembles: string): string {
  const words = kind.words.map((w) => `"${w}"`).join(', ');
  return kind.rare
    ? `Relevant: the query reaches nothing of it, but it reviews the same document as ${resembles}, which the query clearly found, with the same side, and its judged item shares ${words} with that one's, one of them held by at most ${RARE_WORD_JUDGMENTS} judgments`
    : `Relevant: its judged item shares ${words} with that of ${resembles}, which the query clearly found, and a word of the query besides`;
}

/** The pairs of one family through which a judgment resembles its seed, as a clause (empty when none). */
function familyWords(scored: Scored): string {
  const pairs = (scored.family ?? []).map((pair) =>
    pair
      .split('/')
      .map((t) => `"${t}"`)
      .join(' as '),
  );
  return pairs.length === 0 ? '' : `, reading ${pairs.join(', ')} (one family)`;
}

/** The words a judgment says are absent, as the query does: such a judgment states the same case, however far behind the best. */
function sharedAbsence(scored: Scored): string {
  const words = scored.matched.filter((m) => m.polarity === 'negated').map((m) => `"${m.word}"`);
  return words.length === 0 ? '' : ` and says ${words.join(', ')} is absent, as the query does`;
}

/** Whether a judgment says a word the query says absent is absent too, stating none the other way (`MATCHING.absenceCutoff`). */
function sharesAbsence(scored: Scored): boolean {
  return scored.matched.some((m) => m.polarity === 'negated') && !scored.matched.some((m) => m.polarity === 'opposite');
}

/** The telling words of the query a judgment matched, as a phrase: `3 telling words of the query ("a", "b", "c")`. */
function tellingList(scored: Scored): string {
  const words = scored.telling ?? [];
  const quoted = words.map((w) => `"${w}"`).join(', ');
  return `${words.length} telling word${words.length === 1 ? '' : 's'} of the query${words.length === 0 ? '' : ` (${quoted})`}`;
}

/** For a judgment under the cut-off past `MATCHING.tellingCutoff`, what the telling-words rule asked of it (else empty). */
function tellingShort(scored: Scored): string {
  if (scored.coverage < MATCHING.tellingCutoff || scored.telling === undefined) return '';
  return `; under the cut-off it would need ${MATCHING.tellingWords} telling words of the query and ${percent(MATCHING.tellingCutoff)} each way, and it matches ${tellingList(scored)}`;
}

/** Why a judgment the query touched was not relevant. */
function whyNot(scored: Scored, bestCoverage: number): string {
  if (scored.opposite) {
    const opposite = scored.matched.filter((m) => m.polarity === 'opposite').map((m) => `"${m.word}"`);
    return `Not counted: it states ${opposite.join(', ')} the opposite way from the query (one negates what the other states), so it is about the opposite case.`;
  }
  if (scored.otherSide) {
    return `Not counted: it matches ${tellingList(scored)} and ${percent(scored.coverage)} of the query, under the ${percent(MATCHING.cutoff)} cut-off, and holds only the side opposite every judgment the query clearly found.`;
  }
  const reverse = scored.reverseCoverage >= MATCHING.reverseCutoff;
  // One that met the telling-words rule passed the cut-offs: only the floors under the best match left it out.
  const under = scored.coverage < MATCHING.cutoff && !scored.byTelling;
  if (under && reverse && scored.coverage < MATCHING.reverseFloor) {
    return `Not counted: the query matches ${percent(scored.reverseCoverage)} of it, but it matches only ${percent(scored.coverage)} of the query (needs ${percent(MATCHING.reverseFloor)}).`;
  }
  if (under && !reverse) {
    const needs = !sharesAbsence(scored) ? percent(MATCHING.cutoff) : `${percent(MATCHING.absenceCutoff)}, saying an absent word of the query absent too`;
    return `Not counted: it matches ${percent(scored.coverage)} of the query${scored.byClause ? "'s main clause" : ''} (needs ${needs}) and the query matches ${percent(scored.reverseCoverage)} of it (needs ${percent(MATCHING.reverseCutoff)})${tellingShort(scored)}.`;
  }
  if (scored.coverage < MATCHING.coverageFloor * bestCoverage) {
    return `Not counted: it matches ${percent(scored.coverage)} of the query${scored.byClause ? "'s main clause" : ''}, under ${percent(MATCHING.coverageFloor)} of the best match's ${percent(bestCoverage)}.`;
  }
  return `Not counted: its score is ${percent(scored.relevance)} of the best (needs ${percent(MATCHING.relevanceFloor)}).`;
}
