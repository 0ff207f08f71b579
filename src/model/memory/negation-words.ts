/**
 * The words polarity reads (see `polarity.ts`): the negators that follow what they negate, the phrases of absence, the
 * words that carry a negation on or stop it, and those that take something away without a negator's grammar.
 */
import type { Token } from './text.js';

/** Negators that may follow what they negate: "citation missing", "disclosure absent", "fees omitted from the total". */
export const POSTPOSED = new Set(['missing', 'absent', 'lacking', 'omitted', 'excluded', 'ignored', 'skipped', 'removed', 'pending', 'blank', 'empty']);

/**
 * Phrases that say the words around them are absent, read as one negator: "the APR is nowhere to be found", "phone
 * number left blank" (what came before), "signed by the child instead of a parent" (what comes after).
 */
export const PHRASES: readonly (readonly [words: readonly string[], reading: string])[] = [
  [['nowhere', 'to', 'be', 'found'], 'missing'],
  [['nowhere', 'to', 'be', 'seen'], 'missing'],
  [['left', 'blank'], 'missing'],
  [['left', 'empty'], 'missing'],
  [['instead', 'of'], 'not'],
  [['rather', 'than'], 'not'],
];

/** The phrase of `PHRASES` starting at `at`, within one clause, or undefined. */
export function phraseAt(list: readonly Token[], at: number): (typeof PHRASES)[number] | undefined {
  return PHRASES.find(([words]) => words.every((w, i) => list[at + i]?.word === w && (i === 0 || !(list[at + i] as Token).breaks)));
}

/** Verbs that negate their object with `out` or `off` after them: "leaves out the mandatory fee", "left off the listing". */
export const LEAVE = new Set(['leave', 'leaves', 'leaving', 'left']);
export const OUT = new Set(['out', 'off']);

/** After a postposed negator, a preposition means it negated what came before: "citation missing from the page". */
export const PREPOSITIONS = new Set(['from', 'in', 'on', 'at', 'for', 'to', 'by', 'of', 'with', 'during', 'since']);

/** Between a run of words and a postposed negator: "the age check is missing". */
export const AUXILIARIES = new Set(['is', 'are', 'was', 'were', 'be', 'been']);

/**
 * Nouns naming a norm, which a negation before them does not reach when it took a word first: "a no pets rule", "a
 * no-refund policy", "a no-parking zone" state a rule, about something absent.
 */
export const NORMS = new Set(['rule', 'rules', 'policy', 'policies', 'clause', 'clauses', 'zone', 'zones']);

/** Words that carry a negation on to the next word of a list: "no terms or rules", "neither odds nor dates". */
export const CARRIERS = new Set(['or', 'nor']);

/**
 * Words that take something away without a negator's grammar ("reject all is hidden", "a rate that excludes the
 * resort fee", "fails to disclose"): they leave every plain word of their clause unclear rather than stated.
 */
export const CLOUDERS = new Set(
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
export const OBJECT_OF = new Set(['of', 'for', 'about']);

/**
 * Nouns of a way, a chance, a plan or a right, whose absence is the absence of what they would do: "no way to roll
 * back" says the update cannot be rolled back, "no option to opt out" that nobody can opt out, "no plan to publish
 * source" that the source stays closed. `to` carries the absence on
 * from them, as `of` does from other nouns.
 */
export const MEANS = new Set([
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
export const SAYING = new Set(['mention', 'indication', 'disclosure', 'statement', 'word', 'note', 'notice', 'sign', 'hint', 'label', 'warning']);

/** Verbs of saying, whose negation carries on to what they would have said, as a noun of saying's absence does. */
export const SAYING_VERBS = new Set(
  'say says said saying mention mentions mentioned mentioning state states stated stating disclose discloses disclosed disclosing tell tells told telling indicate indicates indicated indicating'.split(
    ' ',
  ),
);

/** Prepositions of place: after a verb's negator, the thing is not there ("isn't on the card"); the place still is. */
export const PLACES = new Set(['on', 'in', 'at', 'within', 'inside', 'under', 'into', 'onto']);

/** The words opening what a noun of saying would have said: "no mention that...", "no indication it is...". */
export const THAT = new Set(['that', 'it', 'they', 'this']);

/** Negators that stand where a determiner would, before a noun: "no section", "without mention", "zero examples". */
export const NOUN_NEGATORS = new Set(['no', 'without', 'zero', 'lack', 'lacks', 'lacked', 'lacking']);

/** Words that carry a negation on to the object of the word it negated: "without disclosing the odds". */
export const DETERMINERS = new Set(['the', 'a', 'an', 'any', 'its', 'their', 'our', 'your', 'his', 'her']);

/** What `can't`, `won't` and `ain't` leave behind: the `t` after them is a negator. */
export const CONTRACTED = new Set(['can', 'won', 'ain']);
