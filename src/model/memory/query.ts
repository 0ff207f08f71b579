import type { Synonyms } from './synonyms.js';
import { termOf, words } from './text.js';

/** How a query word reached an index term. */
export type MatchKind = 'exact' | 'synonym' | 'typo' | 'compound' | 'prefix';

/** One index term a query word stands for, with the weight a match on it carries (exact: 1). */
export interface QueryForm {
  readonly term: string;
  readonly weight: number;
  readonly via: MatchKind;
}

/** A word of the query: its own term and the forms it matches. `forms` is empty when nothing in the index is near it. */
export interface QueryWord {
  readonly word: string;
  readonly term: string;
  readonly forms: readonly QueryForm[];
}

/**
 * Weights of the forms a query word can take, below an exact match: a synonym may shift the meaning, a spelling
 * slip or a compound rarely does. Chosen on the project's labelled set and then checked on the paraphrase set.
 */
export const FORM_WEIGHTS: Readonly<Record<MatchKind, number>> = { exact: 1, synonym: 0.6, typo: 0.8, compound: 0.8, prefix: 0.6 };

/** What query analysis needs to know about the index. */
export interface Vocabulary {
  /** Judgments holding the term. */
  documentFrequency(term: string): number;
  /**
   * Distinct lowercased words of the judgments with their terms (null for a stop word): at least every one that
   * starts with the code unit `initial` (an index keeps them by initial, so a lookup costs one initial's words).
   */
  surfaces(initial: string): ReadonlyMap<string, string | null>;
}

/**
 * The query's words as index forms: its own term when the judgments use it, synonyms they use, and for a word no
 * judgment uses, the nearest spellings (one edit, two from 9 letters), its parts when it is two indexed words run
 * together (`weightloss`), or the words it abbreviates (`unsub`).
 * @example analyseQuery('profanty in a forum', vocabulary, synonyms)
 */
export function analyseQuery(query: string, vocabulary: Vocabulary, synonyms: Synonyms): QueryWord[] {
  const out: QueryWord[] = [];
  const seen = new Set<string>();
  const push = (word: string, term: string, forms: QueryForm[]) => {
    if (seen.has(term)) return;
    seen.add(term);
    out.push({ word, term, forms });
  };
  for (const word of words(query)) {
    const term = termOf(word);
    if (term === null) continue;
    const lower = word.toLowerCase();
    const known = vocabulary.documentFrequency(term) > 0;
    const forms: QueryForm[] = known ? [{ term, weight: FORM_WEIGHTS.exact, via: 'exact' }] : [];
    for (const other of synonyms.get(term) ?? []) {
      if (vocabulary.documentFrequency(other) > 0) forms.push({ term: other, weight: FORM_WEIGHTS.synonym, via: 'synonym' });
    }
    if (!known && forms.length === 0 && lower.length >= 5 && !/\d/.test(lower)) {
      const parts = compound(lower, vocabulary);
      if (parts) {
        for (const part of parts) push(part, termOf(part) as string, [{ term: termOf(part) as string, weight: FORM_WEIGHTS.compound, via: 'compound' }]);
        continue;
      }
      forms.push(...near(lower, vocabulary));
    }
    push(word, term, forms);
  }
  return out;
}

/** `weightloss` as `weight` + `loss` when the judgments use both parts (each at least 4 letters). */
function compound(word: string, vocabulary: Vocabulary): [string, string] | null {
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
 * Indexed words one edit away (two from 9 letters) with the same first letter, for words of at least 6 letters (a
 * short word one edit from another is usually a different word: `foul`/`four`, `swore`/`store`); else indexed
 * words the word is the start of (`unsub`, `insta`).
 */
function near(word: string, vocabulary: Vocabulary): QueryForm[] {
  const limit = word.length >= 9 ? 2 : 1;
  const typos = new Set<string>();
  const prefixes = new Set<string>();
  // A typo keeps the first letter and a prefix starts with it: only words with the same initial can qualify.
  for (const [surface, term] of vocabulary.surfaces(word.charAt(0))) {
    if (term === null) continue;
    if (
      word.length >= 6 &&
      surface.charCodeAt(0) === word.charCodeAt(0) &&
      Math.abs(surface.length - word.length) <= limit &&
      editDistance(word, surface, limit) <= limit
    )
      typos.add(term);
    else if (surface.length >= word.length + 2 && surface.startsWith(word)) prefixes.add(term);
  }
  if (typos.size > 0) return [...typos].sort().map((term) => ({ term, weight: FORM_WEIGHTS.typo, via: 'typo' }));
  return [...prefixes].sort().map((term) => ({ term, weight: FORM_WEIGHTS.prefix, via: 'prefix' }));
}

/**
 * Optimal-string-alignment distance (a swap of neighbours is one edit), giving up past `limit`.
 * @example editDistance('typefase', 'typeface', 1) // 1
 */
export function editDistance(a: string, b: string, limit: number): number {
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
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
