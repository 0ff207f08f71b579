import { collectionSize, idf } from './bm25.js';
import { MATCHING } from './matching.js';
import { type Built, type TermPostings, textWeight } from './postings.js';
import { type ItemWitness, itemHoldsQueryWord, rareKindTexts, sameKindWords, type WitnessContext } from './witnesses.js';

/** How the judgments admitted by `secondHop`, besides those closely resembling their seed, were admitted. */
export interface Witnesses {
  /** Their reviewer gave the seed's reason (or most of its weight, for a weak seed). */
  readonly sameReason: Set<number>;
  /** Their judged item is of the kind of the seed's, with the words beyond the query both hold. */
  readonly byItem: Map<number, ItemWitness>;
  /** They resemble the seed through words of one family (`seed/own` terms). */
  readonly byFamily: Map<number, string[]>;
  /** They review the seed's document with its side, and the query reached them. */
  readonly byDocument: Set<number>;
}

/** Empty witness sets, for `secondHop` to fill. */
export function witnessSets(): Witnesses {
  return { sameReason: new Set(), byItem: new Map(), byFamily: new Map(), byDocument: new Set() };
}

/** A clearly found judgment that may vouch for others: its position, its text and its coverage. */
interface Seed {
  doc: number;
  text: number;
  coverage: number;
}

/**
 * Judgments the query touched but did not clearly find, admitted because they closely resemble one it did: two
 * reviews of the same kind of content, worded differently. Only the 3 best-covered seeds vouch (ties to the earliest
 * recorded). `passed` and `touched` are texts (see `postings.ts`); every judgment of a passed text passed. Returns
 * each admitted judgment with the seed it resembles; `found` receives how those not alike were admitted (see
 * `Witnesses`). With a `context`, a seed also vouches for a touched judgment whose judged item shares a word beyond
 * the query with its own, the two sharing a word of the query too, for a judgment of its document and side the query
 * did not reach whose item shares two words beyond the query with its own, one of them rare (see `witnesses.ts`),
 * and for the other reviews of its document and side the query reached (`MATCHING.documentFloor`). Resemblance reads
 * a word of the seed's and another of its family in the lexicon (`context.family`: `discloses`, `disclosure`) as one
 * shared word.
 *
 * The resemblance of a candidate is summed from the candidate's own terms, so the hop costs what the query touched
 * (its candidates' terms, times at most 3 seeds), never the posting lists of the seed's common words. It is exact:
 * the shared weight is added up in the seed's term order, as a pass over the seed's posting lists would.
 * @example secondHop(entry, passed, touched, (text) => covered[text] / total)
 */
export function secondHop(
  entry: Built,
  passed: readonly number[],
  touched: readonly number[],
  clearly: (text: number) => number,
  coverage: (text: number) => number = clearly,
  itemCoverage: (text: number) => number = coverage,
  context?: WitnessContext,
  found: Witnesses = witnessSets(),
): Map<number, number> {
  const { sameReason: byReason, byItem, byFamily, byDocument } = found;
  const admitted = new Map<number, number>();
  const resembling = seedsOf(entry, passed, clearly);
  // Any passed judgment whose item clearly matches may vouch by its reason, however far behind the best it is: the
  // reason, not the wording, carries the point.
  const reasoning = seedsOf(
    entry,
    passed.filter((text) => itemCoverage(text) >= MATCHING.hopSeed),
    clearly,
    0,
  );
  const seeds = [...resembling, ...reasoning.filter((r) => !resembling.some((s) => s.doc === r.doc))];
  const inside = new Set(passed);
  echoes(entry, passed, inside, touched, itemCoverage, admitted, byReason);
  if (seeds.length === 0) return admitted;
  const candidates = touched.filter((text) => !inside.has(text));
  for (const seed of seeds) {
    const terms = entry.textTerms[seed.text] as string[];
    const position = new Map<string, number>();
    const weights: number[] = [];
    const n = collectionSize(entry.size);
    terms.forEach((term, i) => {
      position.set(term, i);
      weights.push(idf(n, (entry.postings.get(term) as TermPostings).df));
    });
    // The other words of the family of each of the seed's words, at that word's position: one shared word.
    const kin = new Map<string, number>();
    if (context?.family)
      terms.forEach((term, i) => {
        for (const other of context.family?.(term) ?? []) if (!position.has(other) && !kin.has(other)) kin.set(other, i);
      });
    const own = textWeight(entry, seed.text);
    // Items of one kind read a word's family as the word too.
    const seedTerms = { position: kin.size === 0 ? position : new Map([...kin, ...position]), inItem: entry.textContent[seed.text] as number };
    // A seed vouches by its reason only when its judged item itself clearly matches the query: a reason often states
    // the rule the item broke ("the price must be shown"), the opposite of the case.
    const reasons = new Set(reasoning.includes(seed) || reasoning.some((r) => r.doc === seed.doc) ? (entry.textReasons[seed.text] as string[]) : []);
    const resembles = resembling.includes(seed);
    const similar: { doc: number; similarity: number; reason: boolean; item?: ItemWitness; family?: string[] }[] = [];
    const at: number[] = [];
    const similarity = (text: number, shared: number) => shared / Math.sqrt(own * textWeight(entry, text));
    const document = entry.columns.document[seed.doc] as number;
    // Reviews of the seed's document and side the query reached, when the seed's own item clearly matches.
    if (context && document !== -1 && itemCoverage(seed.text) >= MATCHING.hopSeed)
      sameDocument(entry, seed, document, candidates, coverage, context, admitted, byDocument);
    // Reviews of the seed's document and side the query did not reach, whose items share a rare word and another with its item.
    if (context && resembles && document !== -1) {
      const seedSide = context.side(seed.doc);
      for (const [text, words] of rareKindTexts(entry, seed.text, context)) {
        const mine = new Set(entry.textTerms[text] as string[]);
        let shared = 0;
        terms.forEach((term, i) => {
          if (mine.has(term)) shared += weights[i] as number;
        });
        let taken = 0;
        for (const doc of entry.textDocs[text] as number[]) {
          if (taken === MATCHING.hopLimit) break;
          if (seedSide === 0 || context.side(doc) !== seedSide || entry.columns.document[doc] !== document || admitted.has(doc)) continue;
          similar.push({ doc, similarity: similarity(text, shared), reason: false, item: { words, rare: true } });
          taken++;
        }
      }
    }
    for (const text of candidates) {
      // A look-alike that lacks most of what the seed matched of the query differs in the point the query makes.
      if (coverage(text) < MATCHING.hopCover * seed.coverage) continue;
      at.length = 0;
      const pairs: string[] = [];
      for (const term of entry.textTerms[text] as string[]) {
        const p = position.get(term) ?? kin.get(term);
        if (p === undefined || at.includes(p)) continue;
        at.push(p);
        if (!position.has(term)) pairs.push(`${terms[p]}/${term}`);
      }
      // Two reviewers who gave the same reason (at least `hopReasons` terms of it) judged the same point.
      // ...about an item that itself holds a word of the query: a reason alone ("not allowed in a public review") is no item.
      let sameReason = 0;
      if (itemCoverage(text) > 0) for (const term of entry.textReasons[text] as string[]) if (reasons.has(term)) sameReason++;
      if ((!resembles || at.length < MATCHING.hopShared) && sameReason < MATCHING.hopReasons) continue;
      at.sort((a, b) => a - b);
      let shared = 0;
      for (const p of at) shared += weights[p] as number;
      const alike = resembles && at.length >= MATCHING.hopShared && similarity(text, shared) >= MATCHING.hopSimilarity;
      // Items of one kind: a word beyond the query both items hold, and a word of the query both texts hold.
      const words = !alike && resembles && context ? sameKindWords(entry, seedTerms, text, context) : null;
      const item = words === null || sameReason >= MATCHING.hopReasons ? undefined : { words, rare: false };
      if (!alike && sameReason < MATCHING.hopReasons && item === undefined) continue;
      // Of one text, only its first `hopLimit` judgments not yet admitted can make the cut.
      let taken = 0;
      for (const doc of entry.textDocs[text] as number[]) {
        if (taken === MATCHING.hopLimit) break;
        if (admitted.has(doc)) continue;
        const family = alike && pairs.length > 0 ? { family: pairs } : {};
        similar.push({ doc, similarity: similarity(text, shared), reason: !alike && item === undefined, ...(item ? { item } : {}), ...family });
        taken++;
      }
    }
    similar.sort((a, b) => b.similarity - a.similarity || a.doc - b.doc);
    similar.length = Math.min(similar.length, MATCHING.hopLimit);
    for (const { doc, reason, item, family } of similar) {
      admitted.set(doc, seed.doc);
      if (reason) byReason.add(doc);
      if (item) byItem.set(doc, item);
      if (family) byFamily.set(doc, family);
    }
  }
  return admitted;
}

/**
 * The other reviews of a seed's document with the seed's side that the query reached at `MATCHING.documentFloor` or
 * more, their judged item holding a word of it: one document's reviewers who reached one verdict judged the same
 * point of it, in their own words. At most `hopLimit` of them, the best covered first (ties to the earliest
 * recorded); reads only the candidates.
 */
function sameDocument(
  entry: Built,
  seed: Seed,
  document: number,
  candidates: readonly number[],
  coverage: (text: number) => number,
  context: WitnessContext,
  admitted: Map<number, number>,
  byDocument: Set<number>,
): void {
  const side = context.side(seed.doc);
  if (side === 0) return;
  const found: { doc: number; coverage: number }[] = [];
  for (const text of candidates) {
    const c = coverage(text);
    // ...about an item that itself holds a word of the query, not only its negation: a word of a message the item is
    // pasted in may reach the reason of a review of another point of the document.
    if (c < MATCHING.documentFloor || !itemHoldsQueryWord(entry, text, context)) continue;
    // Of one text (its judgments are recorded alike), only its first `hopLimit` can make the cut.
    let taken = 0;
    for (const doc of entry.textDocs[text] as number[]) {
      if (taken === MATCHING.hopLimit) break;
      if (entry.columns.document[doc] !== document || context.side(doc) !== side || admitted.has(doc)) continue;
      found.push({ doc, coverage: c });
      taken++;
    }
  }
  found.sort((a, b) => b.coverage - a.coverage || a.doc - b.doc);
  for (const { doc } of found.slice(0, MATCHING.hopLimit)) {
    admitted.set(doc, seed.doc);
    byDocument.add(doc);
  }
}

/**
 * A judgment the query found without finding it clearly (its judged item matches under `MATCHING.hopSeed`) vouches
 * only for the touched judgments whose reviewer gave the same reason in most of its weight (`MATCHING.echoShare` of
 * the IDF weight of the two reasons' terms together: "Reference price never used, the discount is misleading" for a
 * "strike-through 'was 199' price" and a "permanent '50% off' banner"): two reviewers wording one verdict alike judged
 * one point, though the items share no word. At most 3 such judgments vouch, the best-covered first; the candidates
 * are read once, so the cost grows with what the query touched.
 */
function echoes(
  entry: Built,
  passed: readonly number[],
  inside: ReadonlySet<number>,
  touched: readonly number[],
  itemCoverage: (text: number) => number,
  admitted: Map<number, number>,
  byReason: Set<number>,
): void {
  const weak = passed
    .filter((text) => itemCoverage(text) > 0 && itemCoverage(text) < MATCHING.hopSeed && (entry.textReasons[text] as string[]).length >= MATCHING.hopReasons)
    .sort((a, b) => itemCoverage(b) - itemCoverage(a) || a - b)
    .slice(0, 3)
    .map((text) => ({ doc: (entry.textDocs[text] as number[])[0] as number, reasons: new Set(entry.textReasons[text] as string[]) }));
  if (weak.length === 0) return;
  for (const text of touched) {
    if (inside.has(text) || itemCoverage(text) <= 0) continue;
    const theirs = entry.textReasons[text] as string[];
    // Most candidates share no reason term with any seed: only those that do are weighed.
    const seed = weak.find((w) => theirs.some((term) => w.reasons.has(term)) && sameReasonShare(entry, w.reasons, theirs) >= MATCHING.echoShare);
    if (seed === undefined) continue;
    let taken = 0;
    for (const doc of entry.textDocs[text] as number[]) {
      if (taken === MATCHING.hopLimit) break;
      if (admitted.has(doc)) continue;
      admitted.set(doc, seed.doc);
      byReason.add(doc);
      taken++;
    }
  }
}

/** The share of the IDF weight of two reasons' terms together that both hold (1: the very same reason). */
function sameReasonShare(entry: Built, mine: ReadonlySet<string>, theirs: readonly string[]): number {
  const n = collectionSize(entry.size);
  const weight = (term: string) => idf(n, entry.postings.get(term)?.df ?? 0);
  let shared = 0;
  let both = 0;
  for (const term of theirs) {
    both += weight(term);
    if (mine.has(term)) shared += weight(term);
  }
  for (const term of mine) if (!theirs.includes(term)) both += weight(term);
  return both > 0 ? shared / both : 0;
}

/**
 * The 3 best-covered passed judgments at or above `MATCHING.hopSeed` and `MATCHING.seedFloor` of the best, ties to the
 * earliest recorded; one pass over the passed texts, keeping the best 3 as it goes.
 */
function seedsOf(entry: Built, passed: readonly number[], coverage: (text: number) => number, floor = MATCHING.seedFloor): Seed[] {
  const covered = passed.map(coverage);
  let best = 0;
  for (const c of covered) best = Math.max(best, c);
  const seeds: Seed[] = [];
  const before = (a: Seed, b: Seed) => a.coverage > b.coverage || (a.coverage === b.coverage && a.doc < b.doc);
  passed.forEach((text, k) => {
    const c = covered[k] as number;
    if (c < MATCHING.hopSeed || c < floor * best) return;
    const docs = entry.textDocs[text] as number[];
    for (let i = 0; i < Math.min(3, docs.length); i++) {
      const seed = { doc: docs[i] as number, text, coverage: c };
      if (seeds.length === 3 && !before(seed, seeds[2] as Seed)) continue;
      let at = Math.min(seeds.length, 2);
      if (seeds.length < 3) seeds.push(seed);
      while (at > 0 && before(seed, seeds[at - 1] as Seed)) {
        seeds[at] = seeds[at - 1] as Seed;
        at--;
      }
      seeds[at] = seed;
    }
  });
  return seeds;
}
