import { expect, it } from 'vitest';
import { PRESENCE_TTL_MS } from '../../../src/model/presence.js';
import { control } from '../../support/control.js';
import { expectError, expectSuccess, fingerprint } from '../../support/expect.js';
import { type Client, forEachTransport } from '../../support/transports.js';

const DOC = { organizationId: 'org', documentId: 'doc' };
const presence = async (c: Client) => (await control(c, 'GET', '/__mock/presence?organizationId=org&documentId=doc')).body.users;
const liveState = async (c: Client) => (await control(c, 'GET', '/__mock/livestate?organizationId=org&documentId=doc')).body.liveState;

forEachTransport('presence', (fresh) => {
  it('adds, updates and deletes participants, visible on the control plane', async () => {
    const c = fresh({ clock: '2026-06-01T00:00:00Z' });
    const now = Date.UTC(2026, 5, 1);
    expect(
      expectSuccess(
        await c.post('/v2/presence/add', {
          ...DOC,
          users: [
            { userId: 'bot', name: 'Reviewer bot' },
            { userId: 'agent', status: 'away', role: 'ai' },
          ],
        }),
        'Presence added successfully.',
      ).data,
    ).toEqual({ success: true });
    expect(await presence(c)).toEqual([
      { userId: 'bot', status: 'online', lastUpdated: now, name: 'Reviewer bot' },
      { userId: 'agent', status: 'away', lastUpdated: now, role: 'ai' },
    ]);
    c.service.clock.advance(1000);
    expect(
      expectSuccess(
        await c.post('/v2/presence/update', {
          ...DOC,
          users: [
            { userId: 'bot', status: 'busy' },
            { userId: 'ghost', status: 'online' },
          ],
        }),
        'Presence updated successfully.',
      ).data,
    ).toEqual({ success: true });
    const updated = await presence(c);
    expect(updated[0]).toEqual({ userId: 'bot', status: 'busy', lastUpdated: now + 1000, name: 'Reviewer bot' });
    expect(updated.map((u: { userId: string }) => u.userId)).toEqual(['bot', 'agent']);
    expect(expectSuccess(await c.post('/v2/presence/delete', { ...DOC, userIds: ['agent', 'nobody'] }), 'Presence deleted successfully.').data).toEqual({
      success: true,
    });
    expect((await presence(c)).map((u: { userId: string }) => u.userId)).toEqual(['bot']);
  });

  it('expires entries on the service clock', async () => {
    const c = fresh();
    expectSuccess(await c.post('/v2/presence/add', { ...DOC, users: [{ userId: 'bot' }] }));
    c.service.clock.advance(PRESENCE_TTL_MS - 1);
    expect(await presence(c)).toHaveLength(1);
    c.service.clock.advance(1);
    expect(await presence(c)).toEqual([]);
    expectSuccess(await c.post('/v2/presence/update', { ...DOC, users: [{ userId: 'bot', status: 'back' }] }));
    expect(await presence(c)).toEqual([]);
  });

  it("is removed with the user's data", async () => {
    const c = fresh();
    expectSuccess(await c.post('/v2/presence/add', { ...DOC, users: [{ userId: 'bot' }, { userId: 'keep' }] }));
    await c.post('/v2/users/data/delete', { userIds: ['bot'] });
    expect((await presence(c)).map((u: { userId: string }) => u.userId)).toEqual(['keep']);
  });

  const invalid: [string, unknown, string][] = [
    ['/v2/presence/add', { ...DOC }, 'users is required.'],
    ['/v2/presence/add', { ...DOC, users: [{ name: 'x' }] }, 'users[0].userId is required.'],
    ['/v2/presence/update', { organizationId: 'org', users: [{ userId: 'x' }] }, 'documentId is required.'],
    ['/v2/presence/update', { ...DOC, users: [{ userId: 'x', status: 1 }] }, 'users[0].status must be a string.'],
    ['/v2/presence/delete', { ...DOC }, 'userIds is required.'],
    ['/v2/presence/delete', { documentId: 'doc', userIds: ['x'] }, 'organizationId is required.'],
  ];
  for (const [path, data, message] of invalid) {
    it(`${path} refuses ${message} and changes nothing`, async () => {
      const c = fresh();
      expectSuccess(await c.post('/v2/presence/add', { ...DOC, users: [{ userId: 'x' }] }));
      const before = fingerprint(c.service);
      expectError(await c.post(path, data), 400, 'INVALID_ARGUMENT', message);
      expect(fingerprint(c.service)).toBe(before);
    });
  }

  it('keeps presence per API key and needs the headers', async () => {
    const c = fresh();
    expectSuccess(await c.post('/v2/presence/add', { ...DOC, users: [{ userId: 'bot' }] }));
    const other = expectSuccess(
      await c.postWorkspace('/v2/workspace/apikey/create', { ownerEmail: 'o@example.com', type: 'testing', createAuthToken: true }),
    ).data;
    expect((await control(c, 'GET', `/__mock/presence?organizationId=org&documentId=doc&apiKey=${other.apiKey}`)).body.users).toEqual([]);
    expectError(
      await c.post('/v2/presence/add', { ...DOC, users: [{ userId: 'bot' }] }, { 'x-service-api-key': 'nope' }),
      403,
      'PERMISSION_DENIED',
      'Invalid API key.',
    );
    expectError(
      await control(c, 'GET', '/__mock/presence?organizationId=org'),
      400,
      'INVALID_ARGUMENT',
      'organizationId and documentId are required, e.g. GET /__mock/presence?organizationId=org1&documentId=doc1.',
    );
  });
});

forEachTransport('live state', (fresh) => {
  it('stores the latest value per key, replacing or merging, on v1 and v2', async () => {
    const c = fresh();
    expect(
      expectSuccess(await c.post('/v2/livestate/broadcast', { ...DOC, liveStateDataId: 'cursor', data: { x: 1, y: 2 } }), 'Event broadcasted successfully.')
        .data,
    ).toEqual({ success: true });
    expectSuccess(await c.post('/v1/livestate/broadcast', { ...DOC, liveStateDataId: 'cursor', data: { y: 3 }, merge: true }));
    expectSuccess(await c.post('/v2/livestate/broadcast', { ...DOC, liveStateDataId: 'mode', data: { dark: true } }));
    expectSuccess(await c.post('/v2/livestate/broadcast', { ...DOC, liveStateDataId: 'mode', data: { light: true } }));
    const now = c.service.clock.now();
    expect(await liveState(c)).toEqual([
      { liveStateDataId: 'cursor', data: { x: 1, y: 3 }, updatedAt: now, broadcasts: 2 },
      { liveStateDataId: 'mode', data: { light: true }, updatedAt: now, broadcasts: 2 },
    ]);
  });

  it('refuses the documented unwrapped request at the gate', async () => {
    const c = fresh();
    const reply = await c.raw({
      method: 'POST',
      path: '/v2/livestate/broadcast',
      headers: { 'content-type': 'application/json', ...c.service.credentials.headers },
      body: JSON.stringify({ ...DOC, liveStateDataId: 'k', data: { a: 1 } }),
    });
    expectError(reply, 400, 'INVALID_ARGUMENT', 'Bad Request');
  });

  const invalid: [string, unknown, string][] = [
    ['liveStateDataId missing', { ...DOC, data: {} }, 'liveStateDataId is required.'],
    ['data missing', { ...DOC, liveStateDataId: 'k' }, 'data is required.'],
    ['data not an object', { ...DOC, liveStateDataId: 'k', data: [1] }, 'data must be an object.'],
    ['merge not a boolean', { ...DOC, liveStateDataId: 'k', data: {}, merge: 'yes' }, 'merge must be a boolean.'],
    ['documentId missing', { organizationId: 'org', liveStateDataId: 'k', data: {} }, 'documentId is required.'],
  ];
  for (const [name, data, message] of invalid) {
    it(`refuses ${name} and changes nothing`, async () => {
      const c = fresh();
      const before = fingerprint(c.service);
      expectError(await c.post('/v2/livestate/broadcast', data), 400, 'INVALID_ARGUMENT', message);
      expect(fingerprint(c.service)).toBe(before);
    });
  }
});
