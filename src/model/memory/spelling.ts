import type { Lexicon } from './synonyms.js';
import { analysisWork, isStopWord, LONG_STOP_WORDS, MESSAGE_WORDS, NEGATORS, stem, termOf } from './text.js';

/** The judgments' words a spelling match reads (see `Vocabulary` in `query.ts`). */
export interface Spellings {
  /** Judgments holding the term. */
  documentFrequency(term: string): number;
  /** Distinct lowercased words of the judgments with their terms (null: no topic), at least those starting with `initial`. */
  surfaces(initial: string): ReadonlyMap<string, string | null>;
}

/**
 * The most edit-distance cells the spelling matches of one query may fill: about 20 ms of work. Matching compares a
 * word with every indexed word of its initial and length, so without a cap a long paste over a large vocabulary of
 * look-alike words took seconds (20,000 of them: 4.3 s) and held every other call; realistic queries fill a small
 * share of it, and past it the query's remaining words match without spelling slips.
 */
export const MAX_SPELLING_CELLS = 1_000_000;

/** What is left of a query's edit-distance cells (`MAX_SPELLING_CELLS` at its start), spent by `near`. */
export interface SpellingBudget {
  cells: number;
}

/** `weightloss` as `weight` + `loss` when the judgments use both parts (each at least 4 letters). @example compound('weightloss', vocabulary) // ['weight', 'loss'] */
export function compound(word: string, vocabulary: Spellings): [string, string] | null {
  for (let i = 4; i <= word.length - 4; i++) {
    const left = word.slice(0, i);
    const right = word.slice(i);
    const a = termOf(left);
    const b = termOf(right);
    if (a !== null && b !== null && vocabulary.documentFrequency(a) > 0 && vocabulary.documentFrequency(b) > 0) return [left, right];
  }
  return null;
}

/**
 * The other spellings of a word written the British or the American way: `-ise`/`-ize` (and `-yse`/`-yze`) with their
 * endings, `-our`/`-or`, `-re`/`-er` (`fibre`, `centred`), `-ence`/`-ense` (`licencing`, `defences`), `-ogue`/`-og`
 * (`catalogues`) and `ae`/`oe` read as `e` (`paediatric`, `oestrogen`). Whether each is a word is for the judgments to say.
 * @example otherSpellings('sexualising') // ['sexualizing']
 */
export function otherSpellings(word: string): string[] {
  const out: string[] = [];
  const swap = (pattern: RegExp, replace: (...groups: string[]) => string) => {
    const swapped = word.replace(pattern, replace);
    if (swapped !== word && !out.includes(swapped)) out.push(swapped);
  };
  swap(/([iy])([sz])(e|es|ed|ing|ation|ations|er|ers)$/, (_, vowel, letter, ending) => vowel + (letter === 's' ? 'z' : 's') + ending);
  swap(/(?<=[a-z]{2})(our|or)(s|ed|ing|ful|ite|ites)?$/, (_, core, ending = '') => (core === 'our' ? 'or' : 'our') + ending);
  swap(
    /(?<=[a-z]{2}[^aeiou])(re|er)(s|d|ed)?$/,
    (_, core, ending = '') => (core === 're' ? 'er' : 're') + (ending === 'd' ? 'ed' : ending === 'ed' && core === 'er' ? 'd' : ending),
  );
  swap(/(?<=[a-z]{2})en([cs])(e|es|ed|ing)$/, (_, letter, ending) => `en${letter === 'c' ? 's' : 'c'}${ending}`);
  swap(/(?<=[a-z]{3})og(ue|ues|ued)?$/, (_, ending = '') => (ending === '' ? 'ogue' : `og${ending.slice(2)}`));
  if (word.length >= 6) swap(/(?<=[a-z]?)[ao]e(?=[a-z])/g, () => 'e');
  return out;
}

/**
 * The other degrees of an adjective (`cheapest`, `cheaper`, `cheap`) and its adverb in `-ily`, which Porter2 leaves
 * apart: the base of a comparative or superlative (undoubled, `y` again: `biggest` → `big`, `easiest` → `easy`), or
 * those of a base; `sneakily` for `sneaky` and back.
 * Whether each is a word is for the judgments to say.
 * @example degreesOf('lowest') // ['low', 'lowe']
 */
export function degreesOf(word: string): string[] {
  const out = new Set<string>();
  const ending = /(?:est|er)$/.exec(word);
  if (ending && word.length - ending[0].length >= 3) {
    const base = word.slice(0, ending.index);
    out.add(base);
    out.add(`${base}e`);
    if (base.endsWith('i')) out.add(`${base.slice(0, -1)}y`);
    if (/([^aeiou])\1$/.test(base)) out.add(base.slice(0, -1));
  } else if (word.length >= 3) {
    const base = word.endsWith('e') ? word.slice(0, -1) : word.endsWith('y') ? `${word.slice(0, -1)}i` : word;
    const doubled = /[aeiou][^aeiouwxy]$/.test(word) && !/[aeiou]{2}.$/.test(word) ? word.slice(-1) : '';
    for (const suffix of ['er', 'est']) out.add(base + doubled + suffix);
  }
  // The adverb Porter2 keeps apart from its adjective: `sneakily`, `sneaky` (it reads `quickly` as `quick` itself).
  if (word.length >= 6 && word.endsWith('ily')) out.add(`${word.slice(0, -3)}y`);
  else if (word.length >= 4 && /[^aeiouly]y$/.test(word)) out.add(`${word.slice(0, -1)}ily`);
  out.delete(word);
  return [...out];
}

/**
 * Indexed words one edit away (two from 9 letters) with the same first letter, for words of at least 6 letters (a
 * short word one edit from another is usually a different word: `foul`/`four`, `swore`/`store`), only by a swap of
 * neighbours or a letter more or less when the lexicon knows the word (`stayed` is not `stated`); else indexed words
 * the word is the start of (`unsub`, `insta`). A word the lexicon does not know (`unknown`) is a slip more surely: of
 * 4 or 5 letters, it also reads as an indexed word of at least 4 one swap of neighbours, one letter more or one less
 * away (`vpae`, `smal`; not a letter changed: `vane` is not `vape`; nor `site` the `sie` of a German text), and its
 * stem as an indexed term one edit away (two from 9 letters), so a slip in another inflection reads too (`vacinated`
 * as `vaccination`), and an indexed word its first two letters swapped spell (`rpivacy`).
 * Comparisons stop once the query's `budget` of edit-distance cells is spent.
 * @example near('profanty', vocabulary) // [{ term: 'profan', via: 'typo' }]
 */
export function near(
  word: string,
  vocabulary: Spellings,
  budget: SpellingBudget = { cells: MAX_SPELLING_CELLS },
  unknown = false,
): { term: string; via: 'typo' | 'prefix' }[] {
  const limit = word.length >= 9 ? 2 : 1;
  // Each typo's likeliest slip: 0 a swap of neighbours, 1 a letter more or less, 2 another edit (see `slipRank`).
  const typos = new Map<string, number>();
  const typo = (term: string, a: string, b: string) => typos.set(term, Math.min(typos.get(term) ?? 2, slipRank(a, b)));
  const prefixes = new Set<string>();
  const own = unknown && word.length >= 6 ? stem(word) : word;
  const stemLimit = own.length >= 9 ? 2 : 1;
  const compared = new Set<string>();
  // A typo keeps the first letter and a prefix starts with it: only words with the same initial can qualify.
  for (const [surface, term] of vocabulary.surfaces(word.charAt(0))) {
    if (term === null) continue;
    if (
      word.length >= 6 &&
      surface.charCodeAt(0) === word.charCodeAt(0) &&
      Math.abs(surface.length - word.length) <= limit &&
      budget.cells > 0 &&
      editDistance(word, surface, limit, budget) <= limit
    )
      typo(term, word, surface);
    else if (unknown && word.length >= 4 && word.length <= 5 && surface.length >= 4 && slipped(word, surface)) typo(term, word, surface);
    else if (word.length >= 5 && surface.length >= word.length + 2 && surface.startsWith(word)) prefixes.add(term);
    if (own === word || typos.has(term) || compared.has(term) || term.length < 4 || Math.abs(term.length - own.length) > stemLimit || budget.cells <= 0)
      continue;
    compared.add(term);
    if (editDistance(own, term, stemLimit, budget) <= stemLimit) typo(term, own, term);
  }
  // Its first two letters swapped (`rpivacy`), which the comparisons above, by initial, cannot see: one lookup.
  const turned = unknown && word.length >= 4 && word.charAt(0) !== word.charAt(1) ? word.charAt(1) + word.charAt(0) + word.slice(2) : '';
  const first = turned === '' ? undefined : vocabulary.surfaces(turned.charAt(0)).get(turned);
  if (first) typos.set(first, 0);
  // A word the lexicon knows is a slip only by a swap or a letter more or less, not a letter changed: `stayed` is
  // not `stated`.
  if (!unknown) for (const [term, rank] of typos) if (rank > 1) typos.delete(term);
  // Of several, the likeliest slips only: `contarct` is `contract`, not `contact`.
  const likeliest = Math.min(...typos.values());
  for (const [term, rank] of typos) if (rank > likeliest) typos.delete(term);
  if (typos.size > 0) return [...typos.keys()].sort().map((term) => ({ term, via: 'typo' }));
  return [...prefixes].sort().map((term) => ({ term, via: 'prefix' }));
}

/** How likely a slip turns `b` into `a`: 0 two neighbours swapped, 1 a letter more or less, 2 another edit. */
function slipRank(a: string, b: string): number {
  if (!slipped(a, b)) return 2;
  return a.length === b.length ? 0 : 1;
}

/** Whether `b` is `a` with two neighbouring letters swapped, or one letter more or less (not one changed). */
function slipped(a: string, b: string): boolean {
  if (a.charCodeAt(0) !== b.charCodeAt(0)) return false;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (long.length - short.length > 1) return false;
  let i = 0;
  while (i < short.length && short.charCodeAt(i) === long.charCodeAt(i)) i++;
  if (short.length === long.length)
    return i < short.length - 1 && short[i] === long[i + 1] && short[i + 1] === long[i] && short.slice(i + 2) === long.slice(i + 2);
  return short.slice(i) === long.slice(i + 1);
}

/**
 * The one stem of the lexicon a word neither the judgments nor the lexicon know is a slip of, or null: a stem one edit
 * from the word's own with the same first and last letters (stems of different words often differ only in their
 * ending: `illustr`, `illustri`), of at least 6 letters, or of 4 when the edit is a swap of neighbours; of several, the
 * only swap (`contarct` → `contract`, not `contact`), else the only letter more or less (`recieve` → `receiv`, not
 * `reliev`).
 * Comparisons stop once the query's `budget` of edit-distance cells is spent.
 * @example slipOf('migranes', lexicon.stemsOf('m')) // 'migrain'
 */
export function slipOf(word: string, stems: readonly string[], budget: SpellingBudget = { cells: MAX_SPELLING_CELLS }): string | null {
  const own = stem(word);
  if (own.length < 4) return null;
  const found: string[] = [];
  for (const other of stems) {
    if (budget.cells <= 0) return null;
    if (other.length < 4 || other === own || Math.abs(other.length - own.length) > 1 || other.charCodeAt(other.length - 1) !== own.charCodeAt(own.length - 1))
      continue;
    if (editDistance(own, other, 1, budget) > 1) continue;
    if (Math.min(own.length, other.length) >= 6 || (other.length === own.length && slipped(own, other))) found.push(other);
  }
  if (found.length <= 1) return found[0] ?? null;
  // The likeliest slip first: a swap of neighbours, then a letter more or less.
  for (const likely of [(other: string) => other.length === own.length && slipped(own, other), (other: string) => slipped(own, other)]) {
    const slips = found.filter(likely);
    if (slips.length === 1) return slips[0] as string;
    if (slips.length > 1) return null;
  }
  return null;
}

/**
 * Optimal-string-alignment distance (a swap of neighbours is one edit), giving up past `limit`: a row whose every
 * cell is over the limit ends the comparison, so unlike words cost a few rows.
 * The cells filled are taken from `budget` when one is given.
 * @example editDistance('typefase', 'typeface', 1) // 1
 */
export function editDistance(a: string, b: string, limit: number, budget?: SpellingBudget): number {
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    analysisWork.editCells += b.length;
    if (budget) budget.cells -= b.length;
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let d = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, (previous[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a.charCodeAt(i - 1) === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1)) {
        d = Math.min(d, (before[j - 2] as number) + 1);
      }
      current.push(d);
      best = Math.min(best, d);
    }
    if (best > limit) return limit + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length] as number;
}

/** Negators long enough that a slip in one is rarely another word: `witout`, `omited`, `mising`, `dosent`. */
const SLIPPABLE_NEGATORS = [...NEGATORS].filter((word) => word.length >= 5);

/** The words of a message around an item (see `MESSAGE_WORDS`) long enough to read a slip in them as them. */
const LONG_MESSAGE_WORDS = [...MESSAGE_WORDS].filter((word) => word.length >= 4);

/**
 * The negator, word without a topic or word of a message a word neither the judgments nor the lexicon know is a slip
 * of, or null: one edit from such a word of at least 6 letters (the slip of at least 5), or a swap of neighbours or one
 * letter more or less from a shorter one of at least 4 letters (any negator), the first letter kept. "allergen
 * infomation omited" says the information is absent; "screenshots wheer details are blurred" and "now wnats a
 * refund" say nothing more.
 * @example slippedNegator('witout', known, lexicon) // 'without'
 */
export function slippedNegator(word: string, known: (term: string) => boolean, lexicon: Lexicon): string | null {
  if (word.length < 4 || word.length > 12 || NEGATORS.has(word) || isStopWord(word)) return null;
  const term = termOf(word);
  if (term === null || known(term)) return null;
  // A word the lexicon knows is no slip, unless it has the negator's own stem (`omited`, as `omitted` has).
  const lexical = lexicon.related.has(term);
  const near = (other: string) =>
    other.charCodeAt(0) === word.charCodeAt(0) &&
    (other.length >= 6 ? word.length >= 5 && Math.abs(other.length - word.length) <= 1 && editDistance(word, other, 1) <= 1 : slipped(word, other));
  for (const negator of SLIPPABLE_NEGATORS) if ((!lexical || stem(negator) === term) && near(negator)) return negator;
  if (!lexical) for (const other of LONG_STOP_WORDS) if (near(other)) return other;
  if (!lexical) for (const other of LONG_MESSAGE_WORDS) if (near(other)) return other;
  return null;
}

/**
 * The terms of the judgments' words of at least 7 letters that share `word`'s beginning: at least 6 letters and three
 * quarters of the shorter word (`allergy` and `allergen`, `itemized` and `itemization`). Each word compared takes a
 * cell of `budget`.
 * @example sameBeginning('allergy', vocabulary) // ['allergen']
 */
export function sameBeginning(word: string, vocabulary: Spellings, budget: SpellingBudget = { cells: MAX_SPELLING_CELLS }): string[] {
  const found: string[] = [];
  for (const [surface, term] of vocabulary.surfaces(word.charAt(0))) {
    if (--budget.cells <= 0) break;
    if (term === null || surface.length < 7 || surface === word || found.includes(term)) continue;
    let shared = 0;
    while (shared < word.length && shared < surface.length && word.charCodeAt(shared) === surface.charCodeAt(shared)) shared++;
    if (shared >= Math.max(6, Math.ceil(0.75 * Math.min(word.length, surface.length)))) found.push(term);
  }
  return found;
}
