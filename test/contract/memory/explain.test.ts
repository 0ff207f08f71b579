import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../../src/errors.js';
import type { JudgmentInit } from '../../../src/harness/memory.js';
import { createMockService } from '../../../src/service.js';
import { expectError, fingerprint } from '../../support/expect.js';
import { judged } from '../../support/judgments.js';
import { type Client, forEachTransport } from '../../support/transports.js';

const EXPLAIN = '/__mock/memory/explain';
const SHAPE = 'The body must be {"query": "..."}, optionally with "organizationId", "documentId" and "apiKey" (default: the seeded key).';

/** Profanity judged three ways (one in other words), a typeface judgment that only comes close, and a comment that counts toward neither side. */
const JUDGMENTS: JudgmentInit[] = [
  judged('Live chat message full of curse words', 'Cursing at customers is unprofessional', 'rejected', 'u1'),
  judged('Product review that contains several swear words', 'Profane language is not allowed in public reviews', 'rejected', 'u2'),
  judged('Review with a bleeped-out swear word in the title', 'Flagged for the trust and safety team', 'comment', 'u3'),
  judged('Gaming forum thread where players swear about a lost match', 'Casual swearing is tolerated in the 18+ gaming forum', 'approved', 'u4', {
    organizationId: 'tailspin',
  }),
  judged('Poster headline set in Comic Sans', 'Off-brand font in a public review deck', 'rejected', 'u5'),
];

const suggest = async (c: Client, data: Record<string, unknown>) => (await c.post('/v2/memory/suggest', data)).body.result as unknown;
const explain = (c: Client, body: unknown) =>
  c.raw({ method: 'POST', path: EXPLAIN, headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) });

forEachTransport('memory explain (POST /__mock/memory/explain)', (fresh) => {
  it('answers exactly what suggest answers, with the judgments that counted and the terms they matched', async () => {
    const c = fresh();
    c.service.memory.record(JUDGMENTS);
    const query = 'customer review containing swear words';
    const reply = await explain(c, { query });
    expect(reply.status, reply.text).toBe(200);
    const body = reply.body;
    expect(body.result).toEqual(await suggest(c, { query }));
    expect(body.result.primary).toMatchObject({ recommendation: 'reject', basedOn: 2, scope: 'apiKey' });
    expect(body.scope).toBe('apiKey');
    expect(body.cutoff).toBe(0.3);
    expect(body.reverseCutoff).toBe(0.6);
    expect(body.words).toEqual([
      { word: 'customer', negated: false, telling: true, matches: [{ term: 'custom', via: 'stem', weight: 1 }] },
      { word: 'review', negated: false, telling: true, matches: [{ term: 'review', via: 'exact', weight: 1 }] },
      { word: 'containing', negated: false, telling: true, matches: [{ term: 'contain', via: 'stem', weight: 1 }] },
      {
        word: 'swear',
        negated: false,
        telling: true,
        matches: [
          { term: 'swear', via: 'exact', weight: 1 },
          { term: 'curs', via: 'synonym', weight: 0.36 },
        ],
      },
      { word: 'words', negated: false, telling: true, matches: [{ term: 'word', via: 'exact', weight: 1 }] },
    ]);
    const byId = new Map<string, Record<string, unknown>>(body.relevant.map((j: Record<string, unknown>) => [j['content'], j]));
    const chat = byId.get(JUDGMENTS[0]!.content) as { matched: unknown[] };
    expect(chat).toMatchObject({
      side: 'reject',
      counted: true,
      why: 'Relevant: it matches 48% of the query; counted toward reject in scope apiKey (All content).',
    });
    expect(chat.matched).toContainEqual({ word: 'swear', term: 'curs', via: 'synonym', polarity: 'same' });
    const swear = byId.get(JUDGMENTS[1]!.content)!;
    expect(swear).toMatchObject({ decision: 'rejected', side: 'reject', counted: true });
    expect(swear['matched']).toEqual(
      expect.arrayContaining([
        { word: 'swear', term: 'swear', via: 'exact', polarity: 'same' },
        { word: 'review', term: 'review', via: 'exact', polarity: 'same' },
      ]),
    );
    expect(swear['relevance']).toBeGreaterThan(0);
    expect(swear['coverage']).toBeGreaterThanOrEqual(0.3);
    expect(byId.get(JUDGMENTS[2]!.content)).toMatchObject({
      decision: 'comment',
      side: null,
      counted: false,
      why: 'Relevant: it matches 50% of the query; not counted: its decision (comment) supports neither side.',
    });
    expect(body.relevant.filter((j: { counted: boolean }) => j.counted)).toHaveLength(2);
    for (const near of body.near) expect(near.counted).toBe(false);
    expect(body.near.map((j: { content: string; why: string }) => [j.content, j.why])).toContainEqual([
      'Poster headline set in Comic Sans',
      'Not counted: it matches 17% of the query (needs 30%) and the query matches 0% of it (needs 60%).',
    ]);
  });

  it('shows which reading of each word matched, and that a judgment about the opposite case did not count', async () => {
    const c = fresh();
    c.service.memory.record([
      judged('Supplier contract with liability capped at twelve months of fees', 'Standard cap', 'approved', 'u1'),
      judged('Supplier contract capping liability at the fees paid', 'Market standard', 'approved', 'u2'),
      judged('Supplier contract with uncapped liability', 'Unlimited exposure', 'rejected', 'u3'),
      judged('Supplier agreement with no cap on liability', 'Unlimited exposure', 'rejected', 'u4'),
    ]);
    const body = (await explain(c, { query: 'supplier contract where liability has no cap' })).body;
    expect(body.result.primary).toMatchObject({ recommendation: 'reject', basedOn: 2 });
    expect(body.result.conflict).toBeNull();
    const cap = body.words.find((w: { word: string }) => w.word === 'cap');
    expect(cap).toEqual({
      word: 'cap',
      negated: true,
      telling: true,
      matches: [
        { term: 'cap', via: 'exact', weight: 1 },
        { term: 'uncap', via: 'negated', weight: 0.9 },
      ],
    });
    const uncapped = body.relevant.find((j: { content: string }) => j.content === 'Supplier contract with uncapped liability');
    expect(uncapped.matched).toContainEqual({ word: 'cap', term: 'uncap', via: 'negated', polarity: 'negated' });
    const capped = body.near.find((j: { content: string }) => j.content.startsWith('Supplier contract with liability capped'));
    expect(capped).toMatchObject({
      counted: false,
      why: 'Not counted: it states "cap" the opposite way from the query (one negates what the other states), so it is about the opposite case.',
    });
    expect(capped.matched).toContainEqual({ word: 'cap', term: 'cap', via: 'exact', polarity: 'opposite' });
    const reading = (await explain(c, { query: 'uncapped liability' })).body.words[0];
    expect(reading).toMatchObject({ word: 'uncapped', negated: true });
    expect(reading.matches).toContainEqual({ term: 'cap', via: 'negated', weight: 0.9 });
  });

  it('shows a related word through a later sense at its lower weight, and a slip in a word only the lexicon knows', async () => {
    const c = fresh();
    c.service.memory.record([
      judged('Herbal tea label saying it cures the common cold', 'Cannot claim a product cures an illness', 'rejected', 'u1'),
      judged('Influencer post naming the sponsor in the caption', 'Disclosure is clear', 'approved', 'u2'),
    ]);
    const remedy = (await explain(c, { query: 'herbal remedy' })).body.words.find((w: { word: string }) => w.word === 'remedy');
    // `remedy` names a cure in its second sense only, so the match weighs less than a synonym of usual senses (0.6).
    expect(remedy.matches).toEqual([{ term: 'cure', via: 'synonym', weight: 0.42 }]);
    const slip = (await explain(c, { query: 'sponsorshp post' })).body.words.find((w: { word: string }) => w.word === 'sponsorshp');
    expect(slip.matches).toEqual([{ term: 'sponsor', via: 'misspelling', weight: 0.8 * 0.8 }]);
  });

  it('names why a word weighs nothing, and suggest answers as it would without those words', async () => {
    const c = fresh();
    c.service.memory.record(JUDGMENTS);
    const query = 'customer review repeatedly containing swear words, and the customer wnats 15 EUR back';
    const words: { word: string; weightless?: string }[] = (await explain(c, { query })).body.words;
    expect(Object.fromEntries(words.filter((w) => w.weightless).map((w) => [w.word, w.weightless]))).toMatchObject({
      repeatedly: 'manner',
      '15': 'number',
      eur: 'number',
      wants: 'message',
    });
    const plain = await suggest(c, { query: 'customer review containing swear words, and the customer back' });
    expect(plain).toMatchObject({ primary: { recommendation: 'reject' } });
    expect(await suggest(c, { query })).toEqual(plain);
  });

  it("says when a judgment counted from the lower cut-off because it says the query's absent word is absent too", async () => {
    const c = fresh();
    c.service.memory.record([
      judged('Release 3.1.4 image is not signed with the production key', 'Devices will refuse an unverified image', 'rejected', 'f1'),
      judged('Build uploaded with the signature step skipped in CI', 'Unsigned firmware cannot go to the fleet', 'rejected', 'f2'),
      judged('OTA package 3.2.0 signed with the production key, hash verified', 'Signature and integrity checks pass', 'approved', 'f3'),
      judged('Release candidate notes sent to beta testers', 'Testers opted in', 'approved', 'f4'),
      judged('Dashboard redesign with a darker sidebar', 'On brand', 'approved', 'f5'),
    ]);
    const query = 'release candidate image for the gateway is missing the production signature';
    const body = (await explain(c, { query })).body;
    expect(body.result).toEqual(await suggest(c, { query }));
    expect(body.result.primary).toMatchObject({ recommendation: 'reject', basedOn: 2 });
    const skipped = body.relevant.find((j: { content: string }) => j.content.startsWith('Build uploaded'));
    expect(skipped.coverage).toBeLessThan(body.cutoff);
    expect(skipped.why).toMatch(/^Relevant: it matches \d+% of the query and says "signature" is absent, as the query does; counted toward reject/);
    const plain = body.near.find((j: { content: string }) => j.content.startsWith('Release candidate notes'));
    expect(plain.why).toMatch(/\(needs 30%\)/);
  });

  it('shows what came close when nothing counts', async () => {
    const c = fresh();
    c.service.memory.record(JUDGMENTS);
    const body = (await explain(c, { query: 'comic book review for the quarterly newsletter' })).body;
    expect(body.result).toEqual({ primary: null, conflict: null });
    expect(body.scope).toBeNull();
    expect(body.near.length).toBeGreaterThan(0);
    expect(body.near[0]).toMatchObject({ counted: false });
  });

  it('walks the same scope ladder as suggest', async () => {
    const c = fresh();
    c.service.memory.record([
      ...JUDGMENTS,
      judged('Clan chat with swear words', 'Profanity allowed in the 18+ forum', 'approved', 'u6', { organizationId: 'tailspin' }),
    ]);
    const data = { query: 'players swearing in the gaming forum', organizationId: 'tailspin' };
    const body = (await explain(c, data)).body;
    expect(body.result).toEqual(await suggest(c, data));
    expect(body.scope).toBe('organization');
    expect(body.relevant.filter((j: { counted: boolean }) => j.counted).every((j: { organizationId?: string }) => j.organizationId === 'tailspin')).toBe(true);
  });

  it('refuses what suggest refuses, and bad bodies, leaving the state as it was', async () => {
    const c = fresh();
    c.service.memory.record(JUDGMENTS);
    const before = fingerprint(c.service);
    const missing = await explain(c, {});
    expectError(missing, 400, 'INVALID_ARGUMENT', 'query is required');
    expect(missing.body.error.details).toEqual({ issues: [{ code: 'invalid_type', path: ['query'], message: 'query is required' }] });
    expectError(await explain(c, { query: '   ' }), 400, 'INVALID_ARGUMENT', 'query is required');
    expectError(await explain(c, { query: 42 }), 400, 'INVALID_ARGUMENT', 'query is required');
    expectError(await explain(c, { query: 'w'.repeat(100_000) }), 400, 'INVALID_ARGUMENT', 'query can be at most 2000 characters long.');
    const orphan = await explain(c, { query: 'swear words', documentId: 'doc-1' });
    expectError(orphan, 400, 'INVALID_ARGUMENT', 'documentId requires organizationId.');
    expect(orphan.body.error.details).toEqual({ issues: [{ code: 'custom', path: ['documentId'], message: 'documentId requires organizationId.' }] });
    expectError(await explain(c, { query: 'swear words', organizationId: '' }), 400, 'INVALID_ARGUMENT', /^organizationId /);
    expectError(await explain(c, ['swear words']), 400, 'INVALID_ARGUMENT', SHAPE);
    expectError(await explain(c, ''), 400, 'INVALID_ARGUMENT', SHAPE);
    expectError(await explain(c, '{"query":'), 400, 'INVALID_ARGUMENT', 'The body of POST /__mock/memory/explain is not valid JSON.');
    expectError(await explain(c, { query: 'swear words', apiKey: 7 }), 400, 'INVALID_ARGUMENT', 'apiKey must be a string.');
    expectError(
      await explain(c, { query: 'swear words', apiKey: 'nope' }),
      404,
      'NOT_FOUND',
      'Unknown API key nope; GET /__mock/credentials shows the default key.',
    );
    expect(fingerprint(c.service)).toBe(before);
  });

  it('explains another API key’s judgments without creating anything for a key that has none', async () => {
    const c = fresh();
    const created = (await c.postWorkspace('/v2/workspace/apikey/create', { ownerEmail: 'owner@example.com', type: 'testing', createAuthToken: true })).body
      .result.data;
    c.service.memory.record(JUDGMENTS, { apiKey: created.apiKey });
    const theirs = (await explain(c, { query: 'swear words in a review', apiKey: created.apiKey })).body;
    expect(theirs.result.primary).toMatchObject({ recommendation: 'reject' });
    const before = fingerprint(c.service);
    const ours = (await explain(c, { query: 'swear words in a review' })).body;
    expect(ours).toMatchObject({ result: { primary: null, conflict: null }, relevant: [], near: [] });
    expect(fingerprint(c.service)).toBe(before);
  });
});

describe('service.memory.explain', () => {
  it('says when a judgment counted because its reviewer gave the reason of one the query clearly found', async () => {
    const service = createMockService();
    service.memory.record([
      judged('Live chat transcript where the agent cursed at a customer', 'Profanity is not allowed', 'rejected', 'u1'),
      judged(
        'Help center comment from a frustrated annual subscriber with swear words directed at the billing team after a refund delay',
        'Profanity is not allowed',
        'rejected',
        'u2',
      ),
      judged('Poster headline set in Comic Sans', 'Profanity is not allowed', 'rejected', 'u3'),
      judged('Quarterly tax filing reminder', 'Accurate dates', 'approved', 'u4'),
    ]);
    const explained = await service.memory.explain({ query: 'support agent swore at a shopper during live chat' });
    expect(explained.result.primary).toMatchObject({ recommendation: 'reject', basedOn: 2 });
    const [found, second] = explained.relevant;
    expect(found).not.toHaveProperty('sameReason');
    expect(second).toMatchObject({ resembles: found?.recordId, sameReason: true, counted: true });
    expect(second?.why).toBe(
      `Relevant: its reviewer gave the same reason as ${found?.recordId}, which the query found; counted toward reject in scope apiKey (All content).`,
    );
  });

  it('answers as the control route does, and rejects bad requests with the same errors', async () => {
    const service = createMockService();
    service.memory.record(JUDGMENTS);
    const explained = await service.memory.explain({ query: 'customer review containing swear words' });
    expect(explained.result.primary).toMatchObject({ recommendation: 'reject', basedOn: 2 });
    expect(explained.relevant.some((j) => j.counted && j.matched.some((m) => m.word === 'swear'))).toBe(true);
    const error = await service.memory.explain({ query: ' ' }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ status: 'INVALID_ARGUMENT', message: 'query is required' });
    await expect(service.memory.explain({ query: 'x', documentId: 'd' })).rejects.toMatchObject({ message: 'documentId requires organizationId.' });
    await expect(service.memory.explain({ query: 'x', apiKey: 'nope' })).rejects.toMatchObject({ status: 'NOT_FOUND' });
  });
});
