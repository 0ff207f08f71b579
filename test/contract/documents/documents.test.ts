import { expect, it } from 'vitest';
import { control } from '../../support/control.js';
import { expectError, expectSuccess, fingerprint } from '../../support/expect.js';
import { orgOf as orgOfService } from '../../support/store.js';
import { type Client, forEachTransport } from '../../support/transports.js';

const orgOf = (c: Client, id: string) => orgOfService(c.service, id);
const SIXTEEN_DIGITS = /^[1-9]\d{15}$/;

forEachTransport('documents add', (fresh) => {
  it('adds documents with 16-digit ids on both paths, creating the organization', async () => {
    for (const path of ['/v1/organizations/documents/add', '/v2/organizations/documents/add']) {
      const c = fresh();
      const reply = await c.post(path, { organizationId: 'org', documents: [{ documentId: 'yourDocumentId', documentName: 'Doc' }, { documentId: 'second' }] });
      const result = expectSuccess(reply, 'Document(s) added successfully.');
      expect(Object.keys(result.data)).toEqual(['yourDocumentId', 'second']);
      expect(result.data.yourDocumentId).toEqual({ success: true, id: expect.stringMatching(SIXTEEN_DIGITS), message: 'Added Successfully' });
      expect(result.data.second.id).toMatch(SIXTEEN_DIGITS);
      expect(result.data.second.id).not.toBe(result.data.yourDocumentId.id);
      expect(orgOf(c, 'org')?.documents.get('yourDocumentId')).toMatchObject({
        documentId: 'yourDocumentId',
        id: result.data.yourDocumentId.id,
        documentName: 'Doc',
      });
    }
  });

  it('draws the same document ids from the same seed', async () => {
    const call = { organizationId: 'org', documents: [{ documentId: 'd' }] };
    const first = expectSuccess(await fresh().post('/v2/organizations/documents/add', call)).data.d.id;
    const second = expectSuccess(await fresh().post('/v2/organizations/documents/add', call)).data.d.id;
    expect(second).toBe(first);
    const other = expectSuccess(await fresh({ seed: 2 }).post('/v2/organizations/documents/add', call)).data.d.id;
    expect(other).not.toBe(first);
  });

  it('refuses an existing document per item and leaves it untouched', async () => {
    const c = fresh();
    const first = expectSuccess(
      await c.post('/v2/organizations/documents/add', { organizationId: 'org', documents: [{ documentId: 'd', documentName: 'Kept' }] }),
    );
    const reply = await c.post('/v1/organizations/documents/add', {
      organizationId: 'org',
      documents: [{ documentId: 'd', documentName: 'Lost' }, { documentId: 'e' }],
    });
    const result = expectSuccess(reply, 'Document(s) added successfully.');
    expect(result.data.d).toEqual({ success: false, id: 'd', message: 'Document already exists', code: 'already-exists' });
    expect(result.data.e).toMatchObject({ success: true, message: 'Added Successfully' });
    expect(orgOf(c, 'org')?.documents.get('d')).toMatchObject({ id: first.data.d.id, documentName: 'Kept' });
  });

  it('stores documented and custom fields as given', async () => {
    const c = fresh();
    const metadata = { owner: 'x', tags: ['a', 'b'], nested: { n: 1 } };
    await c.post('/v2/organizations/documents/add', {
      organizationId: 'org',
      documents: [{ documentId: 'd', documentName: 'Name', accessType: 'restricted', disabled: true, metadata, custom: 42 }],
    });
    expect(orgOf(c, 'org')?.documents.get('d')).toMatchObject({
      documentName: 'Name',
      accessType: 'restricted',
      disabled: true,
      extra: { metadata, custom: 42 },
    });
  });

  it('puts documents in a folder, creating the folder', async () => {
    const c = fresh();
    await c.post('/v2/organizations/documents/add', { organizationId: 'org', folderId: 'f', documents: [{ documentId: 'd' }] });
    const org = orgOf(c, 'org');
    expect(org?.folders.has('f')).toBe(true);
    expect(org?.documents.get('d')?.folderId).toBe('f');
  });

  it('refuses bad input without touching state', async () => {
    const c = fresh();
    await c.post('/v2/organizations/documents/add', { organizationId: 'org', documents: [{ documentId: 'd' }] });
    const before = fingerprint(c.service);
    const path = '/v2/organizations/documents/add';
    expectError(await c.post(path, { organizationId: 'org' }), 400, 'INVALID_ARGUMENT', 'documents is required.');
    expectError(await c.post(path, { organizationId: 'org', documents: [] }), 400, 'INVALID_ARGUMENT', 'documents must contain at least 1 item.');
    expectError(
      await c.post(path, { organizationId: 'org', documents: [{ documentId: 'e' }, { documentName: 'x' }] }),
      400,
      'INVALID_ARGUMENT',
      'documents[1].documentId is required.',
    );
    expectError(
      await c.post(path, { organizationId: 'org', documents: [{ documentId: 'e', accessType: 'secret' }] }),
      400,
      'INVALID_ARGUMENT',
      'documents[0].accessType must be one of public, organizationPrivate, restricted.',
    );
    expectError(
      await c.post(path, { organizationId: 'org', documents: [{ documentId: 'e', disabled: 'no' }] }),
      400,
      'INVALID_ARGUMENT',
      'documents[0].disabled must be a boolean.',
    );
    expectError(await c.post('/v1/organizations/documents/add', { documents: [{ documentId: 'e' }] }), 400, 'INVALID_ARGUMENT', 'organizationId is required.');
    expect(fingerprint(c.service)).toBe(before);
  });
});

forEachTransport('documents delete', (fresh) => {
  it('deletes with the internal id and reports a missing document as success with the client id, on both paths', async () => {
    for (const path of ['/v2/organizations/documents/delete', '/v1/organizations/documents/delete']) {
      const c = fresh();
      const added = expectSuccess(await c.post('/v2/organizations/documents/add', { organizationId: 'org', documents: [{ documentId: 'yourDocumentId1' }] }));
      const reply = await c.post(path, { organizationId: 'org', documentIds: ['yourDocumentId1', 'yourDocumentId2'] });
      expect(expectSuccess(reply)).toEqual({
        status: 'success',
        message: 'Document(s) deleted successfully.',
        data: {
          yourDocumentId1: { success: true, id: added.data.yourDocumentId1.id, message: 'Deleted Successfully' },
          yourDocumentId2: { success: true, id: 'yourDocumentId2', message: 'Document does not exist' },
        },
      });
      expect(orgOf(c, 'org')?.documents.size).toBe(0);
    }
  });

  it('drops the document users with the document; a re-added document starts empty', async () => {
    const c = fresh();
    await c.post('/v2/users/add', { organizationId: 'org', users: [{ userId: 'orgUser' }] });
    await c.post('/v2/users/add', { organizationId: 'org', documentId: 'd', users: [{ userId: 'a' }, { userId: 'orgUser' }] });
    await c.post('/v2/users/add', { organizationId: 'org', documentId: 'other', users: [{ userId: 'b' }] });
    expectSuccess(await c.post('/v2/organizations/documents/delete', { organizationId: 'org', documentIds: ['d'] }));
    expect(expectSuccess(await c.post('/v2/users/get', { organizationId: 'org', documentId: 'd' })).data).toEqual([]);
    expect(expectSuccess(await c.post('/v2/users/get', { organizationId: 'org', allDocuments: true })).data).toEqual([{ userId: 'b' }]);
    expect(expectSuccess(await c.post('/v2/users/get', { organizationId: 'org' })).data).toEqual([{ userId: 'orgUser' }]);
    expectSuccess(await c.post('/v2/organizations/documents/add', { organizationId: 'org', documents: [{ documentId: 'd' }] }));
    expect(expectSuccess(await c.post('/v2/users/get', { organizationId: 'org', documentId: 'd' })).data).toEqual([]);
  });

  it('drops the shared-editor entries and notifications of the deleted document only', async () => {
    const c = fresh();
    for (const documentId of ['d', 'other']) {
      expectSuccess(await c.post('/v2/crdt/add', { organizationId: 'org', documentId, editorId: 'notes', type: 'text', data: 'hello' }));
      expectSuccess(
        await c.post('/v2/notifications/add', {
          organizationId: 'org',
          documentId,
          actionUser: { userId: 'actor' },
          displayHeadlineMessageTemplate: 'Hi',
          displayBodyMessage: 'Body',
          notifyUsers: [{ userId: 'reader' }],
        }),
      );
    }
    expectSuccess(await c.post('/v2/organizations/documents/delete', { organizationId: 'org', documentIds: ['d'] }));
    expect(expectSuccess(await c.post('/v2/crdt/get', { organizationId: 'org', documentId: 'd' })).data).toEqual([]);
    expect(expectSuccess(await c.post('/v2/crdt/get', { organizationId: 'org', documentId: 'other' })).data).toHaveLength(1);
    const notifications = [...(orgOf(c, 'org')?.notifications.values() ?? [])].map((n) => n.documentId);
    expect(notifications).toEqual(['other']);
  });

  it('drops the activity records and notification settings of the deleted document only', async () => {
    const c = fresh();
    const activities = (documentId: string) => [{ id: `act-${documentId}`, actionType: 'comment.add', metadata: { documentId } }];
    for (const documentId of ['d', 'other']) {
      expectSuccess(await c.post('/v2/organizations/documents/add', { organizationId: 'org', documents: [{ documentId }] }));
      expect((await control(c, 'POST', '/__mock/activities', { organizationId: 'org', activities: activities(documentId) })).status).toBe(200);
    }
    const setting = { organizationId: 'org', userIds: ['u1'], documentIds: ['d', 'other'], config: { inbox: 'NONE' } };
    expectSuccess(await c.post('/v2/notifications/config/set', setting));
    expectSuccess(await c.post('/v2/organizations/documents/delete', { organizationId: 'org', documentIds: ['d'] }));
    const listed = (await control(c, 'GET', '/__mock/activities?organizationId=org')).body.activities as { id: string }[];
    expect(listed.map((a) => a.id)).toEqual(['act-other']);
    const configs = expectSuccess(await c.post('/v2/notifications/config/get', { organizationId: 'org', userId: 'u1', documentIds: ['d', 'other'] })).data;
    expect(configs.map((entry: { config: { inbox: string } }) => entry.config.inbox)).toEqual(['ALL', 'NONE']);
  });

  it('reports every document missing in an unknown organization and creates nothing', async () => {
    const c = fresh();
    const before = fingerprint(c.service);
    const reply = await c.post('/v2/organizations/documents/delete', { organizationId: 'nowhere', documentIds: ['d'] });
    expect(expectSuccess(reply).data).toEqual({ d: { success: true, id: 'd', message: 'Document does not exist' } });
    expect(fingerprint(c.service)).toBe(before);
  });

  it('refuses bad input without touching state', async () => {
    const c = fresh();
    await c.post('/v2/organizations/documents/add', { organizationId: 'org', documents: [{ documentId: 'd' }] });
    const before = fingerprint(c.service);
    const path = '/v2/organizations/documents/delete';
    expectError(await c.post(path, { organizationId: 'org' }), 400, 'INVALID_ARGUMENT', 'documentIds is required.');
    expectError(await c.post(path, { organizationId: 'org', documentIds: [] }), 400, 'INVALID_ARGUMENT', 'documentIds must contain at least 1 item.');
    expectError(await c.post(path, { organizationId: 'org', documentIds: ['d', ' '] }), 400, 'INVALID_ARGUMENT', 'documentIds[1] is required.');
    expectError(await c.post('/v1/organizations/documents/delete', { documentIds: ['d'] }), 400, 'INVALID_ARGUMENT', 'organizationId is required.');
    expect(fingerprint(c.service)).toBe(before);
  });
});

forEachTransport('organization disable state', (fresh) => {
  const path = '/v2/organizations/access/disablestate/update';

  it('answers the service-facts example: existing updated, missing refused, md5 ids', async () => {
    const c = fresh();
    await c.post('/v2/users/add', { organizationId: 'yourOrganizationId1', users: [{ userId: 'a' }] });
    const reply = await c.post(path, { organizationIds: ['yourOrganizationId1', 'yourOrganizationId2'], disabled: true });
    expect(expectSuccess(reply)).toEqual({
      status: 'success',
      message: 'Updated disable state for Organization(s) successfully.',
      data: {
        yourOrganizationId1: { success: true, id: '2bed116c35117c1a1cf8f3e28947aa0e', message: 'Updated disable state for organization Successfully' },
        yourOrganizationId2: { success: false, id: '7d2859c41a49b8fcc9e935ebb5db5429', message: 'Organization does not exist' },
      },
    });
    expect(orgOf(c, 'yourOrganizationId1')?.disabled).toBe(true);
    expect(orgOf(c, 'yourOrganizationId2')).toBeUndefined();
  });

  it('does not create a missing organization: a later call still finds none', async () => {
    const c = fresh();
    const before = fingerprint(c.service);
    await c.post(path, { organizationIds: ['ghost'], disabled: true });
    expect(fingerprint(c.service)).toBe(before);
    const again = await c.post(path, { organizationIds: ['ghost'], disabled: false });
    expect(expectSuccess(again).data.ghost).toMatchObject({ success: false, message: 'Organization does not exist' });
  });

  it('stores the flag both ways; REST operations keep working on a disabled organization', async () => {
    const c = fresh();
    await c.post('/v2/organizations/documents/add', { organizationId: 'org', documents: [{ documentId: 'd' }] });
    expectSuccess(await c.post(path, { organizationIds: ['org'], disabled: true }));
    expect(orgOf(c, 'org')?.disabled).toBe(true);
    expectSuccess(await c.post('/v2/users/add', { organizationId: 'org', users: [{ userId: 'a' }] }));
    expect(expectSuccess(await c.post('/v2/users/get', { organizationId: 'org' })).data).toEqual([{ userId: 'a' }]);
    expectSuccess(await c.post(path, { organizationIds: ['org'], disabled: false }));
    expect(orgOf(c, 'org')?.disabled).toBe(false);
  });

  it('refuses bad input without touching state', async () => {
    const c = fresh();
    await c.post('/v2/users/add', { organizationId: 'org', users: [{ userId: 'a' }] });
    const before = fingerprint(c.service);
    expectError(await c.post(path, { organizationIds: ['org'] }), 400, 'INVALID_ARGUMENT', 'disabled is required.');
    expectError(await c.post(path, { organizationIds: ['org'], disabled: 'yes' }), 400, 'INVALID_ARGUMENT', 'disabled must be a boolean.');
    expectError(await c.post(path, { disabled: true }), 400, 'INVALID_ARGUMENT', 'organizationIds is required.');
    expectError(await c.post(path, { organizationIds: [], disabled: true }), 400, 'INVALID_ARGUMENT', 'organizationIds must contain at least 1 item.');
    expectError(await c.post(path, { organizationIds: 'org', disabled: true }), 400, 'INVALID_ARGUMENT', 'organizationIds must be an array.');
    expect(fingerprint(c.service)).toBe(before);
  });
});
