import { expect, it } from 'vitest';
import { expectError, expectSuccess, fingerprint } from '../../support/expect.js';
import { forEachTransport } from '../../support/transports.js';
import { AT, addThreads, getThreads, says } from './helpers.js';

const ADD = '/v2/commentannotations/add';

forEachTransport('comment annotations add', (fresh) => {
  it('answers a map keyed by the new push-style id with 6-digit comment ids, and stores the documented shape', async () => {
    const c = fresh();
    const reply = await c.post(ADD, {
      ...AT,
      commentAnnotations: [
        { commentData: [says('u1', 'Hello {{u2}}', { taggedUserContacts: [{ userId: 'u2', contact: { userId: 'u2', name: 'Bo' } }] }), says('u2')] },
      ],
    });
    const result = expectSuccess(reply, 'Comment Annotation(s) added successfully.');
    const [key] = Object.keys(result.data);
    expect(key).toMatch(/^-[A-Za-z0-9_-]{19}$/);
    const entry = result.data[key!];
    expect(Object.keys(entry)).toEqual(['success', 'annotationId', 'commentIds', 'message']);
    expect(entry).toMatchObject({ success: true, annotationId: key, message: 'Added Successfully' });
    expect(entry.commentIds).toHaveLength(2);
    for (const id of entry.commentIds) expect(String(id)).toMatch(/^[1-9]\d{5}$/);

    const [stored] = (await getThreads(c)).data;
    expect(Object.keys(stored)).toEqual([
      'annotationId',
      'annotationNumber',
      'type',
      'createdAt',
      'lastUpdated',
      'hasDraftComments',
      'context',
      'visibilityConfig',
      'metadata',
      'from',
      'subscribedUsers',
      'unsubscribedUsers',
      'subscribedGroups',
      'customList',
      'comments',
      'status',
      'sourceType',
    ]);
    expect(stored).toMatchObject({
      annotationNumber: 1,
      type: 'comment',
      createdAt: c.service.clock.now(),
      hasDraftComments: false,
      context: { access: { default: 'service' }, accessFields: ['default:service'] },
      visibilityConfig: { type: 'public' },
      metadata: { apiKey: c.service.credentials.apiKey, organizationId: 'org', documentId: 'doc' },
      from: { userId: 'u1', organizationId: 'org', type: 'signedIn', textColor: '#FFFFFF', isAdmin: false },
      status: { id: 'OPEN', name: 'Open', type: 'default', color: 'var(--service-accent, #625DF5)' },
      sourceType: 'rest-api',
    });
    expect(Object.values(stored.subscribedUsers)).toEqual([
      { user: { userId: 'u1' }, type: 'auto' },
      { user: { userId: 'u2' }, type: 'auto' },
    ]);
    const [root] = stored.comments;
    expect(root).toMatchObject({
      type: 'text',
      status: 'added',
      isDraft: false,
      isCommentTextAvailable: true,
      commentText: 'Hello {{u2}}',
      createdAt: c.service.clock.now(),
    });
    expect(root.lastUpdated).toBe(new Date(c.service.clock.now()).toISOString());
    expect(root.to).toEqual([expect.objectContaining({ userId: 'u2', name: 'Bo', initial: 'B', name_lowercase: 'bo' })]);
  });

  it('keeps custom ids, numbers threads per document, and derives the same locationId from the same location', async () => {
    const c = fresh();
    const data = await addThreads(c, [
      { annotationId: 'a1', location: { id: 'scene-1' }, commentData: [says('u1', 'x', { commentId: 42 })] },
      { annotationId: 'a2', location: { id: 'scene-1', locationName: 'Scene' }, commentData: [says('u1')] },
    ]);
    expect(data.a1).toEqual({ success: true, annotationId: 'a1', commentIds: [42], message: 'Added Successfully' });
    const [t2, t1] = (await getThreads(c, { order: 'desc', annotationIds: ['a2', 'a1'] })).data;
    expect([t1.annotationNumber, t2.annotationNumber]).toEqual([1, 2]);
    expect(t1.locationId).toBe(t2.locationId);
    expect(String(t1.locationId)).toMatch(/^\d{16}$/);
    expect(t1.locationId).toBeLessThan(2 ** 53);
  });

  it('stores the author in userIds of private threads and the visibility tokens in accessFields', async () => {
    const c = fresh();
    await addThreads(c, [
      { annotationId: 'r', visibility: { type: 'restricted', userIds: ['u2'] }, context: { access: { team: 'a', level: 2 } }, commentData: [says('u1')] },
      { annotationId: 'o', visibility: { type: 'organizationPrivate', organizationId: 'org' }, commentData: [says('u1')] },
    ]);
    const [r, o] = (await getThreads(c, { annotationIds: ['r', 'o'] })).data;
    expect(r.visibilityConfig).toEqual({ type: 'restricted', userIds: ['u2', 'u1'] });
    expect(r.context).toEqual({
      access: { team: 'a', level: 2 },
      accessFields: ['team:a', 'level:2', '__service_private_self:u2', '__service_private_self:u1'],
    });
    expect(o.visibilityConfig).toEqual({ type: 'organizationPrivate', organizationId: 'org', userIds: ['u1'] });
    expect(o.context.accessFields).toContain('organizationPrivate:org');
  });

  it('stamps agent threads, echoes findingId, and derives the agent type; an unknown service agent is 404 before writing', async () => {
    const c = fresh();
    const reason = { severity: 'high', findingId: 'f-1', title: 'Typo' };
    const data = await addThreads(c, [
      {
        annotationId: 'ag',
        commentData: [says('bot', 'Fix this', { agent: { agentSource: 'service', agentId: 'spell-check', reason, url: 'https://app.test/page' } })],
      },
      {
        annotationId: 'ex',
        type: 'suggestion',
        suggestion: { oldValue: 'a', newValue: 'b', status: 'accepted', extra: 1 },
        commentData: [says('bot', 'x', { agent: { agentSource: 'external', agentId: 'mine', agentName: 'Mine', reason: { severity: 'low' } } })],
      },
    ]);
    expect(data.ag).toEqual({ success: true, annotationId: 'ag', commentIds: [expect.any(Number)], message: 'Added Successfully', findingId: 'f-1' });
    const [ag, ex] = (await getThreads(c, { annotationIds: ['ag', 'ex'] })).data;
    expect(ag.sourceType).toBe('agent');
    expect(ag.agent).toEqual({ agentId: 'spell-check', agentType: 'built-in', agentSource: 'service', url: 'https://app.test/page', reason });
    expect(ag.comments[0]).toMatchObject({ sourceType: 'agent', agent: { agentId: 'spell-check', agentSource: 'service' } });
    expect(ex.agent).toMatchObject({ agentType: 'external', agentName: 'Mine' });
    expect(ex.suggestion).toEqual({ oldValue: 'a', newValue: 'b', extra: 1, status: 'pending' });

    const before = fingerprint(c.service);
    const reply = await c.post(ADD, {
      ...AT,
      commentAnnotations: [
        { commentData: [says('u1')] },
        { commentData: [says('bot', 'x', { agent: { agentSource: 'service', agentId: 'nope', reason: { severity: 'low' } } })] },
      ],
    });
    expectError(reply, 404, 'NOT_FOUND', 'Agent not found.');
    expect(fingerprint(c.service)).toBe(before);
  });

  it('denies authors without access under verifyUserPermissions: PERMISSION_DENIED with the map in details, the others written', async () => {
    const c = fresh();
    expectSuccess(await c.post('/v2/users/add', { organizationId: 'org', users: [{ userId: 'member' }] }));
    const reply = await c.post(ADD, {
      ...AT,
      verifyUserPermissions: true,
      commentAnnotations: [{ commentData: [says('member')] }, { commentData: [says('stranger')] }, { annotationId: 'mine', commentData: [says('stranger')] }],
    });
    expect(reply.status).toBe(403);
    expect(reply.body.error.status).toBe('PERMISSION_DENIED');
    const details = reply.body.error.details;
    const created = Object.keys(details)[0]!;
    expect(Object.keys(details)).toEqual([created, '__service_denied:1', 'mine']);
    expect(details[created]).toMatchObject({ success: true, annotationId: created });
    expect(details['__service_denied:1']).toEqual({ success: false, message: 'User does not have access to the document.' });
    expect(details.mine).toEqual({ success: false, message: 'User does not have access to the document.' });
    expect((await getThreads(c)).data.map((t: { annotationId: string }) => t.annotationId)).toEqual([created]);
    // v1 has no verifyUserPermissions: nobody is denied there.
    expectSuccess(
      await c.post('/v1/commentannotations/add', { ...AT, verifyUserPermissions: true, commentAnnotations: [{ commentData: [says('stranger')] }] }),
    );
  });

  it('refuses invalid input with the field and the rule, writing nothing', async () => {
    const c = fresh();
    const before = fingerprint(c.service);
    const bad = async (data: Record<string, unknown>, message: string) => expectError(await c.post(ADD, { ...AT, ...data }), 400, 'INVALID_ARGUMENT', message);
    const one = (item: Record<string, unknown>) => ({ commentAnnotations: [{ commentData: [says('u1')], ...item }] });
    await bad({ organizationId: undefined, commentAnnotations: [] }, 'organizationId is required.');
    await bad({ commentAnnotations: [] }, 'commentAnnotations must contain at least 1 item.');
    await bad({ commentAnnotations: [{ commentData: [] }] }, 'commentAnnotations[0].commentData must contain at least 1 item.');
    await bad({ commentAnnotations: [{ commentData: [{ commentText: 'x' }] }] }, 'commentAnnotations[0].commentData[0].from is required.');
    await bad(
      { commentAnnotations: [{ commentData: [{ from: { userId: 'u1' } }] }] },
      'commentAnnotations[0].commentData[0].commentText or commentHtml is required.',
    );
    await bad(one({ annotationId: 'a:b' }), 'commentAnnotations[0].annotationId must not contain ":".');
    await bad(
      { commentAnnotations: [{ commentData: [says('u1', 'x', { createdAt: 8.64e15 + 1 })] }] },
      'commentAnnotations[0].commentData[0].createdAt must be milliseconds within the range of Date (±8.64e15).',
    );
    await bad(
      { commentAnnotations: [{ commentData: [says('u1', 'x', { lastUpdated: -1e16 })] }] },
      'commentAnnotations[0].commentData[0].lastUpdated must be milliseconds within the range of Date (±8.64e15).',
    );
    await bad(one({ createdAt: 1e300 }), 'commentAnnotations[0].createdAt must be milliseconds within the range of Date (±8.64e15).');
    await bad(one({ type: 'note' }), 'commentAnnotations[0].type must be one of comment, suggestion.');
    await bad(one({ commentType: 'x' }), 'commentAnnotations[0].commentType must be one of manual, chart, suggestion.');
    await bad(one({ visibility: { type: 'restricted' } }), 'commentAnnotations[0].visibility.userIds is required.');
    await bad(one({ visibility: { type: 'organizationPrivate' } }), 'commentAnnotations[0].visibility.organizationId is required.');
    await bad(one({ visibility: { type: 'secret' } }), 'commentAnnotations[0].visibility.type must be one of public, organizationPrivate, restricted.');
    await bad(
      one({ status: { id: 'X', name: 'X', type: 'done', color: 'c', lightColor: 'l', svg: '' } }),
      'commentAnnotations[0].status.type must be one of default, ongoing, terminal.',
    );
    await bad(
      one({ status: { id: 'X', name: 'X', type: 'ongoing', color: 'c', lightColor: 'l' } }),
      'commentAnnotations[0].status.svg or iconUrl is required.',
    );
    await bad(one({ priority: { id: 'P1', name: 'High', color: 'red' } }), 'commentAnnotations[0].priority.lightColor is required.');
    await bad(one({ context: { access: { team: ['a'] } } }), 'commentAnnotations[0].context.access.team must be a string or a number.');
    const agentComment = (agent: Record<string, unknown>) => ({ commentAnnotations: [{ commentData: [says('u1', 'x', { agent })] }] });
    await bad(
      agentComment({ agentSource: 'mine', agentId: 'a', reason: { severity: 'low' } }),
      'commentAnnotations[0].commentData[0].agent.agentSource must be one of service, external.',
    );
    await bad(
      agentComment({ agentSource: 'external', agentId: 'a', reason: { severity: 'low' } }),
      'commentAnnotations[0].commentData[0].agent.agentName is required.',
    );
    await bad(
      agentComment({ agentSource: 'external', agentId: 'a', agentName: 'A', reason: { severity: 'urgent' } }),
      'commentAnnotations[0].commentData[0].agent.reason.severity must be one of critical, high, medium, low, info.',
    );
    await bad(
      agentComment({ agentSource: 'external', agentId: 'a', agentName: 'A', reason: { severity: 'low', confidence: 101 } }),
      'commentAnnotations[0].commentData[0].agent.reason.confidence: Too big: expected number to be <=100.',
    );
    await bad(
      agentComment({ agentSource: 'external', agentId: 'a', agentName: 'A', reason: { severity: 'low', findingType: 'line' } }),
      'commentAnnotations[0].commentData[0].agent.reason.findingType must be one of text, pin, page.',
    );
    await bad({ createOrganization: { organizationName: 'x' }, ...one({}) }, 'createOrganization must be a boolean.');
    expect(fingerprint(c.service)).toBe(before);
  });

  it('accepts attachment-only and resolver comments without text, and overwrites an existing annotation id', async () => {
    const c = fresh();
    await addThreads(c, [{ annotationId: 'a', commentData: [{ from: { userId: 'u1' }, isCommentTextAvailable: false }] }]);
    await addThreads(c, [{ annotationId: 'a', commentData: [{ from: { userId: 'u2' }, isCommentResolverUsed: true }] }]);
    const [a] = (await getThreads(c)).data;
    expect(a).toMatchObject({ annotationNumber: 1, from: { userId: 'u2' } });
    expect(a.comments).toHaveLength(1);
  });
});
