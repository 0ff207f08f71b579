import { describe, expect, it } from 'vitest';
import type { JudgmentInit } from '../../../src/harness/memory.js';
import { STALE_CAVEAT } from '../../../src/model/memory/suggest.js';
import { MAX_QUERY_LENGTH } from '../../../src/operations/memory.js';
import { REFERENCE_TIME } from '../../../src/support/clock.js';
import { expectError, fingerprint } from '../../support/expect.js';
import { type Client, forEachTransport } from '../../support/transports.js';

const SUGGEST = '/v2/memory/suggest';
const DAY = 24 * 60 * 60 * 1000;
const MEDICAL = 'Ad copy: "GlowSerum is clinically proven to reduce wrinkles"';
const QUERY = 'clinically proven to reduce wrinkles';

/** A judgment on the medical-claim topic unless `content` says otherwise. */
const judged = (decision: JudgmentInit['decision'], extra: Partial<JudgmentInit> = {}): JudgmentInit => ({
  content: MEDICAL,
  reasoning: decision.includes('reject') || decision === 'disagree' ? 'Unsupported medical claim' : 'Claim backed by a study',
  decision,
  actionUser: { userId: 'u1' },
  createdAt: REFERENCE_TIME - DAY,
  ...extra,
});

const times = (n: number, decision: JudgmentInit['decision'], extra: Partial<JudgmentInit> = {}): JudgmentInit[] =>
  Array.from({ length: n }, (_, i) => judged(decision, { actionUser: { userId: `u${i + 1}` }, ...extra }));

const suggest = async (c: Client, data: Record<string, unknown>) => {
  const reply = await c.post(SUGGEST, data);
  expect(reply.status, reply.text).toBe(200);
  return reply.body.result as { primary: Record<string, unknown> | null; conflict: Record<string, unknown> | null };
};

forEachTransport('memory suggest', (fresh) => {
  describe('validation', () => {
    const queryIssue = { issues: [{ code: 'invalid_type', path: ['query'], message: 'query is required' }] };
    const cases: [string, Record<string, unknown>][] = [
      ['missing', {}],
      ['blank', { query: '   ' }],
      ['not a string', { query: 42 }],
    ];
    for (const [name, data] of cases) {
      it(`refuses a query that is ${name}`, async () => {
        const c = fresh();
        const before = fingerprint(c.service);
        const reply = await c.post(SUGGEST, data);
        expectError(reply, 400, 'INVALID_ARGUMENT', 'query is required');
        expect(reply.body.error.details).toEqual(queryIssue);
        expect(fingerprint(c.service)).toBe(before);
      });
    }

    it(`refuses a query longer than ${MAX_QUERY_LENGTH} characters, a 100,000-character word included, and answers one at the limit`, async () => {
      const c = fresh();
      c.service.memory.record(times(2, 'rejected'));
      const before = fingerprint(c.service);
      const message = `query can be at most ${MAX_QUERY_LENGTH} characters long.`;
      for (const query of ['w'.repeat(100_000), `${QUERY} ${'x'.repeat(MAX_QUERY_LENGTH)}`]) {
        const reply = await c.post(SUGGEST, { query });
        expectError(reply, 400, 'INVALID_ARGUMENT', message);
        expect(reply.body.error.details).toEqual({ issues: [{ code: 'too_big', path: ['query'], message }] });
      }
      expect(fingerprint(c.service)).toBe(before);
      const atLimit = `${QUERY} ${'x'.repeat(MAX_QUERY_LENGTH - QUERY.length - 1)}`;
      expect(atLimit).toHaveLength(MAX_QUERY_LENGTH);
      expect((await suggest(c, { query: atLimit })).primary).toMatchObject({ recommendation: 'reject', basedOn: 2 });
    });

    it('refuses documentId without organizationId (D11)', async () => {
      const c = fresh();
      const before = fingerprint(c.service);
      const reply = await c.post(SUGGEST, { query: QUERY, documentId: 'doc-1' });
      expectError(reply, 400, 'INVALID_ARGUMENT', 'documentId requires organizationId.');
      expect(reply.body.error.details).toEqual({ issues: [{ code: 'custom', path: ['documentId'], message: 'documentId requires organizationId.' }] });
      expect(fingerprint(c.service)).toBe(before);
    });
  });

  it('answers both null, and only primary and conflict, for a key with no judgments', async () => {
    const c = fresh();
    const reply = await c.post(SUGGEST, { query: QUERY });
    expect(reply.text).toBe('{"result":{"primary":null,"conflict":null}}');
  });

  it('needs 2 records on the leading side: 1 gives null, 2 give a suggestion', async () => {
    const c = fresh();
    c.service.memory.record(judged('rejected'));
    expect(await suggest(c, { query: QUERY })).toEqual({ primary: null, conflict: null });
    c.service.memory.record(judged('rejected', { actionUser: { userId: 'u2' } }));
    expect(await suggest(c, { query: QUERY })).toEqual({
      primary: {
        recommendation: 'reject',
        confidence: 0.5,
        basedOn: 2,
        scope: 'apiKey',
        scopeLabel: 'All content',
        topReasons: ['Unsupported medical claim'],
        uniqueReviewers: 2,
        caveats: [],
      },
      conflict: null,
    });
  });

  it('counts decisions per side as service-facts 5.1 lists them; the rest count toward neither', async () => {
    const c = fresh();
    c.service.memory.record([judged('comment'), judged('resolve'), judged('in_progress'), judged('rejected')]);
    expect((await suggest(c, { query: QUERY })).primary).toBeNull();
    c.service.memory.record([judged('agree'), judged('endorse'), judged('document_approved')]);
    expect((await suggest(c, { query: QUERY })).primary).toMatchObject({ recommendation: 'approve', basedOn: 3 });
    c.service.memory.record([judged('disagree'), judged('document_rejected'), judged('rejected')]);
    expect((await suggest(c, { query: QUERY })).primary).toMatchObject({ recommendation: 'reject', basedOn: 4 });
  });

  it('fills conflict only when both sides have 2 records, with the caveats of 5.5', async () => {
    const c = fresh();
    c.service.memory.record([...times(3, 'rejected'), judged('approved')]);
    const lone = await suggest(c, { query: QUERY });
    expect(lone.conflict).toBeNull();
    expect(lone.primary).toMatchObject({ recommendation: 'reject', basedOn: 3, caveats: [] });
    c.service.memory.record(judged('approved', { actionUser: { userId: 'u9' } }));
    const split = await suggest(c, { query: QUERY });
    expect(split.primary).toMatchObject({ recommendation: 'reject', basedOn: 3, caveats: ['Conflicting precedent: 3 reject vs 2 approve'] });
    expect(split.conflict).toEqual({
      recommendation: 'approve',
      confidence: expect.any(Number),
      basedOn: 2,
      scope: 'apiKey',
      scopeLabel: 'All content',
      topReasons: ['Claim backed by a study'],
      uniqueReviewers: 2,
      caveats: ['Minority view: 2 approve vs 3 reject'],
    });
    expect(split.conflict!['confidence']).toBeLessThan(split.primary!['confidence'] as number);
  });

  it('walks the scope ladder: document, then organization, then the whole API key', async () => {
    const c = fresh();
    c.service.memory.record([
      ...times(3, 'approved', { organizationId: 'acme' }),
      judged('rejected', { organizationId: 'acme', documentId: 'launch' }),
      ...times(4, 'rejected', { organizationId: 'globex' }),
    ]);
    const one = await suggest(c, { query: QUERY, organizationId: 'acme', documentId: 'launch' });
    expect(one.primary).toMatchObject({ recommendation: 'approve', scope: 'organization', scopeLabel: 'This organization', basedOn: 3 });
    c.service.memory.record(judged('disagree', { organizationId: 'acme', documentId: 'launch', actionUser: { userId: 'u7' } }));
    const two = await suggest(c, { query: QUERY, organizationId: 'acme', documentId: 'launch' });
    expect(two.primary).toMatchObject({ recommendation: 'reject', scope: 'document', scopeLabel: 'This document', basedOn: 2 });
    const none = await suggest(c, { query: QUERY, organizationId: 'initech' });
    expect(none.primary).toMatchObject({ recommendation: 'reject', scope: 'apiKey', scopeLabel: 'All content', basedOn: 6 });
    expect(none.conflict).toMatchObject({ recommendation: 'approve', scope: 'apiKey', basedOn: 3 });
  });

  it('adds the stale caveat once more than 70% of the supporting records pass 183 days on the service clock', async () => {
    const c = fresh();
    const now = c.service.clock.now();
    c.service.memory.record([...times(7, 'rejected', { createdAt: now - 10 * DAY }), ...times(3, 'rejected', { createdAt: now - 100 * DAY })]);
    expect((await suggest(c, { query: QUERY })).primary!['caveats']).toEqual([]);
    c.service.clock.advance(174 * DAY); // the 3 older records are 274 days old, the 7 others 184: all stale
    expect((await suggest(c, { query: QUERY })).primary!['caveats']).toEqual([STALE_CAVEAT]);
    c.service.clock.set(now + 93 * DAY); // 3 of 10 older than 183 days: 30%
    expect((await suggest(c, { query: QUERY })).primary!['caveats']).toEqual([]);
  });

  it('stays quiet at exactly 70% stale and notes recent records that contradict the older majority', async () => {
    const c = fresh();
    const now = c.service.clock.now();
    c.service.memory.record([...times(7, 'rejected', { createdAt: now - 300 * DAY }), ...times(3, 'rejected', { createdAt: now - DAY })]);
    expect((await suggest(c, { query: QUERY })).primary!['caveats']).toEqual([]);
    c.service.memory.record([...times(4, 'approved', { createdAt: now - 2 * DAY }), judged('rejected', { createdAt: now - 400 * DAY })]);
    expect((await suggest(c, { query: QUERY })).primary).toMatchObject({
      recommendation: 'reject',
      basedOn: 11,
      caveats: ['Conflicting precedent: 11 reject vs 4 approve', STALE_CAVEAT, 'Recent precedent leans approve: 4 approve vs 3 reject in the last 6 months'],
    });
  });

  it('ignores judgments unrelated to the query, including ones sharing only generic words', async () => {
    const c = fresh();
    c.service.memory.record([
      ...times(5, 'approved', { content: 'Ad copy: "Lowest price guaranteed on ZenMat"', reasoning: 'Price match policy is published' }),
      ...times(5, 'approved', { content: 'Product image alt text for screen readers', reasoning: 'Alt text is descriptive' }),
      ...times(2, 'rejected'),
    ]);
    expect((await suggest(c, { query: `Ad copy: "${QUERY}"` })).primary).toMatchObject({ recommendation: 'reject', basedOn: 2 });
    expect(await suggest(c, { query: 'quarterly payroll tax filing deadline' })).toEqual({ primary: null, conflict: null });
  });

  it('keeps judgments of one API key invisible to another', async () => {
    const c = fresh();
    const created = (await c.postWorkspace('/v2/workspace/apikey/create', { ownerEmail: 'owner@example.com', type: 'testing', createAuthToken: true })).body
      .result.data;
    const other = { 'x-service-api-key': created.apiKey, 'x-service-auth-token': created.authToken };
    c.service.memory.record(times(3, 'rejected'), { apiKey: created.apiKey });
    expect(await suggest(c, { query: QUERY })).toEqual({ primary: null, conflict: null });
    const theirs = await c.post(SUGGEST, { query: QUERY }, other);
    expect(theirs.body.result.primary).toMatchObject({ recommendation: 'reject', basedOn: 3 });
  });

  it('ranks topReasons by support then recency, at most 3, and counts distinct reviewers', async () => {
    const c = fresh();
    const reasons = [
      'Missing citation',
      'Unsupported medical claim',
      'Unsupported medical claim',
      'Needs a study',
      'Off brand',
      'Missing citation',
      'Unsupported medical claim',
    ];
    c.service.memory.record(
      reasons.map((reasoning, i) => judged('rejected', { reasoning, createdAt: REFERENCE_TIME - (10 - i) * DAY, actionUser: { userId: `u${i % 3}` } })),
    );
    const { primary } = await suggest(c, { query: QUERY });
    expect(primary).toMatchObject({ basedOn: 7, uniqueReviewers: 3, topReasons: ['Unsupported medical claim', 'Missing citation', 'Off brand'] });
  });

  it('weighs confidence by agreement, evidence, relevance and record confidence, in [0,1] with 2 decimals', async () => {
    const c = fresh();
    c.service.memory.record(times(12, 'rejected'));
    const full = (await suggest(c, { query: QUERY })).primary!['confidence'];
    expect(full).toBe(0.86); // W = 12: 12 / 14
    const d = fresh();
    d.service.memory.record(times(12, 'rejected', { confidence: 0.5 }));
    expect((await suggest(d, { query: QUERY })).primary!['confidence']).toBe(0.75); // W = 6: 6 / 8
    d.service.memory.record(times(6, 'approved', { confidence: 0.5 }));
    expect((await suggest(d, { query: QUERY })).primary!['confidence']).toBe(0.5); // 6/9 agreement x 0.75
  });

  it('answers the same bytes for the same judgments, query and clock', async () => {
    const texts: string[] = [];
    for (let i = 0; i < 2; i++) {
      const c = fresh();
      c.service.memory.record([...times(4, 'rejected'), ...times(2, 'endorse'), judged('comment')]);
      texts.push((await c.post(SUGGEST, { query: QUERY })).text, (await c.post(SUGGEST, { query: QUERY })).text);
    }
    expect(new Set(texts).size).toBe(1);
  });
});
