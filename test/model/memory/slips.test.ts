import { describe, expect, it } from 'vitest';
import { paraphraseSet, readLabelledSet, SLIP_KINDS, slipQuery, slipRobustness } from '../../../scripts/memory-eval.js';

/** The labelled sets whose answered queries are asked again with a spelling slip in their longest word. */
const SETS = () => [
  paraphraseSet(),
  ...['dev-set.json', 'tuning-set-a.json', 'tuning-set-b.json', 'tuning-set-c.json', 'tuning-set-d.json'].map((file) =>
    readLabelledSet(new URL(`./${file}`, import.meta.url)),
  ),
];

describe('answers that survive spelling slips', () => {
  it('makes one slip of each kind in the longest word, never in its first letter, the same for the same seed', () => {
    expect(SLIP_KINDS.map((kind) => slipQuery('no unsubscribe link', kind, 3))).toEqual([
      'no unsuscribe link',
      'no unsubbscribe link',
      'no unsusbcribe link',
      'no unsunscribe link',
    ]);
    expect(slipQuery('no ad', 'dropped', 1)).toBeNull();
    expect(slipQuery('no unsubscribe link', 'struck', 3)).toBe(slipQuery('no unsubscribe link', 'struck', 3));
  });

  it('keeps at least 97% of the labelled answers, and 95% for each kind of slip, when the query’s longest word is misspelt', async () => {
    const { kept, asked, byKind } = await slipRobustness(SETS());
    expect(asked).toBeGreaterThan(900);
    expect(kept / asked).toBeGreaterThanOrEqual(0.97);
    for (const kind of SLIP_KINDS) expect(byKind[kind].kept / byKind[kind].asked, kind).toBeGreaterThanOrEqual(0.95);
  });

  it('keeps at least 95% of them when the slip falls in any word, a word without a topic or a negator included', async () => {
    const { kept, asked } = await slipRobustness(SETS(), 'any');
    expect(asked).toBeGreaterThan(900);
    expect(kept / asked).toBeGreaterThanOrEqual(0.95);
  });
});
