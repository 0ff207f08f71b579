import { expect, it } from 'vitest';
import { expectError, expectSuccess, fingerprint } from '../../support/expect.js';
import { forEachTransport } from '../../support/transports.js';
import { AT, addThreads, getThreads, says } from './helpers.js';

const ON = { ...AT, annotationId: 'a' };
const mention = (userId: string) => ({ text: `@${userId}`, userId, contact: { userId, name: userId.toUpperCase(), email: `${userId}@example.com` } });

forEachTransport('comments', (fresh) => {
  it('adds replies as a bare array of ids in request order and bumps the thread', async () => {
    const c = fresh();
    await addThreads(c, [{ annotationId: 'a', commentData: [says('u1', 'root', { commentId: 100001 })] }]);
    c.service.clock.advance(500);
    const reply = await c.post('/v2/commentannotations/comments/add', {
      ...ON,
      commentData: [
        says('u2', 'one {{u3}}', { taggedUserContacts: [mention('u3')], attachments: [{ attachmentId: 7, name: 'a.png' }] }),
        says('u3', 'two', { commentId: 555555 }),
      ],
    });
    const result = expectSuccess(reply, 'Comment(s) added successfully.');
    expect(result.data).toHaveLength(2);
    expect(result.data[1]).toBe(555555);
    const [a] = (await getThreads(c)).data;
    expect(a.lastUpdated).toBe(c.service.clock.now());
    expect(a.comments.map((x: { commentId: number }) => x.commentId)).toEqual([100001, ...result.data]);
    expect(a.comments[1]).toMatchObject({ attachments: [{ attachmentId: 7, name: 'a.png' }], to: [{ userId: 'u3', name: 'U3' }] });
    expect(Object.values(a.subscribedUsers).map((s) => (s as { user: { userId: string } }).user.userId)).toEqual(['u1', 'u3']);
  });

  it('refuses replies to an unknown thread, bad mentions, and denied authors under verifyUserPermissions, writing nothing', async () => {
    const c = fresh();
    await addThreads(c, [{ annotationId: 'a', commentData: [says('u1')] }]);
    expectSuccess(await c.post('/v2/users/add', { organizationId: 'org', users: [{ userId: 'member' }] }));
    const before = fingerprint(c.service);
    const add = (data: Record<string, unknown>) => c.post('/v2/commentannotations/comments/add', { ...ON, ...data });
    expectError(await add({ annotationId: 'nope', commentData: [says('u1')] }), 404, 'NOT_FOUND', 'Annotation not found.');
    expectError(await add({ documentId: 'other', commentData: [says('u1')] }), 404, 'NOT_FOUND', 'Annotation not found.');
    expectError(await add({ commentData: [] }), 400, 'INVALID_ARGUMENT', 'commentData must contain at least 1 item.');
    expectError(
      await add({ commentData: [says('u1', 'x', { taggedUserContacts: [{ userId: 'u2' }] })] }),
      400,
      'INVALID_ARGUMENT',
      'commentData[0].taggedUserContacts[0].text is required.',
    );
    expectError(
      await add({ commentData: [says('u1', 'x', { attachments: [{ name: 'x' }] })] }),
      400,
      'INVALID_ARGUMENT',
      'commentData[0].attachments[0].attachmentId is required.',
    );
    expectError(await add({ createDocument: { documentName: 'x' }, commentData: [says('u1')] }), 400, 'INVALID_ARGUMENT', 'createDocument must be a boolean.');
    expectError(
      await add({ verifyUserPermissions: true, commentData: [says('member'), says('stranger')] }),
      403,
      'PERMISSION_DENIED',
      'User does not have access to the document.',
    );
    expectError(
      await add({ commentData: [says('bot', 'x', { agent: { agentSource: 'service', agentId: 'ghost', reason: { severity: 'low' } } })] }),
      404,
      'NOT_FOUND',
      'Agent not found.',
    );
    expect(fingerprint(c.service)).toBe(before);
    expect(expectSuccess(await add({ verifyUserPermissions: true, commentData: [says('member')] })).data).toHaveLength(1);
  });

  it('gets comments in thread order, by author, and by ids with null holes; v1 words the message differently', async () => {
    const c = fresh();
    await addThreads(c, [{ annotationId: 'a', commentData: [says('u1', 'r', { commentId: 111111 }), says('u2', 's', { commentId: 222222 })] }]);
    const get = async (data: Record<string, unknown>, path = '/v2/commentannotations/comments/get', message = 'Comments retrieved successfully.') =>
      expectSuccess(await c.post(path, { ...ON, ...data }), message).data;
    const ids = (list: ({ commentId: number } | null)[]) => list.map((x) => (x ? x.commentId : null));
    expect(ids(await get({}))).toEqual([111111, 222222]);
    expect(ids(await get({ userIds: ['u2'] }))).toEqual([222222]);
    expect(ids(await get({ commentIds: [222222, 9, 111111] }))).toEqual([222222, null, 111111]);
    expect((await get({}))[0].lastUpdated).toBe(new Date(c.service.clock.now()).toISOString());
    expect(ids(await get({}, '/v1/commentannotations/comments/get', 'Comments(s) retrieved successfully.'))).toEqual([111111, 222222]);
    expectError(await c.post('/v2/commentannotations/comments/get', { ...ON, annotationId: 'zz' }), 404, 'NOT_FOUND', 'Annotation not found.');
    expectError(await c.post('/v2/commentannotations/comments/get', { ...AT }), 400, 'INVALID_ARGUMENT', 'annotationId is required.');
  });

  it('updates the named comments: text replaced, status updated, edit stamps, per item keyed by id', async () => {
    const c = fresh();
    await addThreads(c, [{ annotationId: 'a', commentData: [says('u1', 'r', { commentId: 111111, context: { k: 1 } })] }]);
    c.service.clock.advance(60_000);
    const reply = await c.post('/v2/commentannotations/comments/update', {
      ...ON,
      commentIds: [111111, 999999],
      updatedData: { commentText: 'edited', taggedUserContacts: [mention('u5')] },
    });
    expect(expectSuccess(reply, 'Comment updated successfully.').data).toEqual({
      111111: { success: true, id: 111111, message: 'Updated successfully' },
      999999: { success: false, id: 999999, message: 'Not found' },
    });
    const [comment] = expectSuccess(await c.post('/v2/commentannotations/comments/get', ON)).data;
    expect(comment).toMatchObject({
      commentText: 'edited',
      status: 'updated',
      isEdited: true,
      editedAt: c.service.clock.now(),
      context: { k: 1 },
      to: [{ userId: 'u5' }],
    });
    expect(comment.lastUpdated).toBe(new Date(c.service.clock.now()).toISOString());
    const bad = (data: Record<string, unknown>) => c.post('/v2/commentannotations/comments/update', { ...ON, ...data });
    expectError(await bad({ updatedData: { commentText: 'x' } }), 400, 'INVALID_ARGUMENT', 'commentIds is required.');
    expectError(await bad({ commentIds: [111111] }), 400, 'INVALID_ARGUMENT', 'updatedData is required.');
    expectError(await bad({ commentIds: ['111111'], updatedData: {} }), 400, 'INVALID_ARGUMENT', 'commentIds[0] must be a number.');
    expectError(await bad({ annotationId: 'zz', commentIds: [1], updatedData: {} }), 404, 'NOT_FOUND', 'Annotation not found.');
  });

  it('deletes the named comments or all of them, leaving the thread in place', async () => {
    const c = fresh();
    await addThreads(c, [
      {
        annotationId: 'a',
        commentData: [says('u1', 'r', { commentId: 111111 }), says('u2', 's', { commentId: 222222 }), says('u3', 't', { commentId: 333333 })],
      },
    ]);
    const del = (data: Record<string, unknown>) => c.post('/v2/commentannotations/comments/delete', { ...ON, ...data });
    expect(expectSuccess(await del({ commentIds: [222222, 444444] }), 'Comments(s) deleted successfully.').data).toEqual({
      222222: { success: true, id: 222222, message: 'Deleted successfully' },
      444444: { success: false, id: 444444, message: 'Not found' },
    });
    expect(Object.keys(expectSuccess(await c.post('/v1/commentannotations/comments/delete', ON)).data)).toEqual(['111111', '333333']);
    const [a] = (await getThreads(c)).data;
    expect(a.comments).toEqual([]);
    expectError(await del({ annotationId: 'zz' }), 404, 'NOT_FOUND', 'Annotation not found.');
  });
});
