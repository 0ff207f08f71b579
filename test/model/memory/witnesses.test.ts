import { describe, expect, it } from 'vitest';
import { explainDecision } from '../../../src/model/memory/explain.js';
import { judgmentIndex } from '../../../src/model/memory/index.js';
import type { Built } from '../../../src/model/memory/postings.js';
import { suggestDecision } from '../../../src/model/memory/suggest.js';
import { loadSynonyms } from '../../../src/model/memory/synonyms.js';
import { RARE_WORD_JUDGMENTS, rareKindTexts, type SeedTerms, sameKindWords, type WitnessContext } from '../../../src/model/memory/witnesses.js';
import { type JudgmentRow, namespaceOfRows, OTHER_SUBJECTS } from '../../support/judgments.js';

const COSTUMES: JudgmentRow[] = [
  ['Halloween costume ad featuring a sexy nurse outfit', 'Sexualised depiction of a profession', 'rejected'],
  ['Costume shop banner showing a sacred tribal headdress as a party outfit', 'Cultural appropriation', 'rejected'],
  ...OTHER_SUBJECTS,
];

const WELLNESS: JudgmentRow[] = [
  [
    'Wellness blog article summarising research on vitamin D and immunity, with citations',
    'Educational, cites peer-reviewed studies',
    'approved',
    'wellness-blog',
  ],
  ['Wellness blog post about sleep hygiene habits', 'Informational, makes no product claims', 'approved', 'wellness-blog'],
  ...OTHER_SUBJECTS,
];

/** A seed's terms by position, as the resemblance hop reads them. */
function seedTerms(entry: Built, text: number): SeedTerms {
  const terms = entry.textTerms[text] as string[];
  return { position: new Map(terms.map((term, i) => [term, i])), inItem: entry.textContent[text] as number };
}

async function read(rows: readonly JudgmentRow[], query: string) {
  const ns = namespaceOfRows(rows);
  const index = judgmentIndex(ns.judgments, await loadSynonyms());
  const { entry, ranking } = index.rank(query);
  const queryTerms = new Set(ranking.words.flatMap((w) => w.forms.map((f) => f.term)));
  const reached = new Set(ranking.touched);
  const sides = ns.judgments.map((j) => (j.decision === 'approved' ? 1 : 2));
  const context: WitnessContext = { queryTerms, reached: (text) => reached.has(text), side: (doc) => sides[doc] as number };
  return { ns, index, entry, ranking, context };
}

describe('items of one kind', () => {
  it('reads the words beyond the query two judged items share, when the two texts share a word of the query too', async () => {
    const { entry, context } = await read(COSTUMES, 'Halloween outfit advert sexualising nurses');
    // "outfit" is the query's; "costume" is a word of both items the query does not hold.
    expect(sameKindWords(entry, seedTerms(entry, entry.textOf[0] as number), entry.textOf[1] as number, context)).toEqual(['costum']);
    // The shipping page shares "product" with the demo video, a word of the query, but "accurate" only in its reason.
    const shipping = await read(OTHER_SUBJECTS, 'shipping weight shown on the product page');
    const seed = seedTerms(shipping.entry, shipping.entry.textOf[1] as number);
    expect(sameKindWords(shipping.entry, seed, shipping.entry.textOf[2] as number, shipping.context)).toBeNull();
  });

  it('admits a judgment of the kind of a near copy, below the resemblance it would otherwise need, and explains it', async () => {
    const { ns, index } = await read(COSTUMES, 'Halloween outfit advert sexualising nurses');
    expect(suggestDecision(ns, { query: 'Halloween outfit advert sexualising nurses' }, 2_000, index).primary).toMatchObject({
      recommendation: 'reject',
      basedOn: 2,
    });
    const why = explainDecision(ns, { query: 'Halloween outfit advert sexualising nurses' }, 2_000, index);
    expect(why.relevant[1]).toMatchObject({ recordId: 'act_1', resembles: 'act_0', sameKind: { words: ['costum'] }, counted: true });
    expect(why.relevant[1]?.coverage).toBeLessThan(why.cutoff);
    expect(why.relevant[1]?.why).toBe(
      'Relevant: its judged item shares "costum" with that of act_0, which the query clearly found, and a word of the query besides; counted toward reject in scope apiKey (All content).',
    );
  });

  it('keeps a near copy alone when the words beyond the query its neighbours share sit in a reason', async () => {
    const { ns, index } = await read(OTHER_SUBJECTS, 'shipping weight shown on the product page');
    expect(suggestDecision(ns, { query: 'shipping weight shown on the product page' }, 2_000, index).primary).toBeNull();
  });
});

describe('rare items of one kind', () => {
  const query = 'educational article on vitamin research with references';
  const request = { query, organizationId: 'northwind', documentId: 'wellness-blog' };

  it('reads the texts the query did not reach whose items share a rare word and another with the seed', async () => {
    const { entry, context } = await read(WELLNESS, query);
    expect([...rareKindTexts(entry, entry.textOf[0] as number, context)]).toEqual([[entry.textOf[1], ['well', 'blog']]]);
  });

  it('counts such a review of the near copy’s document and side, though the query reaches nothing of it, and explains it', async () => {
    const { ns, index } = await read(WELLNESS, query);
    expect(suggestDecision(ns, request, 2_000, index).primary).toMatchObject({ recommendation: 'approve', basedOn: 2, scope: 'document' });
    const second = explainDecision(ns, request, 2_000, index).relevant.find((j) => j.recordId === 'act_1');
    expect(second).toMatchObject({ resembles: 'act_0', coverage: 0, sameKind: { words: ['well', 'blog'], rare: true }, counted: true });
    expect(second?.why).toBe(
      `Relevant: the query reaches nothing of it, but it reviews the same document as act_0, which the query clearly found, with the same side, and its judged item shares "well", "blog" with that one's, one of them held by at most ${RARE_WORD_JUDGMENTS} judgments; counted toward approve in scope document (This document).`,
    );
  });

  it('counts none of the other side or of another document, and none when the shared words are common in the history', async () => {
    const otherSide: JudgmentRow[] = WELLNESS.map((row, i) => (i === 1 ? [row[0], row[1], 'rejected', 'wellness-blog'] : row));
    const a = await read(otherSide, query);
    expect(suggestDecision(a.ns, request, 2_000, a.index).primary).toBeNull();
    const elsewhere: JudgmentRow[] = WELLNESS.map((row, i) => (i === 1 ? [row[0], row[1], 'approved', 'another-blog'] : row));
    const c = await read(elsewhere, query);
    expect(suggestDecision(c.ns, { query, organizationId: 'northwind' }, 2_000, c.index).primary).toBeNull();
    const common: JudgmentRow[] = [...WELLNESS, ...['yoga', 'running', 'sleep'].map((s): JudgmentRow => [`Wellness blog note on ${s}`, 'Fine', 'approved'])];
    const b = await read(common, query);
    expect(suggestDecision(b.ns, request, 2_000, b.index).primary).toBeNull();
  });
});

describe('other reviews of a near copy’s document', () => {
  const INVOICES: JudgmentRow[] = [
    ['March hosting charge billed again under a new invoice number', 'Resubmitted duplicate, already settled in March', 'rejected', 'supplier-invoices'],
    ['Supplier invoice INV-4471 repeats INV-4470: same amount, same purchase order', 'Duplicate of an invoice already paid', 'rejected', 'supplier-invoices'],
    ...OTHER_SUBJECTS,
  ];
  const query = 'hosting charge billed twice under a new invoice number';
  const request = { query, organizationId: 'northwind', documentId: 'supplier-invoices' };

  it('counts one of the same side that the query reaches below the cut-off, and explains it', async () => {
    const { ns, index } = await read(INVOICES, query);
    expect(suggestDecision(ns, request, 2_000, index).primary).toMatchObject({ recommendation: 'reject', basedOn: 2, scope: 'document' });
    const why = explainDecision(ns, request, 2_000, index);
    const second = why.relevant.find((j) => j.recordId === 'act_1');
    expect(second).toMatchObject({ resembles: 'act_0', sameDocument: true, counted: true });
    expect(second?.coverage).toBeLessThan(why.cutoff);
    expect(second?.why).toBe(
      'Relevant: it reviews the same document as act_0, which the query clearly found, with the same side, and matches 13% of the query (needs 10% beside it); counted toward reject in scope document (This document).',
    );
  });

  it('counts none of the other side or of another document', async () => {
    const otherSide: JudgmentRow[] = INVOICES.map((row, i) => (i === 1 ? [row[0], row[1], 'approved', 'supplier-invoices'] : row));
    const a = await read(otherSide, query);
    expect(suggestDecision(a.ns, request, 2_000, a.index).primary).toBeNull();
    const elsewhere: JudgmentRow[] = INVOICES.map((row, i) => (i === 1 ? [row[0], row[1], 'rejected', 'other-invoices'] : row));
    const b = await read(elsewhere, query);
    expect(suggestDecision(b.ns, { query }, 2_000, b.index).primary).toBeNull();
    expect(explainDecision(b.ns, { query }, 2_000, b.index).relevant.map((j) => j.recordId)).toEqual(['act_0']);
  });

  it('counts none the query reaches only through its reason, or through its item’s negation and its reason', async () => {
    const reasonOnly: JudgmentRow[] = [
      INVOICES[0] as JudgmentRow,
      ['Late payment fee added to a settled order', 'Raised twice by the hosting team', 'rejected', 'supplier-invoices'],
      ...OTHER_SUBJECTS,
    ];
    const a = await read(reasonOnly, query);
    expect(explainDecision(a.ns, request, 2_000, a.index).near.find((j) => j.recordId === 'act_1')?.coverage).toBeGreaterThanOrEqual(0.1);
    expect(suggestDecision(a.ns, request, 2_000, a.index).primary).toBeNull();
    const negationOnly: JudgmentRow[] = [
      INVOICES[0] as JudgmentRow,
      ['Catering order with no receipt', 'Raised twice by the hosting team', 'rejected', 'supplier-invoices'],
      ...OTHER_SUBJECTS,
    ];
    const withNo = { ...request, query: `${query}, no credit note` };
    const b = await read(negationOnly, withNo.query);
    const matched = explainDecision(b.ns, withNo, 2_000, b.index).near.find((j) => j.recordId === 'act_1');
    expect(matched?.coverage).toBeGreaterThanOrEqual(0.1);
    expect(matched?.matched.map((m) => m.term)).toContain('no');
    expect(suggestDecision(b.ns, withNo, 2_000, b.index).primary).toBeNull();
  });
});
