import { expect, it } from 'vitest';
import { createMockService } from '../../../src/service.js';
import { forEachTransport } from '../../support/transports.js';
import { call, judge, refused } from './helpers.js';

const PATH = '/v2/memory/search';
const DAY = 86_400_000;

/** Six judgments about medical claims and one off-topic, in two organizations and one thread. */
const claims = (now: number) => [
  {
    recordId: 'act_a1',
    content: 'Serum ad: "clinically proven to reduce wrinkles"',
    reasoning: 'Clinically proven claim without a citation',
    decision: 'rejected',
    confidence: 0.92,
    actionUser: { userId: 'u1', name: 'Sarah Lee' },
    organizationId: 'acme',
    documentId: 'home',
    annotationId: 'thread-1',
    createdAt: now - 5 * DAY,
  },
  {
    recordId: 'act_a2',
    content: 'Cream ad: "clinically proven results"',
    reasoning: 'Clinically proven needs a study reference',
    decision: 'rejected',
    actionUser: { userId: 'u2' },
    organizationId: 'acme',
    documentId: 'home',
    annotationId: 'thread-1',
    createdAt: now - 4 * DAY,
  },
  {
    recordId: 'act_a3',
    content: 'Lotion ad: "clinically proven, see study 12"',
    reasoning: 'Citation given for the clinically proven claim',
    decision: 'approved',
    actionUser: { userId: 'u3' },
    organizationId: 'acme',
    documentId: 'blog',
    annotationId: 'thread-1',
    createdAt: now - 3 * DAY,
  },
  {
    recordId: 'act_g1',
    content: 'Gel ad: "clinically proven to heal"',
    reasoning: 'Clinically proven healing claim is unsupported',
    decision: 'rejected',
    judgeType: 'agent',
    agent: { agentId: 'claims', agentType: 'custom', executionId: 'exec_1', agentFields: {} },
    actionUser: { userId: 'bot' },
    organizationId: 'globex',
    createdAt: now - 2 * DAY,
  },
  {
    recordId: 'act_n1',
    content: 'Newsletter footer with the unsubscribe link',
    reasoning: 'Footer is fine',
    decision: 'approved',
    actionUser: { userId: 'u1' },
    createdAt: now - DAY,
  },
];

forEachTransport('search judgments (beyond-spec-4 4.3.1)', (fresh) => {
  it('ranks relevant judgments by the matcher of suggest, newest first on ties, with the documented fields', async () => {
    const c = fresh();
    await judge(c, claims(c.service.clock.now()));
    const result = await call(c, PATH, { query: 'clinically proven claim' });
    expect(Object.keys(result)).toEqual(['results', 'totalInScope', 'searchLatencyMs']);
    expect(result.results.map((r: { recordId: string }) => r.recordId).sort()).toEqual(['act_a1', 'act_a2', 'act_a3', 'act_g1']);
    expect(result.totalInScope).toBe(4);
    expect(result.searchLatencyMs).toBe(0);
    const first = result.results[0];
    expect(Object.keys(first)).toEqual(['recordId', 'reasoning', 'decision', 'confidence', 'actionUser', 'createdAt', 'similarity', 'scope', 'agent']);
    expect(first.similarity).toBe(1);
    expect(result.results.every((r: { scope: string }) => r.scope === 'apiKey')).toBe(true);
    const sims = result.results.map((r: { similarity: number }) => r.similarity);
    expect(sims).toEqual([...sims].sort((a, b) => b - a));
    expect(result.results.find((r: { recordId: string }) => r.recordId === 'act_a1')).toMatchObject({
      actionUser: { name: 'Sarah Lee' },
      confidence: 0.92,
      agent: null,
    });
    expect(result.results.find((r: { recordId: string }) => r.recordId === 'act_g1').agent).toEqual({
      agentId: 'claims',
      agentType: 'custom',
      executionId: 'exec_1',
      agentFields: {},
    });
  });

  it('returns nothing below the relevance cut-off, and nothing on a key without judgments', async () => {
    const c = fresh();
    expect(await call(c, PATH, { query: 'clinically proven' })).toEqual({ results: [], totalInScope: 0, searchLatencyMs: 0 });
    await judge(c, claims(c.service.clock.now()));
    expect((await call(c, PATH, { query: 'quarterly tax filing deadline' })).results).toEqual([]);
  });

  it('narrows to the scope: organization, document, and an explicit scope clamps the ids; documentId alone is ignored', async () => {
    const c = fresh();
    await judge(c, claims(c.service.clock.now()));
    const ids = async (data: Record<string, unknown>) =>
      (await call(c, PATH, { query: 'clinically proven', ...data })).results.map((r: { recordId: string; scope: string }) => `${r.recordId}:${r.scope}`).sort();
    expect(await ids({ organizationId: 'acme' })).toEqual(['act_a1:organization', 'act_a2:organization', 'act_a3:organization']);
    expect(await ids({ orgId: 'acme', docId: 'home' })).toEqual(['act_a1:document', 'act_a2:document']);
    expect(await ids({ organizationId: 'acme', documentId: 'home', scope: 'organization' })).toEqual([
      'act_a1:organization',
      'act_a2:organization',
      'act_a3:organization',
    ]);
    expect(await ids({ organizationId: 'acme', scope: 'apiKey' })).toHaveLength(4);
    expect(await ids({ documentId: 'home' })).toEqual(['act_a1:apiKey', 'act_a2:apiKey', 'act_a3:apiKey', 'act_g1:apiKey']);
  });

  it('applies the metadata filters after retrieval', async () => {
    const c = fresh();
    await judge(c, claims(c.service.clock.now()));
    const now = c.service.clock.now();
    const ids = async (filters: Record<string, unknown>) =>
      (await call(c, PATH, { query: 'clinically proven', filters })).results.map((r: { recordId: string }) => r.recordId).sort();
    expect(await ids({ decision: 'approved' })).toEqual(['act_a3']);
    expect(await ids({ judgeType: 'agent' })).toEqual(['act_g1']);
    expect(await ids({ reviewerId: 'u2' })).toEqual(['act_a2']);
    expect(await ids({ excludeDocumentIds: ['home'] })).toEqual(['act_a3', 'act_g1']);
    expect(await ids({ dateRange: { start: now - 4 * DAY, end: new Date(now - 3 * DAY).toISOString() } })).toEqual(['act_a2', 'act_a3']);
    const query = await call(c, '/v2/memory/judgments/query', { organizationId: 'acme', documentId: 'blog' });
    expect(await ids({ excludeDocumentIds: [query.results[0].documentId] })).toEqual(['act_a1', 'act_a2', 'act_g1']);
  });

  it('reads a thread with filters.annotationId: its newest judgments oldest first, similarity 1, whatever the query', async () => {
    const c = fresh();
    await judge(c, claims(c.service.clock.now()));
    const result = await call(c, PATH, { query: 'anything at all', organizationId: 'acme', limit: 2, filters: { annotationId: 'thread-1' } });
    expect(result.results.map((r: { recordId: string; similarity: number }) => [r.recordId, r.similarity])).toEqual([
      ['act_a2', 1],
      ['act_a3', 1],
    ]);
    const inDocument = await call(c, PATH, { query: 'x', organizationId: 'acme', scope: 'document', filters: { annotationId: 'thread-1' } });
    expect(inDocument.results).toHaveLength(3);
  });

  it('reads the recency window with recencyDays: the days before today (UTC), newest first, over any dateRange', async () => {
    const c = fresh();
    await judge(c, claims(c.service.clock.now()));
    const result = await call(c, PATH, { query: 'unrelated words', recencyDays: 3, filters: { dateRange: { start: 0, end: 1 } } });
    expect(result.results.map((r: { recordId: string; similarity: number }) => [r.recordId, r.similarity])).toEqual([
      ['act_n1', 1],
      ['act_g1', 1],
      ['act_a3', 1],
    ]);
  });

  it('refuses bad input with details.issues and leaves the state as it was', async () => {
    const c = fresh();
    await refused(c, PATH, {}, 'query is required', { code: 'invalid_type', path: ['query'] });
    await refused(c, PATH, { query: '  ' }, 'query is required', { code: 'invalid_type', path: ['query'] });
    await refused(c, PATH, { query: 'x'.repeat(2001) }, 'query can be at most 2000 characters long.', { code: 'too_big', path: ['query'] });
    await refused(c, PATH, { query: 'x', embeddingType: 'vector' }, 'embeddingType must be one of review, content.', {
      code: 'invalid_enum_value',
      path: ['embeddingType'],
    });
    await refused(c, PATH, { query: 'x', scope: 'team' }, 'scope must be one of document, organization, apiKey.', {
      code: 'invalid_enum_value',
      path: ['scope'],
    });
    await refused(c, PATH, { query: 'x', limit: 51 }, 'limit must be an integer from 1 to 50.', { code: 'too_big', path: ['limit'] });
    await refused(c, PATH, { query: 'x', limit: 0 }, 'limit must be an integer from 1 to 50.', { code: 'too_small', path: ['limit'] });
    await refused(c, PATH, { query: 'x', recencyDays: 366 }, 'recencyDays must be an integer from 1 to 365.', { code: 'too_big', path: ['recencyDays'] });
    await refused(
      c,
      PATH,
      { query: 'x', filters: { decision: 'maybe' } },
      'filters.decision must be one of comment, resolve, approved, rejected, in_progress, agree, disagree, endorse, document_approved, document_rejected.',
      { code: 'invalid_enum_value', path: ['filters', 'decision'] },
    );
    await refused(c, PATH, { query: 'x', filters: { judgeType: 'robot' } }, 'filters.judgeType must be one of human, agent.', {
      code: 'invalid_enum_value',
      path: ['filters', 'judgeType'],
    });
    await refused(
      c,
      PATH,
      { query: 'x', filters: { dateRange: { start: 2000, end: 1000 } } },
      'filters.dateRange.start must not be after filters.dateRange.end.',
      { code: 'custom', path: ['filters', 'dateRange', 'start'] },
    );
    await refused(
      c,
      PATH,
      { query: 'x', filters: { dateRange: { start: 'yesterday', end: 1000 } } },
      'filters.dateRange.start must be an ISO-8601 date or epoch milliseconds.',
      { code: 'custom', path: ['filters', 'dateRange', 'start'] },
    );
    await refused(
      c,
      PATH,
      { query: 'x', filters: { excludeDocumentIds: [] } },
      'filters.excludeDocumentIds must hold 1 to 20 document ids; leave it out to exclude none.',
      { code: 'too_small', path: ['filters', 'excludeDocumentIds'] },
    );
    await refused(
      c,
      PATH,
      { query: 'x', filters: { excludeDocumentIds: Array.from({ length: 21 }, (_, i) => `d${i}`) } },
      'filters.excludeDocumentIds must hold 1 to 20 document ids.',
      { code: 'too_big', path: ['filters', 'excludeDocumentIds'] },
    );
    await refused(c, PATH, { query: 'x', scope: 'organization' }, 'scope organization requires organizationId.', { code: 'custom', path: ['scope'] });
    await refused(c, PATH, { query: 'x', scope: 'document', organizationId: 'acme' }, 'scope document requires organizationId and documentId.', {
      code: 'custom',
      path: ['scope'],
    });
    await refused(c, PATH, { query: 'x', filters: { annotationId: 'thread-1' } }, 'filters.annotationId requires organizationId.', {
      code: 'custom',
      path: ['filters', 'annotationId'],
    });
  });

  it('keeps keys apart: another key of the workspace finds none of these judgments', async () => {
    const c = fresh();
    await judge(c, claims(c.service.clock.now()));
    const key = await c.postWorkspace('/v2/workspace/apikey/create', { ownerEmail: 'owner@collab-service.test', type: 'testing', createAuthToken: true });
    const { apiKey, authToken } = key.body.result.data;
    const other = await c.post(PATH, { query: 'clinically proven' }, { 'x-service-api-key': apiKey, 'x-service-auth-token': authToken });
    expect(other.body.result.results).toEqual([]);
  });
});

it('search finds every judgment suggest counts, in the scope suggest settled on', async () => {
  const service = createMockService();
  const now = service.clock.now();
  const extra = ['u4', 'u5', 'u6', 'u7'].map((u, i) => ({
    content: `Toner ad: "clinically proven glow" ${i}`,
    reasoning: 'Clinically proven without a source',
    decision: 'rejected' as const,
    actionUser: { userId: u },
    organizationId: 'acme',
    documentId: 'home',
    createdAt: now - i * 1000,
  }));
  service.memory.record([...(claims(now) as never[]), ...extra]);
  const dispatch = async (path: string, data: unknown) =>
    JSON.parse(
      (
        await service.dispatch({
          method: 'POST',
          path,
          headers: { 'content-type': 'application/json', ...service.credentials.headers },
          body: JSON.stringify({ data }),
        })
      ).body,
    ).result;
  for (const request of [
    { query: 'clinically proven' },
    { query: 'clinically proven glow', organizationId: 'acme' },
    { query: 'clinically proven claim', organizationId: 'acme', documentId: 'home' },
  ]) {
    const explanation = await service.memory.explain(request);
    expect(explanation.scope).not.toBeNull();
    const counted = explanation.relevant.filter((j) => j.counted).map((j) => j.recordId);
    expect(counted.length).toBeGreaterThan(0);
    const found = await dispatch('/v2/memory/search', { ...request, scope: explanation.scope, limit: 50 });
    expect(found.results.map((r: { scope: string }) => r.scope).every((s: string) => s === explanation.scope)).toBe(true);
    const ids = found.results.map((r: { recordId: string }) => r.recordId);
    for (const id of counted) expect(ids, `${request.query}: ${id}`).toContain(id);
  }
});
