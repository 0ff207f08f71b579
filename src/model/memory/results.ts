import type { MatchKind, QueryWord } from './query.js';

/** A judgment that passed the cut-off: its position in the namespace's judgments and its weight. */
export interface Hit {
  /** Index into the judgments the index was built over. */
  readonly index: number;
  /** BM25 score over the best score of this query, in (0, 1]. */
  readonly relevance: number;
}

/** A query word found in a judgment, and how. */
export interface TermMatch {
  /** The word as the query wrote it. */
  readonly word: string;
  /** The index term it matched in the judgment. */
  readonly term: string;
  readonly via: MatchKind;
}

/** A judgment the query touched, whether or not it passed the cut-off. */
export interface Scored extends Hit {
  /** Share of the query's IDF weight this judgment matched, in [0, 1]. */
  readonly coverage: number;
  readonly matched: readonly TermMatch[];
  /** For a judgment admitted by resemblance: the index of the clearly found judgment it resembles. */
  readonly resembles?: number;
}

/** The full account of one search: what counted, and what came close. */
export interface SearchReport {
  readonly words: readonly QueryWord[];
  /** Judgments at or above the cut-off, in recording order. */
  readonly hits: readonly Scored[];
  /** Judgments the query touched that are not relevant (below the cut-off or the relevance floor), highest coverage first, at most `nearLimit`. */
  readonly near: readonly Scored[];
  /** Distinct judgment texts the query's words reached, each scored once (see `postings.ts`): what the search cost. */
  readonly scored: number;
}
