import { describe, expect, it } from 'vitest';
import { createMockService } from '../../src/service.js';
import { control } from '../support/control.js';
import { expectError, expectSuccess } from '../support/expect.js';
import { forEachTransport } from '../support/transports.js';

const json = { 'content-type': 'application/json' };

forEachTransport('request journal', (fresh) => {
  it('records API calls with status, operation, API key, redacted bodies and a duration', async () => {
    const c = fresh();
    expectSuccess(await c.post('/v2/users/add', { organizationId: 'org1', users: [{ userId: 'ada', name: 'Ada' }] }));
    const [entry] = c.service.journal.list();
    expect(entry).toMatchObject({
      id: 1,
      at: '2026-01-01T00:00:00.000Z',
      method: 'POST',
      path: '/v2/users/add',
      status: 200,
      kind: 'api',
      operation: 'Add users',
      apiKey: c.service.credentials.apiKey,
      request: { data: { organizationId: 'org1', users: [{ userId: 'ada', name: 'Ada' }] } },
      response: { result: { status: 'success', message: 'User(s) processed successfully.' } },
    });
    expect(entry?.requestHeaders['x-service-auth-token']).toBe('[redacted]');
    expect(entry?.requestHeaders['x-service-api-key']).toBe(c.service.credentials.apiKey);
    expect(entry?.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('explains a gate refusal in the hint while the reply keeps the verbatim message', async () => {
    const c = fresh();
    const cases: [string, string][] = [
      ['{"data":{},"extra":1}', 'The body may hold only "data"; remove "extra".'],
      ['{"organizationId":"o"}', 'The body has no "data" key; wrap the request as {"data": {...}}.'],
      ['{"data":', 'The body is not valid JSON.'],
    ];
    for (const [body] of cases) {
      const reply = await c.raw({ method: 'POST', path: '/v2/users/get', headers: { ...json, ...c.service.credentials.headers }, body });
      expectError(reply, 400, 'INVALID_ARGUMENT', 'Bad Request');
    }
    const wrongType = await c.raw({ method: 'POST', path: '/v2/users/get', headers: { 'content-type': 'text/plain' }, body: '{"data":{}}' });
    expectError(wrongType, 400, 'INVALID_ARGUMENT', 'Bad Request');
    const hints = c.service.journal.list({ status: 'INVALID_ARGUMENT' }).map((e) => ({ hint: e.hint, message: e.message }));
    expect(hints).toEqual([
      ...cases.map(([, hint]) => ({ hint, message: 'Bad Request' })),
      { hint: 'The content type must be application/json, not text/plain.', message: 'Bad Request' },
    ]);
  });

  it('names the nearest path of a 404 and records control calls and preflights', async () => {
    const c = fresh();
    await c.post('/v2/users/gett', {});
    await control(c, 'POST', '/__mock/clock/advance', { ms: 1000 });
    await c.raw({ method: 'OPTIONS', path: '/v2/users/get', headers: {}, body: '' });
    const entries = c.service.journal.list();
    expect(entries.map((e) => [e.method, e.path, e.status, e.kind, e.errorStatus, e.hint])).toEqual([
      ['POST', '/v2/users/gett', 404, 'api', 'NOT_FOUND', 'No operation at /v2/users/gett; the nearest path is /v2/users/get.'],
      ['POST', '/__mock/clock/advance', 200, 'control', undefined, undefined],
      ['OPTIONS', '/v2/users/get', 204, 'preflight', undefined, undefined],
    ]);
    expect(entries[1]?.at).toBe('2026-01-01T00:00:00.000Z');
  });

  it('answers GET /__mock/requests with the same filters, and clears', async () => {
    const c = fresh();
    await c.post('/v2/users/get', { organizationId: 'none' });
    await c.post('/v2/users/add', {});
    await c.post('/v2/notifications/get', {});
    const all = await control(c, 'GET', '/__mock/requests');
    expect(all.status).toBe(200);
    expect(all.body.limit).toBe(1000);
    expect(all.body.requests.map((e: { path: string }) => e.path)).toEqual(['/v2/users/get', '/v2/users/add', '/v2/notifications/get']);
    const users = await control(c, 'GET', '/__mock/requests?path=/v2/users/*&status=400');
    expect(users.body.requests.map((e: { path: string }) => e.path)).toEqual(['/v2/users/add']);
    const since = await control(c, 'GET', `/__mock/requests?since=${all.body.requests[1].id}`);
    expect(since.body.requests.map((e: { path: string }) => e.path)).toEqual(['/v2/notifications/get']);
    expectError(
      await control(c, 'GET', '/__mock/requests?since=abc'),
      400,
      'INVALID_ARGUMENT',
      "since must be the id of a journal entry (a whole number), e.g. ?since=12; got 'abc'.",
    );
    expect((await control(c, 'POST', '/__mock/requests/clear')).body).toEqual({ status: 'ok' });
    // The clear call itself is the one entry left.
    expect(c.service.journal.list().map((e) => e.path)).toEqual(['/__mock/requests/clear']);
  });

  it('redacts tokens and secrets in reply bodies but keeps page cursors', async () => {
    const c = fresh();
    await c.postWorkspace('/v2/workspace/authtokens/get', {});
    await control(c, 'GET', '/__mock/signing-secret');
    await control(c, 'GET', '/__mock/credentials');
    const [tokens, secret, credentials] = c.service.journal.list();
    expect(JSON.stringify(tokens?.response)).not.toContain(c.service.credentials.authToken);
    expect(secret?.response).toMatchObject({ secret: '[redacted]' });
    expect(credentials?.response).toMatchObject({ authToken: '[redacted]', workspaceAuthToken: '[redacted]', apiKey: c.service.credentials.apiKey });
    expect(JSON.stringify(c.service.journal.list())).not.toContain(c.service.credentials.workspaceAuthToken);
  });

  it('redacts webhook signing secrets wherever they appear, and shows a body nested too deep to copy by its length', async () => {
    const c = fresh();
    await c.post('/v2/workspace/advancedwebhookconfig/update', { isEnabled: true });
    const endpointId = (await c.post('/v2/workspace/advancedwebhook/endpoints/create', { url: 'https://hooks.example.com/x' })).body.result.data.id;
    const secret = (await c.post('/v2/workspace/advancedwebhook/endpoints/secret/get', { endpointId })).body.result.data.key as string;
    expect(secret).toMatch(/^whsec_/);
    await c.post('/v2/users/add', { organizationId: 'org', users: [{ userId: 'u', note: secret }] });
    const deep = `{"data":{"organizationId":"org","users":${'['.repeat(30_000)}${']'.repeat(30_000)}}}`;
    expect((await c.raw({ method: 'POST', path: '/v2/users/add', headers: { 'content-type': 'application/json' }, body: deep })).status).toBe(400);
    const listed = await c.raw({ method: 'GET', path: '/__mock/requests', headers: {}, body: '' });
    expect(listed.status).toBe(200);
    expect(listed.text).not.toContain(secret);
    expect(listed.body.requests.at(-1).request).toBe(`(${deep.length} characters of JSON nested deeper than 128 levels)`);
    const entries = c.service.journal.list({ path: '/v2/workspace/advancedwebhook/endpoints/secret/get' });
    expect(entries[0]?.response).toMatchObject({ result: { data: { key: '[redacted]' } } });
    expect(JSON.stringify(c.service.journal.list())).not.toContain(secret);
  });
});

describe('request journal (in process)', () => {
  const call = (path: string) => ({ method: 'POST', path, headers: json, body: '{"data":{}}' });

  it('keeps the last `journalLimit` calls and ids keep counting', async () => {
    const service = createMockService({ journalLimit: 3 });
    for (let i = 0; i < 5; i++) await service.dispatch(call(`/v2/x${i}`));
    expect(service.journal.list().map((e) => [e.id, e.path])).toEqual([
      [3, '/v2/x2'],
      [4, '/v2/x3'],
      [5, '/v2/x4'],
    ]);
    service.journal.clear();
    await service.dispatch(call('/v2/y'));
    expect(service.journal.list().map((e) => e.id)).toEqual([6]);
  });

  it('records nothing with journalLimit 0, yet still tells subscribers', async () => {
    const service = createMockService({ journalLimit: 0 });
    const seen: string[] = [];
    const stop = service.journal.subscribe((e) => seen.push(`${e.status} ${e.path}`));
    await service.dispatch(call('/v2/users/get'));
    stop();
    await service.dispatch(call('/v2/users/get'));
    expect(service.journal.list()).toEqual([]);
    expect(seen).toEqual(['400 /v2/users/get']);
  });

  it('refuses a limit that is not a whole number', () => {
    expect(() => createMockService({ journalLimit: -1 })).toThrow('journalLimit must be a whole number of calls (0 turns the journal off), got -1.');
  });

  it('records a 413 and leaves out calls marked x-mock-journal: skip', async () => {
    const service = createMockService();
    await service.dispatch({ ...call('/v2/users/get'), bodyTooLarge: true });
    await service.dispatch({ method: 'GET', path: '/__mock/health', headers: { 'x-mock-journal': 'skip' }, body: '' });
    expect(service.journal.list().map((e) => [e.status, e.kind])).toEqual([[413, 'too-large']]);
  });
});
