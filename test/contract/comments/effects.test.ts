import { expect, it } from 'vitest';
import { control } from '../../support/control.js';
import { expectSuccess } from '../../support/expect.js';
import { type Client, forEachTransport } from '../../support/transports.js';
import { AT, addThreads, getThreads, idsOf, says } from './helpers.js';

const notificationsOf = async (c: Client, userId: string) =>
  expectSuccess(await c.post('/v2/notifications/get', { organizationId: 'org', userId, order: 'asc' })).data as Record<string, unknown>[];

const activitiesOf = async (c: Client) => {
  const reply = await control(c, 'GET', '/__mock/activities?organizationId=org');
  return reply.body.activities as Record<string, unknown>[];
};

const tag = (userId: string) => ({ userId, contact: { userId } });
const REPLY = '/v2/commentannotations/comments/add';

forEachTransport('comment side effects', (fresh) => {
  it('writes silently by default: no notifications, no activity records', async () => {
    const c = fresh();
    expectSuccess(await c.post('/v2/workspace/activityconfig/update', { activityServiceConfig: { isEnabled: true } }));
    await addThreads(c, [{ annotationId: 'a', assignedTo: { userId: 'u3' }, commentData: [says('u1', 'hi {{u2}}', { taggedUserContacts: [tag('u2')] })] }]);
    expectSuccess(await c.post(REPLY, { ...AT, annotationId: 'a', commentData: [says('u2', 'ok')] }));
    for (const user of ['u1', 'u2', 'u3']) expect(await notificationsOf(c, user)).toEqual([]);
    expect(await activitiesOf(c)).toEqual([]);
  });

  it('with triggerNotification notifies mentioned users, the assignee and subscribers, never the author', async () => {
    const c = fresh();
    await addThreads(c, [
      {
        annotationId: 'a',
        assignedTo: { userId: 'u3' },
        commentData: [says('u1', 'hi {{u2}}', { taggedUserContacts: [tag('u2')], triggerNotification: true })],
      },
    ]);
    const [first] = await notificationsOf(c, 'u2');
    expect(first).toMatchObject({
      notificationSource: 'comment',
      actionType: 'newlyAdded',
      targetAnnotationId: 'a',
      actionUser: { userId: 'u1' },
      displayBodyMessage: 'hi {{u2}}',
    });
    expect((first!['notificationSourceData'] as { annotationId: string }).annotationId).toBe('a');
    expect(await notificationsOf(c, 'u3')).toHaveLength(1);
    expect(await notificationsOf(c, 'u1')).toEqual([]);
    const flagged: unknown[] = [];
    c.service.model.events.on('comment.add', (e) => flagged.push(e.triggerNotification));
    // A reply by u2 reaches the subscribers u1 (author) and u2's mention target, the assignee, not u2.
    expectSuccess(
      await c.post(REPLY, {
        ...AT,
        annotationId: 'a',
        commentData: [
          says('u2', 'see {{u4}}', {
            taggedUserContacts: [{ ...tag('u4'), text: '@u4', contact: { userId: 'u4', name: 'U4', email: 'u4@x.test' } }],
            triggerNotification: true,
          }),
        ],
      }),
    );
    expect((await notificationsOf(c, 'u1')).map((n) => n['actionType'])).toEqual(['added']);
    expect(await notificationsOf(c, 'u4')).toHaveLength(1);
    expect(await notificationsOf(c, 'u3')).toHaveLength(2);
    expect(await notificationsOf(c, 'u2')).toHaveLength(1);
    expectSuccess(await c.post(REPLY, { ...AT, annotationId: 'a', commentData: [says('u2', 'quiet')] }));
    // The event says whether the write asked for notifications, so webhooks stay silent by default too.
    expect(flagged).toEqual([true, undefined]);
  });

  it('notifies about private threads only those who can see them', async () => {
    const c = fresh();
    await addThreads(c, [
      {
        annotationId: 'p',
        visibility: { type: 'restricted', userIds: ['u2'] },
        commentData: [says('u1', 'x {{u2}} {{u5}}', { taggedUserContacts: [tag('u2'), tag('u5')], triggerNotification: true })],
      },
    ]);
    expect(await notificationsOf(c, 'u2')).toHaveLength(1);
    expect(await notificationsOf(c, 'u5')).toEqual([]);
  });

  it('with triggerActivities writes comment activity records when the activity log is enabled', async () => {
    const c = fresh();
    await addThreads(c, [{ annotationId: 'a', commentData: [says('u1', 'x', { triggerActivities: true })] }]);
    expect(await activitiesOf(c)).toEqual([]);
    expectSuccess(await c.post('/v2/workspace/activityconfig/update', { activityServiceConfig: { isEnabled: true } }));
    await addThreads(c, [{ annotationId: 'b', commentData: [says('u1', 'x', { triggerActivities: true, commentId: 123456 })] }]);
    expectSuccess(await c.post(REPLY, { ...AT, annotationId: 'b', commentData: [says('u2', 'y', { triggerActivities: true, commentId: 654321 })] }));
    expect((await activitiesOf(c)).map((a) => [a['featureType'], a['actionType'], a['targetEntityId'], a['targetSubEntityId']])).toEqual([
      ['comment', 'comment_annotation.add', 'b', '123456'],
      ['comment', 'comment.add', 'b', '654321'],
    ]);
  });

  it('emits a domain event for every write, with the records a webhook payload needs', async () => {
    const c = fresh();
    const seen: { type: string; annotationId?: string; commentId?: number; visibility?: unknown }[] = [];
    c.service.model.events.on('*', (e) => {
      if (e.type.startsWith('comment'))
        seen.push({
          type: e.type,
          ...('annotationId' in e ? { annotationId: e.annotationId } : {}),
          ...('commentId' in e && e.commentId !== undefined ? { commentId: e.commentId } : {}),
        });
    });
    await addThreads(c, [{ annotationId: 'a', commentData: [says('u1', 'x', { commentId: 111111 }), says('u2', 'y', { commentId: 222222 })] }]);
    expectSuccess(
      await c.post('/v2/commentannotations/update', {
        ...AT,
        updatedData: { status: { id: 'DONE', name: 'Done', type: 'terminal' }, assignedTo: { userId: 'u9' }, priority: { id: 'P', name: 'P' } },
      }),
    );
    expectSuccess(await c.post(REPLY, { ...AT, annotationId: 'a', commentData: [says('u2', 'z', { commentId: 333333 })] }));
    expectSuccess(
      await c.post('/v2/commentannotations/comments/update', { ...AT, annotationId: 'a', commentIds: [333333], updatedData: { commentText: 'zz' } }),
    );
    expectSuccess(await c.post('/v2/commentannotations/comments/delete', { ...AT, annotationId: 'a', commentIds: [333333] }));
    expectSuccess(await c.post('/v2/commentannotations/delete', { ...AT }));
    expect(seen).toEqual([
      { type: 'comment_annotation.add', annotationId: 'a', commentId: 111111 },
      { type: 'comment.add', annotationId: 'a', commentId: 222222 },
      { type: 'comment_annotation.update', annotationId: 'a' },
      { type: 'comment_annotation.assign', annotationId: 'a' },
      { type: 'comment_annotation.subscribe', annotationId: 'a' },
      { type: 'comment_annotation.priority_change', annotationId: 'a' },
      { type: 'comment_annotation.status_change', annotationId: 'a' },
      { type: 'comment.add', annotationId: 'a', commentId: 333333 },
      { type: 'comment.update', annotationId: 'a', commentId: 333333 },
      { type: 'comment.delete', annotationId: 'a', commentId: 333333 },
      { type: 'comment_annotation.delete', annotationId: 'a' },
    ]);
  });

  it('lists REST threads in the user-data export for authors, repliers and mentioned users, until deleted', async () => {
    const c = fresh();
    await addThreads(c, [
      { annotationId: 'mine', commentData: [says('u1')] },
      { annotationId: 'replied', commentData: [says('u2'), says('u1')] },
      { annotationId: 'mentioned', commentData: [says('u3', 'hi {{u1}}', { taggedUserContacts: [tag('u1')] })] },
      { annotationId: 'other', commentData: [says('u3')], context: { access: { x: 1 } } },
    ]);
    const exported = async () => idsOf(expectSuccess(await c.post('/v2/users/data/get', { organizationId: 'org', userId: 'u1' })).data.comments);
    expect(await exported()).toEqual(['mine', 'replied', 'mentioned']);
    expectSuccess(await c.post('/v2/commentannotations/delete', { ...AT, annotationIds: ['replied'] }));
    expect(await exported()).toEqual(['mine', 'mentioned']);
  });

  it('cascades: a document delete drops its threads, a migration moves them, a location update rewrites them', async () => {
    const c = fresh({ migrations: 'immediate' });
    expectSuccess(await c.post('/v2/organizations/documents/add', { organizationId: 'org', documents: [{ documentId: 'doc' }, { documentId: 'gone' }] }));
    await addThreads(c, [{ annotationId: 'a', location: { id: 'l1', locationName: 'One' }, commentData: [says('u1')] }]);
    await addThreads(c, [{ annotationId: 'b', commentData: [says('u1')] }], { documentId: 'gone' });
    expectSuccess(await c.post('/v2/organizations/documents/delete', { organizationId: 'org', documentIds: ['gone'] }));
    expect((await getThreads(c, { documentId: 'gone' })).data).toEqual([]);
    const count = async (documentId: string) =>
      expectSuccess(await c.post('/v2/commentannotations/count/get', { organizationId: 'org', documentIds: [documentId], userId: 'x' })).data[documentId].total;
    expect(await count('gone')).toBe(0);

    const { apiKey, authToken } = c.service.credentials;
    expectSuccess(
      await c.post('/v1/organizations/documents/locations/update', {
        apiKey,
        authToken,
        ...AT,
        migrate: { oldLocation: { id: 'l1' }, newLocation: { id: 'l1', locationName: 'Renamed' } },
      }),
    );
    expect((await getThreads(c)).data[0].location).toEqual({ id: 'l1', locationName: 'Renamed' });

    expectSuccess(await c.post('/v2/organizations/documents/migrate', { ...AT, newDocumentId: 'doc-new' }));
    expect((await getThreads(c)).data).toEqual([]);
    const [moved] = (await getThreads(c, { documentId: 'doc-new' })).data;
    expect(moved).toMatchObject({ annotationId: 'a', metadata: { documentId: 'doc-new' } });
    await addThreads(c, [{ annotationId: 'c', commentData: [says('u1')] }], { documentId: 'doc-new' });
    expect((await getThreads(c, { documentId: 'doc-new', annotationIds: ['c'] })).data[0].annotationNumber).toBe(2);
  });
});
