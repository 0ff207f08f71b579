import { expect, it } from 'vitest';
import { expectError, expectSuccess } from '../../support/expect.js';
import { type Client, forEachTransport } from '../../support/transports.js';
import { AT, addThreads, getThreads, idsOf, says, thread } from './helpers.js';

const GET = '/v2/commentannotations/get';

/** Threads a (u1, OPEN, scene-1), b (u2, mentions u3, scene-2), c (u1, RESOLVED by u2) in doc; d in doc-2 of folder f. */
async function seed(c: Client): Promise<void> {
  await thread(c, 'a', 'u1', { location: { id: 'scene-1' } });
  c.service.clock.advance(10);
  await thread(c, 'b', 'u2', { location: { id: 'scene-2' }, commentData: [says('u2', 'hey {{u3}}', { taggedUserContacts: [{ userId: 'u3' }] })] });
  c.service.clock.advance(10);
  await thread(c, 'c', 'u1');
  expectSuccess(
    await c.post('/v2/commentannotations/update', {
      ...AT,
      annotationIds: ['c'],
      updatedData: { status: { id: 'RESOLVED', name: 'Resolved', type: 'terminal' }, resolvedByUserId: 'u2' },
    }),
  );
  c.service.clock.advance(10);
  expectSuccess(await c.post('/v2/organizations/documents/add', { organizationId: 'org', folderId: 'f', documents: [{ documentId: 'doc-2' }] }));
  await addThreads(c, [{ annotationId: 'd', commentData: [says('u3')] }], { documentId: 'doc-2' });
}

forEachTransport('comment annotations get', (fresh) => {
  it('sorts by lastUpdated, newest first by default, and narrows by every selector with AND', async () => {
    const c = fresh();
    await seed(c);
    const ids = async (data: Record<string, unknown>) => idsOf((await getThreads(c, data)).data);
    expect(await ids({})).toEqual(['c', 'b', 'a']);
    expect(await ids({ order: 'asc' })).toEqual(['a', 'b', 'c']);
    expect(await ids({ documentId: undefined })).toEqual(['d', 'c', 'b', 'a']);
    expect(await ids({ documentId: undefined, documentIds: ['doc-2', 'doc'], order: 'asc' })).toEqual(['a', 'b', 'c', 'd']);
    expect(await ids({ documentId: undefined, folderId: 'f' })).toEqual(['d']);
    expect(await ids({ locationIds: ['scene-2'] })).toEqual(['b']);
    expect(await ids({ userIds: ['u1'] })).toEqual(['c', 'a']);
    expect(await ids({ userIds: ['u1'], statusIds: ['OPEN'] })).toEqual(['a']);
    expect(await ids({ mentionedUserIds: ['u3'] })).toEqual(['b']);
    expect(await ids({ resolvedBy: 'u2' })).toEqual(['c']);
    const t0 = c.service.clock.now() - 30;
    expect(await ids({ updatedAfter: t0 + 5, order: 'asc' })).toEqual(['b', 'c']);
    expect(await ids({ updatedAfter: t0 + 10, order: 'asc' })).toEqual(['c']);
    expect(await ids({ createdBefore: t0 + 10 })).toEqual(['a']);
    expect(await ids({ organizationId: 'nope' })).toEqual([]);
    expect(await ids({ documentId: 'nope' })).toEqual([]);
  });

  it('returns annotationIds in request order with null holes, unsorted', async () => {
    const c = fresh();
    await seed(c);
    expect(idsOf((await getThreads(c, { annotationIds: ['a', 'missing', 'c'] })).data)).toEqual(['a', null, 'c']);
    const v1 = expectSuccess(await c.post('/v1/commentannotations/get', { ...AT, annotationIds: ['zz', 'b'] }), 'Annotations fetched successfully.');
    expect(idsOf(v1.data)).toEqual([null, 'b']);
    expect(Object.keys(v1)).toEqual(['status', 'message', 'data']);
  });

  it('pages with nextPageToken beside data, "" on the last page; an unknown token is refused', async () => {
    const c = fresh();
    await seed(c);
    const first = await getThreads(c, { pageSize: 2, order: 'asc' });
    expect(Object.keys(first)).toEqual(['status', 'message', 'data', 'nextPageToken']);
    expect(idsOf(first.data)).toEqual(['a', 'b']);
    const second = await getThreads(c, { pageSize: 2, order: 'asc', pageToken: first.nextPageToken });
    expect(idsOf(second.data)).toEqual(['c']);
    expect(second.nextPageToken).toBe('');
    expectError(await c.post(GET, { ...AT, pageToken: '1720441573192' }), 400, 'INVALID_ARGUMENT', 'Invalid pageToken.');
  });

  it('groups by document with its own message', async () => {
    const c = fresh();
    await seed(c);
    const reply = await c.post(GET, { organizationId: 'org', groupByDocumentId: true, order: 'asc' });
    const result = expectSuccess(reply, 'Annotations fetched successfully.');
    expect(Object.keys(result.data)).toEqual(['doc', 'doc-2']);
    expect(idsOf(result.data.doc)).toEqual(['a', 'b', 'c']);
    expect(result.nextPageToken).toBe('');
  });

  it('filters agent threads, one agent filter at a time', async () => {
    const c = fresh();
    await thread(c, 'plain');
    const agent = (agentId: string, agentSource = 'service') => ({
      agentSource,
      agentId,
      agentName: 'A',
      executionId: `run-${agentId}`,
      reason: { severity: 'info' },
    });
    await addThreads(c, [
      { annotationId: 'spell', commentData: [says('bot', 'x', { agent: agent('spell-check') })] },
      { annotationId: 'ext', type: 'suggestion', suggestion: { newValue: 1 }, commentData: [says('bot', 'x', { agent: agent('mine', 'external') })] },
    ]);
    const ids = async (data: Record<string, unknown>) => idsOf((await getThreads(c, { ...data, order: 'asc' })).data);
    // Same lastUpdated: ties go by annotation id.
    expect(await ids({ agentComments: true })).toEqual(['ext', 'spell']);
    expect(await ids({ agentType: 'built-in' })).toEqual(['spell']);
    expect(await ids({ agentSource: 'external' })).toEqual(['ext']);
    expect(await ids({ agentId: 'mine' })).toEqual(['ext']);
    expect(await ids({ executionId: 'run-spell-check' })).toEqual(['spell']);
    expect(await ids({ agentSuggestions: true })).toEqual(['ext']);
    expectError(await c.post(GET, { ...AT, agentId: 'mine', agentComments: true }), 400, 'INVALID_ARGUMENT', 'Only one agent filter may be supplied.');
  });

  it('needs API-key credentials on every comment path', async () => {
    const c = fresh();
    const paths = ['add', 'get', 'update', 'delete', 'count/get', 'comments/add', 'comments/get', 'comments/update', 'comments/delete'];
    for (const version of ['v1', 'v2']) {
      for (const path of paths) {
        const full = `/${version}/commentannotations/${path}`;
        expectError(await c.post(full, AT, { 'x-service-api-key': undefined }), 400, 'INVALID_ARGUMENT', 'API key not found in headers.');
        expectError(await c.post(full, AT, { 'x-service-api-key': 'unknownkey0000000000' }), 403, 'PERMISSION_DENIED', 'Invalid API key.');
      }
    }
  });

  it('refuses lists above 30 and bad enums', async () => {
    const c = fresh();
    const many = Array.from({ length: 31 }, (_, i) => `x${i}`);
    for (const field of ['documentIds', 'locationIds', 'annotationIds', 'userIds', 'mentionedUserIds']) {
      expectError(await c.post(GET, { ...AT, [field]: many }), 400, 'INVALID_ARGUMENT', `${field} can contain at most 30 items.`);
    }
    expectError(await c.post(GET, { ...AT, order: 'up' }), 400, 'INVALID_ARGUMENT', 'order must be one of asc, desc.');
    expectError(await c.post(GET, { ...AT, agentType: 'robot' }), 400, 'INVALID_ARGUMENT', 'agentType must be one of built-in, custom, external.');
    expectError(await c.post(GET, { documentId: 'doc' }), 400, 'INVALID_ARGUMENT', 'organizationId is required.');
    expectError(await c.post('/v1/commentannotations/get', { organizationId: 'org' }), 400, 'INVALID_ARGUMENT', 'documentId is required.');
  });

  it('counts threads per requested document, with the status filter and unread for the user', async () => {
    const c = fresh();
    await seed(c);
    await addThreads(c, [{ annotationId: 'private', visibility: { type: 'restricted', userIds: ['u2'] }, commentData: [says('u1')] }]);
    const count = async (data: Record<string, unknown>) =>
      expectSuccess(
        await c.post('/v2/commentannotations/count/get', { organizationId: 'org', documentIds: ['doc', 'doc-2', 'unknown'], ...data }),
        'Comment count retrieved successfully.',
      ).data;
    expect(await count({ userId: 'u1' })).toEqual({ doc: { total: 4, unread: 1 }, 'doc-2': { total: 1, unread: 1 }, unknown: { total: 0, unread: 0 } });
    expect(await count({ userId: 'u3' })).toEqual({ doc: { total: 3, unread: 3 }, 'doc-2': { total: 1, unread: 0 }, unknown: { total: 0, unread: 0 } });
    expect((await count({ userId: 'u2', statusIds: ['OPEN'] })).doc).toEqual({ total: 3, unread: 2 });
    const v1 = expectSuccess(
      await c.post('/v1/commentannotations/count/get', { organizationId: 'org', documentIds: ['doc'], userId: 'u2' }),
      'Comment count retrieved successfully.',
    );
    expect(v1.data).toEqual({ doc: { total: 4, unread: 3 } });
    expectError(
      await c.post('/v2/commentannotations/count/get', { organizationId: 'org', documentIds: ['doc'] }),
      400,
      'INVALID_ARGUMENT',
      'userId is required.',
    );
    expectError(await c.post('/v2/commentannotations/count/get', { organizationId: 'org', userId: 'u' }), 400, 'INVALID_ARGUMENT', 'documentIds is required.');
  });
});
