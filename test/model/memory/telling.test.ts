import { describe, expect, it } from 'vitest';
import { explainDecision } from '../../../src/model/memory/explain.js';
import { judgmentIndex } from '../../../src/model/memory/index.js';
import { MATCHING } from '../../../src/model/memory/matching.js';
import { suggestDecision } from '../../../src/model/memory/suggest.js';
import { loadSynonyms } from '../../../src/model/memory/synonyms.js';
import { keepClearSides, passesByTelling, tellingWords } from '../../../src/model/memory/telling.js';
import { type JudgmentRow, namespaceOfRows, OTHER_SUBJECTS } from '../../support/judgments.js';

describe('telling words', () => {
  it('are the words weighing half the mean weight or more, each term once, never a negator or a word weighing nothing', () => {
    // Mean of the weighed words: (2 + 0.4 + 1.8 + 2 + 2) / 5 = 1.64, so the floor is 0.82.
    expect([...tellingWords([2, 0.4, 0, 1.8, 2, 2], ['refund', 'show', '2024', 'deposit', 'refund', 'no'])]).toEqual([1, 0, 0, 1, 0, 0]);
    expect([...tellingWords([0, 0], ['hi', 'thanks'])]).toEqual([0, 0]);
    expect([...tellingWords([1, 1, 1], ['a', 'b', 'c'])]).toEqual([1, 1, 1]);
  });

  it('let a judgment under the cut-off count only with enough of them and enough coverage each way', () => {
    const { tellingCutoff: c, tellingReverse: r, tellingWords: n } = MATCHING;
    expect(passesByTelling(c, r, n)).toBe(true);
    expect(passesByTelling(c - 0.01, r, n)).toBe(false);
    expect(passesByTelling(c, r - 0.01, n)).toBe(false);
    expect(passesByTelling(c, r, n - 1)).toBe(false);
  });

  it('leave out a looser match holding only the side opposite every clearly found judgment', () => {
    // Text 4 was clearly found (approve); 9 (reject) came through telling words, 7 (approve) too, 8 holds no side.
    const passed = [4, 7, 8, 9];
    const clearly = (text: number) => (text === 4 ? MATCHING.hopSeed : 0.22);
    const sides = (text: number) => ({ 4: 1, 7: 1, 8: 0, 9: 2 })[text] as number;
    expect([...keepClearSides(passed, new Set([7, 8, 9]), clearly, sides)]).toEqual([9]);
    expect(passed).toEqual([4, 7, 8]);
    // With nothing clearly found, no side is taken for the query's.
    const unclear = [4, 9];
    expect(keepClearSides(unclear, new Set([9]), () => MATCHING.hopSeed - 0.01, sides).size).toBe(0);
    expect(unclear).toEqual([4, 9]);
  });
});

describe('a judgment under the cut-off through telling words', () => {
  const query = 'moving company guarantees the quoted price for our old house whatever the contents end up weighing';
  const NEAR_COPY: JudgmentRow = ['Removal quote for an old house stays the same whatever the load weighs', 'Fixed price, no surprises', 'approved'];
  const rows = (second: string, decision: JudgmentRow[2]): JudgmentRow[] => [
    NEAR_COPY,
    [second, 'Binding estimate, no extras later', decision],
    ...OTHER_SUBJECTS,
  ];
  const WALKTHROUGH = 'Movers guarantee the price after a video walkthrough of every room';

  async function read(judged: JudgmentRow[]) {
    const ns = namespaceOfRows(judged);
    const index = judgmentIndex(ns.judgments, await loadSynonyms());
    return { primary: suggestDecision(ns, { query }, 2_000, index).primary, why: explainDecision(ns, { query }, 2_000, index) };
  }

  it('counts, when it matches three of them and a fifth of the query each way, and explain says which', async () => {
    const { primary, why } = await read(rows(WALKTHROUGH, 'approved'));
    expect(primary).toMatchObject({ recommendation: 'approve', basedOn: 2, scope: 'apiKey' });
    const second = why.relevant.find((j) => j.recordId === 'act_1');
    expect(second).toMatchObject({ tellingWords: ['moving', 'guarantees', 'price'], counted: true });
    expect(second?.coverage).toBeLessThan(MATCHING.cutoff);
    expect(second?.why).toBe(
      'Relevant: it matches 3 telling words of the query ("moving", "guarantees", "price") and 24% of the query, and the query matches 45% of it (under the 30% cut-off, needs 3 telling words and 20% each way); counted toward approve in scope apiKey (All content).',
    );
    expect(why.words.filter((w) => w.telling).map((w) => w.word)).toEqual([
      'moving',
      'company',
      'guarantees',
      'quoted',
      'price',
      'old',
      'house',
      'whatever',
      'contents',
      'weighing',
    ]);
    // The near copy matched past the cut-off: it was not found through telling words.
    expect(why.relevant.find((j) => j.recordId === 'act_0')?.tellingWords).toBeUndefined();
  });

  it('does not count those of the other side once a judgment was clearly found, and says why', async () => {
    const estimate = 'Binding estimate, no extras later';
    const { primary, why } = await read([
      ['Removal quote for a house stays the same whatever the load weighs', 'Fixed price, no surprises', 'approved'],
      [WALKTHROUGH, estimate, 'rejected'],
      ['Movers guarantee the price once a video call has shown every room', estimate, 'rejected'],
      ...OTHER_SUBJECTS,
    ]);
    // The two rejections, past the telling-words rule, would outvote the near copy's approval.
    expect(why.relevant.map((j) => [j.recordId, j.coverage])).toEqual([['act_0', 0.49]]);
    expect(primary).toBeNull();
    for (const id of ['act_1', 'act_2']) {
      expect(why.near.find((j) => j.recordId === id)).toMatchObject({
        tellingWords: ['moving', 'guarantees', 'price'],
        counted: false,
        why: 'Not counted: it matches 3 telling words of the query ("moving", "guarantees", "price") and 20% of the query, under the 30% cut-off, and holds only the side opposite every judgment the query clearly found.',
      });
    }
  });

  it('does not count one whose judged item the query matches too little of, nor one matching too little of the query', async () => {
    const long = `${WALKTHROUGH}, the attic, the garage, the shed and the garden furniture, booked through the website with a card deposit`;
    const a = await read(rows(long, 'approved'));
    expect(a.primary).toBeNull();
    const second = a.why.near.find((j) => j.recordId === 'act_1');
    expect(second?.reverseCoverage).toBeLessThan(MATCHING.tellingReverse);
    expect(second?.why).toMatch(
      /; under the cut-off it would need 3 telling words of the query and 20% each way, and it matches 3 telling words of the query \("moving", "guarantees", "price"\)\.$/,
    );
    // Without `movers`, it matches two telling words and 17% of the query.
    const b = await read(rows('Crew guarantees the price after a video walkthrough of every room', 'approved'));
    expect(b.primary).toBeNull();
    expect(b.why.near.find((j) => j.recordId === 'act_1')?.coverage).toBeLessThan(MATCHING.tellingCutoff);
  });
});
