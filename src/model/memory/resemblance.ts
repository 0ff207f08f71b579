import { idf } from './bm25.js';
import { MATCHING } from './matching.js';

/** What the hop reads of an index: postings, each judgment's terms, and a cache of their summed IDF. */
export interface HopIndex {
  readonly size: number;
  readonly postings: ReadonlyMap<string, readonly { doc: number; tf: number }[]>;
  readonly docTerms: readonly (readonly string[])[];
  weights?: Float64Array;
}

/**
 * Judgments the query touched but did not clearly find, admitted because they closely resemble one it did: two
 * reviews of the same kind of content, worded differently. Only the 3 best-covered seeds vouch. Returns each
 * admitted judgment with the seed it resembles.
 * @example secondHop(entry, passed, touched, (doc) => covered[doc] / total)
 */
export function secondHop(entry: HopIndex, passed: readonly number[], touched: readonly number[], coverage: (doc: number) => number): Map<number, number> {
  const admitted = new Map<number, number>();
  const seeds = passed.filter((doc) => coverage(doc) >= MATCHING.hopSeed).sort((a, b) => coverage(b) - coverage(a) || a - b).slice(0, 3);
  if (seeds.length === 0) return admitted;
  const totals = docWeights(entry);
  const inside = new Set(passed);
  const candidates = touched.filter((doc) => !inside.has(doc));
  const shared = new Float64Array(entry.size);
  for (const seed of seeds) {
    shared.fill(0);
    for (const term of entry.docTerms[seed] as string[]) {
      const postings = entry.postings.get(term) ?? [];
      const w = idf(entry.size, postings.length);
      for (const { doc } of postings) shared[doc] = (shared[doc] as number) + w;
    }
    const own = totals[seed] as number;
    const similar: { doc: number; similarity: number }[] = [];
    for (const doc of candidates) {
      if ((shared[doc] as number) === 0 || admitted.has(doc)) continue;
      const similarity = (shared[doc] as number) / Math.sqrt(own * (totals[doc] as number));
      if (similarity >= MATCHING.hopSimilarity) similar.push({ doc, similarity });
    }
    similar.sort((a, b) => b.similarity - a.similarity || a.doc - b.doc);
    similar.length = Math.min(similar.length, MATCHING.hopLimit);
    for (const { doc } of similar) admitted.set(doc, seed);
  }
  return admitted;
}

/** Each judgment's summed term IDF, recomputed once per index size (IDF moves as judgments are added). */
function docWeights(entry: HopIndex): Float64Array {
  if (entry.weights?.length === entry.size) return entry.weights;
  const weights = new Float64Array(entry.size);
  for (const postings of entry.postings.values()) {
    const w = idf(entry.size, postings.length);
    for (const { doc } of postings) weights[doc] = (weights[doc] as number) + w;
  }
  entry.weights = weights;
  return weights;
}
