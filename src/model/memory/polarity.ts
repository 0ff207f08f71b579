/**
 * Polarity: which words of a text a negator governs, so "a cap on liability" and "no cap on liability" make different
 * points. Judgments and queries are read the same way, in one pass over their words.
 */
import {
  AUXILIARIES,
  CARRIERS,
  CLOUDERS,
  CONTRACTED,
  DETERMINERS,
  LEAVE,
  MEANS,
  NORMS,
  NOUN_NEGATORS,
  OBJECT_OF,
  OUT,
  PLACES,
  POSTPOSED,
  PREPOSITIONS,
  phraseAt,
  SAYING,
  SAYING_VERBS,
  THAT,
} from './negation-words.js';
import type { Lexicon } from './synonyms.js';
import { isStopWord, NEGATORS, negatingPrefix, type Token, termOf, tokens } from './text.js';

/** An index term of a text, the word it came from, and whether a negator governs it. */
export interface ReadTerm {
  readonly word: string;
  readonly term: string;
  readonly negated: boolean;
  /**
   * Not governed by a negator, but in a clause that holds one: "pets are not permitted" states nothing plain about
   * `pets`, and neither does "competitive pay without figures" about `pay`. Such a word never counts as stated the
   * opposite way.
   */
  readonly clouded: boolean;
  /** The word is a negator: its term is `NEGATION_TERM`, which every way of saying "none" shares. */
  readonly negator: boolean;
  /** The position of the token it was read from in the text's tokens. */
  readonly at: number;
}

/** The one term every negator becomes (`no`, `without`, `lacking`, `missing`, `doesn't`...): texts saying something is absent share it. */
export const NEGATION_TERM = 'no';

/** The most words one negator governs: "no age verification gate" negates three. */
export const NEGATION_REACH = 3;

/**
 * The terms of a text with their polarity, each negator as `NEGATION_TERM`. A negator (`no`, `not`, `without`, `never`, `lacks`, `missing`, `n't`...)
 * governs the next run of up to `NEGATION_REACH` adjacent topic words, skipping the words without a topic before the
 * first (`without an unsubscribe link`), continuing over `or`/`nor` and hyphens (`no opt-out link`) and over the commas of a list ending in `or` or `nor`
 * (`no details, footage or trip data`), from a noun one
 * of `NOUN_NEGATORS` took over `of`, `for` and `about` to its object (`no section for allergies`), from a noun of
 * means over `to` to what it would do (`no way to roll back`), from a noun of saying to what it would have said (`no
 * mention that it was paid`, `without saying it is a paid subscription`), not from a verb's negator over a
 * preposition of place to the place (`isn't on the signed rate card`), and stopping at any
 * other word without a topic or at punctuation. `non-` negates the one word it is joined to. A postposed negator
 * with nothing to govern after it (`brand font missing`, `citation missing from the page`) governs the run before it.
 * @example readText('no cap on liability').map((t) => [t.term, t.negated]) // [['cap', true], ['liabil', false]]
 */
export function readText(text: string): ReadTerm[] {
  return readTokens(tokens(text));
}

/** `readText` over tokens already cut; `lookup` turns a lowercased word into its term (null: no topic), e.g. from a cache. */
export function readTokens(list: readonly Token[], lookup: (word: string) => string | null = termOf): ReadTerm[] {
  const out: { word: string; term: string; negated: boolean; clouded: boolean; negator: boolean; at: number }[] = [];
  let clouded = false; // the current clause holds a negator
  let pending = false; // a negator waits for its first topic word
  let reach = 0; // how many more adjacent topic words the current negation takes
  let back: [number, number] | null = null; // the run a postposed negator governs if nothing follows it
  let runStart = 0; // the first term of the latest run of adjacent topic words
  let adjacent = false; // the last word read was a topic word (or joined to one)
  let clause = 0; // the first term of the current clause
  let previous = '';
  let negatorWord = ''; // the latest negator, as read
  const governBack = () => {
    if (back) for (let i = back[0]; i < back[1]; i++) if (!(out[i] as ReadTerm).negator) (out[i] as { negated: boolean }).negated = true;
    back = null;
    pending = false;
  };
  const endClause = () => {
    if (clouded)
      for (let i = clause; i < out.length; i++)
        if (!(out[i] as ReadTerm).negated && !(out[i] as ReadTerm).negator && !CLOUDERS.has((out[i] as ReadTerm).word))
          (out[i] as { clouded: boolean }).clouded = true;
    clouded = false;
  };
  for (let at = 0; at < list.length; at++) {
    const token = list[at] as Token;
    if (token.breaks && listGoesOn(list, at, !pending && adjacent && (out.at(-1) as ReadTerm | undefined)?.negated === true)) {
      // "no details, footage or trip data": the negation carries over the commas of a list ending in `or` or `nor`.
      pending = true;
      reach = NEGATION_REACH;
    } else if (token.breaks) {
      if (pending) governBack();
      endClause();
      pending = false;
      reach = 0;
      back = null;
      adjacent = false;
      clause = out.length;
    }
    const phrase = phraseAt(list, at);
    if (phrase) at += phrase[0].length - 1;
    // `yes or no` (`yes/no`) asks for a decision; its `no` negates nothing, nor does the `zero` of `net zero`.
    const yesOrNo =
      (token.word === 'no' && list[at - 1]?.word === 'yes') ||
      (token.word === 'no' && list[at - 1]?.word === 'or' && list[at - 2]?.word === 'yes') ||
      (token.word === 'zero' && list[at - 1]?.word === 'net');
    // `leaves out` and `left off` are one negator, read at `out` or `off`.
    const next = list[at + 1];
    if (LEAVE.has(token.word) && next !== undefined && OUT.has(next.word) && !next.breaks) {
      previous = token.word;
      continue;
    }
    const leftOff = token.word === 'off' && previous === 'left' && !token.breaks;
    const word = phrase ? phrase[1] : OUT.has(token.word) && LEAVE.has(previous) && !token.breaks ? (previous === 'left' ? 'omitted' : 'omits') : token.word;
    const negator = (NEGATORS.has(word) && !yesOrNo) || (word === 't' && CONTRACTED.has(previous)) || word === 'non';
    previous = word;
    if (negator) {
      negatorWord = word;
      // A negator inside a hyphenated word ("do-not-reuse symbol", "zero-day exploit", "no-harness images") negates
      // only the word it is joined to, and leaves the rest of its clause stated.
      const inWord = list[at + 1]?.joined === true;
      if (!inWord) clouded = true;
      pending = true;
      reach = word === 'non' || inWord ? 1 : NEGATION_REACH;
      const before = out.length;
      back = POSTPOSED.has(word) && adjacent ? [Math.max(runStart, clause, before - NEGATION_REACH), before] : null;
      adjacent = false;
      out.push({ word, term: NEGATION_TERM, negated: false, clouded: false, negator: true, at });
      // "reading left off the listing": `off` is the preposition; the run before is what was left off.
      if (leftOff && back) governBack();
      continue;
    }
    if (CLOUDERS.has(word)) clouded = true;
    const term = isStopWord(word) ? null : lookup(word);
    if (term === null) {
      if (pending) {
        if (back && PREPOSITIONS.has(word)) governBack();
        // "a surcharge that isn't on the signed rate card": a verb's negation before a place says the thing is not
        // there, not that the place is absent.
        else if (!NOUN_NEGATORS.has(negatorWord) && PLACES.has(word)) {
          pending = false;
          reach = 0;
        }
        continue;
      }
      if (token.joined && adjacent) continue;
      // A determiner right after the one word a negator took carries on to its object: "without disclosing the odds".
      const took = (out.at(-1) as ReadTerm | undefined)?.word ?? '';
      // "without saying it is a paid subscription": what a negated verb of saying would have said is not said.
      const saidThat = adjacent && SAYING_VERBS.has(took) && THAT.has(word);
      const objectOf =
        adjacent &&
        NOUN_NEGATORS.has(negatorWord) &&
        ((OBJECT_OF.has(word) && !NORMS.has(took)) || (word === 'to' && MEANS.has(took)) || (SAYING.has(took) && THAT.has(word)));
      if (reach > 0 && (CARRIERS.has(word) || objectOf || saidThat || (DETERMINERS.has(word) && reach === NEGATION_REACH - 1 && adjacent))) {
        pending = true;
        continue;
      }
      reach = 0;
      if (!AUXILIARIES.has(word)) adjacent = false;
      continue;
    }
    let negated = false;
    if (pending) {
      pending = false;
      back = null;
      negated = true;
      reach--;
    } else if (reach > 0 && (adjacent || token.joined) && NORMS.has(word)) {
      // "a no pets rule": the rule exists, what it says is absent is the pets.
      reach = 0;
    } else if (reach > 0 && (adjacent || token.joined)) {
      negated = true;
      reach--;
    } else {
      reach = 0;
    }
    if (!adjacent) runStart = out.length;
    adjacent = true;
    out.push({ word, term, negated, clouded: false, negator: false, at });
  }
  if (pending) governBack();
  endClause();
  return out;
}

/**
 * Whether the clause break at `at`, right after a negated word (`negatedBefore`), only separates the items of a list
 * the negation goes on over: the words up to the next break (at most 5) hold `or` or `nor` ("no details, footage or
 * trip data"; not "no cap, capped fees").
 */
function listGoesOn(list: readonly Token[], at: number, negatedBefore: boolean): boolean {
  if (!negatedBefore) return false;
  for (let k = at; k < list.length && k < at + LIST_ITEM_WORDS; k++) {
    const next = list[k] as Token;
    if (k > at && next.breaks) return false;
    if (CARRIERS.has(next.word)) return true;
  }
  return false;
}

/** The most words a list item after a comma may run to before the `or` closing the list. */
const LIST_ITEM_WORDS = 6;

/** Prefixes that negate the word they start: `uncapped`, `nonrefundable`. */
export const NEGATING_PREFIXES = ['non', 'un'];

/**
 * The term a word negates by its prefix (`uncapped` → `cap`, `unlimited` → `limit`), when it is an adjective or
 * participle (see `negatingPrefix`) or the lexicon says so (`unfair`/`fair`), and the judgments or the lexicon know
 * the rest; else null.
 */
export function prefixBase(lower: string, term: string, known: (term: string) => boolean, lexicon: Lexicon): string | null {
  const prefix = negatingPrefix(lower) ?? NEGATING_PREFIXES.find((p) => lower.startsWith(p));
  if (prefix === undefined || lower.length < prefix.length + 3) return null;
  const base = termOf(lower.slice(prefix.length));
  if (base === null) return null;
  // `non` negates a word of any kind (`noncompete`, `nondisclosure`); `un` only adjectives and participles.
  if ((negatingPrefix(lower) !== null || prefix === 'non') && (known(base) || lexicon.related.has(base))) return base;
  return lexicon.related.get(term)?.some((r) => r.kind === 'opposite' && r.term === base) ? base : null;
}
