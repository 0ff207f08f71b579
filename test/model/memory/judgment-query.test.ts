import { describe, expect, it } from 'vitest';
import { type JudgmentQuery, queryJudgments } from '../../../src/model/memory/judgment-query.js';
import type { JudgmentRecord } from '../../../src/model/state/entities.js';
import { emptyNamespace } from '../../../src/model/state/store.js';
import { createRng } from '../../../src/support/rng.js';

const DECISIONS = ['approved', 'rejected', 'needs-changes'];

/** A seeded history with common and rare values of every filter, and many judgments sharing an instant. */
function history(size: number): JudgmentRecord[] {
  const rng = createRng(7);
  return Array.from({ length: size }, (_, i) => ({
    recordId: `act_${i}`,
    reasoning: '',
    content: `judgment ${i}`,
    decision: DECISIONS[rng.int(3)] as string,
    confidence: 1,
    judgeType: rng.int(100) === 0 ? 'agent' : 'human',
    contentType: rng.int(200) === 0 ? 'legal' : `type-${rng.int(4)}`,
    actionUser: { userId: i % 997 === 0 ? 'rare-reviewer' : `u${rng.int(30)}` },
    createdAt: 1_000 * rng.int(size / 4),
    agent: null,
    ...(rng.int(10) === 0 ? {} : { organizationId: i % 1_301 === 0 ? 'rare-org' : `org-${rng.int(20)}`, documentId: `doc-${rng.int(5)}` }),
  }));
}

/** What the query must answer: every judgment that passes, newest first (later recorded first among equals). */
function expected(judgments: readonly JudgmentRecord[], query: JudgmentQuery): string[] {
  const passes = (j: JudgmentRecord): boolean =>
    (query.organizationId === undefined || j.organizationId === query.organizationId) &&
    (query.documentId === undefined || j.documentId === query.documentId) &&
    (query.decision === undefined || j.decision === query.decision) &&
    (query.judgeType === undefined || j.judgeType === query.judgeType) &&
    (query.contentType === undefined || j.contentType === query.contentType) &&
    (query.reviewerId === undefined || j.actionUser.userId === query.reviewerId);
  const positions = judgments.map((_, i) => i).filter((i) => passes(judgments[i] as JudgmentRecord));
  positions.sort((a, b) => (judgments[b] as JudgmentRecord).createdAt - (judgments[a] as JudgmentRecord).createdAt || b - a);
  return positions.slice(0, query.limit).map((i) => (judgments[i] as JudgmentRecord).recordId);
}

/** A namespace over `judgments`, and how many judgments the next query reads (the array's element reads). */
function counted(judgments: JudgmentRecord[]) {
  let reads = 0;
  const proxy = new Proxy(judgments, {
    get(target, key, receiver) {
      if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
      return Reflect.get(target, key, receiver);
    },
  });
  const ns = { ...emptyNamespace('key'), judgments: proxy };
  return {
    query(query: JudgmentQuery): { ids: string[]; reads: number } {
      reads = 0;
      const ids = queryJudgments(ns, query).results.map((r) => r.recordId);
      return { ids, reads };
    },
  };
}

describe('judgments/query over a large history', () => {
  const judgments = history(20_000);
  const ns = counted(judgments);
  // The first query builds the views kept beside the judgments; the ones below read them.
  ns.query({ limit: 1 });

  it('answers exactly what a walk over every judgment answers, for narrow and wide filters alike', () => {
    const queries: JudgmentQuery[] = [
      { limit: 50 },
      { reviewerId: 'rare-reviewer', limit: 50 },
      { reviewerId: 'u3', limit: 20 },
      { organizationId: 'rare-org', limit: 50 },
      { organizationId: 'org-4', documentId: 'doc-2', limit: 100 },
      { contentType: 'legal', limit: 30 },
      { contentType: 'legal', decision: 'rejected', limit: 500 },
      { judgeType: 'agent', limit: 10 },
      { judgeType: 'agent', reviewerId: 'u1', limit: 10 },
      { decision: 'approved', organizationId: 'org-1', limit: 200 },
      { decision: 'approved', limit: 1 },
      { organizationId: 'nobody', limit: 10 },
      { reviewerId: 'u2', contentType: 'nothing-like-it', limit: 10 },
    ];
    for (const query of queries) expect(ns.query(query).ids, JSON.stringify(query)).toEqual(expected(judgments, query));
  });

  it('reads about as many judgments as the narrowest filter names, not the whole history', () => {
    // Two reviewers' worth of work at most, against 20,000 judgments held.
    expect(ns.query({ reviewerId: 'rare-reviewer', judgeType: 'human', limit: 50 }).reads).toBeLessThan(200);
    expect(ns.query({ organizationId: 'rare-org', decision: 'approved', limit: 50 }).reads).toBeLessThan(200);
    expect(ns.query({ organizationId: 'nobody', limit: 10 }).reads).toBeLessThan(10);
    // A rare content type matched by nothing else: about 100 of them, never the 20,000.
    expect(ns.query({ contentType: 'legal', reviewerId: 'u3', limit: 10 }).reads).toBeLessThan(2_000);
    expect(ns.query({ judgeType: 'agent', decision: 'needs-changes', contentType: 'type-0', limit: 10 }).reads).toBeLessThan(2_000);
  });
});
