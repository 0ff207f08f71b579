import { expect, it } from 'vitest';
import { addActivity } from '../../../src/model/activities/activities.js';
import { control } from '../../support/control.js';
import { putNotification } from '../../support/document-data.js';
import { expectError, expectSuccess, fingerprint } from '../../support/expect.js';
import { namespaceOf } from '../../support/store.js';
import { type Client, forEachTransport } from '../../support/transports.js';

const MIGRATE = '/v2/organizations/documents/migrate';
const STATUS = '/v2/organizations/documents/migrate/status';

/** `doc-a` holds users u1 and u2; `doc-b` does not exist yet. */
async function seed(c: Client): Promise<void> {
  const added = await c.post('/v2/users/add', {
    organizationId: 'org',
    documentId: 'doc-a',
    users: [
      { userId: 'u1', name: 'Ann' },
      { userId: 'u2', name: 'Bob' },
    ],
  });
  expectSuccess(added);
}

async function start(c: Client, data: Record<string, unknown> = {}): Promise<string> {
  const result = expectSuccess(
    await c.post(MIGRATE, { organizationId: 'org', documentId: 'doc-a', newDocumentId: 'doc-b', ...data }),
    'Document migration started successfully.',
  );
  expect(Object.keys(result.data)).toEqual(['migrationId']);
  return result.data.migrationId as string;
}

async function status(c: Client, migrationId: string, organizationId = 'org'): Promise<string> {
  const result = expectSuccess(await c.post(STATUS, { organizationId, migrationId }), 'Migration status retrieved successfully.');
  expect(result.data.migrationId).toBe(migrationId);
  return result.data.status as string;
}

async function userIdsOf(c: Client, documentId: string): Promise<string[]> {
  const result = expectSuccess(await c.post('/v2/users/get', { organizationId: 'org', documentId }));
  return (result.data as { userId: string }[]).map((u) => u.userId);
}

forEachTransport('document migrations', (fresh) => {
  it('starts pending with a 20-character id and, by default, advances one state per status call', async () => {
    const c = fresh();
    await seed(c);
    const id = await start(c);
    expect(id).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(await status(c, id)).toBe('pending');
    expect(await userIdsOf(c, 'doc-b')).toEqual([]);
    expect(await status(c, id)).toBe('in_progress');
    expect(await status(c, id)).toBe('completed');
    expect(await status(c, id)).toBe('completed');
    expect(await userIdsOf(c, 'doc-b')).toEqual(['u1', 'u2']);
    expect(await userIdsOf(c, 'doc-a')).toEqual([]);
    expect(namespaceOf(c.service).organizations.get('org')?.documents.has('doc-a')).toBe(true);
  });

  it('completes at creation under migrations: immediate', async () => {
    const c = fresh({ migrations: 'immediate' });
    await seed(c);
    const id = await start(c);
    expect(await userIdsOf(c, 'doc-b')).toEqual(['u1', 'u2']);
    expect(await status(c, id)).toBe('completed');
    expect(await status(c, id)).toBe('completed');
  });

  it('ends in failed under migrations: failing, moving nothing', async () => {
    const c = fresh({ migrations: 'failing' });
    await seed(c);
    const id = await start(c);
    expect([await status(c, id), await status(c, id), await status(c, id), await status(c, id)]).toEqual(['pending', 'in_progress', 'failed', 'failed']);
    expect(await userIdsOf(c, 'doc-a')).toEqual(['u1', 'u2']);
    expect(await userIdsOf(c, 'doc-b')).toEqual([]);
  });

  it('advances one state per migrationStepMs of service time under migrations: clock', async () => {
    const c = fresh({ migrations: 'clock', migrationStepMs: 1000 });
    await seed(c);
    const id = await start(c);
    expect(await status(c, id)).toBe('pending');
    c.service.clock.advance(999);
    expect(await status(c, id)).toBe('pending');
    c.service.clock.advance(1);
    expect(await status(c, id)).toBe('in_progress');
    expect(await userIdsOf(c, 'doc-b')).toEqual([]);
    c.service.clock.advance(1000);
    expect(await status(c, id)).toBe('completed');
    expect(await userIdsOf(c, 'doc-b')).toEqual(['u1', 'u2']);

    const second = await start(c, { documentId: 'doc-b', newDocumentId: 'doc-c' });
    c.service.clock.advance(60_000);
    expect(await status(c, second)).toBe('completed');
    expect(await userIdsOf(c, 'doc-c')).toEqual(['u1', 'u2']);
  });

  it('completes a clock-driven migration before any call reads the data, without a status poll', async () => {
    const c = fresh({ migrations: 'clock', migrationStepMs: 1000 });
    await seed(c);
    await start(c);
    c.service.clock.advance(2000);
    expect(await userIdsOf(c, 'doc-b')).toEqual(['u1', 'u2']);
  });

  it('moves only through the control plane under migrations: manual', async () => {
    const c = fresh({ migrations: 'manual' });
    await seed(c);
    const id = await start(c);
    expect([await status(c, id), await status(c, id)]).toEqual(['pending', 'pending']);

    const listed = await control(c, 'GET', '/__mock/migrations');
    expect(listed.status).toBe(200);
    expect(listed.body.mode).toBe('manual');
    expect(listed.body.migrations).toMatchObject([
      { apiKey: c.service.credentials.apiKey, migrationId: id, documentId: 'doc-a', newDocumentId: 'doc-b', status: 'pending' },
    ]);

    const first = await control(c, 'POST', '/__mock/migrations/advance', { migrationId: id });
    expect(first.status).toBe(200);
    expect(first.body.status).toBe('in_progress');
    expect(await status(c, id)).toBe('in_progress');
    expect(await userIdsOf(c, 'doc-b')).toEqual([]);

    const second = await control(c, 'POST', '/__mock/migrations/advance', { apiKey: c.service.credentials.apiKey, migrationId: id });
    expect(second.body.status).toBe('completed');
    expect(await status(c, id)).toBe('completed');
    expect(await userIdsOf(c, 'doc-b')).toEqual(['u1', 'u2']);

    const before = fingerprint(c.service);
    const again = await control(c, 'POST', '/__mock/migrations/advance', { migrationId: id });
    expectError(again, 400, 'FAILED_PRECONDITION', `Migration ${id} is already completed; it cannot move any more.`);
    expect(fingerprint(c.service)).toBe(before);
  });

  it('jumps to a named state through the control plane and refuses moves the state machine forbids', async () => {
    const c = fresh({ migrations: 'manual' });
    await seed(c);
    const id = await start(c);
    const before = fingerprint(c.service);
    expectError(
      await control(c, 'POST', '/__mock/migrations/advance', { migrationId: id, to: 'pending' }),
      400,
      'FAILED_PRECONDITION',
      `Migration ${id} is pending; it can move to in_progress, completed, failed, not pending.`,
    );
    expectError(
      await control(c, 'POST', '/__mock/migrations/advance', { migrationId: id, to: 'done' }),
      400,
      'INVALID_ARGUMENT',
      'to must be one of pending, in_progress, completed, failed.',
    );
    expectError(
      await control(c, 'POST', '/__mock/migrations/advance', { migrationId: 'nope' }),
      404,
      'NOT_FOUND',
      `Migration nope not found under API key ${c.service.credentials.apiKey}.`,
    );
    expectError(
      await control(c, 'POST', '/__mock/migrations/advance', { apiKey: 'unknownKey', migrationId: id }),
      404,
      'NOT_FOUND',
      'Unknown API key unknownKey; GET /__mock/credentials shows the default key.',
    );
    expectError(await control(c, 'POST', '/__mock/migrations/advance', {}), 400, 'INVALID_ARGUMENT', 'migrationId is required.');
    expect(fingerprint(c.service)).toBe(before);

    const failed = await control(c, 'POST', '/__mock/migrations/advance', { migrationId: id, to: 'failed' });
    expect(failed.body.status).toBe('failed');
    expect(await status(c, id)).toBe('failed');
    expect(await userIdsOf(c, 'doc-a')).toEqual(['u1', 'u2']);

    const other = await start(c);
    const done = await control(c, 'POST', '/__mock/migrations/advance', { migrationId: other, to: 'completed' });
    expect(done.body.status).toBe('completed');
    expect(await userIdsOf(c, 'doc-b')).toEqual(['u1', 'u2']);
  });

  it('moves notifications, activities, annotations and merges users into an existing target', async () => {
    const c = fresh({ migrations: 'immediate' });
    await seed(c);
    expectSuccess(await c.post('/v2/users/add', { organizationId: 'org', documentId: 'doc-b', users: [{ userId: 'u9' }, { userId: 'u2', name: 'Old Bob' }] }));
    putNotification(c.service, { documentId: 'doc-a', notifyUsers: [{ userId: 'u1' }] });
    putNotification(c.service, { documentId: 'doc-other', notifyUsers: [{ userId: 'u1' }] });
    const ns = namespaceOf(c.service);
    const activity = addActivity(c.service.model, ns, 'org', { actionType: 'comment.add', metadata: { documentId: 'doc-a' } });
    const fixtures = await control(c, 'POST', '/__mock/annotations', {
      organizationId: 'org',
      comments: [{ documentId: 'doc-a', from: { userId: 'u1' } }],
      reactions: [{ documentId: 'doc-a', from: { userId: 'u1' } }],
      recordings: [
        { documentId: 'doc-a', from: { userId: 'u1' } },
        { documentId: 'doc-other', from: { userId: 'u1' } },
      ],
    });
    expect(fixtures.status).toBe(200);
    const rest = {
      organizationId: 'org',
      documentId: 'doc-a',
      actionUser: { userId: 'u2' },
      notifyUsers: [{ userId: 'u1' }],
      notifyAll: false,
      displayHeadlineMessageTemplate: 'Hi',
      displayBodyMessage: 'Body',
    };
    expectSuccess(await c.post('/v2/notifications/add', rest), 'Notification added successfully.');

    await start(c);

    expect(await userIdsOf(c, 'doc-b')).toEqual(['u9', 'u2', 'u1']);
    const users = expectSuccess(await c.post('/v2/users/get', { organizationId: 'org', documentId: 'doc-b', userIds: ['u2'] })).data;
    expect(users).toEqual([{ name: 'Bob', userId: 'u2' }]);
    const data = expectSuccess(await c.post('/v2/users/data/get', { organizationId: 'org', userId: 'u1' })).data;
    expect(data.notifications.map((n: { metadata: { documentId: string } }) => n.metadata.documentId)).toEqual(['doc-b', 'doc-other', 'doc-b']);
    const listed = expectSuccess(await c.post('/v2/notifications/get', { organizationId: 'org', documentId: 'doc-b' })).data;
    expect(listed.map((n: { actionUser: { userId: string } }) => n.actionUser.userId).sort()).toEqual(['author', 'u2']);
    expect(expectSuccess(await c.post('/v2/notifications/get', { organizationId: 'org', documentId: 'doc-a' })).data).toEqual([]);
    for (const list of ['comments', 'reactions']) expect(data[list].map((r: { metadata: { documentId: string } }) => r.metadata.documentId)).toEqual(['doc-b']);
    expect(data.recordings.map((r: { metadata: { documentId: string } }) => r.metadata.documentId)).toEqual(['doc-b', 'doc-other']);
    expect(ns.organizations.get('org')?.activities.get(activity.id)?.metadata?.['documentId']).toBe('doc-b');
  });

  it('moves per-document notification settings to the target document on completion', async () => {
    const c = fresh({ migrations: 'immediate' });
    await seed(c);
    expectSuccess(
      await c.post('/v2/notifications/config/set', {
        organizationId: 'org',
        userIds: ['u1'],
        documentIds: ['doc-a'],
        config: { inbox: 'NONE', email: 'MINE' },
      }),
    );
    expectSuccess(
      await c.post('/v2/notifications/config/set', { organizationId: 'org', userIds: ['u2'], documentIds: ['doc-other'], config: { inbox: 'MINE' } }),
    );
    await start(c);
    const configOf = async (userId: string, documentId: string) =>
      expectSuccess(await c.post('/v2/notifications/config/get', { organizationId: 'org', userId, documentIds: [documentId] })).data[0].config;
    expect(await configOf('u1', 'doc-b')).toMatchObject({ inbox: 'NONE', email: 'MINE' });
    expect(await configOf('u1', 'doc-a')).toMatchObject({ inbox: 'ALL', email: 'ALL' });
    expect(await configOf('u2', 'doc-other')).toMatchObject({ inbox: 'MINE' });
  });

  it('moves shared-editor entries to the target document on completion', async () => {
    const c = fresh();
    await seed(c);
    expectSuccess(await c.post('/v2/crdt/add', { organizationId: 'org', documentId: 'doc-a', editorId: 'notes', type: 'text', data: 'Hello' }));
    const id = await start(c);
    await status(c, id);
    const read = async (documentId: string) => expectSuccess(await c.post('/v2/crdt/get', { organizationId: 'org', documentId })).data;
    expect(await read('doc-b')).toEqual([]);
    await status(c, id);
    expect((await read('doc-b')).map((e: { id: string; data: unknown }) => [e.id, e.data])).toEqual([['notes', 'Hello']]);
    expect(await read('doc-a')).toEqual([]);
  });

  it('answers the same bytes for the same seed and calls', async () => {
    const run = async (): Promise<string[]> => {
      const c = fresh({ seed: 42 });
      await seed(c);
      const id = await start(c);
      return [id, (await c.post(STATUS, { organizationId: 'org', migrationId: id })).text];
    };
    expect(await run()).toEqual(await run());
  });

  it('refuses a missing source document, equal ids and missing fields, changing nothing', async () => {
    const c = fresh();
    await seed(c);
    const before = fingerprint(c.service);
    expectError(await c.post(MIGRATE, { organizationId: 'org', documentId: 'nope', newDocumentId: 'doc-b' }), 404, 'NOT_FOUND', 'Document not found.');
    expectError(await c.post(MIGRATE, { organizationId: 'other-org', documentId: 'doc-a', newDocumentId: 'doc-b' }), 404, 'NOT_FOUND', 'Document not found.');
    expectError(
      await c.post(MIGRATE, { organizationId: 'org', documentId: 'doc-a', newDocumentId: 'doc-a' }),
      400,
      'INVALID_ARGUMENT',
      'newDocumentId must differ from documentId.',
    );
    expectError(await c.post(MIGRATE, { documentId: 'doc-a', newDocumentId: 'doc-b' }), 400, 'INVALID_ARGUMENT', 'organizationId is required.');
    expectError(
      await c.post(MIGRATE, { organizationId: 'org', documentId: 'doc-a', newDocumentId: '  ' }),
      400,
      'INVALID_ARGUMENT',
      'newDocumentId is required.',
    );
    expectError(
      await c.post(MIGRATE, { organizationId: 'org', documentId: 7, newDocumentId: 'doc-b' }),
      400,
      'INVALID_ARGUMENT',
      'documentId must be a string.',
    );
    expectError(
      await c.post(MIGRATE, { organizationId: 'org', documentId: 'doc-a', newDocumentId: 'doc-b' }, { 'x-service-api-key': 'unknownKey' }),
      403,
      'PERMISSION_DENIED',
      'Invalid API key.',
    );
    expect(fingerprint(c.service)).toBe(before);
  });

  it('refuses an unknown migration, one of another organization and missing fields, changing nothing', async () => {
    const c = fresh();
    await seed(c);
    const id = await start(c);
    const before = fingerprint(c.service);
    expectError(await c.post(STATUS, { organizationId: 'org', migrationId: 'AAAAAAAAAAAAAAAAAAAA' }), 404, 'NOT_FOUND', 'Migration not found.');
    expectError(await c.post(STATUS, { organizationId: 'other-org', migrationId: id }), 404, 'NOT_FOUND', 'Migration not found.');
    expectError(await c.post(STATUS, { organizationId: 'org' }), 400, 'INVALID_ARGUMENT', 'migrationId is required.');
    expectError(await c.post(STATUS, { migrationId: id }), 400, 'INVALID_ARGUMENT', 'organizationId is required.');
    expect(fingerprint(c.service)).toBe(before);
    expect(await status(c, id)).toBe('pending');
  });
});
