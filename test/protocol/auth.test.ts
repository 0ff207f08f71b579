import { expect, it } from 'vitest';
import { expectError, expectSuccess, fingerprint } from '../support/expect.js';
import { type Client, forEachTransport, type Reply } from '../support/transports.js';

const WS_ID = 'x-service-workspace-id';
const WS_TOKEN = 'x-service-workspace-auth-token';
const API_KEY = 'x-service-api-key';
const AUTH_TOKEN = 'x-service-auth-token';
const WRONG_HEX = '0'.repeat(32);

/** Valid `data` for each workspace-level operation, so only the headers can fail. */
const workspaceOps = (c: Client): [string, unknown][] => [
  ['/v2/workspace/apikey/create', { ownerEmail: 'owner@example.com', type: 'testing' }],
  ['/v2/workspace/authtokens/get', { apiKey: c.service.credentials.apiKey }],
  ['/v2/workspace/get', {}],
];

/** API-key operations; authentication runs before any of them looks at `data`. */
const KEY_OPS = ['/v2/auth/generate_token', '/v2/users/add', '/v1/organizations/documents/add'];

/** Runs a call and asserts that it changed nothing. */
async function refused(c: Client, call: () => Promise<Reply>): Promise<Reply> {
  const before = fingerprint(c.service);
  const reply = await call();
  expect(fingerprint(c.service)).toBe(before);
  return reply;
}

forEachTransport('workspace-level authentication (2.4, D6)', (fresh) => {
  it('refuses a missing or empty workspace id header on every workspace operation', async () => {
    const c = fresh();
    for (const [path, data] of workspaceOps(c)) {
      for (const id of [undefined, '']) {
        const reply = await refused(c, () => c.postWorkspace(path, data, { [WS_ID]: id }));
        expectError(reply, 400, 'INVALID_ARGUMENT', 'Workspace ID not found in headers.');
      }
    }
  });

  it('refuses a missing or empty workspace auth token header on every workspace operation', async () => {
    const c = fresh();
    for (const [path, data] of workspaceOps(c)) {
      for (const token of [undefined, '']) {
        const reply = await refused(c, () => c.postWorkspace(path, data, { [WS_TOKEN]: token }));
        expectError(reply, 400, 'INVALID_ARGUMENT', 'Auth Token not found in headers.');
      }
    }
  });

  it('checks the id header before the token header', async () => {
    const c = fresh();
    for (const [path, data] of workspaceOps(c)) {
      const reply = await c.postWorkspace(path, data, { [WS_ID]: undefined, [WS_TOKEN]: undefined });
      expectError(reply, 400, 'INVALID_ARGUMENT', 'Workspace ID not found in headers.');
    }
  });

  it('get workspace: an unknown id is 404, a wrong token is 401', async () => {
    const c = fresh();
    const unknown = await refused(c, () => c.postWorkspace('/v2/workspace/get', {}, { [WS_ID]: 'noSuchWorkspace00000' }));
    expectError(unknown, 404, 'NOT_FOUND', 'Workspace not found.');
    const both = await c.postWorkspace('/v2/workspace/get', {}, { [WS_ID]: 'noSuchWorkspace00000', [WS_TOKEN]: WRONG_HEX });
    expectError(both, 404, 'NOT_FOUND', 'Workspace not found.');
    const wrong = await refused(c, () => c.postWorkspace('/v2/workspace/get', {}, { [WS_TOKEN]: WRONG_HEX }));
    expectError(wrong, 401, 'UNAUTHENTICATED', 'Invalid auth token for workspace.');
  });

  it('create API key and get auth tokens: an unknown id or a wrong token is 403 Invalid workspace credentials.', async () => {
    const c = fresh();
    for (const [path, data] of workspaceOps(c).slice(0, 2)) {
      for (const headers of [{ [WS_ID]: 'noSuchWorkspace00000' }, { [WS_TOKEN]: WRONG_HEX }]) {
        const reply = await refused(c, () => c.postWorkspace(path, data, headers));
        expectError(reply, 403, 'PERMISSION_DENIED', 'Invalid workspace credentials.');
      }
    }
  });

  it('does not accept the API-key auth token header in place of the workspace one', async () => {
    const c = fresh();
    const { workspaceId, workspaceAuthToken } = c.service.credentials;
    for (const [path, data] of workspaceOps(c)) {
      const reply = await c.postWorkspace(path, data, { [WS_TOKEN]: undefined, [WS_ID]: workspaceId, [AUTH_TOKEN]: workspaceAuthToken });
      expectError(reply, 400, 'INVALID_ARGUMENT', 'Auth Token not found in headers.');
    }
  });

  it("refuses another workspace's token", async () => {
    const c = fresh();
    const other = expectSuccess(await c.post('/v2/workspace/create', { ownerEmail: 'second@example.com' })).data;
    const reply = await c.postWorkspace('/v2/workspace/get', {}, { [WS_TOKEN]: other.authToken });
    expectError(reply, 401, 'UNAUTHENTICATED', 'Invalid auth token for workspace.');
    const create = await c.postWorkspace('/v2/workspace/apikey/create', { ownerEmail: 'a@b.co', type: 'testing' }, { [WS_TOKEN]: other.authToken });
    expectError(create, 403, 'PERMISSION_DENIED', 'Invalid workspace credentials.');
  });

  it('authenticates before validating data', async () => {
    const c = fresh();
    expectError(
      await c.postWorkspace('/v2/workspace/apikey/create', {}, { [WS_TOKEN]: WRONG_HEX }),
      403,
      'PERMISSION_DENIED',
      'Invalid workspace credentials.',
    );
    expectError(
      await c.postWorkspace('/v2/workspace/authtokens/get', {}, { [WS_ID]: undefined }),
      400,
      'INVALID_ARGUMENT',
      'Workspace ID not found in headers.',
    );
  });

  it('ignores API-key headers on workspace operations', async () => {
    const c = fresh();
    const reply = await c.post('/v2/workspace/get', {});
    expectError(reply, 400, 'INVALID_ARGUMENT', 'Workspace ID not found in headers.');
  });

  it('create workspace reads no headers', async () => {
    const c = fresh();
    const bare = await c.raw({
      method: 'POST',
      path: '/v2/workspace/create',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: { ownerEmail: 'someone@example.com' } }),
    });
    expectSuccess(bare, 'Workspace created successfully');
    const junk = await c.postWorkspace('/v2/workspace/create', { ownerEmail: 'other@example.com' }, { [WS_TOKEN]: WRONG_HEX, [API_KEY]: 'junk' });
    expectSuccess(junk, 'Workspace created successfully');
  });
});

forEachTransport('API-key authentication (2.4, D5)', (fresh) => {
  it('refuses a missing or empty API key header', async () => {
    const c = fresh();
    for (const path of KEY_OPS) {
      for (const key of [undefined, '']) {
        const reply = await refused(c, () => c.post(path, {}, { [API_KEY]: key }));
        expectError(reply, 400, 'INVALID_ARGUMENT', 'API key not found in headers.');
      }
    }
  });

  it('refuses a missing or empty auth token header', async () => {
    const c = fresh();
    for (const path of KEY_OPS) {
      for (const token of [undefined, '']) {
        const reply = await refused(c, () => c.post(path, {}, { [AUTH_TOKEN]: token }));
        expectError(reply, 400, 'INVALID_ARGUMENT', 'Auth Token not found in headers.');
      }
    }
  });

  it('checks the key header before the token header', async () => {
    const c = fresh();
    const reply = await c.post(KEY_OPS[0]!, {}, { [API_KEY]: undefined, [AUTH_TOKEN]: undefined });
    expectError(reply, 400, 'INVALID_ARGUMENT', 'API key not found in headers.');
  });

  it('refuses an unknown API key with 403 Invalid API key.', async () => {
    const c = fresh();
    for (const path of KEY_OPS) {
      const reply = await refused(c, () => c.post(path, {}, { [API_KEY]: 'NoSuchKey00000000000' }));
      expectError(reply, 403, 'PERMISSION_DENIED', 'Invalid API key.');
    }
    const both = await c.post(KEY_OPS[0]!, {}, { [API_KEY]: 'NoSuchKey00000000000', [AUTH_TOKEN]: WRONG_HEX });
    expectError(both, 403, 'PERMISSION_DENIED', 'Invalid API key.');
  });

  it('refuses a wrong auth token for a known key', async () => {
    const c = fresh();
    for (const path of KEY_OPS) {
      const reply = await refused(c, () => c.post(path, {}, { [AUTH_TOKEN]: WRONG_HEX }));
      expectError(reply, 403, 'PERMISSION_DENIED', 'Invalid auth token for API key.');
    }
  });

  it("refuses the token of another key and the workspace's own token", async () => {
    const c = fresh();
    const created = await c.postWorkspace('/v2/workspace/apikey/create', { ownerEmail: 'owner@example.com', type: 'testing', createAuthToken: true });
    const second = expectSuccess(created).data as { apiKey: string; authToken: string };
    const crossed = await c.post(KEY_OPS[0]!, {}, { [AUTH_TOKEN]: second.authToken });
    expectError(crossed, 403, 'PERMISSION_DENIED', 'Invalid auth token for API key.');
    const workspaceToken = await c.post(KEY_OPS[0]!, {}, { [AUTH_TOKEN]: c.service.credentials.workspaceAuthToken });
    expectError(workspaceToken, 403, 'PERMISSION_DENIED', 'Invalid auth token for API key.');
  });

  it('ignores workspace headers on API-key operations', async () => {
    const c = fresh();
    const reply = await c.postWorkspace(KEY_OPS[0]!, {});
    expectError(reply, 400, 'INVALID_ARGUMENT', 'API key not found in headers.');
  });

  it('says in the journal which header a refused call sent instead of the one the service reads', async () => {
    const c = fresh();
    const key = c.service.credentials.apiKey;
    const hintOf = async (reply: Reply) => {
      expect(reply.status).toBe(400);
      return c.service.journal.list().at(-1)?.hint;
    };
    const reads = 'this service reads x-service-api-key and x-service-auth-token';
    expect(await hintOf(await c.post('/v2/users/get', { organizationId: 'org' }, { [API_KEY]: undefined, 'x-service-apikey': key }))).toBe(
      `The call sends x-service-apikey, not x-service-api-key; ${reads}.`,
    );
    expect(await hintOf(await c.post('/v2/users/get', { organizationId: 'org' }, { [AUTH_TOKEN]: undefined, 'X-Service-Auth_Token': 't' }))).toBe(
      `The call sends x-service-auth_token, not x-service-auth-token; ${reads}.`,
    );
    expect(await hintOf(await c.post('/v2/users/get', { organizationId: 'org' }, { [API_KEY]: undefined, 'x-trace-id': 'abc' }))).toBe(
      `The call sends no x-service-api-key header; ${reads} (GET /__mock/credentials lists the values).`,
    );
  });

  it('authenticates before validating data', async () => {
    const c = fresh();
    expectError(await c.post(KEY_OPS[0]!, { userId: 42 }, { [AUTH_TOKEN]: WRONG_HEX }), 403, 'PERMISSION_DENIED', 'Invalid auth token for API key.');
    expectError(await c.post(KEY_OPS[0]!, { userId: 42 }), 400, 'INVALID_ARGUMENT', 'userId must be a string.');
  });
});
