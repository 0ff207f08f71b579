import { expect, it } from 'vitest';
import { canonicalJson, permissionSignature } from '../../../src/operations/permissions.js';
import { expectError, expectSuccess, fingerprint } from '../../support/expect.js';
import { orgOf } from '../../support/store.js';
import { type Client, forEachTransport } from '../../support/transports.js';

const SECONDS = Date.UTC(2026, 0, 1) / 1000;

/** org1 with folder2 (restricted) holding document1, and document5 (restricted) at the top. */
async function seed(c: Client): Promise<void> {
  await c.post('/v2/organizations/folders/add', { organizationId: 'org1', folders: [{ folderId: 'folder2', accessType: 'restricted' }] });
  await c.post('/v2/organizations/documents/add', { organizationId: 'org1', folderId: 'folder2', documents: [{ documentId: 'document1' }] });
  await c.post('/v2/organizations/documents/add', {
    organizationId: 'org1',
    documents: [{ documentId: 'document5', accessType: 'restricted' }, { documentId: 'open' }],
  });
}

const grant = (c: Client, userId: string, resources: unknown[]) => c.post('/v2/auth/permissions/add', { user: { userId }, permissions: { resources } });

forEachTransport('permissions', (fresh) => {
  it('grants, reports effective access and revokes, as the reference examples show', async () => {
    const c = fresh();
    await seed(c);
    const added = await grant(c, '1.1', [
      { type: 'organization', id: 'org1' },
      { type: 'folder', id: 'folder2', organizationId: 'org1' },
      { type: 'document', id: 'document1', organizationId: 'org1', accessRole: 'viewer' },
    ]);
    expect(expectSuccess(added)).toEqual({ status: 'success', message: 'Permissions added successfully.' });
    const got = await c.post('/v2/auth/permissions/get', {
      organizationId: 'org1',
      userIds: ['1.1'],
      folderIds: ['folder2'],
      documentIds: ['document1', 'document5', 'open'],
    });
    expect(expectSuccess(got, 'User permissions retrieved successfully.').data).toEqual({
      '1.1': {
        organization: { org1: { accessRole: 'editor' } },
        folders: { folder2: { accessRole: 'editor', accessType: 'restricted' } },
        documents: {
          document1: { accessRole: 'viewer', accessType: 'restricted' },
          document5: { error: 'User does not have access to document', errorCode: 'permission_denied', accessType: 'restricted' },
          open: { accessRole: 'editor', accessType: 'public' },
        },
      },
    });
    const removed = await c.post('/v2/auth/permissions/remove', {
      userId: '1.1',
      permissions: {
        resources: [
          { type: 'document', id: 'document1', organizationId: 'org1' },
          { type: 'document', id: 'never', organizationId: 'org1' },
        ],
      },
    });
    expect(expectSuccess(removed)).toEqual({ status: 'success', message: 'Permissions removed successfully.' });
    const after = expectSuccess(await c.post('/v2/auth/permissions/get', { organizationId: 'org1', userIds: ['1.1'], documentIds: ['document1'] })).data;
    expect(after['1.1'].documents.document1).toEqual({ accessRole: 'editor', accessType: 'restricted' });
  });

  it('stores a grant as a user attachment with role and expiry, re-granting replaces both, and expiry ends it', async () => {
    const c = fresh();
    await seed(c);
    await c.post('/v2/users/add', { organizationId: 'org1', documentId: 'document5', users: [{ userId: 'u', name: 'Ann', email: 'ann@example.test' }] });
    await grant(c, 'u', [{ type: 'document', id: 'document5', organizationId: 'org1', accessRole: 'viewer', expiresAt: SECONDS + 60 }]);
    expect(orgOf(c.service, 'org1')?.documents.get('document5')?.users.get('u')).toEqual({
      userId: 'u',
      name: 'Ann',
      email: 'ann@example.test',
      initial: 'A',
      accessRole: 'viewer',
      expiresAt: SECONDS + 60,
    });
    const read = async () =>
      expectSuccess(await c.post('/v2/auth/permissions/get', { organizationId: 'org1', userIds: ['u'], documentIds: ['document5'] })).data.u.documents
        .document5;
    expect(await read()).toEqual({ accessRole: 'viewer', accessType: 'restricted', expiresAt: SECONDS + 60 });
    c.service.clock.advance(60_000);
    expect(await read()).toMatchObject({ errorCode: 'permission_denied' });
    await grant(c, 'u', [{ type: 'document', id: 'document5', organizationId: 'org1' }]);
    expect(await read()).toEqual({ accessRole: 'editor', accessType: 'restricted' });
    await grant(c, 'u', [
      { type: 'document', id: 'absent', organizationId: 'org1' },
      { type: 'organization', id: 'absentOrg' },
    ]);
    expect(orgOf(c.service, 'org1')?.documents.has('absent')).toBe(false);
    expect(orgOf(c.service, 'absentOrg')).toBeUndefined();
  });

  it('removes at organization level from every folder and document of it', async () => {
    const c = fresh();
    await seed(c);
    await grant(c, 'u', [
      { type: 'organization', id: 'org1' },
      { type: 'document', id: 'document5', organizationId: 'org1' },
    ]);
    await c.post('/v2/auth/permissions/remove', { userId: 'u', permissions: { resources: [{ type: 'organization', id: 'org1' }] } });
    const org = orgOf(c.service, 'org1');
    expect([org?.users.has('u'), org?.documents.get('document5')?.users.has('u')]).toEqual([false, false]);
  });

  it('fails the whole get with 404 and the full map in details when a folder or document does not exist', async () => {
    const c = fresh();
    await seed(c);
    await grant(c, '1.1', [{ type: 'organization', id: 'org1' }]);
    const reply = await c.post('/v2/auth/permissions/get', { organizationId: 'org1', userIds: ['1.1'], documentIds: ['document1-26-may-2025-folder222'] });
    expectError(reply, 404, 'NOT_FOUND', 'Folder or document does not exist');
    expect(reply.body.error.details).toEqual({
      '1.1': {
        organization: { org1: { accessRole: 'editor' } },
        documents: { 'document1-26-may-2025-folder222': { error: 'Document does not exist', errorCode: 'does_not_exist' } },
      },
    });
    expectError(
      await c.post('/v2/auth/permissions/get', { organizationId: 'org1', userIds: ['1.1'], folderIds: ['nope'] }),
      404,
      'NOT_FOUND',
      'Folder or document does not exist',
    );
  });

  it('signs permission-provider decisions deterministically with the key secret', async () => {
    const c = fresh();
    const permissions = [{ userId: 'u', resourceId: 'doc', type: 'document', hasAccess: true, accessRole: 'viewer', expiresAt: 1_767_225_600_000 }];
    const reply = await c.post('/v2/auth/generate_signature', { permissions });
    const { signature } = expectSuccess(reply, 'Signature generated successfully.').data;
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    const key = c.service.model.store.tables.apiKeys.get(c.service.credentials.apiKey)!;
    expect(signature).toBe(await permissionSignature(key, permissions));
    expect(canonicalJson({ b: 1, a: [{ d: 1, c: 2 }] })).toBe('{"a":[{"c":2,"d":1}],"b":1}');
    const other = expectSuccess(await c.post('/v2/auth/generate_signature', { permissions: [{ ...permissions[0], hasAccess: false }] })).data.signature;
    expect(other).not.toBe(signature);
  });

  it('refuses bad input without touching state', async () => {
    const c = fresh();
    await seed(c);
    const before = fingerprint(c.service);
    expectError(
      await c.post('/v2/auth/permissions/add', { permissions: { resources: [{ type: 'organization', id: 'org1' }] } }),
      400,
      'INVALID_ARGUMENT',
      'user is required.',
    );
    expectError(
      await grant(c, 'u', [{ type: 'document', id: 'd' }]),
      400,
      'INVALID_ARGUMENT',
      'permissions.resources[0].organizationId is required for a document resource.',
    );
    expectError(
      await grant(c, 'u', [
        { type: 'organization', id: 'org1' },
        { type: 'folder', id: 'f' },
      ]),
      400,
      'INVALID_ARGUMENT',
      'permissions.resources[1].organizationId is required for a folder resource.',
    );
    expectError(
      await grant(c, 'u', [{ type: 'group', id: 'g' }]),
      400,
      'INVALID_ARGUMENT',
      'permissions.resources[0].type must be one of organization, document, folder.',
    );
    expectError(
      await grant(c, 'u', [{ type: 'organization', id: 'org1', accessRole: 'owner' }]),
      400,
      'INVALID_ARGUMENT',
      'permissions.resources[0].accessRole must be one of viewer, editor.',
    );
    expectError(await grant(c, 'u', []), 400, 'INVALID_ARGUMENT', 'permissions.resources must contain at least 1 item.');
    expectError(
      await c.post('/v2/auth/permissions/remove', { permissions: { resources: [{ type: 'organization', id: 'org1' }] } }),
      400,
      'INVALID_ARGUMENT',
      'userId is required.',
    );
    expectError(
      await c.post('/v2/auth/permissions/remove', { userId: 'u', permissions: { resources: [{ type: 'folder', id: 'f' }] } }),
      400,
      'INVALID_ARGUMENT',
      'permissions.resources[0].organizationId is required for a folder resource.',
    );
    expectError(await c.post('/v2/auth/permissions/get', { organizationId: 'org1' }), 400, 'INVALID_ARGUMENT', 'userIds is required.');
    expectError(await c.post('/v2/auth/permissions/get', { userIds: ['u'] }), 400, 'INVALID_ARGUMENT', 'organizationId is required.');
    expectError(
      await c.post('/v2/auth/generate_signature', { permissions: [{ userId: 'u', resourceId: 'f', type: 'folder', hasAccess: true, accessRole: 'viewer' }] }),
      400,
      'INVALID_ARGUMENT',
      'accessRole is only allowed for document resources.',
    );
    expectError(
      await c.post('/v2/auth/generate_signature', { permissions: [{ userId: 'u', resourceId: 'f', type: 'folder' }] }),
      400,
      'INVALID_ARGUMENT',
      'permissions[0].hasAccess is required.',
    );
    expect(fingerprint(c.service)).toBe(before);
  });
});
