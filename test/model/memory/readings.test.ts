import { describe, expect, it } from 'vitest';
import { loadSynonyms } from '../../../src/model/memory/synonyms.js';

describe('the related-words table', () => {
  it('reads the only sense WordNet gives a common word as its usual one, tagged or not', async () => {
    const lexicon = await loadSynonyms();
    const related = (stem: string) => (lexicon.related.get(stem) ?? []).map((r) => `${r.kind}:${r.term}:${r.weight}`);
    expect(related('info')).toContain('synonym:inform:1');
    // `headache` names the pain in its second sense, tagged often enough to count, weighed lower.
    expect(related('migrain')).toContain('broader:headach:0.7');
  });
});
