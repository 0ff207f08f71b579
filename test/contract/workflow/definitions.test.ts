// biome-ignore-all lint/suspicious/noExplicitAny: replies are read as untyped JSON
import { expect, it } from 'vitest';
import { expectError, fingerprint } from '../../support/expect.js';
import { forEachTransport } from '../../support/transports.js';
import { define, dispatch, docSignoff, expectInvalid, human, marketing, otherKey, resultOf, withoutNulls } from './helpers.js';

const CREATE = '/v2/workflow/definitions/create';
const GET = '/v2/workflow/definitions/get';
const LIST = '/v2/workflow/definitions/list';
const UPDATE = '/v2/workflow/definitions/update';
const DELETE = '/v2/workflow/definitions/delete';

forEachTransport('workflow definitions (beyond-spec-4 4.2.1-4.2.5)', (fresh) => {
  it('create answers the documented DefinitionView as a bare result: version 1, nulls for unset fields, compiled edges', async () => {
    const c = fresh();
    const reply = await c.post(CREATE, marketing());
    const view = resultOf(reply);
    const now = c.service.clock.now();
    expect(view).toEqual({
      definitionId: 'marketing-copy-approval',
      name: 'Marketing copy approval',
      description: null,
      version: 1,
      scope: { level: 'apiKey', organizationId: null, documentId: null },
      nodes: marketing().nodes,
      edges: marketing().edges,
      groups: null,
      compiled: {
        forwardEdges: [
          { from: 'agent-draft', to: 'human-review', role: 'always', when: null },
          { from: 'human-review', to: 'agent-publish', role: 'approve', when: { op: 'eq', args: [{ var: 'output.decision' }, 'approve'] } },
          { from: 'human-review', to: 'agent-rework', role: 'reject', when: { op: 'eq', args: [{ var: 'output.decision' }, 'reject'] } },
        ],
        loops: [],
      },
      triggers: null,
      tags: null,
      custom: null,
      createdAt: now,
      updatedAt: now,
      status: 'active',
    });
  });

  it('echoes nodes and edges byte for byte, keys in the order sent', async () => {
    const c = fresh();
    const definition = { ...docSignoff(), edges: [{ on: 'reject', to: 'notify-author', from: 'manager-approval' }] };
    const reply = await c.post(CREATE, definition);
    expect(reply.text).toContain('"edges":[{"on":"reject","to":"notify-author","from":"manager-approval"}]');
  });

  it('never returns webhookConfig, and stripping the read-only fields and nulls gives a valid update body', async () => {
    const c = fresh();
    const created = await define(c, {
      ...docSignoff(),
      webhookConfig: { url: 'https://hooks.example.com/approvals', secret: 's'.repeat(16) },
      tags: ['legal'],
    });
    expect(created).not.toHaveProperty('webhookConfig');
    const { version, createdAt, updatedAt, status, compiled, ...rest } = resultOf(await c.post(GET, { definitionId: 'doc-signoff' }));
    const updated = resultOf(await c.post(UPDATE, { ...(withoutNulls(rest) as object), ifVersion: version }));
    expect(updated).toMatchObject({ version: 2, tags: ['legal'], createdAt, status, compiled });
    expect(updated.updatedAt).toBe(updatedAt);
  });

  it('refuses an id an active definition holds with ALREADY_EXISTS, changing nothing', async () => {
    const c = fresh();
    await define(c, docSignoff());
    const before = fingerprint(c.service);
    expectError(await c.post(CREATE, docSignoff()), 409, 'ALREADY_EXISTS', 'Definition already exists: doc-signoff');
    expect(fingerprint(c.service)).toBe(before);
  });

  it('get: unknown and tombstoned ids are NOT_FOUND; organizationId and documentId are accepted and ignored', async () => {
    const c = fresh();
    expectError(await c.post(GET, { definitionId: 'nope-def' }), 404, 'NOT_FOUND', 'Definition not found: nope-def');
    await define(c, docSignoff());
    expect(resultOf(await c.post(GET, { definitionId: 'doc-signoff', organizationId: 'any', documentId: 'any' })).version).toBe(1);
    resultOf(await c.post(DELETE, { definitionId: 'doc-signoff' }));
    expectError(await c.post(GET, { definitionId: 'doc-signoff' }), 404, 'NOT_FOUND', 'Definition not found: doc-signoff');
  });

  it('list: most recently updated first, ties by id, nextCursor = last updatedAt when the page is full, strict < on the next page', async () => {
    const c = fresh();
    expect(resultOf(await c.post(LIST, {}))).toEqual({ items: [], nextCursor: null });
    await define(c, docSignoff('b-def'));
    await define(c, docSignoff('a-def'));
    c.service.clock.advance(1000);
    await define(c, docSignoff('c-def'));
    const first = resultOf(await c.post(LIST, { pageSize: 2 }));
    expect(first.items.map((d: any) => d.definitionId)).toEqual(['c-def', 'a-def']);
    expect(first.nextCursor).toBe(c.service.clock.now() - 1000);
    // The documented caveat: b-def shares the boundary instant with a-def, so the strict `<` skips it.
    expect(resultOf(await c.post(LIST, { pageSize: 2, cursor: first.nextCursor }))).toEqual({ items: [], nextCursor: null });
    const all = resultOf(await c.post(LIST, { pageSize: 3 }));
    expect(all.items.map((d: any) => d.definitionId)).toEqual(['c-def', 'a-def', 'b-def']);
    expect(all.nextCursor).toBe(c.service.clock.now() - 1000);
    expect(resultOf(await c.post(LIST, { organizationId: 'x', documentId: 'y' })).items).toHaveLength(3);
  });

  it('list refuses a pageSize or cursor out of type or range', async () => {
    const c = fresh();
    expectInvalid(await c.post(LIST, { pageSize: 0 }), /^pageSize/);
    expectInvalid(await c.post(LIST, { pageSize: 501 }), /^pageSize/);
    expectInvalid(await c.post(LIST, { cursor: 'abc' }), 'cursor must be a number.');
  });

  it('update: a full replacement under ifVersion; omitted optional fields are cleared; createdAt kept', async () => {
    const c = fresh();
    await define(c, { ...docSignoff(), description: 'v1', tags: ['a'], scope: { level: 'organization', organizationId: 'org-1' } });
    c.service.clock.advance(5000);
    const v2 = resultOf(await c.post(UPDATE, { ...docSignoff(), name: 'Sign-off (Q2)', ifVersion: 1 }));
    expect(v2).toMatchObject({
      version: 2,
      name: 'Sign-off (Q2)',
      description: null,
      tags: null,
      scope: { level: 'apiKey', organizationId: null, documentId: null },
    });
    expect(v2.updatedAt - v2.createdAt).toBe(5000);
    const before = fingerprint(c.service);
    expectError(await c.post(UPDATE, { ...docSignoff(), ifVersion: 1 }), 400, 'FAILED_PRECONDITION', 'Version conflict: expected 1, current 2');
    expectError(await c.post(UPDATE, { ...docSignoff('other-def'), ifVersion: 1 }), 404, 'NOT_FOUND', 'Definition not found: other-def');
    expect(fingerprint(c.service)).toBe(before);
  });

  it('update validates before looking the definition up, and refuses leftover read-only fields', async () => {
    const c = fresh();
    await define(c, docSignoff());
    expectInvalid(await c.post(UPDATE, { ...docSignoff('missing-def'), nodes: [], ifVersion: 1 }), 'nodes must contain at least 1 item.');
    const issues = expectInvalid(
      await c.post(UPDATE, { ...docSignoff(), ifVersion: 1, version: 1, status: 'active' }),
      "Unrecognized key(s) in object: 'version', 'status'",
    );
    expect(issues).toEqual([{ code: 'unrecognized_keys', path: [], message: "Unrecognized key(s) in object: 'version', 'status'" }]);
    expectInvalid(await c.post(UPDATE, { ...docSignoff() }), 'ifVersion is required.');
  });

  it('delete tombstones by default (hidden, dispatch refused), purge removes; either way the id is free and starts at version 1', async () => {
    const c = fresh();
    await define(c, docSignoff());
    resultOf(await c.post(UPDATE, { ...docSignoff(), ifVersion: 1 }));
    expect(resultOf(await c.post(DELETE, { definitionId: 'doc-signoff', organizationId: 'ignored' }))).toEqual({
      deleted: true,
      purged: false,
      definitionId: 'doc-signoff',
    });
    expectError(await c.post(DELETE, { definitionId: 'doc-signoff' }), 404, 'NOT_FOUND', 'Definition not found: doc-signoff');
    expectError(
      await c.post('/v2/workflow/executions/dispatch', { definitionId: 'doc-signoff' }),
      400,
      'FAILED_PRECONDITION',
      'Definition is deleted: doc-signoff',
    );
    expect(resultOf(await c.post(LIST, {})).items).toEqual([]);
    expect((await define(c, docSignoff())).version).toBe(1);
    expect(resultOf(await c.post(DELETE, { definitionId: 'doc-signoff', purge: true }))).toEqual({ deleted: true, purged: true, definitionId: 'doc-signoff' });
    expectError(await c.post('/v2/workflow/executions/dispatch', { definitionId: 'doc-signoff' }), 404, 'NOT_FOUND', 'Definition not found: doc-signoff');
    expect((await define(c, docSignoff())).version).toBe(1);
  });

  it('delete is refused while a run of the definition is in flight, in both modes; finished runs stay readable', async () => {
    const c = fresh();
    await define(c, docSignoff());
    const { executionId } = await dispatch(c, 'doc-signoff');
    const before = fingerprint(c.service);
    for (const purge of [false, true]) {
      expectError(await c.post(DELETE, { definitionId: 'doc-signoff', purge }), 400, 'FAILED_PRECONDITION', 'Definition has in-flight executions: 1');
    }
    expect(fingerprint(c.service)).toBe(before);
    resultOf(await c.post('/v2/workflow/executions/cancel', { executionId }));
    resultOf(await c.post(DELETE, { definitionId: 'doc-signoff', purge: true }));
    expect(resultOf(await c.post('/v2/workflow/executions/get', { executionId })).status).toBe('cancelled');
  });

  it('a missing auth token is INVALID_ARGUMENT "Auth token is required"; an unregistered one PERMISSION_DENIED', async () => {
    const c = fresh();
    expectError(await c.post(LIST, {}, { 'x-service-auth-token': undefined }), 400, 'INVALID_ARGUMENT', 'Auth token is required');
    expectError(await c.post(LIST, {}, { 'x-service-auth-token': '0'.repeat(32) }), 403, 'PERMISSION_DENIED', 'Invalid auth token for API key.');
    expectError(await c.post(LIST, {}, { 'x-service-api-key': undefined }), 400, 'INVALID_ARGUMENT', 'API key not found in headers.');
    // Other areas keep service-facts 2.4's wording.
    expectError(
      await c.post('/v2/users/get', { organizationId: 'o' }, { 'x-service-auth-token': undefined }),
      400,
      'INVALID_ARGUMENT',
      'Auth Token not found in headers.',
    );
  });

  it('definitions of one API key are invisible to another', async () => {
    const c = fresh();
    await define(c, docSignoff());
    const headers = await otherKey(c);
    expectError(await c.post(GET, { definitionId: 'doc-signoff' }, headers), 404, 'NOT_FOUND', 'Definition not found: doc-signoff');
    expect(resultOf(await c.post(LIST, {}, headers)).items).toEqual([]);
    expect((await c.post(CREATE, docSignoff(), headers)).status).toBe(200);
  });

  it('accepts the four node types and a group, stored as sent', async () => {
    const c = fresh();
    const view = await define(c, {
      definitionId: 'all-types',
      name: 'All types',
      nodes: [
        { nodeId: 'a', type: 'agent', config: { agentId: '__mock__', url: 'https://example.com' } },
        human('h1'),
        human('h2'),
        { nodeId: 'n', type: 'notification', config: { channel: 'slack', slackTarget: 'C0123', bodyTemplate: 'hi' } },
        { nodeId: 'w', type: 'webhook', config: { url: 'https://hooks.example.com/x' } },
      ],
      edges: [
        { from: 'a', to: { kind: 'group', groupId: 'g' } },
        { from: { kind: 'group', groupId: 'g' }, to: 'n', on: 'approve' },
        { from: { kind: 'group', groupId: 'g' }, to: 'w', on: 'reject' },
      ],
      groups: [{ groupId: 'g', memberNodeIds: ['h1', 'h2'], expectedSteps: 2, quorum: 2 }],
    });
    expect(view.compiled.forwardEdges).toEqual([
      { from: 'a', to: 'h1', role: 'always', when: null, toGroupId: 'g' },
      { from: 'a', to: 'h2', role: 'always', when: null, toGroupId: 'g' },
      { from: 'h1', to: 'n', role: 'approve', when: { op: 'eq', args: [{ var: 'output.decision' }, 'approve'] }, fromGroupId: 'g' },
      { from: 'h2', to: 'n', role: 'approve', when: { op: 'eq', args: [{ var: 'output.decision' }, 'approve'] }, fromGroupId: 'g' },
      { from: 'h1', to: 'w', role: 'reject', when: { op: 'eq', args: [{ var: 'output.decision' }, 'reject'] }, fromGroupId: 'g' },
      { from: 'h2', to: 'w', role: 'reject', when: { op: 'eq', args: [{ var: 'output.decision' }, 'reject'] }, fromGroupId: 'g' },
    ]);
    expect(view.groups).toEqual([{ groupId: 'g', memberNodeIds: ['h1', 'h2'], expectedSteps: 2, quorum: 2 }]);
  });
});
