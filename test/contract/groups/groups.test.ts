import { expect, it } from 'vitest';
import { expectError, expectSuccess, fingerprint } from '../../support/expect.js';
import { orgOf as orgOfService } from '../../support/store.js';
import { type Client, forEachTransport } from '../../support/transports.js';

const orgOf = (c: Client, id: string) => orgOfService(c.service, id);
const membersOf = (c: Client, groupId: string) => [...(orgOf(c, 'org')?.groups.get(groupId)?.members ?? [])];

const ADDED = 'User added to organization user group.';
const REMOVED = 'User deleted from organization user group.';

async function orgUsers(c: Client, userIds: string[]): Promise<void> {
  expectSuccess(await c.post('/v2/users/add', { organizationId: 'org', users: userIds.map((userId) => ({ userId })) }));
}

forEachTransport('user groups add', (fresh) => {
  it('adds groups with md5 ids on both paths, creating the organization', async () => {
    for (const path of ['/v2/organizations/usergroups/add', '/v1/organizations/usergroups/add']) {
      const c = fresh();
      const reply = await c.post(path, {
        organizationId: 'yourOrganizationId',
        organizationUserGroups: [{ groupId: 'engineering', groupName: 'Engineering' }, { groupId: 'yourGroupId' }],
      });
      expect(expectSuccess(reply)).toEqual({
        status: 'success',
        message: 'Organization User Groups added successfully.',
        data: {
          engineering: { success: true, id: '5d554bc5f3d2cd182cdd0952b1fb87ca', message: 'Organization user group added.' },
          yourGroupId: { success: true, id: '3d6277c50b33032d485e598e1d240e79', message: 'Organization user group added.' },
        },
      });
      const groups = orgOf(c, 'yourOrganizationId')?.groups;
      expect(groups?.get('engineering')?.groupName).toBe('Engineering');
      expect(groups?.get('yourGroupId')?.groupName).toBe('yourGroupId');
    }
  });

  it('renames an existing group and keeps its members', async () => {
    const c = fresh();
    await orgUsers(c, ['a']);
    await c.post('/v2/organizations/usergroups/add', { organizationId: 'org', organizationUserGroups: [{ groupId: 'g', groupName: 'Old' }] });
    await c.post('/v2/organizations/usergroups/users/add', { organizationId: 'org', organizationUserGroupId: 'g', userIds: ['a'] });
    const reply = await c.post('/v1/organizations/usergroups/add', { organizationId: 'org', organizationUserGroups: [{ groupId: 'g', groupName: 'New' }] });
    expect(expectSuccess(reply).data.g.message).toBe('Organization user group added.');
    expect(orgOf(c, 'org')?.groups.get('g')).toEqual({ groupId: 'g', groupName: 'New', members: new Set(['a']) });
    await c.post('/v1/organizations/usergroups/add', { organizationId: 'org', organizationUserGroups: [{ groupId: 'g' }] });
    expect(orgOf(c, 'org')?.groups.get('g')?.groupName).toBe('New');
  });

  it('refuses bad input without touching state', async () => {
    const c = fresh();
    await orgUsers(c, ['a']);
    const before = fingerprint(c.service);
    const path = '/v2/organizations/usergroups/add';
    expectError(await c.post(path, { organizationId: 'org' }), 400, 'INVALID_ARGUMENT', 'organizationUserGroups is required.');
    expectError(
      await c.post(path, { organizationId: 'org', organizationUserGroups: [] }),
      400,
      'INVALID_ARGUMENT',
      'organizationUserGroups must contain at least 1 item.',
    );
    expectError(
      await c.post(path, { organizationId: 'org', organizationUserGroups: [{ groupId: 'g' }, { groupName: 'x' }] }),
      400,
      'INVALID_ARGUMENT',
      'organizationUserGroups[1].groupId is required.',
    );
    expectError(await c.post(path, { organizationUserGroups: [{ groupId: 'g' }] }), 400, 'INVALID_ARGUMENT', 'organizationId is required.');
    expect(fingerprint(c.service)).toBe(before);
  });
});

forEachTransport('user groups users add', (fresh) => {
  it('lets organization users join and refuses everyone else, on both paths', async () => {
    for (const path of ['/v1/organizations/usergroups/users/add', '/v2/organizations/usergroups/users/add']) {
      const c = fresh();
      await orgUsers(c, ['yourUserId1']);
      await c.post('/v2/users/add', { organizationId: 'org', documentId: 'doc', users: [{ userId: 'docOnly' }] });
      const reply = await c.post(path, { organizationId: 'org', organizationUserGroupId: 'yourGroupId', userIds: ['yourUserId1', 'docOnly', 'stranger'] });
      expect(expectSuccess(reply)).toEqual({
        status: 'success',
        message: 'Added organization users to group successfully.',
        data: {
          yourUserId1: { success: true, organizationUserGroupId: 'yourGroupId', message: ADDED },
          docOnly: { success: false, organizationUserGroupId: 'yourGroupId', message: 'User is not an organization user.' },
          stranger: { success: false, organizationUserGroupId: 'yourGroupId', message: 'User is not an organization user.' },
        },
      });
      expect(orgOf(c, 'org')?.groups.get('yourGroupId')).toEqual({ groupId: 'yourGroupId', groupName: 'yourGroupId', members: new Set(['yourUserId1']) });
    }
  });

  it('accepts an existing member again, and is visible through the group filter', async () => {
    const c = fresh();
    await orgUsers(c, ['a', 'b']);
    const path = '/v2/organizations/usergroups/users/add';
    await c.post(path, { organizationId: 'org', organizationUserGroupId: 'g', userIds: ['a'] });
    const again = await c.post(path, { organizationId: 'org', organizationUserGroupId: 'g', userIds: ['a', 'b'] });
    expect(expectSuccess(again).data.a).toEqual({ success: true, organizationUserGroupId: 'g', message: ADDED });
    expect(membersOf(c, 'g')).toEqual(['a', 'b']);
    const got = expectSuccess(await c.post('/v2/users/get', { organizationId: 'org', organizationUserGroupIds: ['g'] }));
    expect(got.data).toEqual([{ userId: 'a' }, { userId: 'b' }]);
  });

  it('changes nothing when nobody may join (unknown organization or no organization users)', async () => {
    const c = fresh();
    await orgUsers(c, ['a']);
    const before = fingerprint(c.service);
    const path = '/v2/organizations/usergroups/users/add';
    const unknownOrg = await c.post(path, { organizationId: 'nowhere', organizationUserGroupId: 'g', userIds: ['a'] });
    expect(expectSuccess(unknownOrg).data).toEqual({ a: { success: false, organizationUserGroupId: 'g', message: 'User is not an organization user.' } });
    expectSuccess(await c.post(path, { organizationId: 'org', organizationUserGroupId: 'g', userIds: ['stranger'] }));
    expect(fingerprint(c.service)).toBe(before);
  });

  it('refuses bad input without touching state', async () => {
    const c = fresh();
    await orgUsers(c, ['a']);
    const before = fingerprint(c.service);
    const path = '/v1/organizations/usergroups/users/add';
    expectError(await c.post(path, { organizationId: 'org', userIds: ['a'] }), 400, 'INVALID_ARGUMENT', 'organizationUserGroupId is required.');
    expectError(await c.post(path, { organizationId: 'org', organizationUserGroupId: 'g' }), 400, 'INVALID_ARGUMENT', 'userIds is required.');
    expectError(
      await c.post(path, { organizationId: 'org', organizationUserGroupId: 'g', userIds: [] }),
      400,
      'INVALID_ARGUMENT',
      'userIds must contain at least 1 item.',
    );
    expect(fingerprint(c.service)).toBe(before);
  });
});

forEachTransport('user groups users delete', (fresh) => {
  const setup = async (c: Client) => {
    await orgUsers(c, ['a', 'b', 'c']);
    await c.post('/v2/organizations/usergroups/users/add', { organizationId: 'org', organizationUserGroupId: 'g', userIds: ['c', 'a', 'b'] });
  };

  it('removes listed members and reports non-members, on both paths', async () => {
    for (const path of ['/v1/organizations/usergroups/users/delete', '/v2/organizations/usergroups/users/delete']) {
      const c = fresh();
      await setup(c);
      const reply = await c.post(path, { organizationId: 'org', organizationUserGroupId: 'g', userIds: ['a', 'zed'] });
      expect(expectSuccess(reply)).toEqual({
        status: 'success',
        message: 'Deleted users from group successfully.',
        data: {
          a: { success: true, organizationUserGroupId: 'g', message: REMOVED },
          zed: { success: false, organizationUserGroupId: 'g', message: 'User is not in organization user group.' },
        },
      });
      expect(membersOf(c, 'g')).toEqual(['c', 'b']);
      expect(orgOf(c, 'org')?.users.has('a')).toBe(true);
    }
  });

  it('removes every member with deleteAll and lists each, in joining order', async () => {
    const c = fresh();
    await setup(c);
    const reply = await c.post('/v2/organizations/usergroups/users/delete', { organizationId: 'org', organizationUserGroupId: 'g', deleteAll: true });
    expect(Object.entries(expectSuccess(reply).data)).toEqual([
      ['c', { success: true, organizationUserGroupId: 'g', message: REMOVED }],
      ['a', { success: true, organizationUserGroupId: 'g', message: REMOVED }],
      ['b', { success: true, organizationUserGroupId: 'g', message: REMOVED }],
    ]);
    expect(membersOf(c, 'g')).toEqual([]);
    const empty = await c.post('/v2/organizations/usergroups/users/delete', { organizationId: 'org', organizationUserGroupId: 'g', deleteAll: true });
    expect(expectSuccess(empty).data).toEqual({});
  });

  it('lets deleteAll win over userIds', async () => {
    const c = fresh();
    await setup(c);
    const reply = await c.post('/v1/organizations/usergroups/users/delete', {
      organizationId: 'org',
      organizationUserGroupId: 'g',
      userIds: ['zed'],
      deleteAll: true,
    });
    expect(Object.keys(expectSuccess(reply).data)).toEqual(['c', 'a', 'b']);
    expect(membersOf(c, 'g')).toEqual([]);
  });

  it('answers an unknown group or organization with data {} and changes nothing', async () => {
    const c = fresh();
    await setup(c);
    const before = fingerprint(c.service);
    const path = '/v2/organizations/usergroups/users/delete';
    expect(expectSuccess(await c.post(path, { organizationId: 'org', organizationUserGroupId: 'nogroup', deleteAll: true })).data).toEqual({});
    expect(expectSuccess(await c.post(path, { organizationId: 'nowhere', organizationUserGroupId: 'g', deleteAll: true })).data).toEqual({});
    expect(fingerprint(c.service)).toBe(before);
  });

  it('requires userIds or deleteAll, without touching state', async () => {
    const c = fresh();
    await setup(c);
    const before = fingerprint(c.service);
    const path = '/v1/organizations/usergroups/users/delete';
    const base = { organizationId: 'org', organizationUserGroupId: 'g' };
    expectError(await c.post(path, base), 400, 'INVALID_ARGUMENT', 'userIds or deleteAll is required.');
    expectError(await c.post(path, { ...base, deleteAll: false }), 400, 'INVALID_ARGUMENT', 'userIds or deleteAll is required.');
    expectError(await c.post(path, { ...base, deleteAll: 'yes' }), 400, 'INVALID_ARGUMENT', 'deleteAll must be a boolean.');
    expectError(await c.post(path, { organizationId: 'org', deleteAll: true }), 400, 'INVALID_ARGUMENT', 'organizationUserGroupId is required.');
    expect(fingerprint(c.service)).toBe(before);
  });
});
