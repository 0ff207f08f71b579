import { expect, it } from 'vitest';
import { md5Hex } from '../../../src/support/ids.js';
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
    notifyUsers: [{ userId: 'u1' }, { userId: 'u2' }],
    ...extra,
  });

const del = async (c: Client, data: Record<string, unknown>) =>
  expectSuccess(await c.post('/v2/notifications/delete', { organizationId: 'org', ...data }), 'Notification(s) deleted successfully.').data;

const remaining = async (c: Client, data: Record<string, unknown> = { documentId: 'doc' }) => {
  const result = expectSuccess(await c.post('/v2/notifications/get', { organizationId: 'org', order: 'asc', ...data }));
  return result.data.map((n: { id: string }) => n.id);
};

const DELETED = { success: true, message: 'Notification deleted.' };
const FAILED = { success: false, message: 'Failed to delete notification.' };

forEachTransport('notifications delete', (fresh) => {
  it('deletes every notification of a document, keyed by id, with no id field', async () => {
    const c = fresh();
    await add(c, 'a');
    await add(c, 'b');
    await add(c, 'c', { documentId: 'other' });
    expect(await del(c, { documentId: 'doc' })).toEqual({ a: DELETED, b: DELETED });
    expect(await remaining(c)).toEqual([]);
    expect(await remaining(c, { documentId: 'other' })).toEqual(['c']);
  });

  it('reports requested ids in request order, failing those that matched nothing', async () => {
    const c = fresh();
    await add(c, '8955243231506071');
    await add(c, 'kept');
    const reply = await c.post('/v2/notifications/delete', {
      organizationId: 'org',
      documentId: 'doc',
      notificationIds: ['89552432315060712', '8955243231506071'],
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      result: {
        status: 'success',
        message: 'Notification(s) deleted successfully.',
        data: { '89552432315060712': FAILED, '8955243231506071': DELETED },
      },
    });
    expect(Object.keys(reply.body.result.data)).toEqual(['89552432315060712', '8955243231506071']);
    expect(await remaining(c)).toEqual(['kept']);
  });

  it('with userId takes only that user off, and deletes a record nobody holds any more', async () => {
    const c = fresh();
    await add(c, 'shared');
    await add(c, 'mine', { notifyUsers: [{ userId: 'u1' }] });
    await add(c, 'theirs', { notifyUsers: [{ userId: 'u2' }] });
    expect(await del(c, { userId: 'u1' })).toEqual({ shared: DELETED, mine: DELETED });
    expect(await remaining(c)).toEqual(['shared', 'theirs']);
    expect(await remaining(c, { userId: 'u1' })).toEqual([]);
    expect(await remaining(c, { userId: 'u2' })).toEqual(['shared', 'theirs']);
    const [shared] = expectSuccess(await c.post('/v2/notifications/get', { organizationId: 'org', notificationIds: ['shared'], userId: 'u2' })).data;
    expect(shared.notifyUsersByUserId).toEqual({ [md5Hex('u2')]: true });
  });

  it('narrows by location, document and user together', async () => {
    const c = fresh();
    await add(c, 'here', { location: { id: 'loc-1' } });
    await add(c, 'there', { location: { id: 'loc-2' } });
    expect(await del(c, { documentId: 'doc', locationId: 'loc-1' })).toEqual({ here: DELETED });
    await add(c, 'here2', { location: { id: 'loc-1' } });
    expect(await del(c, { documentId: 'doc', locationId: 'loc-1', userId: 'u2' })).toEqual({ here2: DELETED });
    expect(await del(c, { locationId: 'loc-2', userId: 'u2', notificationIds: ['there', 'here2'] })).toEqual({ there: DELETED, here2: FAILED });
    expect(await remaining(c, { userId: 'u1' })).toEqual(['there', 'here2']);
    expect(await remaining(c, { userId: 'u2' })).toEqual([]);
  });

  it('answers data {} when nothing matched and no ids were requested', async () => {
    const c = fresh();
    await add(c, 'a');
    expect(await del(c, { documentId: 'empty' })).toEqual({});
    expect(await del(c, { organizationId: 'nowhere', userId: 'u1' })).toEqual({});
    expect(await del(c, { documentId: 'doc', userId: 'stranger' })).toEqual({});
    expect(await remaining(c)).toEqual(['a']);
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ['organizationId missing', { organizationId: undefined, documentId: 'doc' }, 'organizationId is required.'],
    ['neither documentId nor userId', {}, 'documentId or userId is required.'],
    ['only locationId and notificationIds', { locationId: 'l', notificationIds: ['a'] }, 'documentId or userId is required.'],
    ['notificationIds not an array', { documentId: 'doc', notificationIds: 'a' }, 'notificationIds must be an array.'],
    ['a blank userId', { userId: ' ' }, 'userId is required.'],
  ];
  for (const [name, data, message] of invalid) {
    it(`refuses ${name} and changes nothing`, async () => {
      const c = fresh();
      await add(c, 'a');
      const before = fingerprint(c.service);
      expectError(await c.post('/v2/notifications/delete', { organizationId: 'org', ...data }), 400, 'INVALID_ARGUMENT', message);
      expect(fingerprint(c.service)).toBe(before);
    });
  }
});
