/**
 * Telling words: a judgment that makes the query's point in its own words shares few of them, but several that say
 * something. "Movers guarantee the price after a video walkthrough of every room" matches 21% of "moving compnay
 * garantees the quoted price wont change whatever the load ends up weighing", through `moving`, `guarantee` and
 * `price`, and the query 35% of it; a neighbour of a subject judged once shares one or two words with the query
 * ("Sales slide deck using a non-approved font" for "warehouse safety training slides"). Below the cut-off, a judgment counts when it
 * matches at least `MATCHING.tellingWords` of the query's telling words and covers `MATCHING.tellingCutoff` of the
 * query, the query covering `MATCHING.tellingReverse` of its judged item, and its side is one the query clearly found.
 */
import { MATCHING } from './matching.js';
import { NEGATION_TERM } from './polarity.js';

/**
 * Marks the query's telling words, 1 each: those weighing at least `MATCHING.tellingShare` of the mean weight of the
 * words that weigh anything, each term once (a word said twice tells once). A word many judgments use (`show`, `new`)
 * or one read only through a far relation weighs little and tells little; a number, a name or a word of the message
 * around an item tells nothing, nor does a negator (`won't`, `no`), which says how the item stands, not what it is.
 * @example tellingWords([2, 0.4, 0, 1.8, 2, 2], ['refund', 'show', '2024', 'deposit', 'refund', 'no']) // Uint8Array [1, 0, 0, 1, 0, 0]
 */
export function tellingWords(weights: readonly number[], terms: readonly string[]): Uint8Array {
  let sum = 0;
  let weighed = 0;
  for (const weight of weights) {
    if (weight <= 0) continue;
    sum += weight;
    weighed++;
  }
  const floor = weighed === 0 ? Number.POSITIVE_INFINITY : (MATCHING.tellingShare * sum) / weighed;
  const seen = new Set<string>();
  return Uint8Array.from(weights, (weight, g) => {
    const term = terms[g] as string;
    if (weight <= 0 || weight < floor || seen.has(term) || term === NEGATION_TERM) return 0;
    seen.add(term);
    return 1;
  });
}

/**
 * Whether a judgment under the cut-off counts through telling words: it covers `coverage` of the query, the query
 * covers `reverse` of its judged item, and it matches `telling` of the query's telling words.
 * @example passesByTelling(0.24, 0.22, 3) // true
 */
export function passesByTelling(coverage: number, reverse: number, telling: number): boolean {
  return coverage >= MATCHING.tellingCutoff && reverse >= MATCHING.tellingReverse && telling >= MATCHING.tellingWords;
}

/**
 * Takes out of `passed` (in place) the texts admitted through telling words whose judgments hold only a side that no
 * clearly found text holds: when the query clearly found a judgment (`clearly` at `MATCHING.hopSeed` or more), a
 * looser match of the other side is a neighbour of its subject ("label set where categories overlap" beside
 * "category scheme with mutually exclusive definitions"), not a second view of the query's point. `sides` gives a
 * text's sides as bits (1 approve, 2 reject). Returns the texts taken out.
 * @example keepClearSides([4, 9], new Set([9]), (t) => (t === 4 ? 0.55 : 0.22), (t) => (t === 4 ? 1 : 2)) // Set {9}
 */
export function keepClearSides(
  passed: number[],
  byTelling: ReadonlySet<number>,
  clearly: (text: number) => number,
  sides: (text: number) => number,
): Set<number> {
  const out = new Set<number>();
  if (byTelling.size === 0) return out;
  let clear = 0;
  for (const text of passed) if (!byTelling.has(text) && clearly(text) >= MATCHING.hopSeed) clear |= sides(text);
  if (clear === 0) return out;
  // One pass, keeping the order: the texts taken out never cost a shift of the rest each.
  let kept = 0;
  for (const text of passed) {
    const own = sides(text);
    if (byTelling.has(text) && own !== 0 && (own & clear) === 0) out.add(text);
    else passed[kept++] = text;
  }
  passed.length = kept;
  return out;
}
