import type { MatchKind, QueryWord } from './query.js';
import type { Weightless } from './weights.js';
import type { ItemWitness } from './witnesses.js';

/** A judgment that passed the cut-off: its position in the namespace's judgments and its weight. */
export interface Hit {
  /** Index into the judgments the index was built over. */
  readonly index: number;
  /** BM25 score over the best score of this query, in (0, 1]. */
  readonly relevance: number;
  /** The query words it matched, one bit each for the first 31 (absent: not known, compared as none). */
  readonly words?: number;
  /** Share of the query's weight it matched (see `Scored`); absent: not known. */
  readonly coverage?: number;
}

/**
 * Hits as columns: each judgment (in recording order) with its group; the judgments of one group were found with the
 * same relevance, matched words and coverage (a text's judgments), held once per group.
 */
export interface HitTable {
  /** Indexes into the judgments the index was built over. */
  readonly docs: Int32Array;
  /** Each judgment's group. */
  readonly group: Int32Array;
  /** By group: what `Hit` holds (absent words and coverage read as 0). */
  readonly relevance: Float64Array;
  readonly words: Int32Array;
  readonly coverage: Float64Array;
  /**
   * By group: 1 when its judgment was admitted as an item of the kind of a clearly found one's (not a rare review of
   * its document; see `witnesses.ts`), which a scope narrower than the whole key counts only past the relevance floor.
   */
  readonly kindOnly?: Uint8Array;
}

/** A query word found in a judgment, and how. */
export interface TermMatch {
  /** The word as the query wrote it. */
  readonly word: string;
  /** The index term it matched in the judgment. */
  readonly term: string;
  readonly via: MatchKind;
  /**
   * How the judgment states it next to the query: alike (`same`), both negate it (`negated`: "no cap" and
   * "uncapped"), or the `opposite` way (the query negates what the judgment states plainly, or the reverse).
   */
  readonly polarity: 'same' | 'negated' | 'opposite';
}

/** A judgment the query touched, whether or not it passed the cut-off. */
export interface Scored extends Hit {
  /** Share of the query's IDF weight this judgment matched, in [0, 1] (of its main clause's, when `byClause`). */
  readonly coverage: number;
  /** Its coverage is of the query's main clause, which it covers more of than of the whole query (see `clauses.ts`). */
  readonly byClause?: boolean;
  /** Share of the judgment's own content (the judged item's words, by IDF) the query matched, in [0, 1]. */
  readonly reverseCoverage: number;
  /** It states a matched word the opposite way and shares no negation with the query: it is about the opposite case. */
  readonly opposite: boolean;
  readonly matched: readonly TermMatch[];
  /** For a judgment admitted by resemblance: the index of the clearly found judgment it resembles. */
  readonly resembles?: number;
  /** Admitted by resemblance because its reviewer gave the same reason as that judgment's (see `resembles`). */
  readonly sameReason?: boolean;
  /** Admitted because its judged item is of the kind of that judgment's (see `resembles` and `witnesses.ts`). */
  readonly sameKind?: ItemWitness;
  /** Admitted as another review of that judgment's document with its side (see `resembles` and `MATCHING.documentFloor`). */
  readonly sameDocument?: boolean;
  /** The telling words of the query it matched (see `telling.ts`), when matches were asked for. */
  readonly telling?: readonly string[];
  /** Under the cut-off, it met the telling-words rule (`MATCHING.tellingCutoff`). */
  readonly byTelling?: boolean;
  /** ...but holds only the side opposite every judgment the query clearly found, so it was left out. */
  readonly otherSide?: boolean;
  /** Terms of that judgment it holds as another word of their family (`seed/own`: `disclosur/disclos`), counted as shared. */
  readonly family?: readonly string[];
}

/** The full account of one search: what counted, and what came close. */
export interface SearchReport {
  readonly words: readonly QueryWord[];
  /** Which of `words` are in the query's main clause (see `clauses.ts`), or null when it has none. */
  readonly main: Uint8Array | null;
  /** Which of `words` are telling (see `telling.ts`), 1 each. */
  readonly telling: Uint8Array;
  /** For each of `words` no judgment uses, the reading it weighs by (see `Ranking`), else null. */
  readonly weighedBy: readonly (string | null)[];
  /** For each of `words` that weighs nothing, why (see `Ranking`), else null. */
  readonly weightless: readonly (Weightless | null)[];
  /** Judgments at or above a cut-off (or admitted by resemblance), in recording order. */
  readonly hits: readonly Scored[];
  /** Judgments the query touched that are not relevant (below the cut-offs or floors, or about the opposite case), highest coverage first, at most `nearLimit`. */
  readonly near: readonly Scored[];
  /** The best coverage of the query among the judgments past a cut-off (0 when none). */
  readonly bestCoverage: number;
  /** Distinct judgment texts the query's words reached, each scored once (see `postings.ts`): what the search cost. */
  readonly scored: number;
}
