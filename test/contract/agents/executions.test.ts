import { expect, it } from 'vitest';
import { control } from '../../support/control.js';
import { expectError, expectSuccess, fingerprint } from '../../support/expect.js';
import { forEachTransport } from '../../support/transports.js';
import { AT, advance, createAgent, getExecution, PAGE, runAgent, seedDocument } from './helpers.js';

forEachTransport('agent executions: the state machine', (fresh) => {
  it('passes a clean page, fails one with findings, and counts only completed URLs while running', async () => {
    const c = fresh();
    await seedDocument(c);
    c.service.agents.registerPages([
      { url: 'https://example.com/docs', text: 'All good here.' },
      { url: 'https://example.com/docs/a', text: 'Nothing wrong.' },
      { url: 'https://example.com/docs/b', text: 'Mistakes teh end.' },
    ]);
    const clean = await runAgent(c, 'spell-check', { url: 'https://example.com/docs' });
    await advance(c, 1000);
    expect((await getExecution(c, clean)).execution).toMatchObject({
      status: 'passed',
      resultsSummary: { totalFindings: 0, summary: 'Found 0 issues across 1 page. 0 annotations created.' },
    });
    const crawl = await runAgent(c, 'spell-check', { url: 'https://example.com/docs', crossPageExecute: true });
    await advance(c, 2000);
    const half = (await getExecution(c, crawl)).execution;
    expect(half).toMatchObject({ status: 'running', completedAt: null, resultsSummary: { urlsProcessed: 2, summary: null } });
    expect(half.config.crawlerConfig).toEqual({ maxPages: 100, timeout: 300000, maxDepth: 0 });
    expect(half.crawlerResults).toEqual({ status: 'completed', totalUrlsFound: 3, duration: 0, pagesVisited: 3 });
    await advance(c, 1000);
    const done = await getExecution(c, crawl, true);
    expect(done.execution).toMatchObject({ status: 'failed', durationMs: 3000, resultsSummary: { urlsProcessed: 3, urlsWithFindings: 1, totalFindings: 1 } });
    expect(done.results.map((r: { url: string }) => r.url)).toEqual(['https://example.com/docs', 'https://example.com/docs/a', 'https://example.com/docs/b']);
    expect(done.results[2]).toMatchObject({
      urlHash: expect.stringMatching(/^[0-9a-f]{32}$/),
      findingCount: 1,
      agentResult: { status: 'completed', summary: 'Found 1 issue across 3 pages. 1 annotation created.', error: null },
    });
  });

  it('ends partial when some URLs fail and error when all do (or the crawl cannot start)', async () => {
    const c = fresh();
    await seedDocument(c);
    c.service.agents.configure({ progression: 'immediate' });
    c.service.agents.registerPages([
      { url: 'https://s.test/', text: 'ok' },
      { url: 'https://s.test/down', status: 503 },
      { url: 'https://t.test/', fail: 'TIMEOUT' },
    ]);
    const partial = await runAgent(c, 'spell-check', { url: 'https://s.test/', crossPageExecute: true });
    const p = (await getExecution(c, partial, true)).execution;
    expect(p.status).toBe('partial');
    expect(p.resultsSummary).toMatchObject({
      urlsErrored: 1,
      erroredUrls: [{ url: 'https://s.test/down', message: 'CONTEXT_GATHERING_ERROR: page could not be processed' }],
    });
    expect(p.error).toEqual({ code: 'CONTEXT_GATHERING_ERROR', message: '1 of 2 URLs could not be processed.', retryable: true, occurredAt: 1767225600000 });
    const error = await runAgent(c, 'grammar-check', { url: 'https://t.test/' });
    expect((await getExecution(c, error)).execution).toMatchObject({ status: 'error', error: { code: 'TIMEOUT' } });
    const fatal = await runAgent(c, 'lorem-ipsum', { url: 'https://t.test/', crossPageExecute: true });
    expect((await getExecution(c, fatal)).execution).toMatchObject({ status: 'error', error: { code: 'CRAWLER_ERROR' }, resultsSummary: { urlsProcessed: 0 } });
  });

  it('skips a run at once for a disabled agent, a URL out of scope, or missing user context', async () => {
    const c = fresh();
    await seedDocument(c);
    expectSuccess(await c.post('/v2/agents/update', { agentId: 'spell-check', enabled: false }));
    const disabled = await getExecution(c, await runAgent(c, 'spell-check'));
    expect(disabled.execution).toMatchObject({
      status: 'skipped',
      completedAt: 1767225600000,
      durationMs: 0,
      resultsSummary: { summary: 'Execution skipped: agent is disabled' },
    });
    const scoped = await createAgent(c, { scope: { pageScope: ['https://other.test/*'] } });
    expect((await getExecution(c, await runAgent(c, scoped))).execution.resultsSummary.summary).toBe(
      "Execution skipped: https://example.com/a is outside the agent's page scope",
    );
    const needs = await createAgent(c, { input: { userContextFields: [{ id: 'brand', title: 'Brand', type: 'string', required: true }] } });
    expect((await getExecution(c, await runAgent(c, needs))).execution.resultsSummary.summary).toBe(
      'Execution skipped: required user context "brand" is missing',
    );
    expect((await getExecution(c, await runAgent(c, needs, { userContext: { brand: 'Acme' } }))).execution.status).toBe('running');
  });

  it('in manual progression stays running until the control plane completes it, with a scripted outcome', async () => {
    const c = fresh();
    await seedDocument(c);
    expectSuccess(await control(c, 'POST', '/__mock/agents/config', { progression: 'manual' }));
    const id = await runAgent(c, 'spell-check');
    await advance(c, 60_000);
    expect((await getExecution(c, id)).execution.status).toBe('running');
    const reply = await control(c, 'POST', '/__mock/agents/executions/complete', {
      executionId: id,
      outcome: { findings: [{ title: 'Wrong logo', severity: 'high' }] },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.execution).toMatchObject({
      id,
      status: 'failed',
      completedAt: 1767225660000,
      resultsSummary: { totalFindings: 1, severityCounts: { high: 1 } },
    });
    expect((await getExecution(c, id)).execution.status).toBe('failed');
    expectError(
      await control(c, 'POST', '/__mock/agents/executions/complete', { executionId: id }),
      400,
      'FAILED_PRECONDITION',
      `Execution ${id} is already failed; only a running execution can be completed.`,
    );
    expectError(await control(c, 'POST', '/__mock/agents/executions/complete', { executionId: 'nope' }), 404, 'NOT_FOUND', 'Execution not found: nope');
  });

  it('answers the run errors: bad fields, unknown agent or document, a run already going, no credits', async () => {
    const c = fresh();
    await seedDocument(c);
    const base = { agentId: 'spell-check', url: PAGE, ...AT };
    const before = fingerprint(c.service);
    const cases: [Record<string, unknown>, number, string, string | RegExp][] = [
      [{ url: 'not a url' }, 400, 'INVALID_ARGUMENT', 'url must be a valid URL.'],
      [{ url: undefined }, 400, 'INVALID_ARGUMENT', 'url is required.'],
      [{ agentId: undefined }, 400, 'INVALID_ARGUMENT', 'agentId is required.'],
      [{ organizationId: '' }, 400, 'INVALID_ARGUMENT', 'organizationId is required.'],
      [{ documentId: undefined }, 400, 'INVALID_ARGUMENT', 'documentId is required.'],
      [{ trigger: 'cron' }, 400, 'INVALID_ARGUMENT', 'trigger must be one of standalone, workflow.'],
      [{ deviceType: 'tv' }, 400, 'INVALID_ARGUMENT', 'deviceType must be one of mobile, desktop.'],
      [{ annotationVisibility: 'team' }, 400, 'INVALID_ARGUMENT', 'annotationVisibility must be one of public, private.'],
      [{ aiConfig: {} }, 400, 'INVALID_ARGUMENT', 'aiConfig must set at least one of provider, model, defaultModels, maxToolTurns.'],
      [{ aiConfig: { provider: 'gemini', seed: 1 } }, 400, 'INVALID_ARGUMENT', 'aiConfig contains an unknown key: seed.'],
      [{ aiConfig: { provider: 'mistral' } }, 400, 'INVALID_ARGUMENT', 'aiConfig.provider must be one of gemini, claude, openai.'],
      [
        { aiConfig: { provider: 'gemini', model: 'claude-sonnet-5' } },
        400,
        'INVALID_ARGUMENT',
        'aiConfig.model claude-sonnet-5 is not an allowed model for provider gemini.',
      ],
      [{ aiConfig: { defaultModels: {} } }, 400, 'INVALID_ARGUMENT', 'aiConfig.defaultModels must name at least one provider.'],
      [{ aiConfig: { maxToolTurns: 17 } }, 400, 'INVALID_ARGUMENT', /^aiConfig\.maxToolTurns/],
      [{ documentId: 'missing' }, 404, 'NOT_FOUND', 'Document not found: missing'],
      [{ agentId: 'missing' }, 404, 'NOT_FOUND', 'Agent not found: missing'],
    ];
    for (const [change, http, status, message] of cases) expectError(await c.post('/v2/agents/execution/run', { ...base, ...change }), http, status, message);
    expect(fingerprint(c.service)).toBe(before);
    const id = await runAgent(c, 'spell-check');
    expectError(await c.post('/v2/agents/execution/run', base), 409, 'ALREADY_EXISTS', `An execution is already running for this agent and document: ${id}`);
    c.service.agents.configure({ credits: 0 });
    const spent = fingerprint(c.service);
    expectError(await c.post('/v2/agents/execution/run', { ...base, agentId: 'grammar-check' }), 429, 'RESOURCE_EXHAUSTED', 'AI credits exhausted.');
    expect(fingerprint(c.service)).toBe(spent);
    // Service runs use no model, hence no credit.
    await runAgent(c, 'broken-links');
  });

  it('applies a custom agent’s forbidden terms, setup samples and knowledge rules; scripted findings win and are consumed once', async () => {
    const c = fresh();
    await seedDocument(c);
    c.service.agents.configure({ progression: 'immediate' });
    c.service.agents.registerPages({ url: PAGE, text: 'Buy from Acme Corp today. Limited offer!' });
    const id = await createAgent(c, {
      setup: {
        setupSamples: [
          { content: 'Limited offer!', source: 'synthetic', findings: [{ message: 'Urgency claims need a date.' }, { message: 'ignored', isCorrect: false }] },
        ],
      },
    });
    const run = await getExecution(c, await runAgent(c, id), true);
    expect(run.results[0].agentResult.findings.map((f: { title: string; source: string }) => [f.title, f.source])).toEqual([
      ['Forbidden term: "Acme Corp"', 'instructions'],
      ['Urgency claims need a date.', 'instructions'],
    ]);
    c.service.agents.scriptFindings({ agentId: id, url: PAGE, findings: [{ title: 'Scripted', severity: 'critical' }], once: true });
    const scripted = await getExecution(c, await runAgent(c, id), true);
    expect(scripted.results[0].agentResult.findings).toMatchObject([
      { id: 'finding-1', title: 'Scripted', severity: 'critical', description: 'Scripted', isPageLevel: true },
    ]);
    const after = await getExecution(c, await runAgent(c, id), true);
    expect(after.results[0].agentResult.findings).toHaveLength(2);
  });
});

forEachTransport('agent executions: list, count, analytics', (fresh) => {
  it('pages newest first under the three filter shapes, the token key absent on the last page', async () => {
    const c = fresh();
    await seedDocument(c);
    await seedDocument(c, { organizationId: 'org_001', documentId: 'doc_002' });
    c.service.agents.configure({ progression: 'immediate' });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push(await runAgent(c, 'spell-check'));
      ids.push(await runAgent(c, 'grammar-check'));
      ids.push(await runAgent(c, 'spell-check', { documentId: 'doc_002' }));
      await advance(c, 10);
    }
    const page1 = expectSuccess(await c.post('/v2/agents/execution/list', { agentId: 'spell-check', pageSize: 4 }), 'Executions listed successfully').data;
    expect(page1.executions.map((e: { id: string }) => e.id)).toEqual([ids[8], ids[6], ids[5], ids[3]]);
    const page2 = expectSuccess(await c.post('/v2/agents/execution/list', { agentId: 'spell-check', pageSize: 4, pageToken: page1.nextPageToken })).data;
    expect(page2.executions.map((e: { id: string }) => e.id)).toEqual([ids[2], ids[0]]);
    expect(page2).not.toHaveProperty('nextPageToken');
    const doc = expectSuccess(await c.post('/v2/agents/execution/list', { ...AT })).data.executions.map((e: { id: string }) => e.id);
    // Newest first; runs started in the same millisecond by id, descending.
    expect(doc).toEqual([ids[6], ids[7], ids[3], ids[4], ids[0], ids[1]]);
    const both = expectSuccess(await c.post('/v2/agents/execution/list', { agentId: 'grammar-check', ...AT })).data.executions;
    expect(both.map((e: { id: string }) => e.id)).toEqual([ids[7], ids[4], ids[1]]);
    expect(expectSuccess(await c.post('/v2/agents/execution/list', { agentId: 'nobody' })).data).toEqual({ executions: [] });
    const FILTER = 'Filter must be one of {agentId}, {organizationId, documentId}, {agentId, organizationId, documentId}.';
    expectError(await c.post('/v2/agents/execution/list', {}), 400, 'INVALID_ARGUMENT', FILTER);
    expectError(await c.post('/v2/agents/execution/list', { organizationId: 'org_001' }), 400, 'INVALID_ARGUMENT', FILTER);
    expectError(await c.post('/v2/agents/execution/list', { agentId: '  ' }), 400, 'INVALID_ARGUMENT', 'agentId is required.');
    expectError(await c.post('/v2/agents/execution/list', { agentId: 'spell-check', pageSize: 101 }), 400, 'INVALID_ARGUMENT', /^pageSize/);
    expectError(await c.post('/v2/agents/execution/list', { agentId: 'spell-check', pageToken: '' }), 400, 'INVALID_ARGUMENT', 'pageToken is invalid.');
    expectError(await c.post('/v2/agents/execution/list', { agentId: 'spell-check', pageToken: 'garbage' }), 400, 'INVALID_ARGUMENT', 'pageToken is invalid.');
    expectError(
      await c.post('/v2/agents/execution/list', { agentId: 'spell-check', cursor: 'x' }),
      400,
      'INVALID_ARGUMENT',
      'data contains an unknown key: cursor.',
    );
  });

  it('counts per agent or over the key, by status, and settles the clock first', async () => {
    const c = fresh();
    await seedDocument(c);
    await runAgent(c, 'spell-check');
    await runAgent(c, 'grammar-check');
    expect(expectSuccess(await c.post('/v2/agents/execution/count', { status: 'running' }), 'Execution count fetched successfully').data).toEqual({ total: 2 });
    expect(expectSuccess(await c.post('/v2/agents/execution/count', { agentIds: ['spell-check', 'spell-check', 'x'] })).data).toEqual({
      counts: { 'spell-check': 1, x: 0 },
    });
    expect(expectSuccess(await c.post('/v2/agents/execution/count', { agentIds: 'grammar-check' })).data).toEqual({ counts: { 'grammar-check': 1 } });
    await advance(c, 1000);
    expect(expectSuccess(await c.post('/v2/agents/execution/count', { status: 'running' })).data).toEqual({ total: 0 });
    expect(expectSuccess(await c.post('/v2/agents/execution/count', { status: 'passed' })).data).toEqual({ total: 2 });
    expectError(await c.post('/v2/agents/execution/count', { agentIds: [] }), 400, 'INVALID_ARGUMENT', 'agentIds must contain at least 1 item.');
    expectError(
      await c.post('/v2/agents/execution/count', { status: 'done' }),
      400,
      'INVALID_ARGUMENT',
      'status must be one of running, passed, failed, partial, error, skipped.',
    );
    expectError(await c.post('/v2/agents/execution/count', { agentIds: Array.from({ length: 201 }, (_, i) => `a${i}`) }), 400, 'INVALID_ARGUMENT', /^agentIds/);
    expectError(await c.post('/v2/agents/execution/count', { extra: 1 }), 400, 'INVALID_ARGUMENT', 'data contains an unknown key: extra.');
  });

  it('reports token usage of runs and seeded records, and execution counts', async () => {
    const c = fresh();
    await seedDocument(c);
    c.service.agents.configure({ progression: 'immediate' });
    c.service.agents.registerPages({ url: PAGE, text: 'We recieve teh order.' });
    await runAgent(c, 'spell-check');
    expectSuccess(
      await control(c, 'POST', '/__mock/agents/usage', {
        records: [{ agentId: 'x', model: 'claude/claude-sonnet-5', year: '2025', month: '12', promptTokens: 10 }],
      }),
    );
    const analytics = expectSuccess(await c.post('/v2/agents/analytics/get', { year: '2026' }), 'Analytics fetched successfully').data.analytics;
    expect(analytics.tokenUsage.allTime).toEqual({ requestCount: 2, promptTokens: 516, completionTokens: 130, thoughtsTokens: 0, totalTokens: 646 });
    expect(analytics.tokenUsage.yearly['2026']).toEqual({
      'gemini_gemini-3_6-flash': { requestCount: 1, promptTokens: 506, completionTokens: 130, thoughtsTokens: 0, totalTokens: 636 },
    });
    expect(Object.keys(analytics.tokenUsage.monthly)).toEqual(['01']);
    expect(analytics.executionCounts).toEqual({ 'spell-check': { executionCount: 1, lastExecutedAt: 1767225600000 } });
    const narrowed = expectSuccess(await c.post('/v2/agents/analytics/get', { agentId: 'nobody', model: 'gemini/gemini-3.6-flash' })).data.analytics;
    expect(narrowed).toEqual({
      tokenUsage: { allTime: { requestCount: 0, promptTokens: 0, completionTokens: 0, thoughtsTokens: 0, totalTokens: 0 } },
      executionCounts: {},
    });
    expectError(await c.post('/v2/agents/analytics/get', { year: '26' }), 400, 'INVALID_ARGUMENT', 'year must match ^\\d{4}$.');
    expectError(await c.post('/v2/agents/analytics/get', { month: '13' }), 400, 'INVALID_ARGUMENT', 'month must match ^(0[1-9]|1[0-2])$.');
  });

  it('answers an unknown execution with NOT_FOUND', async () => {
    const c = fresh();
    expectError(await c.post('/v2/agents/execution/get', { executionId: 'exec_1_x' }), 404, 'NOT_FOUND', 'Execution not found: exec_1_x');
    expectError(await c.post('/v2/agents/execution/get', {}), 400, 'INVALID_ARGUMENT', 'executionId is required.');
  });
});
