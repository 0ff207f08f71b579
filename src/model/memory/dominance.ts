/** The most query words a judgment's set of matched words tracks (one bit each); later words are not compared. */
export const DOMINANCE_WORDS = 31;

/**
 * The judgments of one scope that show only the subject the query shares with the other side: every query word such a
 * judgment matches, a judgment of the opposite side in the same scope matches too, and that one matches more (the
 * query's point), which no judgment of its own side matches in full (else the sides split over the same case). "Listing with a no children rule" matches "apartment listing that says no pets allowed" (approve)
 * in `listing` and `no`, both of which "apartment listing that says no children allowed" (reject) matches, with
 * `children` besides: the first is evidence about rental listings, not about this case. `docs` are in recording
 * order; `side` is 0 (approve), 1 (reject) or -1 (neither). Returns each such judgment with the first judgment that
 * outmatches it. Costs the distinct matched-word sets of the docs, squared, never the history.
 * @example outmatched(docs, (doc) => hit.words, (doc) => side(doc))
 */
export function outmatched(docs: readonly number[], words: (doc: number) => number, side: (doc: number) => number): Map<number, number> {
  const out = new Map<number, number>();
  // The first judgment of each distinct set of matched words, by side.
  const bySide: [Map<number, number>, Map<number, number>] = [new Map(), new Map()];
  for (const doc of docs) {
    const s = side(doc);
    if (s === -1) continue;
    const seen = bySide[s] as Map<number, number>;
    const mask = words(doc);
    if (!seen.has(mask)) seen.set(mask, doc);
  }
  if (bySide[0].size === 0 || bySide[1].size === 0) return out;
  const by: [Map<number, number | null>, Map<number, number | null>] = [new Map(), new Map()];
  for (const s of [0, 1] as const) {
    for (const mask of (bySide[s] as Map<number, number>).keys()) {
      let first: number | null = null;
      for (const [other, doc] of bySide[1 - s] as Map<number, number>) {
        if ((mask & other) !== mask || mask === other || (first !== null && doc > first)) continue;
        // When this side has a judgment matching all that one matches, the sides split over the same case.
        if (!within(other, bySide[s] as Map<number, number>)) first = doc;
      }
      (by[s] as Map<number, number | null>).set(mask, first);
    }
  }
  for (const doc of docs) {
    const s = side(doc);
    if (s === -1) continue;
    const first = (by[s] as Map<number, number | null>).get(words(doc));
    if (first !== undefined && first !== null) out.set(doc, first);
  }
  return out;
}

/** Whether some set of `masks` holds every word of `mask`. */
function within(mask: number, masks: ReadonlyMap<number, number>): boolean {
  for (const other of masks.keys()) if ((mask & other) === mask) return true;
  return false;
}
