import { expect, it } from 'vitest';
import { expectError, expectSuccess, fingerprint } from '../../support/expect.js';
import { forEachTransport } from '../../support/transports.js';
import { agentBody, createAgent } from './helpers.js';

forEachTransport('agents: create, get, update, delete', (fresh) => {
  it('creates a custom agent with version 1 and reads it back with its behaviour, secrets redacted', async () => {
    const c = fresh();
    const id = await createAgent(c, {
      contextGathering: {
        strategies: ['web-page-text', 'rest-api'],
        strategyOptions: {
          'rest-api': { endpoints: [{ description: 'Plan', url: 'https://api.test/{{planId}}', auth: { type: 'bearer', token: 's3cret' } }] },
        },
      },
      input: { variableKeys: ['planId'], supportedVariables: ['ignored'] },
      execution: { aiConfig: { provider: 'claude', model: 'dropped', maxToolTurns: 4 } },
      custom: { kept: true },
    });
    expect(id).toMatch(/^[A-Za-z0-9]{20}$/);
    const agent = expectSuccess(await c.post('/v2/agents/get', { agentId: id }), 'Agent fetched successfully').data.agent;
    expect(agent).toMatchObject({ id, name: 'Brand Consistency Checker', enabled: true, version: 1, managedBy: 'customer', custom: { kept: true } });
    expect(agent.contextGathering.strategyOptions['rest-api'].endpoints[0].auth).toEqual({ type: 'bearer', token: '__redacted__' });
    expect(agent.input.supportedVariables).toEqual(['{{restApiData}}', '{{memoryContext}}', '{{variables.planId}}']);
    expect(agent.execution.aiConfig).toEqual({ provider: 'claude', maxToolTurns: 4 });
    expect(agent).not.toHaveProperty('executionCount');
  });

  it('lists built-ins in catalogue order, then custom agents, with counts; filters and hides internal agents', async () => {
    const c = fresh();
    const id = await createAgent(c);
    const all = expectSuccess(await c.post('/v2/agents/get', {}), 'Agents fetched successfully').data.agents;
    expect(all.map((a: { id: string }) => a.id)).toEqual([
      'spell-check',
      'grammar-check',
      'broken-links',
      'pii-detection',
      'profanity-filter',
      'sensitive-data',
      'lighthouse',
      'accessibility-checker',
      'og-image-checker',
      'lorem-ipsum',
      id,
    ]);
    expect(all[0]).toEqual({
      id: 'spell-check',
      name: 'Spell Check',
      description: 'Finds spelling mistakes and typos in page content using AI analysis',
      system: true,
      enabled: true,
      managedBy: 'service',
      executionCount: 0,
      lastExecutedAt: null,
    });
    expect(all[10]).toEqual({
      id,
      name: 'Brand Consistency Checker',
      description: 'Validates brand terms',
      enabled: true,
      managedBy: 'customer',
      version: 1,
      executionCount: 0,
      lastExecutedAt: null,
    });
    const custom = expectSuccess(await c.post('/v2/agents/get', { filter: 'customOnly' })).data.agents;
    expect(custom.map((a: { id: string }) => a.id)).toEqual([id]);
    expect(expectSuccess(await c.post('/v2/agents/get', { filter: 'defaultOnly' })).data.agents).toHaveLength(10);
    expectError(await c.post('/v2/agents/get', { filter: 'everything' }), 400, 'INVALID_ARGUMENT', 'filter must be one of defaultOnly, customOnly.');
    expectError(await c.post('/v2/agents/get', { agentId: 'nope' }), 404, 'NOT_FOUND', 'Agent not found: nope');
    expectError(await c.post('/v2/agents/get', { groupId: 'nope' }), 404, 'NOT_FOUND', 'Agent group not found: nope');
  });

  it('answers the single built-in identity', async () => {
    const c = fresh();
    expect(expectSuccess(await c.post('/v2/agents/get', { agentId: 'spell-check' })).data.agent).toEqual({
      id: 'spell-check',
      name: 'Spell Check',
      description: 'Finds spelling mistakes and typos in page content using AI analysis',
      enabled: true,
      managedBy: 'service',
      system: true,
      essentialDefault: true,
    });
  });

  it('files a new agent in the system group its words classify it into, and brings a deleted system group back', async () => {
    const c = fresh();
    const id = await createAgent(c, { name: 'Typo hunter', description: 'Finds typos' });
    const group = expectSuccess(await c.post('/v2/agents/groups/get', { groupId: 'copy-qa' }), 'Agent group fetched successfully').data.group;
    expect(group).toMatchObject({ id: 'copy-qa', name: 'Copy QA', description: 'Spelling, grammar and copy checks', agentIds: [id], system: true });
    expectSuccess(await c.post('/v2/agents/groups/delete', { groupId: 'copy-qa' }), 'Agent group deleted successfully');
    const again = await createAgent(c, { name: 'Spelling', description: 'More spelling' });
    expect(expectSuccess(await c.post('/v2/agents/groups/get', { groupId: 'copy-qa' })).data.group.agentIds).toEqual([again]);
  });

  it('refuses every configuration rule with INVALID_ARGUMENT and stores nothing', async () => {
    const c = fresh();
    const before = fingerprint(c.service);
    const cases: [Record<string, unknown>, string | RegExp][] = [
      [{ name: '' }, 'name is required.'],
      [{ description: undefined }, 'description is required.'],
      [{ enabled: undefined }, 'enabled is required.'],
      [{ contextGathering: { strategies: [] } }, 'contextGathering.strategies must contain at least 1 item.'],
      [{ contextGathering: { strategies: ['telepathy'] } }, /^contextGathering\.strategies\[0\] must be one of web-page-text, /],
      [{ contextGathering: { strategies: ['rest-api'] } }, 'contextGathering.strategyOptions.rest-api is required when strategies include "rest-api".'],
      [{ execution: { executionStrategy: 'magic' } }, /^execution\.executionStrategy must be one of ai, service/],
      [{ execution: { executionStrategy: 'service' } }, 'execution.serviceId is required for executionStrategy "service".'],
      [{ instructions: '   ' }, 'instructions is required for executionStrategy "ai".'],
      [{ execution: { executionStrategy: 'mcp-tools' } }, 'execution.mcpServers is required for executionStrategy "mcp-tools".'],
      [{ execution: { mcpServers: [{ id: 'm', url: 'ftp://x' }] } }, 'execution.mcpServers[0].url must be an http(s) URL or contain a {{template}}.'],
      [{ execution: { aiConfig: { provider: 'gemini', temperature: 1 } } }, 'execution.aiConfig contains an unknown key: temperature.'],
      [{ execution: { knowledge: { sourceIds: ['s'] } } }, 'execution.knowledge contains an unknown key: sourceIds.'],
      [{ execution: { knowledge: { maxChunks: 21 } } }, /^execution\.knowledge\.maxChunks/],
      [{ postProcess: { pinResolution: { enabled: true } } }, 'postProcess contains an unknown key: pinResolution.'],
      [{ scope: { crossPage: { enabled: true, pageDiscovery: 'auto' } } }, 'scope.crossPage.targetProperty is required.'],
      [{ phaseTimeoutMs: 0 }, /^phaseTimeoutMs/],
      [{ managedBy: 'customer' }, 'managedBy is managed by the service and cannot be set.'],
      [{ metadata: { internal: true } }, 'metadata.internal is managed by the service and cannot be set.'],
    ];
    for (const [change, message] of cases) {
      expectError(await c.post('/v2/agents/create', agentBody(change)), 400, 'INVALID_ARGUMENT', message);
    }
    expect(fingerprint(c.service)).toBe(before);
  });

  it('refuses a create past the custom-agent limit with RESOURCE_EXHAUSTED', async () => {
    const c = fresh();
    c.service.agents.configure({ customAgentLimit: 1 });
    await createAgent(c);
    const before = fingerprint(c.service);
    expectError(await c.post('/v2/agents/create', agentBody()), 429, 'RESOURCE_EXHAUSTED', 'Maximum number of custom agents reached (1).');
    expect(fingerprint(c.service)).toBe(before);
  });

  it('updates identity in place, built-ins only through enabled, and answers the documented 500 for a missing agent', async () => {
    const c = fresh();
    const id = await createAgent(c);
    expect(
      expectSuccess(await c.post('/v2/agents/update', { agentId: id, name: 'Renamed', instructions: 'dropped' }), 'Agent updated successfully').data,
    ).toEqual({ agentId: id });
    const agent = expectSuccess(await c.post('/v2/agents/get', { agentId: id })).data.agent;
    expect(agent).toMatchObject({ name: 'Renamed', version: 1, instructions: 'Never write "Acme Corp" on a page.' });
    expectSuccess(await c.post('/v2/agents/update', { agentId: id }), 'Agent updated successfully');
    expectSuccess(await c.post('/v2/agents/update', { agentId: 'spell-check', enabled: false }));
    expect(expectSuccess(await c.post('/v2/agents/get', { agentId: 'spell-check' })).data.agent.enabled).toBe(false);
    const before = fingerprint(c.service);
    expectError(await c.post('/v2/agents/update', { agentId: 'spell-check', name: 'x' }), 400, 'INVALID_ARGUMENT', 'enabled is required for built-in agents.');
    expectError(await c.post('/v2/agents/update', { agentId: id, name: '' }), 400, 'INVALID_ARGUMENT', 'name must not be empty.');
    expectError(await c.post('/v2/agents/update', {}), 400, 'INVALID_ARGUMENT', 'agentId is required.');
    expectError(await c.post('/v2/agents/update', { agentId: 'missing' }), 500, 'INTERNAL', 'INTERNAL');
    expect(fingerprint(c.service)).toBe(before);
  });

  it('deletes an agent after removing it from every group; an unknown id answers 200; built-ins cannot be deleted', async () => {
    const c = fresh();
    const id = await createAgent(c);
    const group = expectSuccess(await c.post('/v2/agents/groups/create', { name: 'G', agentIds: [id, 'spell-check'] })).data.group;
    expect(expectSuccess(await c.post('/v2/agents/delete', { agentId: id }), 'Agent deleted successfully').data).toEqual({ agentId: id });
    expect(expectSuccess(await c.post('/v2/agents/groups/get', { groupId: group.id })).data.group.agentIds).toEqual(['spell-check']);
    expectError(await c.post('/v2/agents/get', { agentId: id }), 404, 'NOT_FOUND', `Agent not found: ${id}`);
    expect(expectSuccess(await c.post('/v2/agents/delete', { agentId: id }), 'Agent deleted successfully').data).toEqual({ agentId: id });
    expectError(await c.post('/v2/agents/delete', { agentId: 'spell-check' }), 400, 'INVALID_ARGUMENT', 'Built-in agents cannot be deleted.');
    expectError(await c.post('/v2/agents/delete', {}), 400, 'INVALID_ARGUMENT', 'agentId is required.');
  });
});

forEachTransport('agents: versions', (fresh) => {
  it('writes version N+1 from a one-level merge, lists versions newest first, and restores one step back', async () => {
    const c = fresh();
    const id = await createAgent(c, { execution: { aiConfig: { provider: 'claude' }, knowledge: { useMemory: true } } });
    c.service.clock.advance(1000);
    const v2 = expectSuccess(
      await c.post('/v2/agents/version/update', { agentId: id, execution: { aiConfig: { provider: 'openai' } }, extra: 1 }),
      'Agent version created successfully',
    );
    expect(v2.data).toEqual({ version: 2 });
    const agent = expectSuccess(await c.post('/v2/agents/get', { agentId: id })).data.agent;
    expect(agent.version).toBe(2);
    expect(agent.execution).toEqual({ aiConfig: { provider: 'openai' }, knowledge: { useMemory: true } });
    expect(agent.extra).toBe(1);
    const versions = expectSuccess(await c.post('/v2/agents/versions/list', { agentId: id }), 'Versions listed successfully').data.versions;
    expect(versions.map((v: { id: string; version: number; createdAt: number }) => [v.id, v.version, v.createdAt])).toEqual([
      ['v2', 2, 1767225601000],
      ['v1', 1, 1767225600000],
    ]);
    expect(versions[0]).not.toHaveProperty('name');
    expect(expectSuccess(await c.post('/v2/agents/versions/restore', { agentId: id }), 'Version restored successfully').data).toEqual({ version: 1 });
    expect(expectSuccess(await c.post('/v2/agents/get', { agentId: id })).data.agent.execution.aiConfig).toEqual({ provider: 'claude' });
    const before = fingerprint(c.service);
    expectError(await c.post('/v2/agents/versions/restore', { agentId: id }), 400, 'FAILED_PRECONDITION', 'Agent is already at version 1.');
    expectError(await c.post('/v2/agents/versions/restore', { agentId: 'gone' }), 404, 'NOT_FOUND', 'Agent not found: gone');
    expectError(await c.post('/v2/agents/versions/restore', { agentId: 'spell-check' }), 404, 'NOT_FOUND', 'Agent not found: spell-check');
    expectError(await c.post('/v2/agents/versions/restore', {}), 400, 'INVALID_ARGUMENT', 'agentId is required.');
    expectError(await c.post('/v2/agents/version/update', { agentId: 'gone' }), 404, 'NOT_FOUND', 'Agent not found: gone');
    expectError(
      await c.post('/v2/agents/version/update', { agentId: 'spell-check' }),
      400,
      'INVALID_ARGUMENT',
      'Version updates are only supported for custom agents.',
    );
    expectError(
      await c.post('/v2/agents/version/update', { agentId: id, instructions: '' }),
      400,
      'INVALID_ARGUMENT',
      'instructions is required for executionStrategy "ai".',
    );
    expectError(
      await c.post('/v2/agents/version/update', { agentId: id, scope: { crossPage: { enabled: true, pageDiscovery: 'auto' } } }),
      400,
      'INVALID_ARGUMENT',
      'scope.crossPage.targetProperty is required.',
    );
    expect(fingerprint(c.service)).toBe(before);
    expect(expectSuccess(await c.post('/v2/agents/versions/list', { agentId: 'gone' })).data).toEqual({ versions: [] });
    expect(expectSuccess(await c.post('/v2/agents/versions/list', { agentId: 'spell-check' })).data).toEqual({ versions: [] });
    expectError(await c.post('/v2/agents/versions/list', {}), 400, 'INVALID_ARGUMENT', 'agentId is required.');
  });

  it('reuses the number after a restore, and a bare agentId still writes an identical version', async () => {
    const c = fresh();
    const id = await createAgent(c);
    expect(expectSuccess(await c.post('/v2/agents/version/update', { agentId: id })).data).toEqual({ version: 2 });
    expectSuccess(await c.post('/v2/agents/versions/restore', { agentId: id }));
    expect(expectSuccess(await c.post('/v2/agents/version/update', { agentId: id, metadata: { team: 'growth' } })).data).toEqual({ version: 2 });
    expect(expectSuccess(await c.post('/v2/agents/get', { agentId: id })).data.agent.metadata).toEqual({ team: 'growth' });
  });
});
