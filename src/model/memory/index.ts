import type { JudgmentRecord } from '../entities.js';
import { terms } from './text.js';

/**
 * The relevance cut-off, on coverage: the share of the query's information that a judgment matches, i.e. the
 * summed IDF of the query terms its content and reasoning contain over the summed IDF of all query terms
 * (a word no judgment uses weighs most). Below it a judgment never counts, whatever its rank: a query about
 * nothing reviewers judged matches nothing, and a judgment sharing only generic words (`ad`, `copy`, `banner`)
 * with the query stays out. Chosen on the labelled fixtures: unrelated queries peak at 0.20, on-topic
 * paraphrases with unseen words start near 0.32.
 */
export const RELEVANCE_CUTOFF = 0.3;

/** BM25 term-frequency saturation (the usual 1.2). */
export const BM25_K1 = 1.2;
/** BM25 length normalisation (the usual 0.75). */
export const BM25_B = 0.75;

/** A judgment that passed the cut-off: its position in the namespace's judgments and its weight. */
export interface Hit {
  /** Index into the judgments the index was built over. */
  readonly index: number;
  /** BM25 score over the best score of this query, in (0, 1]. */
  readonly relevance: number;
}

/** Ranks the judgments of one namespace against a query. */
export interface JudgmentIndex {
  /** Judgments relevant to `query` in the order they were recorded; empty when nothing passes the cut-off. */
  search(query: string): Hit[];
}

/** An inverted index: per term, the judgments holding it and how often. */
interface Built {
  size: number;
  postings: Map<string, { doc: number; tf: number }[]>;
  lengths: number[];
  totalLength: number;
}

/**
 * Built indexes by the judgments array they cover. A snapshot restore gives a namespace a new array, so
 * its index is rebuilt; appends are added to the existing index on the next search, never per request.
 */
const built = new WeakMap<readonly JudgmentRecord[], Built>();

/**
 * The BM25 index of a namespace's judgments (content and reasoning as one field), built on first use and
 * kept current with appends.
 * @example judgmentIndex(ns.judgments).search('clinically proven to reduce wrinkles')
 */
export function judgmentIndex(judgments: readonly JudgmentRecord[]): JudgmentIndex {
  let entry = built.get(judgments);
  if (!entry || entry.size > judgments.length) {
    entry = { size: 0, postings: new Map(), lengths: [], totalLength: 0 };
    built.set(judgments, entry);
  }
  if (entry.size < judgments.length) append(entry, judgments);
  const current = entry;
  return { search: (query) => search(current, query) };
}

function append(entry: Built, judgments: readonly JudgmentRecord[]): void {
  for (let doc = entry.size; doc < judgments.length; doc++) {
    const judgment = judgments[doc] as JudgmentRecord;
    const words = [...terms(judgment.content), ...terms(judgment.reasoning)];
    const tf = new Map<string, number>();
    for (const word of words) tf.set(word, (tf.get(word) ?? 0) + 1);
    for (const [term, n] of tf) {
      let list = entry.postings.get(term);
      if (!list) entry.postings.set(term, (list = []));
      list.push({ doc, tf: n });
    }
    entry.lengths.push(words.length);
    entry.totalLength += words.length;
  }
  entry.size = judgments.length;
}

/** The BM25 inverse document frequency (the Lucene form, never negative). @example idf(100, 3) */
export function idf(documentCount: number, df: number): number {
  return Math.log(1 + (documentCount - df + 0.5) / (df + 0.5));
}

function search(entry: Built, query: string): Hit[] {
  const queryTerms = [...new Set(terms(query))];
  if (queryTerms.length === 0 || entry.size === 0) return [];
  const weights = queryTerms.map((t) => idf(entry.size, entry.postings.get(t)?.length ?? 0));
  let total = 0;
  for (const w of weights) total += w;
  const average = entry.totalLength / entry.size || 1;
  const score = new Float64Array(entry.size);
  const covered = new Float64Array(entry.size);
  const touched: number[] = [];
  queryTerms.forEach((term, i) => {
    const w = weights[i] as number;
    for (const { doc, tf } of entry.postings.get(term) ?? []) {
      if (covered[doc] === 0) touched.push(doc);
      const norm = 1 - BM25_B + (BM25_B * (entry.lengths[doc] as number)) / average;
      score[doc] = (score[doc] as number) + (w * tf * (BM25_K1 + 1)) / (tf + BM25_K1 * norm);
      covered[doc] = (covered[doc] as number) + w;
    }
  });
  const kept = touched.filter((doc) => (covered[doc] as number) / total >= RELEVANCE_CUTOFF).sort((a, b) => a - b);
  let best = 0;
  for (const doc of kept) best = Math.max(best, score[doc] as number);
  return kept.map((doc) => ({ index: doc, relevance: (score[doc] as number) / best }));
}
