import { NEGATION_TERM } from './polarity.js';
import { type Built, TERM_FLAGS, type TermPostings } from './postings.js';
import type { Lexicon } from './synonyms.js';

/**
 * The most judgments of a key that may hold a word for it to count as rare: another review of a near copy's document
 * whose item shares a rare word and another word with the near copy's is about the same kind of item, though the
 * query reaches nothing of it.
 */
export const RARE_WORD_JUDGMENTS = 3;

/** What the second witnesses of a clearly found judgment read of the query and of the judgments' decisions. */
export interface WitnessContext {
  /** Every index term some query word reaches, in any reading (its own, a related word, a spelling slip). */
  readonly queryTerms: ReadonlySet<string>;
  /** Whether the query's words reached a text at all (as a touched text, opposite case included). */
  readonly reached: (text: number) => boolean;
  /** A judgment's side: 0 neither, 1 approve, 2 reject. */
  readonly side: (doc: number) => number;
  /**
   * The other words of a term's family in the lexicon: its derivations and irregular inflections (`disclosur` for
   * `disclos`), which resemblance reads as the term itself.
   */
  readonly family?: (term: string) => readonly string[];
}

/** How a judgment was admitted through a clearly found one besides resemblance or a shared reason. */
export interface ItemWitness {
  /** The words (index terms) beyond the query that its judged item and the clearly found one's both hold. */
  readonly words: readonly string[];
  /** Admitted through a rare shared word, the query reaching nothing of it (a review of the same document and side). */
  readonly rare: boolean;
}

/** A word that may say what kind of item two judgments are about: not the query's, not the shared negation. */
function beyondQuery(term: string, context: WitnessContext): boolean {
  return term !== NEGATION_TERM && !context.queryTerms.has(term);
}

/** The terms of a text's judged item (they come first in its terms). */
function itemTerms(entry: Built, text: number): string[] {
  return (entry.textTerms[text] as string[]).slice(0, entry.textContent[text] as number);
}

/** Whether a text's judged item holds a word of the query, not the shared negation alone (its reason may hold none). */
export function itemHoldsQueryWord(entry: Built, text: number, context: WitnessContext): boolean {
  const terms = entry.textTerms[text] as string[];
  const inItem = entry.textContent[text] as number;
  for (let i = 0; i < inItem; i++) if (terms[i] !== NEGATION_TERM && context.queryTerms.has(terms[i] as string)) return true;
  return false;
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

/**
 * Texts the query did not reach whose judged item shares with a seed's at least two words beyond the query, one of
 * them held by at most `RARE_WORD_JUDGMENTS` judgments of the key: the other reviews of one rare kind of item. Reads
 * only the posting lists of the seed's rare item words, so it costs a few lookups however large the history.
 * @example rareKindTexts(entry, seedText, context) // Map { 19 => ['well', 'blog'] }
 */
export function rareKindTexts(entry: Built, seedText: number, context: WitnessContext): Map<number, string[]> {
  const out = new Map<number, string[]>();
  const seedItem = itemTerms(entry, seedText).filter((term) => beyondQuery(term, context));
  const mine = new Set(seedItem);
  for (const term of seedItem) {
    const postings = entry.postings.get(term) as TermPostings;
    if (postings.df > RARE_WORD_JUDGMENTS) continue;
    postings.texts.forEach((text, i) => {
      if (text === seedText || out.has(text) || context.reached(text) || !((postings.flags[i] as number) & TERM_FLAGS.content)) return;
      const words = itemTerms(entry, text).filter((other) => mine.has(other));
      if (words.length >= 2) out.set(text, words);
    });
  }
  return out;
}

/**
 * Whether one stem is the other's agent noun (`read`/`reader`, `write`/`writer`, `shop`/`shopper`, `lobby`/`lobbyist`):
 * the one who does it, not the doing, so not one item's word read two ways.
 */
function agentNoun(a: string, b: string): boolean {
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  if (!long.startsWith(short)) return false;
  const rest = long.slice(short.length);
  return rest === 'er' || rest === 'or' || rest === 'ist' || (rest === 'r' && short.endsWith('e')) || rest === `${short.at(-1)}er`;
}

/**
 * A term's family in the lexicon, which resemblance reads as the term itself: its derivations and irregular inflections
 * (`disclos`: `disclosur`), not its agent nouns (`read`: not `reader`).
 * @example familyOf(lexicon, 'sponsor') // ['sponsorship', ...]
 */
export function familyOf(lexicon: Lexicon, term: string): string[] {
  const out: string[] = [];
  for (const r of lexicon.related.get(term) ?? []) if ((r.kind === 'derivation' && !agentNoun(term, r.term)) || r.kind === 'inflection') out.push(r.term);
  return out;
}
