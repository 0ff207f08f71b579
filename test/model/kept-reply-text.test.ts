import { describe, expect, it } from 'vitest';
import { createMockService, type MockService } from '../../src/service.js';

/**
 * notifications/get and commentannotations/get keep each item's written text between reads while the state is
 * unchanged. These tests
 * read after every kind of change and compare the reply, byte for byte, with the one a service that never read before
 * gives from the same state (a fresh service importing it), so a kept text that outlived its state would show.
 */
const post = async (service: MockService, path: string, data: unknown): Promise<{ status: number; body: string }> => {
  const reply = await service.dispatch({
    method: 'POST',
    path,
    headers: { 'content-type': 'application/json', ...service.credentials.headers },
    body: JSON.stringify({ data }),
  });
  return { status: reply.status, body: reply.body };
};

type Read = { path: string; data: Record<string, unknown> };

const NOTIFICATION_READS: Read[] = [
  { path: '/v2/notifications/get', data: { organizationId: 'org', userId: 'u1' } },
  { path: '/v2/notifications/get', data: { organizationId: 'org', documentId: 'doc' } },
  { path: '/v2/notifications/get', data: { organizationId: 'org', userId: 'u2', pageSize: 2, order: 'asc' } },
  { path: '/v1/notifications/get', data: { organizationId: 'org', userId: 'u1' } },
];

/**
 * Every read twice on the service (the second from kept texts), then once on a fresh service holding the same state.
 * The service reads first: building the fresh one writes state, which would make any kept text stale.
 */
async function expectReadsAsFresh(service: MockService, reads: readonly Read[] = NOTIFICATION_READS): Promise<void> {
  const replies: { status: number; body: string }[] = [];
  for (const { path, data } of reads) {
    const first = await post(service, path, data);
    const again = await post(service, path, data);
    expect(again.body).toBe(first.body);
    replies.push(first);
  }
  const fresh = createMockService();
  fresh.importState(service.exportState());
  for (const [i, { path, data }] of reads.entries()) {
    const expected = await post(fresh, path, data);
    expect(replies[i]?.status, `${path} ${JSON.stringify(data)}`).toBe(200);
    expect(replies[i]?.body, `${path} ${JSON.stringify(data)}`).toBe(expected.body);
  }
}

async function seeded(): Promise<MockService> {
  const service = createMockService();
  const users = ['u1', 'u2', 'u3'].map((userId) => ({ userId, name: `User ${userId}`, email: `${userId}@example.com` }));
  expect((await post(service, '/v2/users/add', { organizationId: 'org', users })).status).toBe(200);
  for (let i = 0; i < 3; i++) {
    const notification = {
      organizationId: 'org',
      documentId: 'doc',
      notificationId: `n${i}`,
      actionUser: { userId: 'u3', name: 'User u3' },
      displayHeadlineMessageTemplate: '{actionUser} wrote',
      displayBodyMessage: `body ${i}`,
      metadata: { clientKey: `k${i}`, apiKey: 'not the key' },
      ...(i === 2 ? { notifyUsers: [] } : { notifyAll: false, notifyUsers: [{ userId: 'u1' }, { userId: 'u2', email: 'u2@example.com' }] }),
    };
    const added = await post(service, '/v2/notifications/add', notification);
    expect(added.status, added.body).toBe(200);
  }
  return service;
}

describe('notifications/get after every kind of change', () => {
  it('reads as a fresh service after content updates, read marks, roster changes and deletes', async () => {
    const service = await seeded();
    await expectReadsAsFresh(service);
    const update = { organizationId: 'org', notifications: [{ id: 'n1', displayBodyMessage: 'new body', readByUserIds: ['u1'] }] };
    expect((await post(service, '/v2/notifications/update', update)).status).toBe(200);
    await expectReadsAsFresh(service);
    // The notification to everyone lists the organization's users by the hash of their email and of their id.
    const renamed = { organizationId: 'org', users: [{ userId: 'u2', name: 'Renamed', email: 'new-u2@example.com' }] };
    expect((await post(service, '/v2/users/update', renamed)).status).toBe(200);
    await expectReadsAsFresh(service);
    expect((await post(service, '/v2/users/add', { organizationId: 'org', users: [{ userId: 'u4', email: 'u4@example.com' }] })).status).toBe(200);
    await expectReadsAsFresh(service);
    expect((await post(service, '/v2/users/delete', { organizationId: 'org', userIds: ['u3'] })).status).toBe(200);
    await expectReadsAsFresh(service);
    expect((await post(service, '/v2/notifications/delete', { organizationId: 'org', documentId: 'doc', notificationIds: ['n0'] })).status).toBe(200);
    await expectReadsAsFresh(service);
  });

  it('writes a notification past 8 KB on every read, and reads it as a fresh service after changes', async () => {
    const service = createMockService();
    const many = Array.from({ length: 150 }, (_, i) => ({ userId: `m${i}`, email: `m${i}@example.com` }));
    expect((await post(service, '/v2/users/add', { organizationId: 'org', users: [{ userId: 'u1' }, ...many] })).status).toBe(200);
    const toEveryone = {
      organizationId: 'org',
      documentId: 'doc',
      actionUser: { userId: 'm0' },
      displayHeadlineMessageTemplate: 'to everyone',
      displayBodyMessage: 'b',
      notifyUsers: [],
    };
    expect((await post(service, '/v2/notifications/add', toEveryone)).status).toBe(200);
    const everyone = await post(service, '/v2/notifications/get', { organizationId: 'org', documentId: 'doc' });
    expect(everyone.body.length).toBeGreaterThan(8 * 1024);
    await expectReadsAsFresh(service);
    const renamed = { organizationId: 'org', users: [{ userId: 'm1', email: 'renamed@example.com' }] };
    expect((await post(service, '/v2/users/update', renamed)).status).toBe(200);
    await expectReadsAsFresh(service);
  });

  it('reads as a fresh service after a restore to a snapshot, a refused write and a reset', async () => {
    const service = await seeded();
    await expectReadsAsFresh(service);
    const before = service.snapshot();
    // A user's new email changes the notification to everyone in place: the same record, read again after the undo.
    const renamed = { organizationId: 'org', users: [{ userId: 'u1', email: 'changed@example.com' }] };
    expect((await post(service, '/v2/users/update', renamed)).status).toBe(200);
    await expectReadsAsFresh(service);
    service.restore(before);
    await expectReadsAsFresh(service);
    const update = { organizationId: 'org', notifications: [{ id: 'n2', displayBodyMessage: 'changed after the snapshot' }] };
    expect((await post(service, '/v2/notifications/update', update)).status).toBe(200);
    await expectReadsAsFresh(service);
    service.restore(before);
    await expectReadsAsFresh(service);
    // The same position in the history, reached again by a different write, must not read the texts of the first.
    const other = { organizationId: 'org', notifications: [{ id: 'n2', displayBodyMessage: 'another change' }] };
    expect((await post(service, '/v2/notifications/update', other)).status).toBe(200);
    await expectReadsAsFresh(service);
    expect((await post(service, '/v2/notifications/add', { organizationId: 'org', documentId: 'doc' })).status).toBe(400);
    await expectReadsAsFresh(service);
    service.reset();
    await seeded().then(async (again) => {
      service.importState(again.exportState());
      await expectReadsAsFresh(service);
    });
  });
});

const THREAD_READS: Read[] = [
  { path: '/v2/commentannotations/get', data: { organizationId: 'org', documentId: 'doc' } },
  { path: '/v2/commentannotations/get', data: { organizationId: 'org', documentId: 'doc', annotationIds: ['a', 'missing', 'b'] } },
  { path: '/v2/commentannotations/get', data: { organizationId: 'org', documentId: 'doc', pageSize: 1, order: 'asc' } },
  { path: '/v1/commentannotations/get', data: { organizationId: 'org', documentId: 'doc' } },
];

describe('commentannotations/get after every kind of change', () => {
  it('reads as a fresh service after replies, edits, status changes, deletes and a restore', async () => {
    const service = createMockService();
    const says = (userId: string, commentText: string) => ({ from: { userId, name: `User ${userId}` }, commentText });
    const threads = {
      organizationId: 'org',
      documentId: 'doc',
      commentAnnotations: ['a', 'b', 'c'].map((annotationId) => ({ annotationId, commentData: [says('u1', `root of ${annotationId}`)] })),
    };
    expect((await post(service, '/v2/commentannotations/add', threads)).status).toBe(200);
    await expectReadsAsFresh(service, THREAD_READS);
    const before = service.snapshot();
    const reply = { organizationId: 'org', documentId: 'doc', annotationId: 'a', commentData: [says('u2', 'a reply')] };
    expect((await post(service, '/v2/commentannotations/comments/add', reply)).status).toBe(200);
    await expectReadsAsFresh(service, THREAD_READS);
    const resolved = {
      organizationId: 'org',
      documentId: 'doc',
      annotationIds: ['b'],
      updatedData: { status: { id: 'RESOLVED', name: 'Resolved', type: 'terminal' } },
    };
    expect((await post(service, '/v2/commentannotations/update', resolved)).status).toBe(200);
    await expectReadsAsFresh(service, THREAD_READS);
    expect((await post(service, '/v2/commentannotations/delete', { organizationId: 'org', documentId: 'doc', annotationIds: ['c'] })).status).toBe(200);
    await expectReadsAsFresh(service, THREAD_READS);
    service.restore(before);
    await expectReadsAsFresh(service, THREAD_READS);
  });
});
