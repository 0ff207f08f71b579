/** BM25's constants and inverse document frequency, shared by the index and the resemblance hop. */

/** BM25 term-frequency saturation (the usual 1.2). */
export const BM25_K1 = 1.2;
/** BM25 length normalisation (the usual 0.75). */
export const BM25_B = 0.75;

/** The BM25 inverse document frequency (the Lucene form, never negative). @example idf(100, 3) */
export function idf(documentCount: number, df: number): number {
  return Math.log(1 + (documentCount - df + 0.5) / (df + 0.5));
}

/**
 * The smallest collection IDF is computed over: a history of a handful of judgments is weighed as if it were one of
 * this many, the rest of them sharing none of its words. Without it, a word every one of three judgments uses weighs
 * almost nothing (all three are about it), and a query about that subject finds none of them.
 */
export const MIN_COLLECTION = 20;

/** The collection size IDF is computed over for `size` judgments. @example collectionSize(3) // 20 */
export function collectionSize(size: number): number {
  return Math.max(size, MIN_COLLECTION);
}
