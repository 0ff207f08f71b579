import { expect, it } from 'vitest';
import { expectError, expectSuccess, fingerprint } from '../../support/expect.js';
import { forEachTransport } from '../../support/transports.js';
import { AT, addThreads, getThreads, idsOf, says, thread } from './helpers.js';

const UPDATE = '/v2/commentannotations/update';
const DELETE = '/v2/commentannotations/delete';
const RESOLVED = { id: 'RESOLVED', name: 'Resolved', type: 'terminal' };
const ONGOING = { id: 'IN_PROGRESS', name: 'In progress', type: 'ongoing' };

forEachTransport('comment annotations update', (fresh) => {
  it('updates the selected threads with per-item results, missing ids failing, and lastUpdated = now', async () => {
    const c = fresh();
    await thread(c, 'a');
    await thread(c, 'b', 'u2');
    c.service.clock.advance(1000);
    const reply = await c.post(UPDATE, { ...AT, annotationIds: ['a', 'zz'], updatedData: { priority: { id: 'P1', name: 'High' } } });
    expect(expectSuccess(reply, 'Annotations updated successfully.').data).toEqual({
      a: { success: true, id: 'a', message: 'Annotations updated successfully' },
      zz: { success: false, id: 'zz', message: 'Annotation not found.' },
    });
    const [a, b] = (await getThreads(c, { annotationIds: ['a', 'b'] })).data;
    expect(a.priority).toEqual({ id: 'P1', name: 'High' });
    expect(a.lastUpdated).toBe(c.service.clock.now());
    expect(b.priority).toBeUndefined();
  });

  it('updates every thread of the document when no selector is given; selectors combine with AND', async () => {
    const c = fresh();
    await thread(c, 'a', 'u1', { location: { id: 'l1' } });
    await thread(c, 'b', 'u2', { location: { id: 'l1' } });
    await thread(c, 'c', 'u1', { location: { id: 'l2' } });
    const all = expectSuccess(await c.post(UPDATE, { ...AT, updatedData: { status: ONGOING } })).data;
    expect(Object.keys(all)).toEqual(['a', 'b', 'c']);
    const some = expectSuccess(await c.post(UPDATE, { ...AT, userIds: ['u1'], locationIds: ['l1'], updatedData: [{ status: RESOLVED }] })).data;
    expect(Object.keys(some)).toEqual(['a']);
    expect(expectSuccess(await c.post(UPDATE, { ...AT, userIds: ['nobody'], updatedData: { status: RESOLVED } })).data).toEqual({});
    expect(idsOf((await getThreads(c, { statusIds: ['RESOLVED'] })).data)).toEqual(['a']);
  });

  it('keeps the resolver only under a terminal status, and null clears the user-id fields', async () => {
    const c = fresh();
    expectSuccess(await c.post('/v2/users/add', { organizationId: 'org', users: [{ userId: 'boss', name: 'Big Boss' }] }));
    await thread(c, 'a');
    const get = async () => (await getThreads(c, { annotationIds: ['a'] })).data[0];
    expectSuccess(await c.post(UPDATE, { ...AT, updatedData: { status: RESOLVED, resolvedByUserId: 'boss', statusUpdatedByUserId: 'boss' } }));
    expect(await get()).toMatchObject({ resolvedByUserId: 'boss', resolvedByUser: { userId: 'boss', name: 'Big Boss' }, statusUpdatedByUserId: 'boss' });
    expectSuccess(await c.post(UPDATE, { ...AT, updatedData: { status: ONGOING, resolvedByUserId: 'boss' } }));
    const reopened = await get();
    expect(reopened.resolvedByUserId).toBeUndefined();
    expect(reopened.resolvedByUser).toBeUndefined();
    expect(reopened.statusUpdatedByUserId).toBe('boss');
    expectSuccess(await c.post(UPDATE, { ...AT, updatedData: { statusUpdatedByUserId: null } }));
    expect((await get()).statusUpdatedByUserId).toBeUndefined();
  });

  it('replaces suggestion, context (tokens regenerated), visibility and type; rewrites users everywhere', async () => {
    const c = fresh();
    await addThreads(c, [
      { annotationId: 'a', assignedTo: { userId: 'old' }, commentData: [says('old', 'hi {{old}}', { taggedUserContacts: [{ userId: 'old' }] }), says('u2')] },
    ]);
    expectSuccess(
      await c.post(UPDATE, {
        ...AT,
        updatedData: {
          type: 'suggestion',
          suggestion: { newValue: 2, status: 'accepted' },
          context: { access: { team: 'x' }, note: 1 },
          visibility: { type: 'restricted', userIds: ['u2'] },
        },
        updateUsers: [{ oldUser: { userId: 'old' }, newUser: { userId: 'new', name: 'New Name' } }],
      }),
    );
    const [a] = (await getThreads(c)).data;
    expect(a.suggestion).toEqual({ newValue: 2, status: 'accepted' });
    expect(a.context).toEqual({ access: { team: 'x' }, note: 1, accessFields: ['team:x', '__service_private_self:u2', '__service_private_self:old'] });
    expect(a.from).toMatchObject({ userId: 'new', name: 'New Name' });
    expect(a.assignedTo.userId).toBe('new');
    expect(a.comments[0].from.userId).toBe('new');
    expect(a.comments[0].taggedUserContacts[0].userId).toBe('new');
    expect(a.comments[0].to[0].userId).toBe('new');
    expect(a.comments[1].from.userId).toBe('u2');
    expect(Object.values(a.subscribedUsers).map((s) => (s as { user: { userId: string } }).user.userId)).toEqual(['new']);
  });

  it('refuses invalid updates and leaves state unchanged', async () => {
    const c = fresh();
    await thread(c, 'a');
    const before = fingerprint(c.service);
    const bad = async (data: Record<string, unknown>, message: string) =>
      expectError(await c.post(UPDATE, { ...AT, ...data }), 400, 'INVALID_ARGUMENT', message);
    await bad({}, 'updatedData or updateUsers is required.');
    await bad({ updatedData: { status: { type: 'ongoing' } } }, 'updatedData.status.id is required.');
    await bad({ updatedData: { status: { id: 'X', name: 'X', type: 'closed' } } }, 'updatedData.status.type must be one of default, ongoing, terminal.');
    await bad({ updatedData: { priority: { id: 'P' } } }, 'updatedData.priority.name is required.');
    await bad({ updatedData: { suggestion: { status: 'maybe' } } }, 'updatedData.suggestion.status must be one of pending, accepted, rejected.');
    await bad({ updateUsers: [{ oldUser: {}, newUser: { userId: 'n' } }] }, 'updateUsers[0].oldUser.userId is required.');
    await bad({ updateUsers: [{ oldUser: { userId: 'o' }, newUser: {} }] }, 'updateUsers[0].newUser.userId is required.');
    await bad({ documentId: undefined, updatedData: {} }, 'documentId is required.');
    expect(fingerprint(c.service)).toBe(before);
  });
});

forEachTransport('comment annotations delete', (fresh) => {
  it('deletes the selected threads with per-item results; a missing id fails', async () => {
    const c = fresh();
    await thread(c, 'a');
    await thread(c, 'b');
    const reply = await c.post(DELETE, { ...AT, annotationIds: ['a', 'gone'] });
    expect(expectSuccess(reply, 'Annotations deleted successfully.').data).toEqual({
      a: { success: true, id: 'a', message: 'Deleted Successfully' },
      gone: { success: false, id: 'gone', message: 'Annotation not found.' },
    });
    expect(idsOf((await getThreads(c)).data)).toEqual(['b']);
  });

  it('deletes every thread of the document without selectors, finds the document without organizationId, and answers {} when nothing matched', async () => {
    const c = fresh();
    await thread(c, 'a', 'u1', { location: { id: 'l1' } });
    await thread(c, 'b', 'u2');
    expect(Object.keys(expectSuccess(await c.post(DELETE, { documentId: 'doc', userIds: ['u1'], locationIds: ['l1'] })).data)).toEqual(['a']);
    expect(expectSuccess(await c.post(DELETE, { ...AT, userIds: ['nobody'] })).data).toEqual({});
    expect(Object.keys(expectSuccess(await c.post('/v1/commentannotations/delete', { ...AT })).data)).toEqual(['b']);
    expect((await getThreads(c)).data).toEqual([]);
  });

  it('narrows by agent filters with AND on v2, and refuses agentUrls with no valid page', async () => {
    const c = fresh();
    const agent = (url: string) => ({ agentSource: 'external', agentId: 'lint', agentName: 'Lint', url, reason: { severity: 'low' } });
    await addThreads(c, [
      { annotationId: 'p1', commentData: [says('bot', 'x', { agent: agent('https://app.test/page/') })] },
      { annotationId: 'p2', commentData: [says('bot', 'x', { agent: agent('https://app.test/other') })] },
      { annotationId: 'human', commentData: [says('u1')] },
    ]);
    expectError(await c.post(DELETE, { ...AT, agentUrls: ['', '#top'] }), 400, 'INVALID_ARGUMENT', 'agentUrls must contain at least one valid page URL.');
    const deleted = expectSuccess(await c.post(DELETE, { ...AT, agentId: 'lint', agentUrls: ['https://APP.test/page#x'] })).data;
    expect(Object.keys(deleted)).toEqual(['p1']);
    // v1 knows no agent filters: the same body deletes every thread it selects.
    const v1 = expectSuccess(await c.post('/v1/commentannotations/delete', { ...AT, agentId: 'other', annotationIds: ['human'] })).data;
    expect(Object.keys(v1)).toEqual(['human']);
    expect(idsOf((await getThreads(c)).data)).toEqual(['p2']);
  });

  it('refuses an ambiguous document without organizationId', async () => {
    const c = fresh();
    await thread(c, 'a');
    await addThreads(c, [{ annotationId: 'b', commentData: [says('u1')] }], { organizationId: 'org-2' });
    expectError(await c.post(DELETE, { documentId: 'doc' }), 400, 'INVALID_ARGUMENT', 'organizationId is required for this document.');
    expectError(await c.post(DELETE, { ...AT, documentId: undefined }), 400, 'INVALID_ARGUMENT', 'documentId is required.');
  });
});
