import { sortByDoc } from './doc-order.js';
import type { Built } from './postings.js';
import type { QueryWord } from './query.js';
import type { Hit, HitTable, Scored, TermMatch } from './results.js';
import type { Weightless } from './weights.js';
import type { ItemWitness } from './witnesses.js';

/** One ranking: the texts the query reached, the judgments kept, and each text's score and coverage. */
export interface Ranking {
  readonly words: readonly QueryWord[];
  /** Distinct texts the query's words reached (each scored once). */
  readonly touched: readonly number[];
  /** Texts at or above a cut-off and the relevance floor, not about the opposite case: every judgment of them is kept. */
  readonly passed: ReadonlySet<number>;
  /** Judgments kept (passed or admitted by resemblance), in recording order. */
  readonly kept: Int32Array;
  /** Judgments admitted by resemblance, with the judgment each resembles. */
  readonly hop: ReadonlyMap<number, number>;
  /** Judgments of `hop` admitted because their reviewer gave the seed's reason, not because their items resemble. */
  readonly sameReason: ReadonlySet<number>;
  /** Judgments of `hop` admitted because their judged item shares words beyond the query with the seed's (see `witnesses.ts`). */
  readonly byItem: ReadonlyMap<number, ItemWitness>;
  /** Judgments of `hop` that resemble their seed through words of one family (`seed/own` terms; see `resemblance.ts`). */
  readonly byFamily: ReadonlyMap<number, readonly string[]>;
  /** Judgments of `hop` admitted as other reviews of their seed's document with its side (see `resemblance.ts`). */
  readonly byDocument: ReadonlySet<number>;
  /** The query words a text matched, one bit each for the first `DOMINANCE_WORDS` (see `dominance.ts`). */
  readonly matchedWords: (text: number) => number;
  /** Which query words are in its main clause (see `clauses.ts`), or null when it has none. */
  readonly main: Uint8Array | null;
  /** Which query words are telling (see `telling.ts`), 1 each. */
  readonly telling: Uint8Array;
  /** Texts passed under the cut-off through telling words. */
  readonly byTelling: ReadonlySet<number>;
  /** Texts that met the telling-words rule but hold only the side opposite every clearly found text's. */
  readonly otherSide: ReadonlySet<number>;
  /** For each query word no judgment uses, the reading it weighs by (its best reading's term), else null. */
  readonly weighedBy: readonly (string | null)[];
  /** For each query word that weighs nothing, why (see `Weightless`), else null. */
  readonly weightless: readonly (Weightless | null)[];
  /** Whether a text's coverage is of the main clause, which it covers more of than of the whole query. */
  readonly byClause: (text: number) => boolean;
  /** The best score among the kept judgments (0 when none). */
  readonly best: number;
  /** The best coverage among the judgments past a cut-off (0 when none). */
  readonly bestCoverage: number;
  readonly score: (text: number) => number;
  /** Share of the query's weight a text matched. */
  readonly coverage: (text: number) => number;
  /** Share of a text's own content weight the query matched. */
  readonly reverse: (text: number) => number;
  /** Whether a text states a matched word the opposite way and shares no negation with the query. */
  readonly opposite: (text: number) => boolean;
  /** The query words each text holds, when asked for. */
  readonly matches: ReadonlyMap<number, TermMatch[]> | undefined;
}

const NOTHING = new Int32Array(0);

/** The ranking of a query that reaches nothing. */
export function nothingFound(words: readonly QueryWord[]): Ranking {
  const none = () => 0;
  return {
    words,
    touched: [],
    passed: new Set(),
    kept: NOTHING,
    hop: new Map(),
    sameReason: new Set(),
    byItem: new Map(),
    byFamily: new Map(),
    byDocument: new Set(),
    matchedWords: () => 0,
    main: null,
    telling: new Uint8Array(0),
    byTelling: new Set(),
    otherSide: new Set(),
    weighedBy: [],
    weightless: [],
    byClause: () => false,
    best: 0,
    bestCoverage: 0,
    score: none,
    coverage: none,
    reverse: none,
    opposite: () => false,
    matches: undefined,
  };
}

/** The hits of a ranking: each kept judgment with its relevance. */
export function hitsOf(entry: Built, ranking: Ranking): Hit[] {
  const { kept, best } = ranking;
  const hits: Hit[] = new Array<Hit>(kept.length);
  for (let i = 0; i < kept.length; i++) {
    const doc = kept[i] as number;
    const text = entry.textOf[doc] as number;
    hits[i] = { index: doc, relevance: best > 0 ? ranking.score(text) / best : 0, words: ranking.matchedWords(text), coverage: ranking.coverage(text) };
  }
  return hits;
}

/**
 * The hits of a ranking as a table: each kept judgment in recording order with its group, one group per text (its
 * judgments were found alike), so what a hit was found with is worked out once per text, not once per judgment.
 */
export function hitTableOf(entry: Built, ranking: Ranking): HitTable {
  const { best } = ranking;
  const texts = [...ranking.passed];
  let count = ranking.hop.size;
  for (const text of texts) count += (entry.textDocs[text] as number[]).length;
  const docs = new Int32Array(count);
  const group = new Int32Array(count);
  let at = 0;
  texts.forEach((text, g) => {
    for (const doc of entry.textDocs[text] as number[]) {
      docs[at] = doc;
      group[at++] = g;
    }
  });
  // A judgment admitted by resemblance is its text's only judgment, or one of few: each is its own group.
  for (const doc of ranking.hop.keys()) {
    docs[at] = doc;
    group[at++] = texts.length;
    texts.push(entry.textOf[doc] as number);
  }
  sortByDoc(docs, group, entry.size - 1);
  const relevance = new Float64Array(texts.length);
  const words = new Int32Array(texts.length);
  const coverage = new Float64Array(texts.length);
  const kindOnly = new Uint8Array(texts.length);
  let hopGroup = texts.length - ranking.hop.size;
  for (const doc of ranking.hop.keys()) kindOnly[hopGroup++] = ranking.byItem.get(doc)?.rare === false ? 1 : 0;
  texts.forEach((text, g) => {
    relevance[g] = best > 0 ? ranking.score(text) / best : 0;
    words[g] = ranking.matchedWords(text);
    coverage[g] = ranking.coverage(text);
  });
  return { docs, group, relevance, words, coverage, kindOnly };
}

/**
 * The table of hits found one by one (each its own group), in the order given.
 * @example decide(ns, tableOf(index.search(query)), request, now)
 */
export function tableOf(hits: readonly Hit[]): HitTable {
  return {
    docs: Int32Array.from(hits, (hit) => hit.index),
    group: Int32Array.from(hits, (_, i) => i),
    relevance: Float64Array.from(hits, (hit) => hit.relevance),
    words: Int32Array.from(hits, (hit) => hit.words ?? 0),
    coverage: Float64Array.from(hits, (hit) => hit.coverage ?? 0),
    kindOnly: Uint8Array.from(hits, (hit) => ((hit as Partial<Scored>).sameKind?.rare === false ? 1 : 0)),
  };
}

/** The judgments of the passed texts and those admitted by resemblance, in recording order. */
export function keptOf(entry: Built, passed: readonly number[], hop: ReadonlyMap<number, number>): Int32Array {
  let count = hop.size;
  for (const text of passed) count += (entry.textDocs[text] as number[]).length;
  const kept = new Int32Array(count);
  let at = 0;
  for (const text of passed) for (const doc of entry.textDocs[text] as number[]) kept[at++] = doc;
  for (const doc of hop.keys()) kept[at++] = doc;
  return kept.sort();
}
