/** Synonyms of index terms: a map from a stem to the stems that mean the same in their first sense. */
export type Synonyms = ReadonlyMap<string, readonly string[]>;

/** No synonyms at all: matching by exact terms, spelling and typos only. */
export const NO_SYNONYMS: Synonyms = new Map();

let loading: Promise<Synonyms> | undefined;

/**
 * The WordNet synonym table, loaded on first use (a separate chunk in browser bundles) and shared afterwards: it is
 * read-only data, the same for every service.
 * @example const synonyms = await loadSynonyms(); synonyms.get('font') // ['typefac']
 */
export function loadSynonyms(): Promise<Synonyms> {
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

/**
 * Parses `stem synonym synonym` lines into a symmetric map.
 * @example parseSynonyms('font typefac').get('typefac') // ['font']
 */
export function parseSynonyms(text: string): Synonyms {
  const map = new Map<string, string[]>();
  const link = (a: string, b: string) => {
    const list = map.get(a);
    if (list) list.push(b);
    else map.set(a, [b]);
  };
  for (const line of text.split('\n')) {
    const [head, ...rest] = line.split(' ');
    if (!head) continue;
    for (const other of rest) {
      link(head, other);
      link(other, head);
    }
  }
  return map;
}
