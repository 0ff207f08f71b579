/** Undoing a spelling slip that changes how Porter2 cuts a word, where no comparison of stems can find it. */
import { editDistance, MAX_SPELLING_CELLS, type SpellingBudget } from './spelling.js';
import { stemOnce } from './text.js';

/** What Porter2 on one candidate spelling costs, in edit-distance cells per letter (see `respelling`). */
const STEM_CELLS = 20;

/**
 * The one word a single slip in a word of at least 7 letters hides, found by undoing the slip rather than comparing
 * stems: a slip can change how Porter2 cuts a word (`ntification` stems to `ntific`, the word it misspells to `notif`).
 * Every spelling one swap of neighbours, one letter more or less or one letter changed away is stemmed, the first
 * letter kept, and kept when `isWord` accepts its stem and, one edit from the word's own stem other than by a swap
 * of neighbours, it ends as that does (see `slipOf`); of several stems, the only one the likeliest kind of slip
 * reaches (a swap, then a letter more or less, then a changed letter), else null. Only candidates beginning as one of
 * the `known` words or stems (lists of them) do (their first 4 letters) are stemmed, each taking `STEM_CELLS` cells a letter of
 * `budget`.
 * @example respelling('ntification', (s) => lexicon.related.has(s), [lexicon.stemsOf('n')]) // 'notification'
 */
export function respelling(
  word: string,
  isWord: (stem: string) => boolean,
  known: readonly Iterable<string>[],
  budget: SpellingBudget = { cells: MAX_SPELLING_CELLS },
): string | null {
  if (word.length < 7 || !/^[a-z]+$/.test(word)) return null;
  const own = stemOnce(word);
  // Only a spelling that begins as a known word or stem does (its first 4 letters) is worth stemming.
  const beginnings = new Set<string>();
  for (const list of known) for (const other of list) if (other.charCodeAt(0) === word.charCodeAt(0)) beginnings.add(other.slice(0, 4));
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const byRank: Map<string, string>[] = [new Map(), new Map(), new Map()];
  const consider = (candidate: string, rank: number) => {
    if (!beginnings.has(candidate.slice(0, 4))) return;
    budget.cells -= STEM_CELLS * candidate.length;
    const s = stemOnce(candidate);
    const found = byRank[rank] as Map<string, string>;
    if (s === own || found.has(s) || !isWord(s)) return;
    // A stem one edit from the word's own, not by a swap, is a slip only ending alike (`illustr` is no slip of `illustri`).
    if (rank === 0 || editDistance(own, s, 1) > 1 || (s.charCodeAt(s.length - 1) === own.charCodeAt(own.length - 1) && Math.min(s.length, own.length) >= 6))
      found.set(s, candidate);
  };
  for (let i = 1; i < word.length - 1 && budget.cells > 0; i++) consider(word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2), 0);
  for (let i = 1; i < word.length && budget.cells > 0; i++) consider(word.slice(0, i) + word.slice(i + 1), 1);
  for (let i = 1; i <= word.length && budget.cells > 0; i++) for (const c of letters) consider(word.slice(0, i) + c + word.slice(i), 1);
  for (let i = 1; i < word.length && budget.cells > 0; i++) for (const c of letters) if (c !== word[i]) consider(word.slice(0, i) + c + word.slice(i + 1), 2);
  for (const found of byRank) {
    if (found.size === 1) return [...found.values()][0] as string;
    if (found.size > 1) return null;
  }
  return null;
}
