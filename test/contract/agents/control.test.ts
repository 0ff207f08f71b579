import { expect, it } from 'vitest';
import { control } from '../../support/control.js';
import { expectError, expectSuccess, fingerprint } from '../../support/expect.js';
import { forEachTransport } from '../../support/transports.js';
import { AT, advance, createAgent, getExecution, PAGE, runAgent, seedDocument } from './helpers.js';

/** A second API key of the seeded workspace, with its headers. */
async function secondKey(c: ReturnType<Parameters<Parameters<typeof forEachTransport>[1]>[0]>): Promise<{ apiKey: string; headers: Record<string, string> }> {
  const created = expectSuccess(
    await c.postWorkspace('/v2/workspace/apikey/create', { ownerEmail: 'o@example.com', type: 'testing', createAuthToken: true }),
  ).data;
  return { apiKey: created.apiKey, headers: { 'x-service-api-key': created.apiKey, 'x-service-auth-token': created.authToken } };
}

forEachTransport('agents control plane and state', (fresh) => {
  it('takes strict bodies, refuses bad ones whole, and keeps pages per API key', async () => {
    const c = fresh();
    const before = fingerprint(c.service);
    const refusals: [string, string, unknown, string | RegExp][] = [
      ['POST', '/__mock/agents/config', { progression: 'poll' }, 'progression must be one of clock, immediate, manual.'],
      ['POST', '/__mock/agents/config', { perUrlMs: 0 }, /^perUrlMs/],
      ['POST', '/__mock/agents/config', { speed: 1 }, 'data contains an unknown key: speed.'],
      ['POST', '/__mock/agents/pages', { pages: [{ url: PAGE }, { url: 'nope' }] }, /url must be a valid absolute URL\.$/],
      ['POST', '/__mock/agents/pages', { url: PAGE, fail: 'BROKEN' }, /^fail must be one of TIMEOUT/],
      ['POST', '/__mock/agents/findings', { agentId: 'spell-check', findings: [], colour: 1 }, /unknown key: colour\.$/],
      [
        'POST',
        '/__mock/agents/usage',
        { records: [{ agentId: 'a', model: 'gpt', year: '2026', month: '01' }] },
        'records[0].model must be <provider>/<model>, e.g. gemini/gemini-3.6-flash.',
      ],
      ['POST', '/__mock/agents/scripts', { scripts: [{ operation: 'summarise', match: {}, reply: {} }] }, /^scripts\[0\]\.operation must be one of/],
      [
        'POST',
        '/__mock/agents/scripts',
        { scripts: [{ operation: 'enhance', match: {}, reply: { error: { status: 'BROKEN', message: 'x' } } }] },
        /^scripts\[0\]\.reply\.error\.status must be one of INVALID_ARGUMENT, /,
      ],
      [
        'POST',
        '/__mock/agents/scripts',
        { scripts: [{ operation: 'enhance', match: {}, reply: { error: 'down' } }] },
        /^scripts\[0\]\.reply\.error must be an object\.$/,
      ],
      ['POST', '/__mock/agents/config', { apiKey: 'unknown-key' }, 'Unknown API key unknown-key; GET /__mock/credentials shows the default key.'],
    ];
    for (const [method, path, body, message] of refusals) {
      const reply = await control(c, method, path, body);
      expect(reply.status, `${path} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
      if (typeof message === 'string') expect(reply.body.error.message).toBe(message);
      else expect(reply.body.error.message).toMatch(message);
    }
    expect(fingerprint(c.service)).toBe(before);
    const other = await secondKey(c);
    expectSuccess(await control(c, 'POST', '/__mock/agents/pages', { pages: [{ url: `${PAGE}#frag`, text: 'one' }] }));
    expectSuccess(await control(c, 'POST', '/__mock/agents/pages', { apiKey: other.apiKey, url: 'https://other.test/', html: '<p>two</p>' }));
    expect((await control(c, 'GET', '/__mock/agents/pages')).body).toEqual({ pages: [{ url: PAGE, text: 'one' }] });
    expect((await control(c, 'GET', `/__mock/agents/pages?apiKey=${other.apiKey}`)).body.pages).toEqual([{ url: 'https://other.test/', html: '<p>two</p>' }]);
    expect((await control(c, 'DELETE', `/__mock/agents/pages?url=${encodeURIComponent(PAGE)}`)).body).toEqual({ removed: 1 });
    expect((await control(c, 'GET', '/__mock/agents/pages')).body).toEqual({ pages: [] });
    expect((await control(c, 'GET', '/__mock/agents/config')).body.config).toEqual({
      progression: 'clock',
      perUrlMs: 1000,
      customAgentLimit: 100,
      credits: null,
      defaultProvider: 'gemini',
      profanityWords: [],
      misspellings: null,
    });
  });

  it('keeps every agent, group and execution to its API key', async () => {
    const c = fresh();
    await seedDocument(c);
    const id = await createAgent(c);
    const group = expectSuccess(await c.post('/v2/agents/groups/create', { name: 'G', agentIds: [id] })).data.group;
    const run = await runAgent(c, 'spell-check');
    const other = await secondKey(c);
    const as = (path: string, data: Record<string, unknown>) => c.post(path, data, other.headers);
    expectError(await as('/v2/agents/get', { agentId: id }), 404, 'NOT_FOUND', `Agent not found: ${id}`);
    expect(expectSuccess(await as('/v2/agents/get', { filter: 'customOnly' })).data.agents).toEqual([]);
    expectError(await as('/v2/agents/groups/get', { groupId: group.id }), 404, 'NOT_FOUND', `Agent group not found: ${group.id}`);
    expect(expectSuccess(await as('/v2/agents/groups/list', {})).data.groups).toEqual([]);
    expectError(await as('/v2/agents/execution/get', { executionId: run }), 404, 'NOT_FOUND', `Execution not found: ${run}`);
    expect(expectSuccess(await as('/v2/agents/execution/list', { agentId: 'spell-check' })).data.executions).toEqual([]);
    expect(expectSuccess(await as('/v2/agents/execution/count', {})).data).toEqual({ total: 0 });
    expect(expectSuccess(await as('/v2/agents/versions/list', { agentId: id })).data.versions).toEqual([]);
    expectError(await as('/v2/agents/update', { agentId: id, name: 'x' }), 500, 'INTERNAL', 'INTERNAL');
    expectSuccess(await as('/v2/agents/delete', { agentId: id }));
    expectError(await as('/v2/agents/execution/run', { agentId: 'spell-check', url: PAGE, ...AT }), 404, 'NOT_FOUND', 'Document not found: doc_001');
    expect(expectSuccess(await as('/v2/agents/analytics/get', {})).data.analytics.executionCounts).toEqual({});
    expectError(
      await as('/v2/agents/groups/add-agents', { groupId: group.id, agentIds: ['spell-check'] }),
      404,
      'NOT_FOUND',
      `Agent group not found: ${group.id}`,
    );
    expect(expectSuccess(await c.post('/v2/agents/get', { agentId: id })).data.agent.id).toBe(id);
    expect(expectSuccess(await c.post('/v2/agents/groups/get', { groupId: group.id })).data.group.agentIds).toEqual([id]);
  });

  it('gives the same bytes for the same seed and calls, and exports, snapshots and resets agent state', async () => {
    const script = async (c: ReturnType<Parameters<Parameters<typeof forEachTransport>[1]>[0]>) => {
      await seedDocument(c);
      c.service.agents.registerPages({ url: PAGE, text: 'We recieve teh order. Contact me@example.com.' });
      const id = await createAgent(c, { instructions: 'Never say "order".' });
      const first = await runAgent(c, id);
      await runAgent(c, 'pii-detection');
      await advance(c, 1500);
      return { first, state: c.service.exportState(), read: await getExecution(c, first, true) };
    };
    const a = await script(fresh({ seed: 9 }));
    const c = fresh({ seed: 9 });
    const b = await script(c);
    expect(b.state).toBe(a.state);
    expect(JSON.stringify(b.read)).toBe(JSON.stringify(a.read));
    // Reading settled the run (the export before it still showed it running): the snapshot holds the settled state.
    const settled = c.service.exportState();
    expect(settled).not.toBe(b.state);
    const snapshot = c.service.snapshot();
    await runAgent(c, 'spell-check');
    c.service.restore(snapshot);
    expect(c.service.exportState()).toBe(settled);
    c.service.reset();
    expect(expectSuccess(await c.post('/v2/agents/get', { filter: 'customOnly' })).data.agents).toEqual([]);
    c.service.importState(b.state);
    expect((await getExecution(c, b.first)).execution.status).toBe('failed');
    expect(c.service.exportState()).toBe(settled);
  });
});

forEachTransport('agents in the inspector', (fresh) => {
  it('shows custom agents and the newest executions in the overview', async () => {
    const c = fresh();
    await seedDocument(c);
    const id = await createAgent(c);
    const run = await runAgent(c, id);
    const overview = (await control(c, 'GET', '/__mock/overview')).body;
    expect(overview.agents).toEqual([{ id, name: 'Brand Consistency Checker', version: 1, enabled: true, executionCount: 1 }]);
    expect(overview.agentExecutions).toEqual([{ id: run, status: 'running', documentId: 'doc_001', findings: 0, startedAt: 1767225600000 }]);
    // The agent's name files it in the brand-checks system group.
    expect(overview.agentCounts).toEqual({ customAgents: 1, groups: 1, executions: 1 });
  });
});
