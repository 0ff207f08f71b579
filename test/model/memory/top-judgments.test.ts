import { describe, expect, it } from 'vitest';
import { type JudgmentIndex, judgmentIndex } from '../../../src/model/memory/index.js';
import { topJudgmentsWork } from '../../../src/model/memory/top-judgments.js';
import type { JudgmentRecord } from '../../../src/model/state/entities.js';

/** Three texts about unsubscribe links (two close to the query, one further), and one unrelated. */
const TEXTS: readonly [string, string][] = [
  ['Newsletter footer without an unsubscribe link', 'Every marketing email needs a working unsubscribe link'],
  ['Promo email with no unsubscribe link in the footer', 'The unsubscribe link must be there'],
  ['Email footer: unsubscribe link in grey', 'Unsubscribe link barely visible'],
  ['Product page photo of the blue mug', 'Fine'],
];

/** `repeats` judgments of each text, interleaved, with createdAt ties every few records and shuffled record ids. */
function history(repeats: number): JudgmentRecord[] {
  const out: JudgmentRecord[] = [];
  for (let round = 0; round < repeats; round++) {
    TEXTS.forEach(([content, reasoning], i) => {
      const n = round * TEXTS.length + i;
      out.push({
        recordId: `act_top_${(n * 7919) % 100_003}`,
        content,
        reasoning,
        decision: n % 3 === 0 ? 'approved' : 'rejected',
        confidence: 0.9,
        judgeType: 'human',
        contentType: 'email',
        actionUser: { userId: `reviewer-${round % 5}` },
        organizationId: round % 4 === 0 ? 'acme' : 'globex',
        // Every three rounds share one time: the record id breaks the tie.
        createdAt: 1_000_000 + Math.floor(((round * 37) % repeats) / 3) * 1000,
        agent: null,
      });
    });
  }
  return out;
}

/** Every relevant judgment ordered as search orders them: more relevant, newer, then the smaller record id. */
function everyRanked(index: JudgmentIndex, judgments: readonly JudgmentRecord[], query: string): { index: number; relevance: number }[] {
  return index
    .search(query)
    .map((hit) => ({ index: hit.index, relevance: hit.relevance }))
    .sort((a, b) => {
      const ja = judgments[a.index] as JudgmentRecord;
      const jb = judgments[b.index] as JudgmentRecord;
      if (a.relevance !== b.relevance) return b.relevance - a.relevance;
      if (ja.createdAt !== jb.createdAt) return jb.createdAt - ja.createdAt;
      return ja.recordId < jb.recordId ? -1 : 1;
    });
}

const QUERY = 'marketing email without an unsubscribe link';

describe('the best judgments of a search', () => {
  it('are the first of every relevant judgment in search order, in and out of a place', () => {
    const judgments = history(60);
    const index = judgmentIndex(judgments);
    const all = everyRanked(index, judgments, QUERY);
    expect(new Set(all.map((r) => r.relevance)).size).toBeGreaterThan(1);
    for (const count of [1, 5, 30, 150, all.length + 10]) expect(index.top(QUERY, count, () => true)).toEqual(all.slice(0, count));
    const inAcme = (doc: number) => (judgments[doc] as JudgmentRecord).organizationId === 'acme';
    expect(index.top(QUERY, 9, inAcme)).toEqual(all.filter((r) => inAcme(r.index)).slice(0, 9));
  });

  it('stays in search order as judgments are appended between reads', () => {
    const judgments = history(20);
    const index = () => judgmentIndex(judgments);
    index().top(QUERY, 10, () => true);
    judgments.push(
      ...history(40)
        .slice(80)
        .map((j) => ({ ...j, recordId: `${j.recordId}_late`, createdAt: j.createdAt + 500 })),
    );
    expect(index().top(QUERY, 40, () => true)).toEqual(everyRanked(index(), judgments, QUERY).slice(0, 40));
  });

  it('reads the judgments it returns, not every judgment repeating the texts found', () => {
    const read = [20, 200, 4000].map((repeats) => {
      const index = judgmentIndex(history(repeats));
      index.top(QUERY, 30, () => true);
      const before = topJudgmentsWork.read;
      expect(index.top(QUERY, 30, () => true)).toHaveLength(30);
      return topJudgmentsWork.read - before;
    });
    // 30 judgments returned: never a count that grows with the repeats of the three matching texts.
    expect(read).toEqual([30, 30, 30]);
  });
});
