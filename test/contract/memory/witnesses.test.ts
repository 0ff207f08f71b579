import { expect, it } from 'vitest';
import type { JudgmentInit } from '../../../src/harness/memory.js';
import { judged } from '../../support/judgments.js';
import { type Client, forEachTransport } from '../../support/transports.js';

const blog = { organizationId: 'northwind', documentId: 'wellness-blog' };
const invoices = { organizationId: 'northwind', documentId: 'supplier-invoices' };

/** Two costume ads, two posts of one wellness blog, a product page alone on its subject, and unrelated reviews. */
const JUDGMENTS: JudgmentInit[] = [
  judged('Halloween costume ad featuring a sexy nurse outfit', 'Sexualised depiction of a profession', 'rejected', 'u1'),
  judged('Costume shop banner showing a sacred tribal headdress as a party outfit', 'Cultural appropriation', 'rejected', 'u2'),
  judged(
    'Wellness blog article summarising research on vitamin D and immunity, with citations',
    'Educational, cites peer-reviewed studies',
    'approved',
    'u3',
    blog,
  ),
  judged('Wellness blog post about sleep hygiene habits', 'Informational, makes no product claims', 'approved', 'u4', blog),
  judged('Product page listing the shipping weight and dimensions', 'Accurate specifications', 'approved', 'u5'),
  judged('Product demo video with accurate closed captions', 'Accessible to deaf viewers', 'approved', 'u6'),
  judged('Checkout adds a mandatory service fee only on the final payment step', 'Drip pricing', 'rejected', 'u7'),
  judged('Quarterly tax filing reminder', 'Accurate dates', 'approved', 'u8'),
  judged('March hosting charge billed again under a new invoice number', 'Resubmitted duplicate, already settled in March', 'rejected', 'u9', invoices),
  judged('Supplier invoice INV-4471 repeats INV-4470: same amount, same purchase order', 'Duplicate of an invoice already paid', 'rejected', 'u10', invoices),
];

const suggest = async (c: Client, data: Record<string, unknown>) =>
  ((await c.post('/v2/memory/suggest', data)).body as { result: { primary: Record<string, unknown> | null } }).result.primary;
const explain = async (c: Client, data: Record<string, unknown>) =>
  (await c.raw({ method: 'POST', path: '/__mock/memory/explain', headers: { 'content-type': 'application/json' }, body: JSON.stringify(data) })).body as {
    relevant: { recordId: string; coverage: number; sameKind?: { words: string[]; rare?: true }; sameDocument?: true; counted: boolean; why: string }[];
  };

forEachTransport('memory suggest: a second witness of the kind of the near copy', (fresh) => {
  it('counts a judgment whose item is of the near copy’s kind, sharing a word of the query, and says so', async () => {
    const c = fresh();
    const [costume, shop] = c.service.memory.record(JUDGMENTS);
    const query = 'Halloween outfit advert sexualising nurses';
    expect(await suggest(c, { query })).toMatchObject({ recommendation: 'reject', basedOn: 2, scope: 'apiKey' });
    const { relevant } = await explain(c, { query });
    expect(relevant.map((j) => [j.recordId, j.counted])).toEqual([
      [costume?.recordId, true],
      [shop?.recordId, true],
    ]);
    expect(relevant[1]?.sameKind).toEqual({ words: ['costum'] });
  });

  it('counts a review of the near copy’s document and side that the query does not reach, through a rare word of both items', async () => {
    const c = fresh();
    const records = c.service.memory.record(JUDGMENTS);
    const data = { query: 'educational article on vitamin research with references', ...blog };
    expect(await suggest(c, data)).toMatchObject({ recommendation: 'approve', basedOn: 2, scope: 'document', scopeLabel: 'This document' });
    const second = (await explain(c, data)).relevant.find((j) => j.recordId === records[3]?.recordId);
    expect(second).toMatchObject({ coverage: 0, sameKind: { words: ['well', 'blog'], rare: true }, counted: true });
  });

  it('counts another review of the near copy’s document and side that the query reaches below the cut-off, and says why', async () => {
    const c = fresh();
    const records = c.service.memory.record(JUDGMENTS);
    const data = { query: 'hosting charge billed twice under a new invoice number', ...invoices };
    expect(await suggest(c, data)).toMatchObject({ recommendation: 'reject', basedOn: 2, scope: 'document', scopeLabel: 'This document' });
    const second = (await explain(c, data)).relevant.find((j) => j.recordId === records[9]?.recordId);
    expect(second).toMatchObject({ sameDocument: true, counted: true });
    expect(second?.coverage).toBeLessThan(0.3);
    expect(second?.why).toBe(
      `Relevant: it reviews the same document as ${records[8]?.recordId}, which the query clearly found, with the same side, and matches ${Math.round((second?.coverage ?? 0) * 100)}% of the query (needs 10% beside it); counted toward reject in scope document (This document).`,
    );
  });

  it('still answers null for a near copy alone on its subject, whose neighbours share only common or reasoned words', async () => {
    const c = fresh();
    c.service.memory.record(JUDGMENTS);
    expect(await suggest(c, { query: 'shipping weight shown on the product page' })).toBeNull();
    expect(await suggest(c, { query: 'office parking permit renewal' })).toBeNull();
  });
});

forEachTransport('memory suggest: a judgment under the cut-off through telling words', (fresh) => {
  const query = 'moving company guarantees the quoted price for our old house whatever the contents end up weighing';
  const MOVES: JudgmentInit[] = [
    judged('Removal quote for an old house stays the same whatever the load weighs', 'Fixed price, no surprises', 'approved', 'u11'),
    judged('Movers guarantee the price after a video walkthrough of every room', 'Binding estimate, no extras later', 'approved', 'u12'),
  ];

  it('counts one matching three telling words of the query and a fifth of it each way, and explain names the words', async () => {
    const c = fresh();
    const records = c.service.memory.record([...JUDGMENTS, ...MOVES]);
    expect(await suggest(c, { query })).toMatchObject({ recommendation: 'approve', basedOn: 2, scope: 'apiKey' });
    const body = (await explain(c, { query })) as Awaited<ReturnType<typeof explain>> & { words: { word: string; telling?: true }[] };
    const second = body.relevant.find((j) => j.recordId === records[11]?.recordId) as {
      tellingWords?: string[];
      coverage: number;
      counted: boolean;
      why: string;
    };
    expect(second).toMatchObject({ tellingWords: ['moving', 'guarantees', 'price'], counted: true });
    expect(second.coverage).toBeLessThan(0.3);
    expect(second.why).toMatch(
      /^Relevant: it matches 3 telling words of the query \("moving", "guarantees", "price"\) and 2\d% of the query, and the query matches \d+% of it \(under the 30% cut-off, needs 3 telling words and 20% each way\); counted toward approve/,
    );
    expect(body.words.find((w) => w.word === 'guarantees')?.telling).toBe(true);
    expect(body.words.find((w) => w.word === 'end')?.telling).toBeUndefined();
  });
});
