/** The related-words table's parser, loaded with the table on the first suggest (see `loadSynonyms` in synonyms.ts). */
import { SYNONYM_LINES } from './synonyms-table.js';
import { MAX_WORD_LENGTH, stem } from './text.js';

/** How two index terms are related in the lexicon. */
export type RelationKind = 'inflection' | 'synonym' | 'derivation' | 'broader' | 'narrower' | 'opposite';

/** A stem related to another, and how (`broader`: the other is a broader term of this one). */
export interface Related {
  readonly term: string;
  readonly kind: RelationKind;
}

/** A multi-word expression of the lexicon found among a text's words: the words, its stems (`sign_up`), and the single stems it means. */
export interface FoundPhrase {
  readonly words: string;
  readonly term: string;
  readonly means: readonly string[];
}

/**
 * The related-words table: each stem's irregular inflections, synonyms, derivations, broader and narrower terms and
 * opposites by prefix, and its multi-word expressions.
 */
export interface Lexicon {
  readonly related: ReadonlyMap<string, readonly Related[]>;
  /** The lexicon's multi-word expressions the words (lowercased, in order) spell out. */
  phrasesIn(words: readonly string[]): FoundPhrase[];
}

/** A multi-word expression as stems and the single stems it means. */
interface Phrase {
  readonly terms: readonly string[];
  readonly means: readonly string[];
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
 * @example parseSynonyms('font typefac').related.get('typefac') // [{ term: 'font', kind: 'synonym' }]
 */
export function parseSynonyms(text: string): Lexicon {
  const related = new Map<string, Related[]>();
  const phrases = new Map<string, Phrase[]>();
  const link = (a: string, b: string, kind: RelationKind) => {
    const list = related.get(a);
    if (list) list.push({ term: b, kind });
    else related.set(a, [{ term: b, kind }]);
  };
  for (const line of text.split('\n')) {
    const [head, ...rest] = line.split(' ');
    if (!head) continue;
    if (head.includes('_')) {
      const terms = head.split('_');
      const means = rest.map((r) => r.replace(/^=/, ''));
      const first = terms[0] as string;
      const list = phrases.get(first);
      if (list) list.push({ terms, means });
      else phrases.set(first, [{ terms, means }]);
      continue;
    }
    for (const entry of rest) {
      const mark = /^[~+<>!=]/.test(entry) ? entry.charAt(0) : '';
      const kind = KINDS[mark] as RelationKind;
      const other = entry.slice(mark.length);
      link(head, other, kind);
      link(other, head, REVERSE[kind]);
    }
  }
  return {
    related,
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
