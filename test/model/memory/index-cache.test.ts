import { describe, expect, it } from 'vitest';
import { adoptionWork, judgmentIndex } from '../../../src/model/memory/index.js';
import { suggestDecision } from '../../../src/model/memory/suggest.js';
import type { JudgmentRecord } from '../../../src/model/state/entities.js';
import { cloneState, emptyNamespace } from '../../../src/model/state/store.js';

let next = 0;
const judgment = (content: string): JudgmentRecord => ({
  recordId: `act_cache_${next++}`,
  reasoning: '',
  decision: 'rejected',
  confidence: 1,
  judgeType: 'human',
  contentType: '',
  actionUser: { userId: 'u1' },
  createdAt: 0,
  agent: null,
  content,
});

const hits = (judgments: readonly JudgmentRecord[], query: string): string[] =>
  judgmentIndex(judgments)
    .search(query)
    .map((h) => (judgments[h.index] as JudgmentRecord).content);

describe('the judgment index across snapshot copies', () => {
  const base = (): JudgmentRecord[] => [judgment('zebra stripes in an ad'), judgment('purple giraffe claims'), judgment('miracle cure for baldness')];

  it('answers a copied array exactly as the original', () => {
    const original = base();
    const copy = cloneState(original);
    expect(hits(original, 'giraffe')).toEqual(['purple giraffe claims']);
    expect(hits(copy, 'giraffe')).toEqual(['purple giraffe claims']);
    expect(hits(copy, 'zebra')).toEqual(['zebra stripes in an ad']);
  });

  it('compares a copied array once when adopting, then reads it as its own', () => {
    const original = Array.from({ length: 500 }, (_, i) => judgment(`offer ${i} for a purple giraffe`));
    hits(original, 'giraffe');
    const copy = cloneState(original);
    const before = adoptionWork.compared;
    hits(copy, 'giraffe');
    expect(adoptionWork.compared - before).toBe(500);
    for (let i = 0; i < 3; i++) expect(hits(copy, 'giraffe')).toHaveLength(500);
    expect(adoptionWork.compared - before).toBe(500);
  });

  it('keeps copies that diverge apart: each sees its own appends only', () => {
    const original = base();
    hits(original, 'giraffe');
    const copy = cloneState(original);
    copy.push(judgment('orange kangaroo offer'));
    expect(hits(copy, 'kangaroo')).toEqual(['orange kangaroo offer']);
    original.push(judgment('orange pelican offer'));
    expect(hits(original, 'kangaroo')).toEqual([]);
    expect(hits(original, 'pelican')).toEqual(['orange pelican offer']);
    expect(hits(copy, 'pelican')).toEqual([]);
  });

  it('rebuilds when an array is cut back and appended to in place', () => {
    const list = base();
    list.push(judgment('walrus discount'));
    expect(hits(list, 'walrus')).toEqual(['walrus discount']);
    list.pop();
    list.push(judgment('narwhal discount'));
    expect(hits(list, 'walrus')).toEqual([]);
    expect(hits(list, 'narwhal')).toEqual(['narwhal discount']);
  });

  it('does not adopt an index of different text under the same record ids', () => {
    const original = base();
    hits(original, 'giraffe');
    const copy = cloneState(original);
    (copy[1] as JudgmentRecord).content = 'violet okapi claims';
    expect(hits(copy, 'giraffe')).toEqual([]);
    expect(hits(copy, 'okapi')).toEqual(['violet okapi claims']);
  });
});

describe('the judgment index against a copy that differs outside the text', () => {
  const ns = (judgments: JudgmentRecord[]) => ({ ...emptyNamespace('cache'), judgments });
  const pair = (): JudgmentRecord[] => [
    { ...judgment('zebra stripes in an ad'), decision: 'approved' },
    { ...judgment('zebra stripes in an ad'), decision: 'approved' },
    { ...judgment('zebra stripes in a banner'), decision: 'approved' },
  ];

  it('does not adopt an index whose judgments carry other decisions under the same ids and text', () => {
    const original = pair();
    expect(suggestDecision(ns(original), { query: 'zebra stripes' }, 0, judgmentIndex(original)).primary?.recommendation).toBe('approve');
    const copy = cloneState(original).map((j) => ({ ...j, decision: 'rejected' }));
    expect(suggestDecision(ns(copy), { query: 'zebra stripes' }, 0, judgmentIndex(copy)).primary?.recommendation).toBe('reject');
  });

  it('does not adopt an index whose judgments moved to another organization', () => {
    const original = pair().map((j) => ({ ...j, organizationId: 'acme' }));
    expect(suggestDecision(ns(original), { query: 'zebra stripes', organizationId: 'acme' }, 0, judgmentIndex(original)).primary?.scope).toBe('organization');
    const copy = cloneState(original).map((j) => ({ ...j, organizationId: 'globex' }));
    expect(suggestDecision(ns(copy), { query: 'zebra stripes', organizationId: 'acme' }, 0, judgmentIndex(copy)).primary?.scope).toBe('apiKey');
  });
});
