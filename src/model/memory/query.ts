import { NEGATING_PREFIXES, prefixBase, readTokens } from './polarity.js';
import { respelling } from './respelling.js';
import {
  compound,
  degreesOf,
  MAX_SPELLING_CELLS,
  near,
  otherSpellings,
  type SpellingBudget,
  type Spellings,
  sameBeginning,
  slipOf,
  slippedNegator,
} from './spelling.js';
import type { Lexicon, RelationKind } from './synonyms.js';
import { joinedWords, type Token, termOf, tokens } from './text.js';

/**
 * How a query word reached an index term: its own word (`exact`) or another inflection of it (`stem`); a related
 * word (`synonym`, `derivation`, `broader`, `narrower` term); a phrase's meaning (`phrase`); the same word with or
 * without a negating prefix (`negated`: `uncapped` and `capped`); or, for a word no judgment uses, a spelling slip
 * (`typo`), a slip in a word of the lexicon read through that word's related words (`misspelling`: `migranes` for
 * `headache`), its parts (`compound`) or the words it abbreviates (`prefix`).
 */
export type MatchKind =
  | 'exact'
  | 'stem'
  | 'synonym'
  | 'derivation'
  | 'broader'
  | 'narrower'
  | 'phrase'
  | 'negated'
  | 'typo'
  | 'misspelling'
  | 'compound'
  | 'prefix';

/** One index term a query word stands for, with the weight a match on it carries (exact: 1). */
export interface QueryForm {
  readonly term: string;
  readonly weight: number;
  readonly via: MatchKind;
  /** The term says the opposite of the word (`uncapped` for `capped`): a judgment holding it plainly negates it. */
  readonly inverted: boolean;
}

/** A word of the query: its own term, whether the query negates it, and the forms it matches (empty: nothing near). */
export interface QueryWord {
  readonly word: string;
  readonly term: string;
  /** A negator of the query governs it (`no` cap). */
  readonly negated: boolean;
  /** Not governed, but in a clause of the query that holds a negator (see `polarity.ts`). */
  readonly clouded: boolean;
  /** The word itself negates another by its prefix (`uncapped`, `non-compliant`). */
  readonly prefixed: boolean;
  readonly forms: readonly QueryForm[];
}

/**
 * Weights of the forms a query word can take, below an exact match: a related word may shift the meaning, a spelling
 * slip or a compound rarely does. Chosen on the project's labelled set and then checked on the paraphrase set.
 */
export const FORM_WEIGHTS: Readonly<Record<MatchKind | 'knownRelated', number>> = {
  exact: 1,
  stem: 1,
  negated: 0.9,
  derivation: 0.8,
  /** A slip in a word the judgments use reads as that word: its likeliest correction is rarely another word. */
  typo: 1,
  /** A slip in a word of the lexicon: this, times the weight of the relation that reaches the judgments' word. */
  misspelling: 0.8,
  compound: 0.8,
  phrase: 0.7,
  synonym: 0.6,
  prefix: 0.6,
  broader: 0.5,
  narrower: 0.5,
  /** The related words of a word the judgments use themselves weigh this share of the above. */
  knownRelated: 0.6,
};

/** The longest word matched for spelling slips, run-together parts or abbreviations (real words are shorter). */
export const MAX_FUZZY_LENGTH = 24;

/** The most query words matched for spelling slips, parts or abbreviations: a long paste costs no more than this. */
export const MAX_FUZZY_WORDS = 16;

/** The most query words whose slip is undone by stemming its every neighbour (see `respelling`): a typed query holds few. */
export const MAX_RESPELT_WORDS = 3;

/**
 * What query analysis needs to know about the index: document frequencies and the judgments' words by initial (an
 * index keeps them by initial, so a spelling lookup costs one initial's words), and which terms negate by prefix.
 */
export interface Vocabulary extends Spellings {
  /** Whether the term is of a word that negates another by its prefix (`uncapped`; see `negatingPrefix`). */
  negates(term: string): boolean;
}

const RELATION_MATCH: Readonly<Record<RelationKind, MatchKind>> = {
  inflection: 'stem',
  synonym: 'synonym',
  derivation: 'derivation',
  broader: 'broader',
  narrower: 'narrower',
  opposite: 'negated',
};

/**
 * The query's words as index forms: its own term when the judgments use it, related words they use (weighed lower),
 * the same word with or without a negating prefix, the meaning of a phrase it holds, and for a word no judgment uses,
 * the nearest spellings (one edit, two from 9 letters), its parts when it is two indexed words run together
 * (`weightloss`), or the words it abbreviates (`unsub`). Each word keeps whether the query negates it. At most
 * `fuzzyWords` words are read for slips (none when reading the word a slip hides, so a slip is undone once).
 * @example analyseQuery('no profanty in a forum', vocabulary, lexicon)
 */
export function analyseQuery(query: string, vocabulary: Vocabulary, lexicon: Lexicon, fuzzyWords = MAX_FUZZY_WORDS): QueryWord[] {
  const out: QueryWord[] = [];
  const seen = new Set<string>();
  const known = (term: string) => vocabulary.documentFrequency(term) > 0;
  let fuzzy = 0;
  let undone = 0;
  const spelling: SpellingBudget = { cells: MAX_SPELLING_CELLS };
  const list = tokens(query).map((token) => {
    const negator = slippedNegator(token.word, known, lexicon);
    return negator === null ? token : { ...token, word: negator };
  });
  for (const { word: lower, term, negated, clouded, negator } of readTokens(list)) {
    if (seen.has(term)) continue;
    if (negator) {
      // Every way of saying "none" is one word of the query, matching judgments that say something is absent.
      seen.add(term);
      const forms: QueryForm[] = known(term) ? [{ term, weight: FORM_WEIGHTS.exact, via: 'exact', inverted: false }] : [];
      out.push({ word: lower, term, negated: false, clouded: false, prefixed: false, forms });
      continue;
    }
    const forms = new Forms(known);
    if (known(term)) forms.add(term, vocabulary.surfaces(lower.charAt(0)).get(lower) === term ? 'exact' : 'stem', false);
    // A word the judgments spell the other way (`sexualising`, `sexualizing`; `colour`, `color`) is the same word.
    for (const spelt of otherSpellings(lower)) {
      const respelt = termOf(spelt);
      if (respelt !== null && respelt !== term) forms.add(respelt, 'stem', false);
    }
    // Another degree of an adjective no judgment uses in this one (`lowest` for `low`); through `-er`, which makes
    // agent nouns too (`reviewer`), as a derivation.
    if (!known(term))
      for (const degree of degreesOf(lower)) forms.add(termOf(degree) ?? '', lower.endsWith('er') || degree.endsWith('er') ? 'derivation' : 'stem', false);
    const base = prefixBase(lower, term, known, lexicon);
    if (base !== null) forms.add(base, 'negated', true);
    let slipInPrefixed = false;
    forms.related(term, lexicon, false, known(term) ? FORM_WEIGHTS.knownRelated : 1);
    // An irregular form no judgment uses (`swore`) reads as its base word would, related words and the base's other
    // forms included (`curse`; `stole` reaches `stolen`).
    if (!known(term))
      for (const { term: other, kind } of lexicon.related.get(term) ?? [])
        if (kind === 'inflection') forms.related(other, lexicon, false, known(other) ? FORM_WEIGHTS.knownRelated : 1);
    for (const prefix of NEGATING_PREFIXES) if (vocabulary.negates(prefix + term)) forms.add(prefix + term, 'negated', true);
    // A word no judgment uses nor any word related to it reads through its derivations' derivations: `notification`
    // reaches `notice` through `notify`.
    if (forms.size() === 0 && !known(term)) forms.derivedTwice(term, lexicon);
    if (forms.size() === 0 && !known(term) && lower.length >= 4 && lower.length <= MAX_FUZZY_LENGTH && !/\d/.test(lower) && fuzzy < fuzzyWords) {
      fuzzy++;
      const parts = compound(lower, vocabulary);
      if (parts) {
        for (const part of parts) {
          const partTerm = termOf(part) as string;
          if (seen.has(partTerm)) continue;
          seen.add(partTerm);
          out.push({
            word: part,
            term: partTerm,
            negated,
            clouded,
            prefixed: false,
            forms: [{ term: partTerm, weight: FORM_WEIGHTS.compound, via: 'compound', inverted: false }],
          });
        }
        continue;
      }
      for (const form of near(lower, vocabulary, spelling, !lexicon.related.has(term))) {
        forms.add(form.term, form.via, false);
        // ...and as that word would, through the words related to it (`explanaion` finds `explains` as `explanation` does).
        if (form.via === 'typo') forms.related(form.term, lexicon, false, FORM_WEIGHTS.knownRelated * FORM_WEIGHTS.typo);
      }
      // A slip in a word the judgments do not use reads as that word would: through the words related to it.
      const meant = forms.size() === 0 && !lexicon.related.has(term) ? slipOf(lower, lexicon.stemsOf(term.charAt(0)), spelling) : null;
      for (const { term: other, kind, weight } of meant === null ? [] : (lexicon.related.get(meant) ?? []))
        if (kind !== 'opposite') forms.add(other, 'misspelling', false, weight * FORM_WEIGHTS[RELATION_MATCH[kind]]);
      // A slip undone reads as the word it misspells would, related words and all (`childrn` finds `minor` through
      // `children`), also when it changes how the word stems (`ntification`, `notification`).
      const initial = lower.charAt(0);
      const respelt =
        forms.size() === 0 && !lexicon.related.has(term) && undone++ < MAX_RESPELT_WORDS
          ? respelling(lower, (s) => known(s) || lexicon.related.has(s), [lexicon.stemsOf(initial), vocabulary.surfaces(initial).keys()], spelling)
          : null;
      const read = respelt === null || fuzzyWords === 0 ? undefined : analyseQuery(respelt, vocabulary, lexicon, 0)[0];
      if (read && read.term === termOf(respelt as string)) {
        for (const form of read.forms) {
          const via: MatchKind = form.via === 'exact' || form.via === 'stem' ? 'typo' : form.via === 'negated' ? 'negated' : 'misspelling';
          forms.add(form.term, via, form.inverted, (form.weight / FORM_WEIGHTS[via]) * FORM_WEIGHTS.typo);
        }
        if (read.prefixed) slipInPrefixed = true;
      }
      // A word of at least 7 letters read through nothing else reads as the judgments' words of its family by their
      // shared beginning (`allergy` for `allergen`).
      if (forms.size() === 0 && lower.length >= 7) for (const other of sameBeginning(lower, vocabulary, spelling)) forms.add(other, 'prefix', false);
      // A slip in the word a negating prefix holds (`unlimted`, `nonrefundible`) reads as that word, negated.
      const prefix = NEGATING_PREFIXES.find((p) => lower.startsWith(p) && lower.length >= p.length + 5);
      if (forms.size() === 0 && base === null && prefix !== undefined)
        for (const form of near(lower.slice(prefix.length), vocabulary, spelling, true))
          if (form.via === 'typo') {
            forms.add(form.term, 'negated', true, FORM_WEIGHTS.typo);
            slipInPrefixed = true;
          }
    }
    seen.add(term);
    const prefixed = base !== null || slipInPrefixed;
    out.push({ word: lower, term, negated, clouded, prefixed, forms: forms.list() });
  }
  // A hyphenated word the judgments write run together (`pop-up` for `popup`), or two words (`hot spot` for
  // `hotspot`), is another form of its first part; a second part no judgment uses says nothing more.
  for (const { word, at } of joinedWords(list, true)) {
    const term = termOf(word);
    if (term === null || seen.has(term) || !known(term)) continue;
    seen.add(term);
    const [first, second] = [(list[at] as Token).word, (list[at + 1] as Token).word];
    const written = `${first}${(list[at + 1] as Token).joined ? '-' : ' '}${second}`;
    const form: QueryForm = { term, weight: FORM_WEIGHTS.exact, via: 'exact', inverted: false };
    const i = out.findIndex((w) => w.word === first);
    const part = out[i];
    if (part) out[i] = { ...part, word: written, forms: [form, ...part.forms.filter((f) => f.term !== term)] };
    else out.push({ word: written, term, negated: false, clouded: false, prefixed: false, forms: [form] });
    const j = out.findIndex((w) => w.word === second && w.forms.length === 0);
    if (j !== -1) out.splice(j, 1);
  }
  for (const phrase of lexicon.phrasesIn(list.map((t) => t.word))) {
    if (seen.has(phrase.term)) continue;
    const forms = new Forms(known);
    for (const meaning of phrase.means) forms.add(meaning.term, 'phrase', false, meaning.weight);
    if (forms.size() === 0) continue;
    seen.add(phrase.term);
    out.push({ word: phrase.words, term: phrase.term, negated: false, clouded: false, prefixed: false, forms: forms.list() });
  }
  return out;
}

/** The forms of one query word, each term once through its strongest kind. */
class Forms {
  readonly #known: (term: string) => boolean;
  readonly #forms = new Map<string, QueryForm>();

  constructor(known: (term: string) => boolean) {
    this.#known = known;
  }

  add(term: string, via: MatchKind, inverted: boolean, scale = 1): void {
    const weight = FORM_WEIGHTS[via] * scale;
    if (weight <= 0 || !this.#known(term)) return;
    const had = this.#forms.get(term);
    if (!had || had.weight < weight) this.#forms.set(term, { term, weight, via, inverted });
  }

  /**
   * The lexicon's relations of `term` the judgments use; `inverted` when `term` is what the word negates. `scale`
   * weighs them down when the judgments use the word itself.
   */
  related(term: string, lexicon: Lexicon, inverted: boolean, scale = 1, inflections = true): void {
    for (const { term: other, kind, weight } of lexicon.related.get(term) ?? []) {
      if (kind === 'opposite') this.add(other, 'negated', !inverted, weight);
      // A word the judgments use matches its own inflections already; its irregular ones (`shown` for `showing`) add noise.
      else if (kind !== 'inflection' || (scale === 1 && inflections)) this.add(other, RELATION_MATCH[kind], inverted, scale * weight);
    }
  }

  /** The derivations of `term`'s derivations the judgments use (not `term`), weighed as two derivations. */
  derivedTwice(term: string, lexicon: Lexicon): void {
    for (const { term: other, kind, weight } of lexicon.related.get(term) ?? []) {
      if (kind !== 'derivation') continue;
      for (const next of lexicon.related.get(other) ?? [])
        if (next.kind === 'derivation' && next.term !== term) this.add(next.term, 'derivation', false, weight * next.weight * FORM_WEIGHTS.derivation);
    }
  }

  size(): number {
    return this.#forms.size;
  }

  list(): QueryForm[] {
    return [...this.#forms.values()];
  }
}
