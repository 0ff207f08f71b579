import { expect, it } from 'vitest';
import { expectError, expectSuccess, fingerprint } from '../../support/expect.js';
import { orgOf as orgOfService } from '../../support/store.js';
import { type Client, forEachTransport } from '../../support/transports.js';

const orgOf = (c: Client, id: string) => orgOfService(c.service, id);
const ids = (reply: { body: { result: { data: { userId: string }[] } } }) => reply.body.result.data.map((u) => u.userId);

forEachTransport('users add', (fresh) => {
  it('answers the service-facts example with md5 ids on both paths', async () => {
    for (const path of ['/v2/users/add', '/v1/users/add']) {
      const c = fresh();
      const reply = await c.post(path, {
        organizationId: 'yourOrganizationId',
        documentId: 'yourDocumentId',
        users: [{ userId: 'yourUserId1', name: 'User Name', email: 'user@email.com', accessRole: 'viewer' }],
      });
      expect(expectSuccess(reply)).toEqual({
        status: 'success',
        message: 'User(s) processed successfully.',
        data: { yourUserId1: { success: true, id: 'f9e7c3d46eac2fc61ea6853ee970ccac', message: 'User added.' } },
      });
    }
  });

  it('attaches users at organization level when no container is given', async () => {
    const c = fresh();
    expectSuccess(await c.post('/v2/users/add', { organizationId: 'org', users: [{ userId: 'a', name: 'A' }] }));
    const org = orgOf(c, 'org');
    expect([...(org?.users.keys() ?? [])]).toEqual(['a']);
    expect(org?.documents.size).toBe(0);
    expect(org?.folders.size).toBe(0);
  });

  it('attaches document users only at the document, creating organization and document', async () => {
    const c = fresh();
    expectSuccess(await c.post('/v2/users/add', { organizationId: 'org', documentId: 'doc', users: [{ userId: 'a', name: 'A' }] }));
    const org = orgOf(c, 'org');
    expect(org?.users.size).toBe(0);
    expect(org?.documents.get('doc')?.id).toMatch(/^[1-9]\d{15}$/);
    expect([...(org?.documents.get('doc')?.users.keys() ?? [])]).toEqual(['a']);
    expect(ids(await c.post('/v2/users/get', { organizationId: 'org' }))).toEqual([]);
    expect(ids(await c.post('/v2/users/get', { organizationId: 'org', documentId: 'doc' }))).toEqual(['a']);
  });

  it('attaches folder users only at the folder, creating the folder', async () => {
    const c = fresh();
    expectSuccess(await c.post('/v1/users/add', { organizationId: 'org', folderId: 'f', users: [{ userId: 'a' }] }));
    const org = orgOf(c, 'org');
    expect(org?.users.size).toBe(0);
    expect(org?.documents.size).toBe(0);
    expect([...(org?.folders.get('f')?.users.keys() ?? [])]).toEqual(['a']);
    expect(ids(await c.post('/v2/users/get', { organizationId: 'org', folderId: 'f' }))).toEqual(['a']);
    expect(ids(await c.post('/v2/users/get', { organizationId: 'org' }))).toEqual([]);
  });

  it('accepts the create flags and reuses an existing document', async () => {
    const c = fresh();
    const added = expectSuccess(await c.post('/v2/organizations/documents/add', { organizationId: 'org', documents: [{ documentId: 'doc' }] }));
    const docId = added.data.doc.id as string;
    const flags = { createOrganization: true, createDocument: true, createFolder: true };
    expectSuccess(await c.post('/v2/users/add', { organizationId: 'org', documentId: 'doc', ...flags, users: [{ userId: 'a' }] }));
    expect(orgOf(c, 'org')?.documents.get('doc')?.id).toBe(docId);
    expect(orgOf(c, 'org')?.documents.size).toBe(1);
  });

  it('refuses documentId together with folderId on every user operation', async () => {
    const c = fresh();
    expectSuccess(await c.post('/v2/users/add', { organizationId: 'org', users: [{ userId: 'a' }] }));
    const before = fingerprint(c.service);
    const both = { organizationId: 'org', documentId: 'd', folderId: 'f' };
    const calls: [string, Record<string, unknown>][] = [
      ['/v2/users/add', { ...both, users: [{ userId: 'b' }] }],
      ['/v1/users/add', { ...both, users: [{ userId: 'b' }] }],
      ['/v1/users/update', { ...both, users: [{ userId: 'a' }] }],
      ['/v2/users/update', { ...both, users: [{ userId: 'a' }] }],
      ['/v1/users/delete', { ...both, userIds: ['a'] }],
      ['/v2/users/delete', { ...both, userIds: ['a'] }],
      ['/v2/users/get', both],
    ];
    for (const [path, data] of calls) {
      expectError(await c.post(path, data), 400, 'INVALID_ARGUMENT', 'Pass documentId or folderId, not both.');
    }
    expect(fingerprint(c.service)).toBe(before);
  });

  it('refuses a user without userId, naming its index, and adds none of the others', async () => {
    const c = fresh();
    expectSuccess(await c.post('/v2/users/add', { organizationId: 'org', users: [{ userId: 'a' }] }));
    const before = fingerprint(c.service);
    const cases: [unknown, string][] = [
      [[{ userId: 'b' }, { name: 'No Id' }], 'users[1].userId is required.'],
      [[{ userId: '   ' }], 'users[0].userId is required.'],
      [[{ userId: 7 }], 'users[0].userId must be a string.'],
      [[{ userId: 'b', accessRole: 'owner' }], 'users[0].accessRole must be one of viewer, editor.'],
      [[{ userId: 'b', name: 5 }], 'users[0].name must be a string.'],
      [[], 'users must contain at least 1 item.'],
      ['b', 'users must be an array.'],
    ];
    for (const [users, message] of cases) {
      for (const path of ['/v2/users/add', '/v1/users/add']) {
        expectError(await c.post(path, { organizationId: 'org', users }), 400, 'INVALID_ARGUMENT', message);
      }
    }
    expectError(await c.post('/v2/users/add', { users: [{ userId: 'b' }] }), 400, 'INVALID_ARGUMENT', 'organizationId is required.');
    expectError(await c.post('/v2/users/add', { organizationId: '', users: [{ userId: 'b' }] }), 400, 'INVALID_ARGUMENT', 'organizationId is required.');
    expectError(await c.post('/v2/users/add', { organizationId: 'new' }), 400, 'INVALID_ARGUMENT', 'users is required.');
    expect(fingerprint(c.service)).toBe(before);
    expect(orgOf(c, 'new')).toBeUndefined();
  });

  it('upserts: a re-added user keeps its place and takes the new fields', async () => {
    const c = fresh();
    await c.post('/v2/users/add', { organizationId: 'org', users: [{ userId: 'a' }, { userId: 'b', name: 'Bee', email: 'b@x.io' }, { userId: 'c' }] });
    const again = await c.post('/v2/users/add', { organizationId: 'org', users: [{ userId: 'b', name: 'Bea' }] });
    expect(expectSuccess(again).data).toEqual({ b: { success: true, id: '92eb5ffee6ae2fec3ad71c777531578f', message: 'User added.' } });
    const got = expectSuccess(await c.post('/v2/users/get', { organizationId: 'org' }));
    expect(got.data).toEqual([{ userId: 'a' }, { name: 'Bea', userId: 'b' }, { userId: 'c' }]);
  });

  it('keeps one entry per repeated userId in a request, last wins', async () => {
    const c = fresh();
    const reply = await c.post('/v2/users/add', {
      organizationId: 'org',
      users: [{ userId: 'x', name: 'First' }, { userId: 'y' }, { userId: 'x', name: 'Second' }],
    });
    const data = expectSuccess(reply).data;
    expect(Object.keys(data)).toEqual(['x', 'y']);
    expect(data.x).toEqual({ success: true, id: '9dd4e461268c8034f5c8564e155c67a6', message: 'User added.' });
    expect(expectSuccess(await c.post('/v2/users/get', { organizationId: 'org' })).data).toEqual([{ name: 'Second', userId: 'x' }, { userId: 'y' }]);
  });

  it('stores accessRole on v2 only; a v1 re-add leaves the stored role alone', async () => {
    const c = fresh();
    await c.post('/v2/users/add', { organizationId: 'org', users: [{ userId: 'v2', accessRole: 'viewer' }] });
    await c.post('/v1/users/add', { organizationId: 'org', users: [{ userId: 'v1', accessRole: 'viewer' }] });
    const users = orgOf(c, 'org')?.users;
    expect(users?.get('v2')?.accessRole).toBe('viewer');
    expect(users?.get('v1')).not.toHaveProperty('accessRole');
    await c.post('/v1/users/add', { organizationId: 'org', users: [{ userId: 'v2', accessRole: 'editor', name: 'Renamed' }] });
    expect(orgOf(c, 'org')?.users.get('v2')).toMatchObject({ accessRole: 'viewer', name: 'Renamed' });
  });

  it('derives initial from name, keeps an explicit one, and stores other fields as given', async () => {
    const c = fresh();
    await c.post('/v2/users/add', {
      organizationId: 'org',
      users: [
        { userId: 'a', name: 'alice smith', photoUrl: 'https://p/a.png', color: '#a259fe', isAdmin: true, plan: { tier: 'pro' } },
        { userId: 'b', name: 'bob', initial: 'Z' },
        { userId: 'c', email: 'c@x.io' },
      ],
    });
    const users = orgOf(c, 'org')?.users;
    expect(users?.get('a')).toEqual({
      userId: 'a',
      name: 'alice smith',
      initial: 'A',
      photoUrl: 'https://p/a.png',
      color: '#a259fe',
      isAdmin: true,
      plan: { tier: 'pro' },
    });
    expect(users?.get('b')?.initial).toBe('Z');
    expect(users?.get('c')).toEqual({ userId: 'c', email: 'c@x.io' });
  });

  it('treats __proto__ as an ordinary user and document id', async () => {
    const c = fresh();
    const reply = await c.post('/v2/users/add', { organizationId: 'org', documentId: '__proto__', users: [{ userId: '__proto__' }] });
    expect(reply.text).toContain('"data":{"__proto__":{"success":true');
    const grouped = await c.post('/v2/users/get', { organizationId: 'org', allDocuments: true, groupByDocumentId: true });
    expect(grouped.text).toContain('"data":{"__proto__":[{"userId":"__proto__"}]}');
  });

  it('gives the same bytes for the same calls on two services with the same seed', async () => {
    const call = { organizationId: 'org', documentId: 'doc', users: [{ userId: 'a', name: 'A' }] };
    const first = fresh();
    await first.post('/v2/users/add', call);
    const one = fingerprint(first.service);
    const second = fresh();
    await second.post('/v2/users/add', call);
    expect(fingerprint(second.service)).toBe(one);
  });
});
