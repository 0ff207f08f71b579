import { expect, it } from 'vitest';
import { expectError, expectSuccess, fingerprint } from '../../support/expect.js';
import { orgOf as orgOfService } from '../../support/store.js';
import { type Client, forEachTransport } from '../../support/transports.js';

const orgOf = (c: Client, id: string) => orgOfService(c.service, id);
const idsOf = async (c: Client, data: Record<string, unknown>) =>
  (expectSuccess(await c.post('/v2/users/get', data)).data as { userId: string }[]).map((u) => u.userId);

forEachTransport('users update', (fresh) => {
  it('updates attached users and reports missing ones with md5 ids, on both paths', async () => {
    for (const path of ['/v1/users/update', '/v2/users/update']) {
      const c = fresh();
      await c.post('/v2/users/add', { organizationId: 'org', users: [{ userId: 'yourUserId1', name: 'Old', email: 'old@x.io', color: 'red' }] });
      const reply = await c.post(path, {
        organizationId: 'org',
        users: [
          { userId: 'yourUserId1', name: 'New' },
          { userId: 'yourUserId2', name: 'Nobody' },
        ],
      });
      expect(expectSuccess(reply)).toEqual({
        status: 'success',
        message: 'User(s) processed successfully.',
        data: {
          yourUserId1: { success: true, id: 'f9e7c3d46eac2fc61ea6853ee970ccac', message: 'User updated.' },
          yourUserId2: { success: false, id: '3d211bd0d523135deadd4391ba9c3c59', message: 'User does not exist.' },
        },
      });
      expect(orgOf(c, 'org')?.users.get('yourUserId1')).toEqual({ userId: 'yourUserId1', name: 'New', email: 'old@x.io', color: 'red', initial: 'N' });
      expect(orgOf(c, 'org')?.users.has('yourUserId2')).toBe(false);
    }
  });

  it('re-derives initial on rename unless one is sent, and keeps it otherwise', async () => {
    const c = fresh();
    await c.post('/v2/users/add', { organizationId: 'org', users: [{ userId: 'a', name: 'alice' }] });
    const initial = () => orgOf(c, 'org')?.users.get('a')?.initial;
    expect(initial()).toBe('A');
    await c.post('/v1/users/update', { organizationId: 'org', users: [{ userId: 'a', name: 'bob' }] });
    expect(initial()).toBe('B');
    await c.post('/v1/users/update', { organizationId: 'org', users: [{ userId: 'a', name: 'carol', initial: 'Q' }] });
    expect(initial()).toBe('Q');
    await c.post('/v1/users/update', { organizationId: 'org', users: [{ userId: 'a', email: 'c@x.io' }] });
    expect(initial()).toBe('Q');
  });

  it('honours accessRole on v2 only', async () => {
    const c = fresh();
    await c.post('/v2/users/add', { organizationId: 'org', users: [{ userId: 'a', accessRole: 'editor' }] });
    await c.post('/v1/users/update', { organizationId: 'org', users: [{ userId: 'a', accessRole: 'viewer' }] });
    expect(orgOf(c, 'org')?.users.get('a')?.accessRole).toBe('editor');
    await c.post('/v2/users/update', { organizationId: 'org', users: [{ userId: 'a', accessRole: 'viewer' }] });
    expect(orgOf(c, 'org')?.users.get('a')?.accessRole).toBe('viewer');
  });

  it('updates only at the level given; an unknown level changes nothing', async () => {
    const c = fresh();
    await c.post('/v2/users/add', { organizationId: 'org', users: [{ userId: 'a', name: 'Org' }] });
    await c.post('/v2/users/add', { organizationId: 'org', documentId: 'doc', users: [{ userId: 'a', name: 'Doc' }] });
    await c.post('/v2/users/update', { organizationId: 'org', documentId: 'doc', users: [{ userId: 'a', name: 'Doc 2' }] });
    expect(orgOf(c, 'org')?.users.get('a')?.name).toBe('Org');
    expect(orgOf(c, 'org')?.documents.get('doc')?.users.get('a')?.name).toBe('Doc 2');
    const before = fingerprint(c.service);
    for (const level of [{ organizationId: 'nowhere' }, { organizationId: 'org', documentId: 'nodoc' }, { organizationId: 'org', folderId: 'nofolder' }]) {
      const reply = await c.post('/v2/users/update', { ...level, users: [{ userId: 'a', name: 'X' }] });
      expect(expectSuccess(reply, 'User(s) processed successfully.').data).toEqual({
        a: { success: false, id: '0cc175b9c0f1b6a831c399e269772661', message: 'User does not exist.' },
      });
    }
    expect(fingerprint(c.service)).toBe(before);
  });

  it('refuses bad input without touching state', async () => {
    const c = fresh();
    await c.post('/v2/users/add', { organizationId: 'org', users: [{ userId: 'a', name: 'A' }] });
    const before = fingerprint(c.service);
    expectError(
      await c.post('/v1/users/update', { organizationId: 'org', users: [{ userId: 'a', name: 'B' }, {}] }),
      400,
      'INVALID_ARGUMENT',
      'users[1].userId is required.',
    );
    expectError(await c.post('/v2/users/update', { organizationId: 'org' }), 400, 'INVALID_ARGUMENT', 'users is required.');
    expectError(await c.post('/v2/users/update', { users: [{ userId: 'a' }] }), 400, 'INVALID_ARGUMENT', 'organizationId is required.');
    expect(fingerprint(c.service)).toBe(before);
  });
});

forEachTransport('users delete', (fresh) => {
  it('reports removed and missing users without ids, on both paths', async () => {
    for (const path of ['/v1/users/delete', '/v2/users/delete']) {
      const c = fresh();
      await c.post('/v2/users/add', { organizationId: 'org', users: [{ userId: 'yourUserId1' }, { userId: 'keep' }] });
      const reply = await c.post(path, { organizationId: 'org', userIds: ['yourUserId1', 'yourUserId2'] });
      expect(expectSuccess(reply)).toEqual({
        status: 'success',
        message: 'User(s) deleted successfully.',
        data: {
          yourUserId1: { success: true, message: 'User removed.' },
          yourUserId2: { success: false, message: 'User does not exist.' },
        },
      });
      expect(await idsOf(c, { organizationId: 'org' })).toEqual(['keep']);
    }
  });

  it('cascades an organization-level delete to folders, documents and groups', async () => {
    const c = fresh();
    await c.post('/v2/users/add', { organizationId: 'org', users: [{ userId: 'a' }, { userId: 'b' }] });
    await c.post('/v2/users/add', { organizationId: 'org', folderId: 'f', users: [{ userId: 'a' }, { userId: 'b' }] });
    await c.post('/v2/users/add', { organizationId: 'org', documentId: 'd', users: [{ userId: 'a' }, { userId: 'b' }] });
    await c.post('/v2/organizations/usergroups/users/add', { organizationId: 'org', organizationUserGroupId: 'g', userIds: ['a', 'b'] });
    expectSuccess(await c.post('/v2/users/delete', { organizationId: 'org', userIds: ['a'] }));
    expect(await idsOf(c, { organizationId: 'org' })).toEqual(['b']);
    expect(await idsOf(c, { organizationId: 'org', folderId: 'f' })).toEqual(['b']);
    expect(await idsOf(c, { organizationId: 'org', documentId: 'd' })).toEqual(['b']);
    expect(await idsOf(c, { organizationId: 'org', organizationUserGroupIds: ['g'] })).toEqual(['b']);
    expect([...(orgOf(c, 'org')?.groups.get('g')?.members ?? [])]).toEqual(['b']);
  });

  it('removes only the document or folder attachment at those levels', async () => {
    const c = fresh();
    await c.post('/v2/users/add', { organizationId: 'org', users: [{ userId: 'a' }] });
    await c.post('/v2/users/add', { organizationId: 'org', folderId: 'f', users: [{ userId: 'a' }] });
    await c.post('/v2/users/add', { organizationId: 'org', documentId: 'd', users: [{ userId: 'a' }] });
    await c.post('/v1/users/delete', { organizationId: 'org', documentId: 'd', userIds: ['a'] });
    expect(await idsOf(c, { organizationId: 'org', documentId: 'd' })).toEqual([]);
    expect(await idsOf(c, { organizationId: 'org', folderId: 'f' })).toEqual(['a']);
    expect(await idsOf(c, { organizationId: 'org' })).toEqual(['a']);
    await c.post('/v1/users/delete', { organizationId: 'org', folderId: 'f', userIds: ['a'] });
    expect(await idsOf(c, { organizationId: 'org', folderId: 'f' })).toEqual([]);
    expect(await idsOf(c, { organizationId: 'org' })).toEqual(['a']);
    expect(orgOf(c, 'org')?.documents.has('d')).toBe(true);
  });

  it('reports every user missing for an unknown organization and creates nothing', async () => {
    const c = fresh();
    const before = fingerprint(c.service);
    const reply = await c.post('/v2/users/delete', { organizationId: 'nowhere', userIds: ['a'] });
    expect(expectSuccess(reply).data).toEqual({ a: { success: false, message: 'User does not exist.' } });
    expect(fingerprint(c.service)).toBe(before);
  });

  it('refuses bad input without touching state', async () => {
    const c = fresh();
    await c.post('/v2/users/add', { organizationId: 'org', users: [{ userId: 'a' }] });
    const before = fingerprint(c.service);
    expectError(await c.post('/v1/users/delete', { organizationId: 'org' }), 400, 'INVALID_ARGUMENT', 'userIds is required.');
    expectError(await c.post('/v2/users/delete', { organizationId: 'org', userIds: [] }), 400, 'INVALID_ARGUMENT', 'userIds must contain at least 1 item.');
    expectError(await c.post('/v2/users/delete', { organizationId: 'org', userIds: ['a', ''] }), 400, 'INVALID_ARGUMENT', 'userIds[1] is required.');
    expectError(await c.post('/v2/users/delete', { userIds: ['a'] }), 400, 'INVALID_ARGUMENT', 'organizationId is required.');
    expect(fingerprint(c.service)).toBe(before);
  });
});
