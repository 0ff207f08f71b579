import { describe, expect, it } from 'vitest';
import { judgmentIndex } from '../../../src/model/memory/index.js';
import { reportOf } from '../../../src/model/memory/report.js';
import type { JudgmentRecord } from '../../../src/model/state/entities.js';

/** Six review texts: two about unsubscribe links, two about health claims, two about neither. */
const TEXTS: readonly [string, string, string][] = [
  ['Newsletter footer without an unsubscribe link', 'Every marketing email needs a working unsubscribe link', 'rejected'],
  ['Promo email, unsubscribe link hidden in grey text', 'The unsubscribe link must be visible', 'rejected'],
  ['Serum ad: clinically proven to reduce wrinkles', 'Clinical claims need a cited study', 'rejected'],
  ['Tea label: boosts immunity naturally', 'Health claims need evidence', 'rejected'],
  ['Spring campaign banner with the new logo', 'On brand', 'approved'],
  ['Product page photo of the blue mug', 'Fine', 'approved'],
];

/** The texts `rounds` times over, each judgment its own record. */
function history(rounds: number): JudgmentRecord[] {
  const out: JudgmentRecord[] = [];
  for (let round = 0; round < rounds; round++) {
    TEXTS.forEach(([content, reasoning, decision], i) => {
      out.push({
        recordId: `act_cost_${round}_${i}`,
        content,
        reasoning,
        decision,
        confidence: 0.9,
        judgeType: 'human',
        contentType: 'email',
        actionUser: { userId: `reviewer-${round % 7}` },
        createdAt: round * 1000 + i,
        agent: null,
      });
    });
  }
  return out;
}

describe('what a ranking costs as the judgments grow', () => {
  it('scores each distinct text the query reaches once, however many judgments repeat it', () => {
    const scored = [1, 10, 1000].map((rounds) => {
      const report = reportOf(judgmentIndex(history(rounds)), 'email with no unsubscribe link');
      expect(report.hits).toHaveLength(2 * rounds);
      return report.scored;
    });
    // The two unsubscribe texts (the only ones with any of the query's words): never a count that grows with the rounds.
    expect(scored).toEqual([2, 2, 2]);
  });

  it('scores only what the query words reach: unrelated judgments added cost nothing', () => {
    const few = history(3);
    const many = [...few];
    for (let i = 0; i < 5000; i++) {
      many.push({ ...(few[5] as JudgmentRecord), recordId: `act_cost_other_${i}`, content: `Product page photo ${i} of the blue mug` });
    }
    const before = reportOf(judgmentIndex(few), 'clinically proven wrinkles');
    const after = reportOf(judgmentIndex(many), 'clinically proven wrinkles');
    expect(after.scored).toBe(before.scored);
    expect(after.hits.map((h) => h.index)).toEqual(before.hits.map((h) => h.index));
  });

  it('gives a suggestion what each passing text was found with once, however many judgments repeat it', () => {
    const judgments = history(400);
    const index = judgmentIndex(judgments);
    const table = index.table?.('email with no unsubscribe link');
    expect(table?.docs).toEqual(Int32Array.from(index.search('email with no unsubscribe link'), (hit) => hit.index));
    // The two unsubscribe texts: what a judgment was found with is held per text, not per judgment.
    expect(table?.relevance).toHaveLength(2);
    expect(new Set(table?.group)).toEqual(new Set([0, 1]));
  });

  it('unfolds a passing text into every judgment holding it, in recording order', () => {
    const judgments = history(50);
    const hits = judgmentIndex(judgments).search('serum clinically proven to reduce wrinkles');
    expect(hits.map((h) => h.index)).toEqual(judgments.flatMap((j, i) => (j.content.startsWith('Serum') ? [i] : [])));
    expect(new Set(hits.map((h) => h.relevance))).toEqual(new Set([1]));
  });
});
