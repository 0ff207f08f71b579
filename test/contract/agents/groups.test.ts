import { expect, it } from 'vitest';
import { expectError, expectSuccess, fingerprint } from '../../support/expect.js';
import { forEachTransport } from '../../support/transports.js';
import { createAgent } from './helpers.js';

forEachTransport('agent groups', (fresh) => {
  it('creates, reads, lists, renames, fills, empties and deletes a group', async () => {
    const c = fresh();
    const id = await createAgent(c, { name: 'Checker', description: 'Validates terms' });
    const created = expectSuccess(
      await c.post('/v2/agents/groups/create', {
        name: '  Brand QA ',
        description: 'All brand agents',
        agentIds: [id, 'spell-check', id],
        metadata: { team: 'growth', apiKey: 'forged' },
      }),
      'Agent group created successfully',
    ).data.group;
    expect(created).toEqual({
      id: expect.stringMatching(/^[A-Za-z0-9]{20}$/),
      name: 'Brand QA',
      description: 'All brand agents',
      agentIds: [id, 'spell-check'],
      metadata: { team: 'growth', apiKey: c.service.credentials.apiKey },
      createdAt: 1767225600000,
      updatedAt: 1767225600000,
    });
    const groupId = created.id as string;
    expect(expectSuccess(await c.post('/v2/agents/groups/get', { groupId }), 'Agent group fetched successfully').data.group).toEqual(created);
    const listed = expectSuccess(await c.post('/v2/agents/groups/list', {}), 'Agent groups listed successfully').data.groups;
    expect(listed).toEqual([
      {
        id: groupId,
        name: 'Brand QA',
        description: 'All brand agents',
        agentCount: 2,
        metadata: created.metadata,
        createdAt: 1767225600000,
        updatedAt: 1767225600000,
      },
    ]);
    c.service.clock.advance(5);
    const renamed = expectSuccess(await c.post('/v2/agents/groups/update', { groupId, name: 'Brand QA (v2)' }), 'Agent group updated successfully').data.group;
    expect(renamed).toMatchObject({ name: 'Brand QA (v2)', description: 'All brand agents', updatedAt: 1767225600005 });
    const added = expectSuccess(
      await c.post('/v2/agents/groups/add-agents', { groupId, agentIds: ['grammar-check', 'spell-check'] }),
      'Agents added to group successfully',
    ).data.group;
    expect(added.agentIds).toEqual([id, 'spell-check', 'grammar-check']);
    const removed = expectSuccess(
      await c.post('/v2/agents/groups/remove-agents', { groupId, agentIds: ['spell-check', 'not-a-member'] }),
      'Agents removed from group successfully',
    ).data.group;
    expect(removed.agentIds).toEqual([id, 'grammar-check']);
    const members = expectSuccess(await c.post('/v2/agents/get', { groupId })).data.agents.map((a: { id: string }) => a.id);
    expect(members).toEqual([id, 'grammar-check']);
    expect(expectSuccess(await c.post('/v2/agents/groups/delete', { groupId }), 'Agent group deleted successfully').data).toEqual({ groupId });
    expectError(await c.post('/v2/agents/groups/get', { groupId }), 404, 'NOT_FOUND', `Agent group not found: ${groupId}`);
    expect(expectSuccess(await c.post('/v2/agents/get', { agentId: id })).data.agent.id).toBe(id);
  });

  it('refuses bad groups and members without writing anything', async () => {
    const c = fresh();
    const group = expectSuccess(await c.post('/v2/agents/groups/create', { name: 'G' })).data.group;
    const before = fingerprint(c.service);
    const cases: [string, Record<string, unknown>, number, string, string | RegExp][] = [
      ['create', { name: '   ' }, 400, 'INVALID_ARGUMENT', 'name is required.'],
      ['create', { name: 'x'.repeat(201) }, 400, 'INVALID_ARGUMENT', 'name can be at most 200 characters long.'],
      ['create', { name: 'G', description: 'd'.repeat(2001) }, 400, 'INVALID_ARGUMENT', 'description can be at most 2000 characters long.'],
      ['create', { name: 'G', agentIds: Array.from({ length: 101 }, () => 'spell-check') }, 400, 'INVALID_ARGUMENT', 'agentIds can contain at most 100 items.'],
      ['create', { name: 'G', system: true }, 400, 'INVALID_ARGUMENT', 'data contains an unknown key: system.'],
      ['create', { name: 'G', agentIds: ['spell-check', 'ghost'] }, 404, 'NOT_FOUND', 'Agent not found: ghost'],
      ['update', { groupId: group.id }, 400, 'INVALID_ARGUMENT', 'name or description is required.'],
      ['update', { groupId: group.id, name: 'N', agentIds: [] }, 400, 'INVALID_ARGUMENT', 'data contains an unknown key: agentIds.'],
      ['update', { groupId: 'ghost', name: 'N' }, 404, 'NOT_FOUND', 'Agent group not found: ghost'],
      ['add-agents', { groupId: group.id, agentIds: [] }, 400, 'INVALID_ARGUMENT', 'agentIds must contain at least 1 item.'],
      ['add-agents', { groupId: group.id, agentIds: [''] }, 400, 'INVALID_ARGUMENT', 'agentIds[0] is required.'],
      ['add-agents', { groupId: group.id, agentIds: ['spell-check', 'ghost'] }, 404, 'NOT_FOUND', 'Agent not found: ghost'],
      ['add-agents', { groupId: 'ghost', agentIds: ['spell-check'] }, 404, 'NOT_FOUND', 'Agent group not found: ghost'],
      ['remove-agents', { groupId: 'ghost', agentIds: ['spell-check'] }, 404, 'NOT_FOUND', 'Agent group not found: ghost'],
      ['remove-agents', { groupId: group.id, agentIds: [] }, 400, 'INVALID_ARGUMENT', 'agentIds must contain at least 1 item.'],
      ['delete', { groupId: 'ghost' }, 404, 'NOT_FOUND', 'Agent group not found: ghost'],
      ['get', {}, 400, 'INVALID_ARGUMENT', 'groupId is required.'],
    ];
    for (const [op, data, http, status, message] of cases) expectError(await c.post(`/v2/agents/groups/${op}`, data), http, status, message);
    expect(fingerprint(c.service)).toBe(before);
  });

  it('caps groups at 50 per key and members at 100 per group', async () => {
    const c = fresh();
    for (let i = 1; i < 50; i++) expectSuccess(await c.post('/v2/agents/groups/create', { name: `G${i}` }));
    const last = expectSuccess(await c.post('/v2/agents/groups/create', { name: 'G50' })).data.group;
    expectError(await c.post('/v2/agents/groups/create', { name: 'G51' }), 429, 'RESOURCE_EXHAUSTED', 'Maximum number of agent groups reached (50).');
    c.service.agents.configure({ customAgentLimit: 1000 });
    const ids: string[] = [];
    for (let i = 0; i < 91; i++) ids.push(await createAgent(c, { name: `A${i}`, description: 'x' }));
    const builtIns = [
      'spell-check',
      'grammar-check',
      'broken-links',
      'pii-detection',
      'profanity-filter',
      'sensitive-data',
      'lighthouse',
      'accessibility-checker',
      'og-image-checker',
    ];
    expectSuccess(await c.post('/v2/agents/groups/add-agents', { groupId: last.id, agentIds: [...ids.slice(0, 91), ...builtIns] }));
    const before = fingerprint(c.service);
    expectError(
      await c.post('/v2/agents/groups/add-agents', { groupId: last.id, agentIds: ['lorem-ipsum'] }),
      429,
      'RESOURCE_EXHAUSTED',
      'Agent group cannot exceed 100 agents.',
    );
    expect(fingerprint(c.service)).toBe(before);
  }, 30_000);
});
