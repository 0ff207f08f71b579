/** How two index terms are related in the lexicon. */
export type RelationKind = 'inflection' | 'synonym' | 'derivation' | 'broader' | 'narrower' | 'opposite';

/** A stem related to another, and how (`broader`: the other is a broader term of this one). */
export interface Related {
  readonly term: string;
  readonly kind: RelationKind;
}

/** A multi-word expression as stems (`sign_up`) and the single stems it means. */
export interface Phrase {
  readonly terms: readonly string[];
  readonly means: readonly string[];
}

/**
 * The related-words table: each stem's irregular inflections, synonyms, derivations, broader and narrower terms and
 * opposites by prefix, and the phrases that start with each stem.
 */
export interface Lexicon {
  readonly related: ReadonlyMap<string, readonly Related[]>;
  readonly phrases: ReadonlyMap<string, readonly Phrase[]>;
}

/** No related words at all: matching by exact terms, stems, spelling and typos only. */
export const NO_SYNONYMS: Lexicon = { related: new Map(), phrases: new Map() };

let loading: Promise<Lexicon> | undefined;

/**
 * The related-words table distilled from WordNet, loaded on first use (a separate chunk in browser bundles) and
 * shared afterwards: it is read-only data, the same for every service.
 * @example const lexicon = await loadSynonyms(); lexicon.related.get('font') // [{ term: 'typefac', kind: 'synonym' }]
 */
export function loadSynonyms(): Promise<Lexicon> {
  // A failed load (a chunk the page could not fetch) is retried on the next suggest rather than remembered.
  loading ??= import('./synonyms-table.js').then(
    (table) => parseSynonyms(table.SYNONYM_LINES),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
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
  return { related, phrases };
}
