import { expect, it } from 'vitest';
import { expectError, expectSuccess, fingerprint } from '../../support/expect.js';
import { orgOf } from '../../support/store.js';
import { type Client, forEachTransport } from '../../support/transports.js';

/** Documents a (in folder f, restricted folder), b (custom field), c. */
async function seed(c: Client): Promise<Record<string, string>> {
  await c.post('/v2/organizations/folders/add', { organizationId: 'org', folders: [{ folderId: 'f', accessType: 'restricted' }, { folderId: 'g' }] });
  const added = expectSuccess(
    await c.post('/v2/organizations/documents/add', { organizationId: 'org', folderId: 'f', documents: [{ documentId: 'a', documentName: 'A' }] }),
  ).data;
  const more = expectSuccess(
    await c.post('/v2/organizations/documents/add', {
      organizationId: 'org',
      documents: [
        { documentId: 'b', owner: 'x' },
        { documentId: 'c', disabled: true },
      ],
    }),
  ).data;
  return { a: added.a.id, b: more.b.id, c: more.c.id };
}

forEachTransport('documents get, update, move, access', (fresh) => {
  it('gets documents with their effective access type, paged by pageToken on v2', async () => {
    const c = fresh();
    await seed(c);
    const page1 = expectSuccess(await c.post('/v2/organizations/documents/get', { organizationId: 'org', pageSize: 2 }), 'Document(s) retrieved successfully.');
    expect(page1.data).toEqual([
      { documentName: 'A', disabled: false, accessType: 'restricted', id: 'a' },
      { disabled: false, accessType: 'public', id: 'b', owner: 'x' },
    ]);
    expect(page1.pageToken).not.toBe('');
    expect(page1).not.toHaveProperty('nextPageToken');
    const page2 = expectSuccess(await c.post('/v2/organizations/documents/get', { organizationId: 'org', pageSize: 2, pageToken: page1.pageToken }));
    expect(page2).toMatchObject({ data: [{ disabled: true, accessType: 'public', id: 'c' }], pageToken: '' });
    const inFolder = expectSuccess(await c.post('/v2/organizations/documents/get', { organizationId: 'org', folderId: 'f' }));
    expect(inFolder.data.map((d: { id: string }) => d.id)).toEqual(['a']);
    const v1 = await c.post('/v1/organizations/documents/get', { organizationId: 'org', documentIds: ['c', 'missing'] });
    expect(expectSuccess(v1).data.map((d: { id: string }) => d.id)).toEqual(['c']);
    expect(v1.body.result).not.toHaveProperty('pageToken');
  });

  it('answers a v2 get naming a missing document with the documented 500 and every item in details', async () => {
    const c = fresh();
    await seed(c);
    const reply = await c.post('/v2/organizations/documents/get', { organizationId: 'org', documentIds: ['b', 'yourDocumentId2'] });
    expectError(reply, 500, 'INTERNAL', 'Error retrieving document(s).');
    expect(reply.body.error.details).toEqual([
      { disabled: false, accessType: 'public', id: 'b', owner: 'x' },
      { id: 'yourDocumentId2', success: false, message: 'Document does not exist', code: 'not-found' },
    ]);
    const lenient = fresh({ missingDocuments: 'notFound' });
    await seed(lenient);
    const notFound = await lenient.post('/v2/organizations/documents/get', { organizationId: 'org', documentIds: ['yourDocumentId2'] });
    expectError(notFound, 404, 'NOT_FOUND', 'Error retrieving document(s).');
    expect(notFound.body.error.details).toHaveLength(1);
  });

  it('updates names and custom fields; a missing document is inline on v1 and a 500 on v2', async () => {
    const c = fresh();
    const ids = await seed(c);
    const v1 = await c.post('/v1/organizations/documents/update', {
      organizationId: 'org',
      documents: [{ documentId: 'a', documentName: 'Renamed', tag: 1 }, { documentId: 'zz' }],
    });
    expect(expectSuccess(v1, 'Document(s) updated successfully.').data).toEqual({
      a: { success: true, id: ids.a, message: 'Updated Successfully' },
      zz: { success: false, id: 'zz', message: 'Document does not exist', code: 'not-found' },
    });
    expect(orgOf(c.service, 'org')?.documents.get('a')).toMatchObject({ documentName: 'Renamed', extra: { tag: 1 } });
    expect(orgOf(c.service, 'org')?.documents.has('zz')).toBe(false);
    const v2 = await c.post('/v2/organizations/documents/update', {
      organizationId: 'org',
      documents: [{ documentId: 'b', documentName: 'B' }, { documentId: 'yourDocumentId2' }],
    });
    expectError(v2, 500, 'INTERNAL', 'Error updating document(s).');
    expect(v2.body.error.details).toEqual({
      b: { success: true, id: ids.b, message: 'Updated Successfully' },
      yourDocumentId2: { success: false, id: 'yourDocumentId2', message: 'Document does not exist', code: 'not-found' },
    });
    expectSuccess(await c.post('/v2/organizations/documents/update', { organizationId: 'org', documents: [{ documentId: 'c', documentName: 'C' }] }));
  });

  it('moves documents into a folder, skipping unknown ids, with no data', async () => {
    const c = fresh();
    await seed(c);
    const reply = await c.post('/v1/organizations/documents/move', { organizationId: 'org', documentIds: ['a', 'b', 'ghost'], folderId: 'g' });
    expect(expectSuccess(reply)).toEqual({ status: 'success', message: 'Documents moved successfully.' });
    const docs = orgOf(c.service, 'org')?.documents;
    expect([docs?.get('a')?.folderId, docs?.get('b')?.folderId, docs?.has('ghost')]).toEqual(['g', 'g', false]);
    const got = expectSuccess(await c.post('/v2/organizations/documents/get', { organizationId: 'org', documentIds: ['a'] })).data;
    expect(got[0].accessType).toBe('public');
  });

  it('comment threads of a moved document name its new folder, like threads added after the move', async () => {
    const c = fresh();
    await seed(c);
    const thread = (annotationId: string) => ({ annotationId, commentData: [{ from: { userId: 'u1' }, commentText: 'Hi' }] });
    const folders = async () => {
      const got = expectSuccess(await c.post('/v2/commentannotations/get', { organizationId: 'org', documentId: 'a' })).data;
      return Object.fromEntries(got.map((t: { annotationId: string; metadata: { folderId?: string } }) => [t.annotationId, t.metadata.folderId]));
    };
    expectSuccess(await c.post('/v2/commentannotations/add', { organizationId: 'org', documentId: 'a', commentAnnotations: [thread('before')] }));
    expect(await folders()).toEqual({ before: 'f' });
    expectSuccess(await c.post('/v2/organizations/documents/move', { organizationId: 'org', documentIds: ['a'], folderId: 'g' }));
    expectSuccess(await c.post('/v2/commentannotations/add', { organizationId: 'org', documentId: 'a', commentAnnotations: [thread('after')] }));
    expect(await folders()).toEqual({ before: 'g', after: 'g' });
    const inG = expectSuccess(await c.post('/v2/commentannotations/get', { organizationId: 'org', folderId: 'g' })).data;
    expect(inG.map((t: { annotationId: string }) => t.annotationId).sort()).toEqual(['after', 'before']);
  });

  it('updates access type and disabled state per document', async () => {
    const c = fresh();
    await seed(c);
    const access = await c.post('/v2/organizations/documents/access/update', {
      organizationId: 'org',
      documentIds: ['b', 'nope'],
      accessType: 'organizationPrivate',
    });
    expect(expectSuccess(access, 'Updated access for documents successfully.').data).toEqual({
      b: { success: true, accessType: 'organizationPrivate', message: 'Document access type updated.' },
      nope: { success: false, accessType: null, message: 'Document does not exist' },
    });
    const disable = await c.post('/v1/organizations/documents/access/disablestate/update', {
      organizationId: 'org',
      documentIds: ['b', 'nope'],
      disabled: true,
    });
    expect(expectSuccess(disable, 'Updated disable state for documents successfully.').data).toEqual({
      b: { success: true, disabled: true, message: 'Document disabled state updated.' },
      nope: { success: false, disabled: true, message: 'Document does not exist' },
    });
    expect(orgOf(c.service, 'org')?.documents.get('b')).toMatchObject({ accessType: 'organizationPrivate', disabled: true });
    expect(orgOf(c.service, 'org')?.documents.has('nope')).toBe(false);
  });

  it('refuses bad input and an unknown destination folder without touching state', async () => {
    const c = fresh();
    await seed(c);
    const before = fingerprint(c.service);
    expectError(
      await c.post('/v2/organizations/documents/move', { organizationId: 'org', documentIds: ['a'], folderId: 'nope' }),
      404,
      'NOT_FOUND',
      'Folder not found.',
    );
    expectError(
      await c.post('/v2/organizations/documents/move', { organizationId: 'org', documentIds: ['a'] }),
      400,
      'INVALID_ARGUMENT',
      'folderId is required.',
    );
    expectError(
      await c.post('/v2/organizations/documents/move', { organizationId: 'org', folderId: 'g', documentIds: Array.from({ length: 31 }, (_, i) => `d${i}`) }),
      400,
      'INVALID_ARGUMENT',
      'documentIds can contain at most 30 items.',
    );
    expectError(await c.post('/v2/organizations/documents/get', {}), 400, 'INVALID_ARGUMENT', 'organizationId is required.');
    expectError(await c.post('/v2/organizations/documents/get', { organizationId: 'org', pageToken: 'bad' }), 400, 'INVALID_ARGUMENT', 'Invalid pageToken.');
    expectError(
      await c.post('/v2/organizations/documents/update', { organizationId: 'org', documents: [] }),
      400,
      'INVALID_ARGUMENT',
      'documents must contain at least 1 item.',
    );
    expectError(
      await c.post('/v2/organizations/documents/access/update', { organizationId: 'org', documentIds: ['a'] }),
      400,
      'INVALID_ARGUMENT',
      'accessType is required.',
    );
    expectError(
      await c.post('/v2/organizations/documents/access/update', { organizationId: 'org', documentIds: ['a'], accessType: 'private' }),
      400,
      'INVALID_ARGUMENT',
      'accessType must be one of public, organizationPrivate, restricted.',
    );
    expectError(
      await c.post('/v2/organizations/documents/access/disablestate/update', { organizationId: 'org', documentIds: ['a'] }),
      400,
      'INVALID_ARGUMENT',
      'disabled is required.',
    );
    expect(fingerprint(c.service)).toBe(before);
  });
});
