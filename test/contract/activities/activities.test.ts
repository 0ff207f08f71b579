import { describe, expect, it } from 'vitest';
import { addActivity, listActivities } from '../../../src/model/activities/activities.js';
import { createMockService } from '../../../src/service.js';
import { expectError, expectSuccess, fingerprint } from '../../support/expect.js';
import { namespaceOf } from '../../support/store.js';
import { type Client, forEachTransport } from '../../support/transports.js';

const UPDATE = '/v2/activities/update';
const FAILED = { success: false, message: 'Failed to update activity.' };
const UPDATED = { success: true, message: 'Activity updated.' };

const seed = (c: Client, body: unknown) =>
  c.raw({ method: 'POST', path: '/__mock/activities', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const list = (c: Client, query: string) => c.raw({ method: 'GET', path: `/__mock/activities?${query}`, headers: {}, body: '' });

const record = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  featureType: 'comment',
  actionType: 'comment_annotation.status_change',
  actionUser: { userId: 'u1', name: 'Ada', email: 'ada@example.com' },
  timestamp: 1_700_000_000_000,
  changes: { status: { from: 'Open', to: 'Resolved' }, priority: { from: 'P2', to: 'P1' } },
  displayMessageTemplate: '{{actionUser.name}} changed the status',
  displayMessageTemplateData: { status: 'Resolved' },
  ...extra,
});

forEachTransport('activities update', (fresh) => {
  it('replaces the given fields whole and reports each item', async () => {
    const c = fresh();
    expect((await seed(c, { organizationId: 'org', activities: [record('activity-001'), record('activity-002')] })).status).toBe(200);
    const reply = await c.post(UPDATE, {
      organizationId: 'org',
      activities: [
        { id: 'activity-002', changes: { status: { from: 'Open', to: 'In progress' } }, actionIcon: 'https://example.com/i.svg', entityData: null },
        { id: 'missing' },
        { id: 'activity-001', displayMessageTemplateData: { other: 1 } },
      ],
    });
    const result = expectSuccess(reply, 'Activity(s) updated successfully.');
    expect(Object.keys(result.data)).toEqual(['activity-002', 'missing', 'activity-001']);
    expect(result.data).toEqual({ 'activity-002': UPDATED, missing: FAILED, 'activity-001': UPDATED });
    const stored = (await list(c, 'organizationId=org')).body.activities;
    expect(stored[1].changes).toEqual({ status: { from: 'Open', to: 'In progress' } });
    expect(stored[1].actionIcon).toBe('https://example.com/i.svg');
    expect(stored[1].entityData).toBeNull();
    expect(stored[1].displayMessageTemplate).toBe('{{actionUser.name}} changed the status');
    expect(stored[0].displayMessageTemplateData).toEqual({ other: 1 });
    expect(stored[0].changes).toEqual(record('x').changes);
  });

  it('fails unknown ids and unknown organizations per item without creating anything', async () => {
    const c = fresh();
    const before = fingerprint(c.service);
    const result = expectSuccess(await c.post(UPDATE, { organizationId: 'nowhere', activities: [{ id: 'a' }, { id: 'b', actionIcon: 'x' }] }));
    expect(result.data).toEqual({ a: FAILED, b: FAILED });
    expect(fingerprint(c.service)).toBe(before);
  });

  it('refuses immutable records and leaves them as they were', async () => {
    const c = fresh();
    await seed(c, { organizationId: 'org', activities: [record('locked', { immutable: true }), record('open')] });
    const before = fingerprint(c.service);
    const result = expectSuccess(await c.post(UPDATE, { organizationId: 'org', activities: [{ id: 'locked', actionIcon: 'x' }] }));
    expect(result.data).toEqual({ locked: FAILED });
    expect(fingerprint(c.service)).toBe(before);
  });

  it('marks records created under an immutable activity config as immutable', async () => {
    const c = fresh();
    expectSuccess(await c.post('/v2/workspace/activityconfig/update', { activityServiceConfig: { isEnabled: true } }));
    const stored = (await seed(c, { organizationId: 'org', activities: [record('a1', { immutable: false })] })).body.activities;
    expect(stored[0].immutable).toBe(true);
    expect(expectSuccess(await c.post(UPDATE, { organizationId: 'org', activities: [{ id: 'a1', actionIcon: 'x' }] })).data).toEqual({ a1: FAILED });
    expectSuccess(await c.post('/v2/workspace/activityconfig/update', { activityServiceConfig: { immutable: false } }));
    const later = (await seed(c, { organizationId: 'org', activities: [record('a2')] })).body.activities;
    expect(later[0].immutable).toBe(false);
    expect(expectSuccess(await c.post(UPDATE, { organizationId: 'org', activities: [{ id: 'a2', actionIcon: 'x' }] })).data).toEqual({ a2: UPDATED });
  });

  it('keeps activities of one API key invisible to another', async () => {
    const c = fresh();
    await seed(c, { organizationId: 'org', activities: [record('a1')] });
    const created = expectSuccess(
      await c.postWorkspace('/v2/workspace/apikey/create', { ownerEmail: 'owner@example.com', type: 'testing', createAuthToken: true }),
    );
    const other = { 'x-service-api-key': created.data.apiKey, 'x-service-auth-token': created.data.authToken };
    expect(expectSuccess(await c.post(UPDATE, { organizationId: 'org', activities: [{ id: 'a1', actionIcon: 'x' }] }, other)).data).toEqual({ a1: FAILED });
    expect((await list(c, `organizationId=org&apiKey=${created.data.apiKey}`)).body.activities).toEqual([]);
  });

  const invalid: [string, unknown, string][] = [
    ['organizationId missing', { activities: [{ id: 'a' }] }, 'organizationId is required.'],
    ['organizationId blank', { organizationId: ' ', activities: [{ id: 'a' }] }, 'organizationId is required.'],
    ['activities missing', { organizationId: 'org' }, 'activities is required.'],
    ['activities not an array', { organizationId: 'org', activities: {} }, 'activities must be an array.'],
    ['activities empty', { organizationId: 'org', activities: [] }, 'activities must contain at least 1 item.'],
    ['id missing', { organizationId: 'org', activities: [{ actionIcon: 'x' }] }, 'activities[0].id is required.'],
    ['changes not an object', { organizationId: 'org', activities: [{ id: 'a', changes: 'x' }] }, 'activities[0].changes must be an object.'],
    ['change not an object', { organizationId: 'org', activities: [{ id: 'a', changes: { s: 1 } }] }, 'activities[0].changes.s must be an object.'],
    [
      'template not a string',
      { organizationId: 'org', activities: [{ id: 'a', displayMessageTemplate: 1 }] },
      'activities[0].displayMessageTemplate must be a string.',
    ],
    [
      'template data not an object',
      { organizationId: 'org', activities: [{ id: 'a', displayMessageTemplateData: [] }] },
      'activities[0].displayMessageTemplateData must be an object.',
    ],
    ['icon not a string', { organizationId: 'org', activities: [{ id: 'b' }, { id: 'a', actionIcon: false }] }, 'activities[1].actionIcon must be a string.'],
  ];
  for (const [name, data, message] of invalid) {
    it(`refuses ${name} and changes nothing`, async () => {
      const c = fresh();
      await seed(c, { organizationId: 'org', activities: [record('a'), record('b')] });
      const before = fingerprint(c.service);
      expectError(await c.post(UPDATE, data), 400, 'INVALID_ARGUMENT', message);
      expect(fingerprint(c.service)).toBe(before);
    });
  }

  it('authenticates with the API-key headers', async () => {
    const c = fresh();
    expectError(
      await c.post(UPDATE, { organizationId: 'o', activities: [{ id: 'a' }] }, { 'x-service-api-key': undefined }),
      400,
      'INVALID_ARGUMENT',
      'API key not found in headers.',
    );
    expectError(
      await c.post(UPDATE, { organizationId: 'o', activities: [{ id: 'a' }] }, { 'x-service-api-key': 'nope' }),
      403,
      'PERMISSION_DENIED',
      'Invalid API key.',
    );
  });
});

forEachTransport('activities control plane', (fresh) => {
  it('stores records for the default key, drawing ids and timestamps when absent', async () => {
    const c = fresh({ clock: '2026-06-01T00:00:00Z' });
    const reply = await seed(c, { organizationId: 'org', activities: [{ actionType: 'comment.add', custom: { kept: true } }, record('given')] });
    expect(reply.status).toBe(200);
    expect(reply.body.apiKey).toBe(c.service.credentials.apiKey);
    const [drawn, given] = reply.body.activities;
    expect(drawn).toEqual({
      actionType: 'comment.add',
      custom: { kept: true },
      id: expect.stringMatching(/^[A-Za-z0-9]{20}$/),
      timestamp: Date.UTC(2026, 5, 1),
      immutable: false,
    });
    expect(given).toEqual({ ...record('given'), immutable: false });
    expect((await list(c, 'organizationId=org')).body).toEqual(reply.body);
    expect((await list(c, 'organizationId=other')).body.activities).toEqual([]);
  });

  const refused: [string, unknown, number, string, string][] = [
    [
      'a body that is not an object',
      [1],
      400,
      'INVALID_ARGUMENT',
      'The body must be a JSON object, e.g. {"organizationId":"org1","activities":[{"id":"activity-001","featureType":"comment","actionType":"comment.add"}]}.',
    ],
    ['a missing organizationId', { activities: [{ id: 'a' }] }, 400, 'INVALID_ARGUMENT', 'organizationId is required.'],
    ['an empty list', { organizationId: 'org', activities: [] }, 400, 'INVALID_ARGUMENT', 'activities must contain at least 1 item.'],
    [
      'a bad record after a good one',
      { organizationId: 'org', activities: [record('ok'), { featureType: 'poll' }] },
      400,
      'INVALID_ARGUMENT',
      'activities[1].featureType must be one of comment, reaction, recorder, crdt, custom.',
    ],
    [
      'a negative timestamp',
      { organizationId: 'org', activities: [{ timestamp: -5 }] },
      400,
      'INVALID_ARGUMENT',
      'timestamp must be a non-negative integer of milliseconds.',
    ],
    [
      'an actionUser without userId',
      { organizationId: 'org', activities: [{ actionUser: { name: 'x' } }] },
      400,
      'INVALID_ARGUMENT',
      'activities[0].actionUser.userId is required.',
    ],
    [
      'a repeated id in one batch',
      { organizationId: 'org', activities: [record('new'), record('new')] },
      400,
      'INVALID_ARGUMENT',
      'activities[1].id "new" already exists in organization "org"; activity ids are unique per organization.',
    ],
    [
      'an id already stored',
      { organizationId: 'org', activities: [record('fresh'), record('taken')] },
      400,
      'INVALID_ARGUMENT',
      'activities[1].id "taken" already exists in organization "org"; activity ids are unique per organization.',
    ],
    [
      'an unknown apiKey',
      { apiKey: 'nope', organizationId: 'org', activities: [record('x')] },
      404,
      'NOT_FOUND',
      'Unknown API key nope; GET /__mock/credentials shows the default key.',
    ],
  ];
  for (const [name, body, http, status, message] of refused) {
    it(`refuses ${name} and stores nothing`, async () => {
      const c = fresh();
      await seed(c, { organizationId: 'org', activities: [record('taken')] });
      const before = fingerprint(c.service);
      expectError(await seed(c, body), http, status, message);
      expect(fingerprint(c.service)).toBe(before);
    });
  }

  it('refuses a listing without organizationId or with an unknown key', async () => {
    const c = fresh();
    expectError(await list(c, 'apiKey=x'), 400, 'INVALID_ARGUMENT', 'organizationId is required, e.g. GET /__mock/activities?organizationId=org1.');
    expectError(await list(c, 'organizationId=o&apiKey=nope'), 404, 'NOT_FOUND', 'Unknown API key nope; GET /__mock/credentials shows the default key.');
  });
});

describe('activity model', () => {
  it('adds records in-process with seeded ids, the same for the same seed', () => {
    const run = () => {
      const service = createMockService({ seed: 9 });
      const ns = namespaceOf(service);
      const a = addActivity(service.model, ns, 'org', { actionType: 'comment.add' });
      service.clock.advance(1000);
      const b = addActivity(service.model, ns, 'org', { id: 'mine', immutable: true });
      return { a, b, listed: listActivities(ns, 'org') };
    };
    const first = run();
    expect(first.b).toEqual({ id: 'mine', timestamp: first.a.timestamp + 1000, immutable: true });
    expect(first.listed.map((r) => r.id)).toEqual([first.a.id, 'mine']);
    expect(run()).toEqual(first);
  });

  it('returns copies, so callers cannot change stored records', () => {
    const service = createMockService();
    const ns = namespaceOf(service);
    const added = addActivity(service.model, ns, 'org', { id: 'a', changes: { s: { from: 1, to: 2 } } });
    added.changes = {};
    const listed = listActivities(ns, 'org');
    (listed[0] as { immutable: boolean }).immutable = true;
    expect(listActivities(ns, 'org')[0]).toMatchObject({ changes: { s: { from: 1, to: 2 } }, immutable: false });
  });
});
