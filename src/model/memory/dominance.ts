import type { HitTable } from './results.js';

/** The most query words a judgment's set of matched words tracks (one bit each); later words are not compared. */
export const DOMINANCE_WORDS = 31;

/** A rule of `MatchedSets`: for a hit's matched words and its side (0 approve, 1 reject), the first judgment that outmatches it. */
export type Outmatching = (words: number, side: number) => number | undefined;

/**
 * The judgments of one scope that show only the subject the query shares with the other side: every query word such a
 * judgment matches, a judgment of the opposite side in the same scope matches too, and that one matches more (the
 * query's point) and more of the query than any judgment of its own side, and no judgment of its own side matches all
 * those words (else the sides split over the same case).
 * "Listing with a no children rule" matches "apartment listing that says no pets allowed" (approve) in `listing` and
 * `no`, both of which "apartment listing that says no children allowed" (reject) matches, with `children` besides:
 * the first is evidence about rental listings, not about this case. Fed the hits of the scope with their sides as the
 * tally reads them (a text's first judgment stands for the rest, which share its words and coverage), it compares only
 * the distinct matched-word sets, which a history of near copies keeps few.
 * @example const sets = new MatchedSets(); sets.add(doc, words, coverage, 0); sets.rule()?.(words, 0)
 */
export class MatchedSets {
  // The first judgment of each distinct set of matched words, by side (0 approve, 1 reject), and the best coverage of
  // the query among the judgments with that set.
  readonly #first: [Map<number, { doc: number; coverage: number }>, Map<number, { doc: number; coverage: number }>] = [new Map(), new Map()];
  // The best coverage of each side.
  readonly #best = [0, 0];

  add(doc: number, mask: number, coverage: number, side: number): void {
    if (coverage > (this.#best[side] as number)) this.#best[side] = coverage;
    const seen = this.#first[side] as Map<number, { doc: number; coverage: number }>;
    const had = seen.get(mask);
    if (!had) seen.set(mask, { doc, coverage });
    else if (coverage > had.coverage) had.coverage = coverage;
  }

  /** Null when no judgment is outmatched, else the rule giving the judgment that outmatches a hit. */
  rule(): Outmatching | null {
    const bySide = this.#first;
    if (bySide[0].size === 0 || bySide[1].size === 0) return null;
    // For each side, its sets that a set of the other side outmatches, with that set's first judgment: one matching
    // more of the query than any judgment of this side, and words no judgment of this side matches together.
    const by: [Map<number, number>, Map<number, number>] = [new Map(), new Map()];
    for (const s of [0, 1] as const) {
      const own = bySide[s] as Map<number, { doc: number; coverage: number }>;
      for (const mask of own.keys()) {
        let first = -1;
        for (const [other, { doc, coverage }] of bySide[1 - s] as Map<number, { doc: number; coverage: number }>) {
          if ((mask & other) !== mask || mask === other || (first !== -1 && doc > first)) continue;
          if (coverage > (this.#best[s] as number) && !within(other, own)) first = doc;
        }
        if (first !== -1) (by[s] as Map<number, number>).set(mask, first);
      }
    }
    if (by[0].size === 0 && by[1].size === 0) return null;
    return (words, s) => (s === 0 || s === 1 ? (by[s] as Map<number, number>).get(words) : undefined);
  }
}

/** Whether some set of `masks` holds every word of `mask`. */
function within(mask: number, masks: ReadonlyMap<number, unknown>): boolean {
  for (const other of masks.keys()) if ((mask & other) === mask) return true;
  return false;
}

/**
 * The judgments a rule of `MatchedSets` leaves out, each with the judgment that outmatches it (what explain reads).
 * @example outmatchedOf(hits, sets.rule(), (doc) => side(doc), (doc) => true)
 */
export function outmatchedOf(
  hits: HitTable,
  rule: Outmatching | null,
  side: (doc: number) => number,
  inScope: (doc: number) => boolean,
): ReadonlyMap<number, number> {
  const out = new Map<number, number>();
  if (rule === null) return out;
  hits.docs.forEach((doc, i) => {
    const by = inScope(doc) ? rule(hits.words[hits.group[i] as number] as number, side(doc)) : undefined;
    if (by !== undefined) out.set(doc, by);
  });
  return out;
}
