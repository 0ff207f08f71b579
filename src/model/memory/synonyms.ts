import type { Lexicon } from './lexicon.js';

export type { FoundPhrase, Lexicon, Related, RelationKind } from './lexicon.js';

/** No related words at all: matching by exact terms, stems, spelling and typos only. */
export const NO_SYNONYMS: Lexicon = { related: new Map(), stemsOf: () => [], phrasesIn: () => [] };

let loading: Promise<Lexicon> | undefined;

/**
 * The related-words table distilled from WordNet, loaded and parsed on first use (a separate chunk in browser
 * bundles, with its parser) and shared afterwards: it is read-only data, the same for every service.
 * @example const lexicon = await loadSynonyms(); lexicon.related.get('font') // [{ term: 'typefac', kind: 'synonym', weight: 1 }]
 */
export function loadSynonyms(): Promise<Lexicon> {
  // A failed load (a chunk the page could not fetch) is retried on the next suggest rather than remembered.
  loading ??= import('./lexicon.js').then(
    (lexicon) => lexicon.tableLexicon(),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
