import { expect, it } from 'vitest';
import { md5Hex } from '../../../src/support/ids.js';
import { expectSuccess } from '../../support/expect.js';
import { type Client, forEachTransport } from '../../support/transports.js';

const SECONDS = Date.UTC(2026, 0, 1) / 1000;

/** Sends a notification on `doc` to `notifyUsers` with verifyUserPermissions and returns who holds it. */
async function holders(c: Client, notificationId: string, userIds: string[]): Promise<string[]> {
  expectSuccess(
    await c.post('/v2/notifications/add', {
      organizationId: 'org',
      documentId: 'doc',
      notificationId,
      actionUser: { userId: 'actor' },
      notifyUsers: userIds.map((userId) => ({ userId })),
      notifyAll: false,
      verifyUserPermissions: true,
      displayHeadlineMessageTemplate: 'Hi',
      displayBodyMessage: 'Body',
    }),
  );
  const got = expectSuccess(await c.post('/v2/notifications/get', { organizationId: 'org', documentId: 'doc' })).data;
  const record = got.find((n: { id: string }) => n.id === notificationId);
  return Object.keys(record?.notifyUsersByUserId ?? {}).sort();
}

forEachTransport('verifyUserPermissions and the access model', (fresh) => {
  it('keeps recipients the access model admits: grants, folder access types, expiry and disabled documents', async () => {
    const c = fresh();
    await c.post('/v2/organizations/folders/add', { organizationId: 'org', folders: [{ folderId: 'private', accessType: 'organizationPrivate' }] });
    await c.post('/v2/organizations/documents/add', { organizationId: 'org', folderId: 'private', documents: [{ documentId: 'doc' }] });
    await c.post('/v2/users/add', { organizationId: 'org', users: [{ userId: 'member' }] });
    await c.post('/v2/auth/permissions/add', {
      user: { userId: 'guest' },
      permissions: { resources: [{ type: 'document', id: 'doc', organizationId: 'org', accessRole: 'viewer', expiresAt: SECONDS + 60 }] },
    });
    expect(await holders(c, 'n1', ['member', 'guest', 'stranger'])).toEqual([md5Hex('member'), md5Hex('guest')].sort());
    await c.post('/v2/organizations/folders/access/update', { organizationId: 'org', folderIds: ['private'], accessType: 'restricted' });
    expect(await holders(c, 'n2', ['member', 'guest'])).toEqual([md5Hex('guest')]);
    c.service.clock.advance(60_000);
    expect(await holders(c, 'n3', ['member', 'guest'])).toEqual([]);
    await c.post('/v2/organizations/documents/access/update', { organizationId: 'org', documentIds: ['doc'], accessType: 'public' });
    expect(await holders(c, 'n4', ['member', 'guest'])).toEqual([md5Hex('member')]);
    await c.post('/v2/organizations/documents/access/disablestate/update', { organizationId: 'org', documentIds: ['doc'], disabled: true });
    expect(await holders(c, 'n5', ['member'])).toEqual([]);
  });

  it('denies a comment author whose permission has expired, under verifyUserPermissions', async () => {
    const c = fresh();
    await c.post('/v2/organizations/documents/add', { organizationId: 'org', documents: [{ documentId: 'doc', accessType: 'restricted' }] });
    await c.post('/v2/auth/permissions/add', {
      user: { userId: 'guest' },
      permissions: { resources: [{ type: 'document', id: 'doc', organizationId: 'org', expiresAt: SECONDS + 60 }] },
    });
    const add = (text: string) =>
      c.post('/v2/commentannotations/add', {
        organizationId: 'org',
        documentId: 'doc',
        verifyUserPermissions: true,
        commentAnnotations: [{ annotationId: text, commentData: [{ commentText: text, from: { userId: 'guest' } }] }],
      });
    expectSuccess(await add('before'));
    c.service.clock.advance(60_000);
    const late = await add('after');
    expect([late.status, late.body.error?.status]).toEqual([403, 'PERMISSION_DENIED']);
    expect(late.body.error.details.after).toEqual({ success: false, message: 'User does not have access to the document.' });
  });
});
