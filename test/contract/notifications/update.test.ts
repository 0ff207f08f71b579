import { expect, it } from 'vitest';
import { expectError, expectSuccess, fingerprint } from '../../support/expect.js';
import { type Client, forEachTransport } from '../../support/transports.js';

const add = (c: Client, notificationId: string, extra: Record<string, unknown> = {}, version = 'v2') =>
  c.post(`/${version}/notifications/add`, {
    organizationId: 'org',
    documentId: 'doc',
    notificationId,
    actionUser: { userId: 'actor', name: 'Ann' },
    displayHeadlineMessageTemplate: '{actionUser} wrote',
    displayBodyMessage: 'b',
    notifyAll: false,
    notifyUsers: [{ userId: 'u1' }, { userId: 'u2' }],
    ...extra,
  });

const UPDATED = { success: true, message: 'Notification updated.' };
const FAILED = { success: false, message: 'Failed to update notification.' };

const read = async (c: Client, data: Record<string, unknown>, path = '/v2/notifications/get') =>
  expectSuccess(await c.post(path, { organizationId: 'org', ...data }), 'Notification(s) retrieved successfully.');

forEachTransport('notifications update', (fresh) => {
  it('replaces content, resolves the headline again and reports read state per user', async () => {
    const c = fresh();
    expectSuccess(await add(c, 'n1'));
    expectSuccess(await add(c, 'n2'));
    const reply = await c.post('/v2/notifications/update', {
      organizationId: 'org',
      notifications: [
        {
          id: 'n1',
          displayHeadlineMessageTemplate: '{actionUser} edited {thing}',
          displayHeadlineMessageTemplateData: { thing: 'x' },
          displayBodyMessage: 'new body',
          readByUserIds: ['u1'],
        },
        { id: 'missing' },
      ],
    });
    expect(expectSuccess(reply, 'Notification(s) updated successfully.').data).toEqual({ n1: UPDATED, missing: FAILED });
    const forU1 = await read(c, { userId: 'u1', order: 'asc' });
    expect(forU1.data.map((n: { id: string; isUnread: boolean }) => [n.id, n.isUnread])).toEqual([
      ['n1', false],
      ['n2', true],
    ]);
    expect(forU1.data[0]).toMatchObject({
      displayHeadlineMessage: 'Ann edited x',
      displayBodyMessage: 'new body',
      displayHeadlineMessageTemplateData: { thing: 'x' },
    });
    expect((await read(c, { userId: 'u2' })).data.every((n: { isUnread: boolean }) => n.isUnread)).toBe(true);
    expect((await read(c, { documentId: 'doc' })).data[0].isUnread).toBeUndefined();
  });

  it('accepts the object keyed by notification id', async () => {
    const c = fresh();
    expectSuccess(await add(c, 'n1'));
    const result = expectSuccess(
      await c.post('/v2/notifications/update', { organizationId: 'org', notifications: { n1: { readByUserIds: ['u2'] }, nope: {} } }),
    );
    expect(result.data).toEqual({ n1: UPDATED, nope: FAILED });
    expect((await read(c, { userId: 'u2' })).data[0].isUnread).toBe(false);
  });

  it('fails notifications the narrowing fields rule out, changing nothing', async () => {
    const c = fresh();
    expectSuccess(await add(c, 'n1', { location: { id: 'loc1' } }));
    const before = fingerprint(c.service);
    for (const narrowing of [{ documentId: 'other' }, { userId: 'stranger' }, { locationId: 'loc2' }, { organizationId: 'elsewhere' }]) {
      const result = expectSuccess(
        await c.post('/v2/notifications/update', { organizationId: 'org', ...narrowing, notifications: [{ id: 'n1', readByUserIds: ['u1'] }] }),
      );
      expect(result.data).toEqual({ n1: FAILED });
    }
    expect(fingerprint(c.service)).toBe(before);
    const ok = expectSuccess(
      await c.post('/v2/notifications/update', { organizationId: 'org', documentId: 'doc', userId: 'u1', locationId: 'loc1', notifications: [{ id: 'n1' }] }),
    );
    expect(ok.data).toEqual({ n1: UPDATED });
  });

  it('marks read only users with document access when verifyUserPermissions is set', async () => {
    const c = fresh();
    expectSuccess(await c.post('/v2/users/add', { organizationId: 'org', users: [{ userId: 'u1' }] }));
    expectSuccess(await add(c, 'n1'));
    expectSuccess(
      await c.post('/v2/notifications/update', {
        organizationId: 'org',
        verifyUserPermissions: true,
        notifications: [{ id: 'n1', readByUserIds: ['u1', 'u2'] }],
      }),
    );
    const unread = async (userId: string) => (await read(c, { userId })).data[0].isUnread;
    expect([await unread('u1'), await unread('u2')]).toEqual([false, true]);
  });

  const invalid: [string, unknown, string][] = [
    ['organizationId missing', { notifications: [{ id: 'n1' }] }, 'organizationId is required.'],
    ['notifications missing', { organizationId: 'org' }, 'notifications is required.'],
    ['notifications empty', { organizationId: 'org', notifications: [] }, 'notifications must contain at least 1 item.'],
    ['an item without id', { organizationId: 'org', notifications: [{ readByUserIds: ['u1'] }] }, 'notifications[0].id is required.'],
    [
      'readByUserIds not an array',
      { organizationId: 'org', notifications: [{ id: 'n1', readByUserIds: 'u1' }] },
      'notifications[0].readByUserIds must be an array.',
    ],
    [
      'persistReadForUsers not a boolean',
      { organizationId: 'org', notifications: [{ id: 'n1', persistReadForUsers: 'yes' }] },
      'notifications[0].persistReadForUsers must be a boolean.',
    ],
  ];
  for (const [name, data, message] of invalid) {
    it(`refuses ${name} and changes nothing`, async () => {
      const c = fresh();
      expectSuccess(await add(c, 'n1'));
      const before = fingerprint(c.service);
      for (const version of ['v1', 'v2']) expectError(await c.post(`/${version}/notifications/update`, data), 400, 'INVALID_ARGUMENT', message);
      expect(fingerprint(c.service)).toBe(before);
    });
  }
});

forEachTransport('notifications v1 paths and accepted forms', (fresh) => {
  it('serves add, get (everything, no cursor), update, delete and config on /v1', async () => {
    const c = fresh();
    for (const id of ['a', 'b', 'c']) {
      expectSuccess(await add(c, id, {}, 'v1'), 'Notification added successfully.');
      c.service.clock.advance(10);
    }
    const all = await read(c, { documentId: 'doc', pageSize: 1 }, '/v1/notifications/get');
    expect(all.data.map((n: { id: string }) => n.id)).toEqual(['c', 'b', 'a']);
    expect(Object.keys(all)).toEqual(['status', 'message', 'data']);
    expect(
      expectSuccess(await c.post('/v1/notifications/update', { organizationId: 'org', notifications: [{ id: 'a', readByUserIds: ['u1'] }] })).data,
    ).toEqual({ a: UPDATED });
    expect(
      expectSuccess(
        await c.post('/v1/notifications/delete', { organizationId: 'org', documentId: 'doc', notificationIds: ['b'] }),
        'Notification(s) deleted successfully.',
      ).data,
    ).toEqual({ b: { success: true, message: 'Notification deleted.' } });
    expectSuccess(
      await c.post('/v1/notifications/config/set', { organizationId: 'org', userIds: ['u1'], config: { slack: 'MENTIONS_ONLY' } }),
      'User config set successfully.',
    );
    const config = expectSuccess(
      await c.post('/v1/notifications/config/get', { organizationId: 'org', userId: 'u1', getOrganizationConfig: true }),
      'User config fetched successfully.',
    );
    expect(config.data[0].config).toEqual({ inbox: 'ALL', email: 'ALL', slack: 'MENTIONS_ONLY' });
  });

  it('pages v2 reads with 16-digit page tokens and reads an unknown 16-digit token as the end', async () => {
    const c = fresh();
    for (const id of ['a', 'b', 'c']) expectSuccess(await add(c, id));
    const first = await read(c, { documentId: 'doc', pageSize: 2, order: 'asc' });
    expect(first.pageToken).toMatch(/^\d{16}$/);
    const second = await read(c, { documentId: 'doc', pageSize: 2, order: 'asc', pageToken: first.pageToken });
    expect(second.data.map((n: { id: string }) => n.id)).toEqual(['c']);
    expect(second.pageToken).toBe('');
    const foreign = await read(c, { documentId: 'doc', pageToken: '5471488637912692' });
    expect(foreign.data).toEqual([]);
    expect(foreign.pageToken).toBe('');
  });
});
