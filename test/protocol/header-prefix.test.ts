import { describe, expect, it } from 'vitest';
import { createMockService } from '../../src/service.js';
import { openapi } from '../../src/surface.js';
import { control } from '../support/control.js';
import { expectError, expectSuccess, fingerprint } from '../support/expect.js';
import { forEachTransport } from '../support/transports.js';

/** Credentials a customer's `.env.test` might hold: valid under the service's id rules. */
const ACME = {
  apiKey: 'AcmeTestKey000000001',
  authToken: 'a1'.repeat(16),
  workspaceId: 'AcmeWorkspace0000001',
  workspaceAuthToken: 'b2'.repeat(16),
};

const acmeHeaders = { 'x-acme-api-key': ACME.apiKey, 'x-acme-auth-token': ACME.authToken };
const acmeWorkspace = { 'x-acme-workspace-id': ACME.workspaceId, 'x-acme-workspace-auth-token': ACME.workspaceAuthToken };
const serviceNames = { 'x-service-api-key': undefined, 'x-service-auth-token': undefined };

forEachTransport('headerPrefix and credentials', (fresh) => {
  it('reads the four auth headers under the prefix and accepts exactly the given credentials', async () => {
    const c = fresh({ headerPrefix: 'x-acme-', credentials: ACME });
    expect(c.service.credentials).toMatchObject({ ...ACME, headers: acmeHeaders, workspaceHeaders: acmeWorkspace });
    expectSuccess(await c.post('/v2/users/add', { organizationId: 'org-1', users: [{ userId: 'ada' }] }), 'User(s) processed successfully.');
    const workspace = expectSuccess(await c.postWorkspace('/v2/workspace/get', {}));
    expect(workspace.data.id).toBe(ACME.workspaceId);
    const wrong = await c.post('/v2/users/get', { organizationId: 'org-1' }, { 'x-acme-auth-token': 'c3'.repeat(16) });
    expectError(wrong, 403, 'PERMISSION_DENIED', 'Invalid auth token for API key.');
  });

  it('refuses the default names on a prefixed service, and the hint names the headers it reads', async () => {
    const c = fresh({ headerPrefix: 'x-acme-' });
    const before = fingerprint(c.service);
    const reply = await c.post(
      '/v2/users/get',
      { organizationId: 'org-1' },
      {
        'x-acme-api-key': undefined,
        'x-acme-auth-token': undefined,
        'x-service-api-key': c.service.credentials.apiKey,
        'x-service-auth-token': c.service.credentials.authToken,
      },
    );
    expectError(reply, 400, 'INVALID_ARGUMENT', 'API key not found in headers.');
    expect(fingerprint(c.service)).toBe(before);
    expect(c.service.journal.list().at(-1)?.hint).toBe(
      'The call sends x-service-api-key, x-service-auth-token; this service reads x-acme-api-key and x-acme-auth-token. Start it with --header-prefix x-service- (option headerPrefix) to read those names, or send x-acme-api-key and x-acme-auth-token.',
    );
  });

  it('hints at --header-prefix when a default service gets a client that sends its own names', async () => {
    const c = fresh();
    const { apiKey, authToken, workspaceId, workspaceAuthToken } = c.service.credentials;
    const reply = await c.post('/v2/users/get', { organizationId: 'org-1' }, { ...serviceNames, 'X-Acme-Api-Key': apiKey, 'X-Acme-Auth-Token': authToken });
    expectError(reply, 400, 'INVALID_ARGUMENT', 'API key not found in headers.');
    expect(c.service.journal.list().at(-1)?.hint).toBe(
      'The call sends x-acme-api-key, x-acme-auth-token; this service reads x-service-api-key and x-service-auth-token. Start it with --header-prefix x-acme- (option headerPrefix) to read those names, or send x-service-api-key and x-service-auth-token.',
    );
    const workspace = await c.postWorkspace(
      '/v2/workspace/get',
      {},
      {
        'x-service-workspace-id': undefined,
        'x-service-workspace-auth-token': undefined,
        'x-acme-workspace-id': workspaceId,
        'x-acme-workspace-auth-token': workspaceAuthToken,
      },
    );
    expectError(workspace, 400, 'INVALID_ARGUMENT', 'Workspace ID not found in headers.');
    expect(c.service.journal.list().at(-1)?.hint).toMatch(
      /^The call sends x-acme-workspace-auth-token, x-acme-workspace-id; this service reads x-service-workspace-id and x-service-workspace-auth-token\. Start it with --header-prefix x-acme- /,
    );
    await c.post('/v2/users/get', { organizationId: 'org-1' }, serviceNames);
    expect(c.service.journal.list().at(-1)?.hint).toBe(
      'The call sends no x-service-api-key or x-service-auth-token header; this service reads x-service-api-key and x-service-auth-token (GET /__mock/credentials lists the values).',
    );
  });

  it('redacts the prefixed token headers in the journal and records the API key a refused call named', async () => {
    const c = fresh({ headerPrefix: 'x-acme-', credentials: ACME });
    await c.post('/v2/users/get', { organizationId: 'org-1' }, { 'x-acme-auth-token': 'c3'.repeat(16) });
    await c.postWorkspace('/v2/workspace/get', {});
    const [refused, workspace] = c.service.journal.list();
    expect(refused?.apiKey).toBe(ACME.apiKey);
    expect(refused?.requestHeaders).toMatchObject({ 'x-acme-api-key': ACME.apiKey, 'x-acme-auth-token': '[redacted]' });
    expect(workspace?.requestHeaders).toMatchObject({ 'x-acme-workspace-id': ACME.workspaceId, 'x-acme-workspace-auth-token': '[redacted]' });
    expect(JSON.stringify(c.service.journal.list())).not.toContain(ACME.authToken);
  });

  it('lists the prefixed names in a preflight that asks for none, and matches fault rules on the prefixed key', async () => {
    const c = fresh({ headerPrefix: 'x-acme-', credentials: ACME });
    const preflight = await c.raw({ method: 'OPTIONS', path: '/v2/users/get', headers: { origin: 'http://localhost:5173' }, body: '' });
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-headers']).toBe(
      'content-type, x-acme-api-key, x-acme-auth-token, x-acme-workspace-id, x-acme-workspace-auth-token',
    );
    c.service.faults.add({ path: '/v2/users/get', apiKey: ACME.apiKey, status: 'UNAVAILABLE', message: 'Down for Acme.' });
    expectError(await c.post('/v2/users/get', { organizationId: 'org-1' }), 503, 'UNAVAILABLE', 'Down for Acme.');
  });

  it('keeps the given credentials through reset and shows them at GET /__mock/credentials', async () => {
    const c = fresh({ headerPrefix: 'x-acme-', credentials: ACME });
    await c.post('/v2/users/add', { organizationId: 'org-1', users: [{ userId: 'ada' }] });
    expect((await control(c, 'POST', '/__mock/reset')).status).toBe(200);
    const shown = await control(c, 'GET', '/__mock/credentials');
    expect(shown.body).toEqual({ ...ACME, headers: acmeHeaders, workspaceHeaders: acmeWorkspace });
    expectSuccess(await c.post('/v2/users/get', { organizationId: 'org-1' }));
  });
});

describe('credentials and headerPrefix options', () => {
  it('refuses a value that breaks the service id rules, naming the option, and an unknown credential', () => {
    const cases: [object, string][] = [
      [{ apiKey: 'acme-key' }, 'credentials.apiKey must be 20 characters of A-Z, a-z and 0-9, as the service\'s API keys are; got "acme-key".'],
      [
        { authToken: 'A1'.repeat(16) },
        `credentials.authToken must be 32 lowercase hex characters (0-9, a-f), as the service's auth tokens are; got "${'A1'.repeat(16)}".`,
      ],
      [{ workspaceId: 'ws_1' }, 'credentials.workspaceId must be 20 characters of A-Z, a-z and 0-9, as the service\'s workspace ids are; got "ws_1".'],
      [{ workspaceAuthToken: 42 }, "credentials.workspaceAuthToken must be 32 lowercase hex characters (0-9, a-f), as the service's auth tokens are; got 42."],
      [{ token: 'x' }, 'credentials.token is not a credential; use apiKey, authToken, workspaceId or workspaceAuthToken.'],
    ];
    for (const [credentials, message] of cases) expect(() => createMockService({ credentials } as never)).toThrow(message);
    expect(() => createMockService({ headerPrefix: 'x-acme' })).toThrow(
      'headerPrefix must be empty or header-name characters ending with "-" (such as x-acme-, giving x-acme-api-key); got "x-acme".',
    );
    expect(() => createMockService({ headerPrefix: 'x acme-' })).toThrow(/^headerPrefix must be/);
  });

  it('draws every other id as a service without them would: same seed, same later ids', async () => {
    const plain = createMockService({ seed: 3 });
    const given = createMockService({ seed: 3, credentials: { apiKey: ACME.apiKey } });
    expect(given.credentials.workspaceId).toBe(plain.credentials.workspaceId);
    expect(given.credentials.authToken).toBe(plain.credentials.authToken);
    const create = (s: typeof plain) =>
      s.dispatch({
        method: 'POST',
        path: '/v2/workspace/apikey/create',
        headers: { 'content-type': 'application/json', ...s.credentials.workspaceHeaders },
        body: JSON.stringify({ data: { ownerEmail: 'owner@collab-service.test', type: 'testing', createAuthToken: true } }),
      });
    expect(JSON.parse((await create(given)).body).result.data).toEqual(JSON.parse((await create(plain)).body).result.data);
  });

  it('a state exported with given credentials starts a service with the same ones, and another service says why it refuses it', () => {
    const service = createMockService({ seed: 4, headerPrefix: 'x-acme-', credentials: ACME });
    const copy = createMockService({ state: service.exportState(), headerPrefix: 'x-acme-' });
    expect(copy.credentials).toEqual(service.credentials);
    expect(copy.exportState()).toBe(service.exportState());
    const other = createMockService({ seed: 4 });
    const before = other.exportState();
    expect(() => other.importState(service.exportState())).toThrow(
      `This state was exported from a service with API key ${ACME.apiKey} and workspace ${ACME.workspaceId}; this service has API key ${other.credentials.apiKey} and workspace ${other.credentials.workspaceId} (other credentials). Create the service with the same credentials, or from the file itself: createMockService({ state }) takes its seed and credentials from it.`,
    );
    expect(other.exportState()).toBe(before);
  });

  it('openapi({ headerPrefix }) names the prefixed headers', async () => {
    const schemes = (await openapi({ headerPrefix: 'x-acme-' })).components as { securitySchemes: Record<string, { name: string }> };
    expect(schemes.securitySchemes['apiKey']?.name).toBe('x-acme-api-key');
    expect(schemes.securitySchemes['workspaceAuthToken']?.name).toBe('x-acme-workspace-auth-token');
  });
});
