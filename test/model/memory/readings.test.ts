import { describe, expect, it } from 'vitest';
import { parseSynonyms } from '../../../src/model/memory/lexicon.js';
import { analyseQuery, type Vocabulary } from '../../../src/model/memory/query.js';
import { loadSynonyms } from '../../../src/model/memory/synonyms.js';
import { terms, words } from '../../../src/model/memory/text.js';

/** The vocabulary of a few judgment texts, as an index would give it to query analysis. */
function vocabulary(texts: string[]): Vocabulary {
  const df = new Map<string, number>();
  const surfaces = new Map<string, string | null>();
  for (const text of texts) {
    for (const term of new Set(terms(text))) df.set(term, (df.get(term) ?? 0) + 1);
    for (const word of words(text)) surfaces.set(word, terms(word)[0] ?? null);
  }
  return { documentFrequency: (t) => df.get(t) ?? 0, surfaces: () => surfaces, negates: () => false };
}

describe('words no judgment uses', () => {
  it('reads a word whose related words no judgment uses through its derivations’ derivations, weighed as two derivations', () => {
    const lexicon = parseSynonyms('notif +notifi\nnotic +notifi');
    const [notification] = analyseQuery('notification', vocabulary(['Maintenance window notice sent ahead']), lexicon);
    expect(notification?.forms).toEqual([{ term: 'notic', weight: 0.8 * 0.8, via: 'derivation', inverted: false }]);
    // A word with a reading of its own keeps it alone; the word itself is never its own second derivation.
    const direct = analyseQuery('notification', vocabulary(['Notify the customer', 'Maintenance notice']), lexicon)[0];
    expect(direct?.forms).toEqual([{ term: 'notifi', weight: 0.8, via: 'derivation', inverted: false }]);
  });
});

describe('the related-words table', () => {
  it('reads the only sense WordNet gives a common word as its usual one, tagged or not', async () => {
    const lexicon = await loadSynonyms();
    const related = (stem: string) => (lexicon.related.get(stem) ?? []).map((r) => `${r.kind}:${r.term}:${r.weight}`);
    expect(related('info')).toContain('synonym:inform:1');
    // `headache` names the pain in its second sense, tagged often enough to count, weighed lower.
    expect(related('migrain')).toContain('broader:headach:0.7');
  });
});
