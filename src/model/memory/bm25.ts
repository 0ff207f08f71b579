/** BM25's constants and inverse document frequency, shared by the index and the resemblance hop. */

/** BM25 term-frequency saturation (the usual 1.2). */
export const BM25_K1 = 1.2;
/** BM25 length normalisation (the usual 0.75). */
export const BM25_B = 0.75;

/** The BM25 inverse document frequency (the Lucene form, never negative). @example idf(100, 3) */
export function idf(documentCount: number, df: number): number {
  return Math.log(1 + (documentCount - df + 0.5) / (df + 0.5));
}
