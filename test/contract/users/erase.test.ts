import { expect, it } from 'vitest';
import { md5Hex } from '../../../src/support/ids.js';
import { control } from '../../support/control.js';
import { expectError, expectSuccess, fingerprint } from '../../support/expect.js';
import { type Client, forEachTransport } from '../../support/transports.js';

const EMPTY = { comments: [], reactions: [], recordings: [], notifications: [] };

async function seed(c: Client): Promise<void> {
  expectSuccess(await c.post('/v2/users/add', { organizationId: 'org', users: [{ userId: 'u1' }, { userId: 'u2' }] }));
  expectSuccess(await c.post('/v2/organizations/usergroups/add', { organizationId: 'org', organizationUserGroups: [{ groupId: 'g', groupName: 'G' }] }));
  expectSuccess(await c.post('/v2/organizations/usergroups/users/add', { organizationId: 'org', organizationUserGroupId: 'g', userIds: ['u1', 'u2'] }));
  await control(c, 'POST', '/__mock/annotations', {
    organizationId: 'org',
    comments: [
      { documentId: 'd', from: { userId: 'u1' }, comments: [{ commentText: 'mine' }] },
      {
        documentId: 'd',
        from: { userId: 'u2' },
        comments: [
          { from: { userId: 'u2' }, commentText: 'ask {{u1}} now', taggedUserContacts: [{ userId: 'u1', contact: { userId: 'u1' } }] },
          { from: { userId: 'u1' }, commentText: 'reply' },
        ],
      },
    ],
    reactions: [{ documentId: 'd', from: { userId: 'u1' } }],
    recordings: [
      { documentId: 'd', from: { userId: 'u1' } },
      { documentId: 'd', from: { userId: 'u2' } },
    ],
  });
  const note = (actor: string, to: string) =>
    c.post('/v2/notifications/add', {
      organizationId: 'org',
      documentId: 'd',
      actionUser: { userId: actor },
      notifyAll: false,
      notifyUsers: [{ userId: to }, { userId: 'u3' }],
      displayHeadlineMessageTemplate: 'h',
      displayBodyMessage: 'b',
    });
  expectSuccess(await note('u1', 'u2'));
  expectSuccess(await note('u2', 'u1'));
}

const exported = async (c: Client, userId: string) => expectSuccess(await c.post('/v2/users/data/get', { organizationId: 'org', userId })).data;

forEachTransport('delete all user data', (fresh) => {
  it('answers the documented 202 body and leaves nothing of the user anywhere', async () => {
    const c = fresh();
    await seed(c);
    const reply = await c.post('/v2/users/data/delete', { userIds: ['u1'] });
    expect(reply.status).toBe(202);
    expect(reply.body).toEqual({
      status: 'success',
      message: 'Data deletion process has been initiated.',
      data: { jobId: expect.stringMatching(/^[A-Za-z0-9]{20}$/), tasksCount: 5 },
      statusCode: 202,
    });
    expect(await exported(c, 'u1')).toEqual(EMPTY);
    const users = expectSuccess(await c.post('/v2/users/get', { organizationId: 'org' })).data;
    expect(JSON.stringify(users)).not.toContain('"u1"');
    const u2 = await exported(c, 'u2');
    expect(u2.comments).toHaveLength(1);
    expect(u2.comments[0].comments).toEqual([expect.objectContaining({ commentText: 'ask  now', taggedUserContacts: [] })]);
    expect(u2.recordings).toHaveLength(1);
    expect(u2.notifications).toHaveLength(1);
    expect(u2.notifications[0].notifyUsersByUserId).toEqual({ [md5Hex('u3')]: true });
  });

  it('reports one task finished per status poll, then completion', async () => {
    const c = fresh();
    await seed(c);
    const { jobId, tasksCount } = (await c.post('/v1/users/data/delete', { userIds: ['u2'], organizationIds: ['org'] })).body.data;
    const polls = [];
    for (let i = 0; i <= tasksCount; i++) polls.push(expectSuccess(await c.post('/v2/users/data/delete/status', { jobId }), 'Data fetched successfully.').data);
    expect(polls[0]).toEqual({ isDeleteCompleted: false, tasksLeft: tasksCount, lastTaskCompletedTime: null });
    expect(polls.at(-1)).toEqual({ isDeleteCompleted: true, tasksLeft: 0, lastTaskCompletedTime: c.service.clock.now() });
    expect(polls.map((p) => p.tasksLeft)).toEqual(Array.from({ length: tasksCount + 1 }, (_, i) => tasksCount - i));
  });

  it('completes at once under immediate progression and answers the envelope when asked to', async () => {
    const c = fresh({ migrations: 'immediate', userDataDeleteAccepted: false });
    const started = expectSuccess(await c.post('/v2/users/data/delete', { userIds: ['nobody'] }), 'Data deletion process has been initiated.');
    expect(started.data.tasksCount).toBe(1);
    const status = expectSuccess(await c.post('/v1/users/data/delete/status', { jobId: started.data.jobId })).data;
    expect(status).toEqual({ isDeleteCompleted: true, tasksLeft: 0, lastTaskCompletedTime: c.service.clock.now() });
  });

  it('advances jobs on the clock under clock progression', async () => {
    const c = fresh({ migrations: 'clock', migrationStepMs: 1000 });
    await seed(c);
    const { jobId, tasksCount } = (await c.post('/v2/users/data/delete', { userIds: ['u1'] })).body.data;
    const status = async () => expectSuccess(await c.post('/v2/users/data/delete/status', { jobId })).data;
    expect((await status()).tasksLeft).toBe(tasksCount);
    c.service.clock.advance(2500);
    expect(await status()).toMatchObject({ tasksLeft: tasksCount - 2, isDeleteCompleted: false });
    c.service.clock.advance(100_000);
    expect(await status()).toMatchObject({ tasksLeft: 0, isDeleteCompleted: true });
  });

  const invalid: [string, unknown, number, string, string][] = [
    ['/v2/users/data/delete', {}, 400, 'INVALID_ARGUMENT', 'userIds is required.'],
    ['/v2/users/data/delete', { userIds: [] }, 400, 'INVALID_ARGUMENT', 'userIds must contain at least 1 item.'],
    ['/v1/users/data/delete', { userIds: ['u1'], organizationIds: 'org' }, 400, 'INVALID_ARGUMENT', 'organizationIds must be an array.'],
    ['/v2/users/data/delete/status', {}, 400, 'INVALID_ARGUMENT', 'jobId is required.'],
    ['/v2/users/data/delete/status', { jobId: 'nope' }, 404, 'NOT_FOUND', 'Job not found.'],
  ];
  for (const [path, data, http, status, message] of invalid) {
    it(`${path} refuses ${JSON.stringify(data)} and changes nothing`, async () => {
      const c = fresh();
      await seed(c);
      const before = fingerprint(c.service);
      expectError(await c.post(path, data), http, status, message);
      expect(fingerprint(c.service)).toBe(before);
    });
  }

  it('keeps jobs per API key', async () => {
    const c = fresh();
    const { jobId } = (await c.post('/v2/users/data/delete', { userIds: ['u1'] })).body.data;
    const other = expectSuccess(
      await c.postWorkspace('/v2/workspace/apikey/create', { ownerEmail: 'o@example.com', type: 'testing', createAuthToken: true }),
    ).data;
    expectError(
      await c.post('/v2/users/data/delete/status', { jobId }, { 'x-service-api-key': other.apiKey, 'x-service-auth-token': other.authToken }),
      404,
      'NOT_FOUND',
      'Job not found.',
    );
  });
});
