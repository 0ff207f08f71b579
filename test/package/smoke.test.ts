import { expect, it } from 'vitest';
import { expectError, expectSuccess } from '../support/expect.js';
import { forEachTransport } from '../support/transports.js';

forEachTransport('smoke', (fresh) => {
  it('adds and reads users', async () => {
    const c = fresh();
    const added = await c.post('/v2/users/add', { organizationId: 'org', users: [{ userId: 'yourUserId1', name: 'a b', email: 'a@b.c' }] });
    expect(expectSuccess(added, 'User(s) processed successfully.').data).toEqual({
      yourUserId1: { success: true, id: 'f9e7c3d46eac2fc61ea6853ee970ccac', message: 'User added.' },
    });
    const got = expectSuccess(await c.post('/v2/users/get', { organizationId: 'org' }));
    expect(got).toEqual({
      status: 'success',
      message: 'User(s) retrieved successfully.',
      data: [{ email: 'a@b.c', name: 'a b', userId: 'yourUserId1' }],
      nextPageToken: '',
    });
    expectError(await c.post('/v2/users/add', { organizationId: 'org', users: [{}] }), 400, 'INVALID_ARGUMENT', 'users[0].userId is required.');
  });
});
