/**
 * Polarity: which words of a text a negator governs, so "a cap on liability" and "no cap on liability" make different
 * points. Judgments and queries are read the same way, in one pass over their words.
 */
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

/** Negators that may follow what they negate: "citation missing", "disclosure absent", "fees omitted from the total". */
const POSTPOSED = new Set(['missing', 'absent', 'lacking', 'omitted', 'excluded', 'ignored', 'skipped', 'removed', 'pending', 'blank', 'empty']);

/**
 * Phrases that say the words around them are absent, read as one negator: "the APR is nowhere to be found", "phone
 * number left blank" (what came before), "signed by the child instead of a parent" (what comes after).
 */
const PHRASES: readonly (readonly [words: readonly string[], reading: string])[] = [
  [['nowhere', 'to', 'be', 'found'], 'missing'],
  [['nowhere', 'to', 'be', 'seen'], 'missing'],
  [['left', 'blank'], 'missing'],
  [['left', 'empty'], 'missing'],
  [['instead', 'of'], 'not'],
  [['rather', 'than'], 'not'],
];

/** The phrase of `PHRASES` starting at `at`, within one clause, or undefined. */
function phraseAt(list: readonly Token[], at: number): (typeof PHRASES)[number] | undefined {
  return PHRASES.find(([words]) => words.every((w, i) => list[at + i]?.word === w && (i === 0 || !(list[at + i] as Token).breaks)));
}

/** Verbs that negate their object with `out` or `off` after them: "leaves out the mandatory fee", "left off the listing". */
const LEAVE = new Set(['leave', 'leaves', 'leaving', 'left']);
const OUT = new Set(['out', 'off']);

/** After a postposed negator, a preposition means it negated what came before: "citation missing from the page". */
const PREPOSITIONS = new Set(['from', 'in', 'on', 'at', 'for', 'to', 'by', 'of', 'with', 'during', 'since']);

/** Between a run of words and a postposed negator: "the age check is missing". */
const AUXILIARIES = new Set(['is', 'are', 'was', 'were', 'be', 'been']);

/**
 * Nouns naming a norm, which a negation before them does not reach when it took a word first: "a no pets rule", "a
 * no-refund policy", "a no-parking zone" state a rule, about something absent.
 */
const NORMS = new Set(['rule', 'rules', 'policy', 'policies', 'clause', 'clauses', 'zone', 'zones']);

/** Words that carry a negation on to the next word of a list: "no terms or rules", "neither odds nor dates". */
const CARRIERS = new Set(['or', 'nor']);

/**
 * Words that take something away without a negator's grammar ("reject all is hidden", "a rate that excludes the
 * resort fee", "fails to disclose"): they leave every plain word of their clause unclear rather than stated.
 */
const CLOUDERS = new Set(
  'hidden hide hides hiding buried bury obscured obscures concealed conceals broken disabled removes dropped drops stripped strips deleted deletes blurred blurs scratched fail fails failed failing refuse refuses refused'.split(
    ' ',
  ),
);

/**
 * Prepositions that carry the absence of a noun a determiner-like negator took on to what that noun is of, for or
 * about: "no section for allergies" says the allergies are not asked, "no mention of the sponsor" that the sponsor is
 * not named. "not suitable for kids" says nothing absent about the kids, so `not` and `never` do not carry; nor does
 * a norm ("no rules for refunds": the refunds are what the missing rules would be about).
 */
const OBJECT_OF = new Set(['of', 'for', 'about']);

/**
 * Nouns of a way, a chance, a plan or a right, whose absence is the absence of what they would do: "no way to roll
 * back" says the update cannot be rolled back, "no option to opt out" that nobody can opt out, "no plan to publish
 * source" that the source stays closed. `to` carries the absence on
 * from them, as `of` does from other nouns.
 */
const MEANS = new Set([
  'way',
  'ways',
  'option',
  'options',
  'means',
  'ability',
  'chance',
  'possibility',
  'attempt',
  'effort',
  'mechanism',
  'plan',
  'plans',
  'intention',
  'intent',
  'right',
]);

/**
 * Nouns of saying, whose absence carries on to the clause saying what they would have said: "no mention that it was
 * paid" says the payment is not stated, as "no mention of the payment" does.
 */
const SAYING = new Set(['mention', 'indication', 'disclosure', 'statement', 'word', 'note', 'notice', 'sign', 'hint', 'label', 'warning']);

/** Verbs of saying, whose negation carries on to what they would have said, as a noun of saying's absence does. */
const SAYING_VERBS = new Set(
  'say says said saying mention mentions mentioned mentioning state states stated stating disclose discloses disclosed disclosing tell tells told telling indicate indicates indicated indicating'.split(
    ' ',
  ),
);

/** Prepositions of place: after a verb's negator, the thing is not there ("isn't on the card"); the place still is. */
const PLACES = new Set(['on', 'in', 'at', 'within', 'inside', 'under', 'into', 'onto']);

/** The words opening what a noun of saying would have said: "no mention that...", "no indication it is...". */
const THAT = new Set(['that', 'it', 'they', 'this']);

/** Negators that stand where a determiner would, before a noun: "no section", "without mention", "zero examples". */
const NOUN_NEGATORS = new Set(['no', 'without', 'zero', 'lack', 'lacks', 'lacked', 'lacking']);

/** Words that carry a negation on to the object of the word it negated: "without disclosing the odds". */
const DETERMINERS = new Set(['the', 'a', 'an', 'any', 'its', 'their', 'our', 'your', 'his', 'her']);

/** What `can't`, `won't` and `ain't` leave behind: the `t` after them is a negator. */
const CONTRACTED = new Set(['can', 'won', 'ain']);

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
