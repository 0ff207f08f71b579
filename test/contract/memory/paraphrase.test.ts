import { describe, expect, it } from 'vitest';
import { askSet, paraphraseSet, readLabelledSet } from '../../../scripts/memory-eval.js';

describe('decision memory on the paraphrase set', () => {
  it('answers at least 119 of its 136 queries as labelled, and keeps at least 23 of its 24 null queries null', async () => {
    const { right, total, nullsRight, nulls, misses } = await askSet(paraphraseSet());
    console.info(`decision memory: paraphrase set ${right}/${total}, nulls ${nullsRight}/${nulls}`);
    expect(total).toBe(136);
    expect(nulls).toBe(24);
    expect(right, misses.join('\n')).toBeGreaterThanOrEqual(119);
    expect(nullsRight, misses.join('\n')).toBeGreaterThanOrEqual(23);
  });
});

describe('decision memory on the development set (test/model/memory/dev-set.json)', () => {
  it('answers at least 48 of its 51 queries as labelled, the 9 null queries null, a second key of three judgments included', async () => {
    const { right, total, nullsRight, nulls, misses, byKind } = await askSet(readLabelledSet(new URL('../../model/memory/dev-set.json', import.meta.url)));
    const kinds = Object.entries(byKind).map(([kind, k]) => `${kind} ${k.right}/${k.total}`);
    console.info(`decision memory: development set ${right}/${total}, nulls ${nullsRight}/${nulls} (${kinds.join(', ')})`);
    expect(total).toBe(51);
    expect(nulls).toBe(9);
    expect(right, misses.join('\n')).toBeGreaterThanOrEqual(48);
    expect(nullsRight, misses.join('\n')).toBe(9);
  });
});
