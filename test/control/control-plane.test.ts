import { expect, it } from 'vitest';
import { control } from '../support/control.js';
import { expectError, expectSuccess, fingerprint } from '../support/expect.js';
import { forEachTransport } from '../support/transports.js';

forEachTransport('control plane (/__mock/*)', (fresh) => {
  it('reports health', async () => {
    const c = fresh();
    const reply = await control(c, 'GET', '/__mock/health');
    expect({ status: reply.status, body: reply.body }).toEqual({ status: 200, body: { status: 'ok' } });
  });

  it('returns the seeded credentials, which authenticate', async () => {
    const c = fresh();
    const reply = await control(c, 'GET', '/__mock/credentials');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual(JSON.parse(JSON.stringify(c.service.credentials)));
    const ws = { 'x-service-workspace-id': reply.body.workspaceId, 'x-service-workspace-auth-token': reply.body.workspaceAuthToken };
    expectSuccess(await c.postWorkspace('/v2/workspace/get', {}, ws), 'Workspace retrieved successfully');
  });

  it('resets to the initial state, after which the same calls give the same ids', async () => {
    const c = fresh();
    const initial = fingerprint(c.service);
    const create = () => c.post('/v2/workspace/create', { ownerEmail: 'other@example.com' });
    const first = (await create()).text;
    c.service.clock.advance(5000);
    expect(fingerprint(c.service)).not.toBe(initial);
    const reply = await control(c, 'POST', '/__mock/reset');
    expect({ status: reply.status, body: reply.body }).toEqual({ status: 200, body: { status: 'ok' } });
    expect(fingerprint(c.service)).toBe(initial);
    expect((await create()).text).toBe(first);
  });

  it('refuses a POST of another content type even without a body, and takes a bare one', async () => {
    const c = fresh();
    await c.post('/v2/users/add', { organizationId: 'org', users: [{ userId: 'ada' }] });
    const before = fingerprint(c.service);
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const reply = await c.raw({ method: 'POST', path: '/__mock/reset', headers: { 'content-type': type }, body: '' });
      expectError(reply, 415, 'INVALID_ARGUMENT', `The body of POST /__mock/reset must be sent as application/json, not ${type}.`);
    }
    expect(fingerprint(c.service)).toBe(before);
    const bare = await c.raw({ method: 'POST', path: '/__mock/reset', headers: {}, body: '' });
    expect(bare.status).toBe(200);
    expect(fingerprint(c.service)).not.toBe(before);
  });

  it('reads and advances the virtual clock', async () => {
    const c = fresh();
    expect((await control(c, 'GET', '/__mock/clock')).body).toEqual({ now: Date.UTC(2026, 0, 1), iso: '2026-01-01T00:00:00.000Z' });
    const moved = await control(c, 'POST', '/__mock/clock/advance', '{"ms":60000}');
    expect(moved.body).toEqual({ now: Date.UTC(2026, 0, 1, 0, 1) });
    expect(c.service.clock.now()).toBe(Date.UTC(2026, 0, 1, 0, 1));
  });

  it('refuses a bad advance and a system clock', async () => {
    const c = fresh();
    const msg = 'ms must be a non-negative number of milliseconds, e.g. {"ms": 60000}.';
    for (const body of ['', '{}', '{"ms":-1}', '{"ms":"60000"}']) {
      expectError(await control(c, 'POST', '/__mock/clock/advance', body), 400, 'INVALID_ARGUMENT', msg);
    }
    const system = fresh({ clock: 'system' });
    expectError(
      await control(system, 'POST', '/__mock/clock/advance', '{"ms":1}'),
      400,
      'FAILED_PRECONDITION',
      'This service runs on the system clock; start it with a virtual clock to move time.',
    );
  });

  it('refuses an unknown control path, a wrong method and a malformed body', async () => {
    const c = fresh();
    expectError(await control(c, 'GET', '/__mock/nope'), 404, 'NOT_FOUND', /^Unknown control path \/__mock\/nope\. Known: GET \/__mock\/health, /);
    expectError(await control(c, 'GET', '/__mock/reset'), 400, 'INVALID_ARGUMENT', '/__mock/reset answers POST, not GET.');
    expectError(
      await control(c, 'POST', '/__mock/clock/advance', '{"ms":'),
      400,
      'INVALID_ARGUMENT',
      'The body of POST /__mock/clock/advance is not valid JSON.',
    );
  });
});
