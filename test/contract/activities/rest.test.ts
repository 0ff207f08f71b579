import { expect, it } from 'vitest';
import { expectError, expectSuccess, fingerprint } from '../../support/expect.js';
import { type Client, forEachTransport } from '../../support/transports.js';

const ADD = '/v2/activities/add';
const GET = '/v2/activities/get';
const DELETE = '/v2/activities/delete';
const ADDED = { success: true, message: 'Activity(s) added successfully.' };

const enable = async (c: Client, immutable = false) =>
  expectSuccess(await c.post('/v2/workspace/activityconfig/update', { activityServiceConfig: { isEnabled: true, immutable } }));

const activity = (id: string | undefined, extra: Record<string, unknown> = {}) => ({
  ...(id === undefined ? {} : { id }),
  featureType: 'comment',
  actionType: 'comment.add',
  actionUser: { userId: 'u1', name: 'Ada', email: 'ada@example.com' },
  targetEntityId: 'annotation-1',
  displayMessageTemplate: '{{user}} added a comment',
  ...extra,
});

const ids = (result: { data: { id: string }[] }) => result.data.map((a) => a.id);

forEachTransport('activities add, get, delete', (fresh) => {
  it('adds activities with metadata and the clock time, returns no ids, and reads them newest first', async () => {
    const c = fresh({ clock: '2026-06-01T00:00:00Z' });
    await enable(c);
    const added = expectSuccess(
      await c.post(ADD, {
        organizationId: 'org',
        documentId: 'doc',
        activities: [activity('a1'), activity(undefined, { featureType: 'custom', targetEntityId: 't' })],
      }),
      'Activity(s) added successfully.',
    );
    expect(added.data).toEqual(ADDED);
    c.service.clock.advance(1000);
    expectSuccess(await c.post(ADD, { organizationId: 'org', documentId: 'doc2', activities: [activity('a3', { actionUser: { userId: 'u2' } })] }));
    const got = expectSuccess(await c.post(GET, { organizationId: 'org' }), 'Activity(s) retrieved successfully.');
    expect(got.pageToken).toBe('');
    expect(got.data).toHaveLength(3);
    expect(got.data[0]).toEqual({
      id: 'a3',
      featureType: 'comment',
      actionType: 'comment.add',
      actionUser: { userId: 'u2' },
      targetEntityId: 'annotation-1',
      displayMessageTemplate: '{{user}} added a comment',
      metadata: { apiKey: c.service.credentials.apiKey, documentId: 'doc2', organizationId: 'org' },
      timestamp: Date.UTC(2026, 5, 1) + 1000,
      immutable: false,
    });
    expect(got.data[2].id).toBe('a1');
    expect(got.data[1].id).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(ids(expectSuccess(await c.post(GET, { organizationId: 'org', order: 'asc' })))).toEqual(['a1', got.data[1].id, 'a3']);
  });

  it('filters by document, target, feature, action, user and ids, and pages with pageToken', async () => {
    const c = fresh();
    await enable(c);
    for (const [i, extra] of [
      {},
      { featureType: 'reaction', actionType: 'reaction.add' },
      { targetEntityId: 't2' },
      { actionUser: { userId: 'u9' } },
    ].entries()) {
      expectSuccess(await c.post(ADD, { organizationId: 'org', documentId: i < 2 ? 'd1' : 'd2', activities: [activity(`a${i}`, extra)] }));
      c.service.clock.advance(10);
    }
    const read = async (filter: Record<string, unknown>) => ids(expectSuccess(await c.post(GET, { organizationId: 'org', order: 'asc', ...filter })));
    expect(await read({ documentId: 'd1' })).toEqual(['a0', 'a1']);
    expect(await read({ targetEntityId: 't2' })).toEqual(['a2']);
    expect(await read({ featureTypes: ['reaction'] })).toEqual(['a1']);
    expect(await read({ actionTypes: ['comment.add'] })).toEqual(['a0', 'a2', 'a3']);
    expect(await read({ userId: 'u9' })).toEqual(['a3']);
    expect(await read({ activityIds: ['a3', 'missing', 'a0'], documentId: 'd2' })).toEqual(['a3']);
    expect(await read({ organizationId: 'elsewhere' })).toEqual([]);
    const first = expectSuccess(await c.post(GET, { organizationId: 'org', pageSize: 3 }));
    expect(ids(first)).toEqual(['a3', 'a2', 'a1']);
    expect(first.pageToken).not.toBe('');
    const second = expectSuccess(await c.post(GET, { organizationId: 'org', pageSize: 3, pageToken: first.pageToken }));
    expect(ids(second)).toEqual(['a0']);
    expect(second.pageToken).toBe('');
  });

  it('overwrites an existing id, and refuses to overwrite an immutable record without writing anything', async () => {
    const c = fresh();
    await enable(c);
    expectSuccess(await c.post(ADD, { organizationId: 'org', documentId: 'doc', activities: [activity('a1')] }));
    expectSuccess(await c.post(ADD, { organizationId: 'org', documentId: 'doc', activities: [activity('a1', { actionType: 'comment.update' })] }));
    const got = expectSuccess(await c.post(GET, { organizationId: 'org' }));
    expect(got.data.map((a: { actionType: string }) => a.actionType)).toEqual(['comment.update']);
    await enable(c, true);
    expectSuccess(await c.post(ADD, { organizationId: 'org', documentId: 'doc', activities: [activity('locked')] }));
    const before = fingerprint(c.service);
    expectError(
      await c.post(ADD, { organizationId: 'org', documentId: 'doc', activities: [activity('new'), activity('locked')] }),
      400,
      'FAILED_PRECONDITION',
      'Activity locked is immutable.',
    );
    expect(fingerprint(c.service)).toBe(before);
  });

  it('refuses to add while activity logs are disabled', async () => {
    const c = fresh();
    const before = fingerprint(c.service);
    expectError(
      await c.post(ADD, { organizationId: 'org', documentId: 'doc', activities: [activity('a')] }),
      400,
      'FAILED_PRECONDITION',
      'Activity logs are not enabled for this API key.',
    );
    expect(fingerprint(c.service)).toBe(before);
  });

  it('deletes by ids, document and target (together they AND), keeping immutable records', async () => {
    const c = fresh();
    await enable(c);
    expectSuccess(await c.post(ADD, { organizationId: 'org', documentId: 'd1', activities: [activity('a1'), activity('a2', { targetEntityId: 't2' })] }));
    expectSuccess(await c.post(ADD, { organizationId: 'org', documentId: 'd2', activities: [activity('a3', { targetEntityId: 't2' })] }));
    await enable(c, true);
    expectSuccess(await c.post(ADD, { organizationId: 'org', documentId: 'd2', activities: [activity('locked')] }));
    const both = expectSuccess(await c.post(DELETE, { organizationId: 'org', documentId: 'd1', targetEntityId: 't2' }), 'Activity(s) deleted successfully.');
    expect(both.data).toEqual({ a2: { success: true, message: 'Activity deleted.' } });
    const byIds = expectSuccess(await c.post(DELETE, { organizationId: 'org', activityIds: ['missing', 'a3', 'locked'] }));
    expect(byIds.data).toEqual({
      missing: { success: false, message: 'Failed to delete activity.' },
      a3: { success: true, message: 'Activity deleted.' },
      locked: { success: false, message: 'Failed to delete activity.' },
    });
    expect(ids(expectSuccess(await c.post(GET, { organizationId: 'org', order: 'asc' })))).toEqual(['a1', 'locked']);
  });

  const invalid: [string, string, unknown, string][] = [
    ['add', 'documentId missing', { organizationId: 'o', activities: [activity('a')] }, 'documentId is required.'],
    ['add', 'activities empty', { organizationId: 'o', documentId: 'd', activities: [] }, 'activities must contain at least 1 item.'],
    [
      'add',
      'a bad featureType',
      { organizationId: 'o', documentId: 'd', activities: [activity('a', { featureType: 'poll' })] },
      'activities[0].featureType must be one of comment, reaction, recorder, crdt, custom.',
    ],
    [
      'add',
      'actionType missing',
      { organizationId: 'o', documentId: 'd', activities: [activity('a', { actionType: undefined })] },
      'activities[0].actionType is required.',
    ],
    [
      'add',
      'actionUser missing',
      { organizationId: 'o', documentId: 'd', activities: [activity('a'), activity('b', { actionUser: undefined })] },
      'activities[1].actionUser is required.',
    ],
    [
      'add',
      'a custom activity without target',
      { organizationId: 'o', documentId: 'd', activities: [activity('a', { featureType: 'custom', targetEntityId: undefined })] },
      'activities[0].targetEntityId is required when featureType is custom.',
    ],
    ['get', 'organizationId missing', {}, 'organizationId is required.'],
    ['get', 'pageSize 0', { organizationId: 'o', pageSize: 0 }, 'pageSize must be at least 1.'],
    [
      'get',
      'more than 30 ids',
      { organizationId: 'o', activityIds: Array.from({ length: 31 }, (_, i) => `a${i}`) },
      'activityIds can contain at most 30 items.',
    ],
    ['get', 'an unreadable pageToken', { organizationId: 'o', pageToken: 'nope' }, 'Invalid pageToken.'],
    ['delete', 'no selector', { organizationId: 'o' }, 'At least one of documentId, targetEntityId or activityIds is required.'],
    ['delete', 'organizationId missing', { documentId: 'd' }, 'organizationId is required.'],
  ];
  for (const [op, name, data, message] of invalid) {
    it(`${op} refuses ${name} and changes nothing`, async () => {
      const c = fresh();
      await enable(c);
      expectSuccess(await c.post(ADD, { organizationId: 'o', documentId: 'd', activities: [activity('kept')] }));
      const before = fingerprint(c.service);
      expectError(await c.post(`/v2/activities/${op}`, data), 400, 'INVALID_ARGUMENT', message);
      expect(fingerprint(c.service)).toBe(before);
    });
  }

  it('keeps activities of one key invisible to another and needs the API-key headers', async () => {
    const c = fresh();
    await enable(c);
    expectSuccess(await c.post(ADD, { organizationId: 'org', documentId: 'd', activities: [activity('a1')] }));
    const created = expectSuccess(
      await c.postWorkspace('/v2/workspace/apikey/create', { ownerEmail: 'owner@example.com', type: 'testing', createAuthToken: true }),
    );
    const other = { 'x-service-api-key': created.data.apiKey, 'x-service-auth-token': created.data.authToken };
    expect(expectSuccess(await c.post(GET, { organizationId: 'org' }, other)).data).toEqual([]);
    expect(expectSuccess(await c.post(DELETE, { organizationId: 'org', activityIds: ['a1'] }, other)).data).toEqual({
      a1: { success: false, message: 'Failed to delete activity.' },
    });
    for (const path of [ADD, GET, DELETE]) {
      expectError(await c.post(path, { organizationId: 'o' }, { 'x-service-api-key': 'nope' }), 403, 'PERMISSION_DENIED', 'Invalid API key.');
    }
  });
});
