import { NEGATION_TERM } from './polarity.js';
import type { Built } from './postings.js';

/** What the second witnesses of a clearly found judgment read of the query. */
export interface WitnessContext {
  /** Every index term some query word reaches, in any reading (its own, a related word, a spelling slip). */
  readonly queryTerms: ReadonlySet<string>;
}

/** How a judgment was admitted through a clearly found one besides resemblance or a shared reason. */
export interface ItemWitness {
  /** The words (index terms) beyond the query that its judged item and the clearly found one's both hold. */
  readonly words: readonly string[];
}

/** A seed's terms by their position in its text, and how many of them its judged item holds (they come first). */
export interface SeedTerms {
  readonly position: ReadonlyMap<string, number>;
  readonly inItem: number;
}

/**
 * The words beyond the query that a touched text's judged item shares with a seed's, when the two texts also share a
 * word of the query (in either part): two items of one kind ("Halloween costume ad with a nurse outfit", "costume
 * shop banner with a party outfit"), however little else of them alike. Null when they share no such pair. Reads
 * the text's terms once, looking each up among the seed's.
 * @example sameKindWords(entry, { position, inItem }, text, context) // ['costum']
 */
export function sameKindWords(entry: Built, seed: SeedTerms, text: number, context: WitnessContext): string[] | null {
  const terms = entry.textTerms[text] as string[];
  const inItem = entry.textContent[text] as number;
  let queryWord = false;
  let words: string[] | null = null;
  for (let i = 0; i < terms.length; i++) {
    const term = terms[i] as string;
    const p = seed.position.get(term);
    if (p === undefined || term === NEGATION_TERM) continue;
    if (context.queryTerms.has(term)) queryWord = true;
    else if (i < inItem && p < seed.inItem) (words ??= []).push(term);
  }
  return queryWord ? words : null;
}
