import { expect, it } from 'vitest';
import { expectError, expectSuccess, fingerprint } from '../../support/expect.js';
import { type Client, forEachTransport } from '../../support/transports.js';

const add = (c: Client, notificationId: string, extra: Record<string, unknown> = {}) =>
  c.post('/v2/notifications/add', {
    organizationId: 'org',
    documentId: 'doc',
    notificationId,
    actionUser: { userId: 'actor' },
    displayHeadlineMessageTemplate: 'h',
    displayBodyMessage: 'b',
    notifyAll: false,
    notifyUsers: [{ userId: 'u1' }],
    ...extra,
  });

const ids = (result: { data: { id: string }[] }) => result.data.map((n) => n.id);

const get = async (c: Client, data: Record<string, unknown>) =>
  expectSuccess(await c.post('/v2/notifications/get', { organizationId: 'org', ...data }), 'Notification(s) retrieved successfully.');

forEachTransport('notifications get', (fresh) => {
  it('orders by timestamp, newest first by default, ties in insertion order', async () => {
    const c = fresh();
    await add(c, 'a');
    c.service.clock.advance(10);
    await add(c, 'b');
    await add(c, 'c');
    c.service.clock.advance(10);
    await add(c, 'd');
    expect(ids(await get(c, { documentId: 'doc' }))).toEqual(['d', 'c', 'b', 'a']);
    expect(ids(await get(c, { documentId: 'doc', order: 'desc' }))).toEqual(['d', 'c', 'b', 'a']);
    expect(ids(await get(c, { documentId: 'doc', order: 'asc' }))).toEqual(['a', 'b', 'c', 'd']);
  });

  it('sorts by timestamp even when records were stored out of time order', async () => {
    const c = fresh();
    c.service.clock.advance(1000);
    await add(c, 'late');
    c.service.clock.set(c.service.clock.now() - 500);
    await add(c, 'early');
    expect(ids(await get(c, { documentId: 'doc', order: 'asc' }))).toEqual(['early', 'late']);
  });

  it('pages with an opaque pageToken beside data, "" on the last page', async () => {
    const c = fresh();
    for (const id of ['n1', 'n2', 'n3', 'n4', 'n5']) {
      await add(c, id);
      c.service.clock.advance(1);
    }
    const first = await get(c, { documentId: 'doc', pageSize: 2, order: 'asc' });
    expect(ids(first)).toEqual(['n1', 'n2']);
    expect(Object.keys(first)).toEqual(['status', 'message', 'data', 'pageToken']);
    expect(first.pageToken).not.toBe('');
    const second = await get(c, { documentId: 'doc', pageSize: 2, order: 'asc', pageToken: first.pageToken });
    expect(ids(second)).toEqual(['n3', 'n4']);
    const third = await get(c, { documentId: 'doc', pageSize: 2, order: 'asc', pageToken: second.pageToken });
    expect(ids(third)).toEqual(['n5']);
    expect(third.pageToken).toBe('');
    expect((await get(c, { documentId: 'doc' })).pageToken).toBe('');
  });

  it('filters by document, recipient, location and ids', async () => {
    const c = fresh();
    await add(c, 'docA', { location: { id: 'loc-1' } });
    await add(c, 'docA2', { metadata: { locationId: 5509827173770816 } });
    await add(c, 'docB', { documentId: 'other', notifyUsers: [{ userId: 'u2' }] });
    await add(c, 'docB2', { documentId: 'other' });
    const sorted = async (data: Record<string, unknown>) => ids(await get(c, { ...data, order: 'asc' }));
    expect(await sorted({ documentId: 'doc' })).toEqual(['docA', 'docA2']);
    expect(await sorted({ userId: 'u1' })).toEqual(['docA', 'docA2', 'docB2']);
    expect(await sorted({ userId: 'u2' })).toEqual(['docB']);
    expect(await sorted({ documentId: 'other', userId: 'u1' })).toEqual(['docB2']);
    expect(await sorted({ documentId: 'doc', locationId: 'loc-1' })).toEqual(['docA']);
    expect(await sorted({ documentId: 'doc', locationId: '5509827173770816' })).toEqual(['docA2']);
    expect(await sorted({ documentId: 'doc', locationId: 5509827173770816 })).toEqual(['docA2']);
    expect(await sorted({ userId: 'u1', notificationIds: ['docB2', 'docA', 'missing'] })).toEqual(['docA', 'docB2']);
  });

  it('returns an empty page for an unknown organization or document', async () => {
    const c = fresh();
    await add(c, 'x');
    expect(await get(c, { organizationId: 'nowhere', documentId: 'doc' })).toEqual({
      status: 'success',
      message: 'Notification(s) retrieved successfully.',
      data: [],
      pageToken: '',
    });
    expect((await get(c, { documentId: 'nothing' })).data).toEqual([]);
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ['organizationId missing', { organizationId: undefined, documentId: 'doc' }, 'organizationId is required.'],
    ['neither documentId nor userId', { locationId: 'l' }, 'documentId or userId is required.'],
    [
      '31 notificationIds',
      { documentId: 'doc', notificationIds: Array.from({ length: 31 }, (_, i) => `n${i}`) },
      'notificationIds can contain at most 30 items.',
    ],
    ['an unknown order', { documentId: 'doc', order: 'newest' }, 'order must be one of asc, desc.'],
    ['a pageSize that is not a number', { documentId: 'doc', pageSize: '10' }, 'pageSize must be a number.'],
    ['an unreadable pageToken', { documentId: 'doc', pageToken: 'not-a-token' }, 'Invalid pageToken.'],
    ['a locationId of the wrong type', { documentId: 'doc', locationId: true }, 'locationId must be a string or a number.'],
  ];
  for (const [name, data, message] of invalid) {
    it(`refuses ${name}`, async () => {
      const c = fresh();
      await add(c, 'x');
      const before = fingerprint(c.service);
      expectError(await c.post('/v2/notifications/get', { organizationId: 'org', ...data }), 400, 'INVALID_ARGUMENT', message);
      expect(fingerprint(c.service)).toBe(before);
    });
  }

  it('accepts 30 notificationIds', async () => {
    const c = fresh();
    await add(c, 'n0');
    const notificationIds = Array.from({ length: 30 }, (_, i) => `n${i}`);
    expect(ids(await get(c, { documentId: 'doc', notificationIds }))).toEqual(['n0']);
  });
});
