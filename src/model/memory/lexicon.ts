/** The related-words table's parser, loaded with the table on the first suggest (see `loadSynonyms` in synonyms.ts). */
import { SYNONYM_LINES } from './synonyms-table.js';
import { MAX_WORD_LENGTH, stem } from './text.js';

/** How two index terms are related in the lexicon. */
export type RelationKind = 'inflection' | 'synonym' | 'derivation' | 'broader' | 'narrower' | 'opposite';

/**
 * A stem related to another, how (`broader`: the other is a broader term of this one), and how much a match through
 * it weighs: 1 between the words' usual senses, `LATER_SENSE` through a later sense of either.
 */
export interface Related {
  readonly term: string;
  readonly kind: RelationKind;
  readonly weight: number;
}

/** What a relation through a later sense of either word weighs (a `.` in the table): `cure` for `remedy`. */
export const LATER_SENSE = 0.7;

/** A multi-word expression of the lexicon found among a text's words: the words, its stems (`sign_up`), and the single stems it means, each with its weight. */
export interface FoundPhrase {
  readonly words: string;
  readonly term: string;
  readonly means: readonly Meaning[];
}

/** A single stem a phrase means, and how much a match through it weighs (see `Related`). */
export interface Meaning {
  readonly term: string;
  readonly weight: number;
}

/**
 * The related-words table: each stem's irregular inflections, synonyms, derivations, broader and narrower terms and
 * opposites by prefix, and its multi-word expressions.
 */
export interface Lexicon {
  readonly related: ReadonlyMap<string, readonly Related[]>;
  /** The lexicon's single-word stems starting with `initial`, sorted, for reading a slip in a word no judgment uses. */
  stemsOf(initial: string): readonly string[];
  /** The lexicon's multi-word expressions the words (lowercased, in order) spell out. */
  phrasesIn(words: readonly string[]): FoundPhrase[];
}

/** A multi-word expression as stems and the single stems it means. */
interface Phrase {
  readonly terms: readonly string[];
  readonly means: readonly Meaning[];
}

const KINDS: Readonly<Record<string, RelationKind>> = { '': 'synonym', '~': 'inflection', '+': 'derivation', '>': 'broader', '<': 'narrower', '!': 'opposite' };
const REVERSE: Readonly<Record<RelationKind, RelationKind>> = {
  inflection: 'inflection',
  synonym: 'synonym',
  derivation: 'derivation',
  broader: 'narrower',
  narrower: 'broader',
  opposite: 'opposite',
};

/**
 * Parses `stem related related` lines (see `scripts/memory-synonyms.ts` for the marks) into a symmetric lexicon.
 * @example parseSynonyms('font typefac').related.get('typefac') // [{ term: 'font', kind: 'synonym', weight: 1 }]
 */
export function parseSynonyms(text: string): Lexicon {
  const related = new Map<string, Related[]>();
  const phrases = new Map<string, Phrase[]>();
  const link = (a: string, b: string, kind: RelationKind, weight: number) => {
    const list = related.get(a);
    if (list) list.push({ term: b, kind, weight });
    else related.set(a, [{ term: b, kind, weight }]);
  };
  const weightOf = (entry: string) => (entry.startsWith('.') ? LATER_SENSE : 1);
  for (const line of text.split('\n')) {
    const [head, ...rest] = line.split(' ');
    if (!head) continue;
    if (head.includes('_')) {
      const terms = head.split('_');
      const means = rest.map((r) => ({ term: r.replace(/^\.?=/, ''), weight: weightOf(r) }));
      const first = terms[0] as string;
      const list = phrases.get(first);
      if (list) list.push({ terms, means });
      else phrases.set(first, [{ terms, means }]);
      continue;
    }
    for (const entry of rest) {
      const weight = weightOf(entry);
      const marked = weight === 1 ? entry : entry.slice(1);
      const mark = /^[~+<>!=]/.test(marked) ? marked.charAt(0) : '';
      const kind = KINDS[mark] as RelationKind;
      const other = marked.slice(mark.length);
      link(head, other, kind, weight);
      link(other, head, REVERSE[kind], weight);
    }
  }
  const initials = new Map<string, string[]>();
  for (const term of [...related.keys()].sort()) {
    const list = initials.get(term.charAt(0));
    if (list) list.push(term);
    else initials.set(term.charAt(0), [term]);
  }
  return {
    related,
    stemsOf: (initial) => initials.get(initial) ?? [],
    phrasesIn(words: readonly string[]): FoundPhrase[] {
      if (phrases.size === 0) return [];
      const stems = words.map((w) => (w.length > MAX_WORD_LENGTH ? w : stem(w)));
      const out: FoundPhrase[] = [];
      stems.forEach((first, i) => {
        for (const phrase of phrases.get(first) ?? []) {
          if (phrase.terms.every((t, k) => stems[i + k] === t)) {
            out.push({ words: words.slice(i, i + phrase.terms.length).join(' '), term: phrase.terms.join('_'), means: phrase.means });
          }
        }
      });
      return out;
    },
  };
}

/** The generated table, parsed. @example tableLexicon().related.get('curs') */
export function tableLexicon(): Lexicon {
  return parseSynonyms(SYNONYM_LINES);
}
