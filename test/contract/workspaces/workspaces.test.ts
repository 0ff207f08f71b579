import { expect, it } from 'vitest';
import { expectError, expectSuccess, fingerprint } from '../../support/expect.js';
import { type Client, forEachTransport } from '../../support/transports.js';

/** The owner email of the workspace every service is seeded with. */
const SEEDED_OWNER = 'owner@collab-service.test';

const ALNUM20 = /^[A-Za-z0-9]{20}$/;
const HEX32 = /^[0-9a-f]{32}$/;
const PAID = { workspace: { plan: { paid: true, selfServeProduction: true } } };

/** Asserts a refusal with its exact error and that the state did not change. */
async function expectRefusal(c: Client, data: unknown, http: number, status: string, message: string): Promise<void> {
  const before = fingerprint(c.service);
  expectError(await c.post('/v2/workspace/create', data), http, status, message);
  expect(fingerprint(c.service)).toBe(before);
}

forEachTransport('create workspace (3.1)', (fresh) => {
  it('creates a workspace in the get-workspace shape with one testing key', async () => {
    const c = fresh();
    const body = { ownerEmail: 'jane@example.com', name: 'Jane Doe', workspaceName: 'My Workspace', avatar: 'https://example.com/a.png' };
    const result = expectSuccess(await c.post('/v2/workspace/create', body), 'Workspace created successfully');
    const ws = result.data;
    expect(Object.keys(ws)).toEqual(['id', 'name', 'owner', 'authToken', 'apiKeyList']);
    expect(ws.id).toMatch(ALNUM20);
    expect(ws.authToken).toMatch(HEX32);
    expect(ws.name).toBe('My Workspace');
    expect(ws.owner).toEqual({
      email: 'jane@example.com',
      id: expect.stringMatching(/^[A-Za-z0-9]{28}$/),
      name: 'Jane Doe',
      avatar: 'https://example.com/a.png',
    });
    const keys = Object.keys(ws.apiKeyList);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(ALNUM20);
    expect(ws.apiKeyList[keys[0]!]).toEqual({ apiKeyName: 'Jane Test API Key', id: keys[0], type: 'testing' });
  });

  it('defaults name to ownerEmail and workspaceName to "{name} workspace"', async () => {
    const c = fresh();
    const bare = expectSuccess(await c.post('/v2/workspace/create', { ownerEmail: 'owner2@example.com' })).data;
    expect(bare.owner).toMatchObject({ name: 'owner2@example.com', avatar: '' });
    expect(bare.name).toBe('owner2@example.com workspace');
    expect(Object.values(bare.apiKeyList)).toEqual([expect.objectContaining({ apiKeyName: 'Owner2 Test API Key' })]);
    const named = expectSuccess(await c.post('/v2/workspace/create', { ownerEmail: 'kim@example.com', name: 'Kim' })).data;
    expect(named.name).toBe('Kim workspace');
  });

  it('names the first key "Owner Test API Key" for owner@... and accepts expiresInMs', async () => {
    const c = fresh({ workspace: { ownerEmail: 'seed@example.com' } });
    const ws = expectSuccess(await c.post('/v2/workspace/create', { ownerEmail: 'owner@example.com', expiresInMs: 3_600_000 })).data;
    expect(Object.values(ws.apiKeyList)).toEqual([expect.objectContaining({ apiKeyName: 'Owner Test API Key', type: 'testing' })]);
  });

  it('gives a usable workspace whose key has a Default Auth Token', async () => {
    const c = fresh();
    const ws = expectSuccess(await c.post('/v2/workspace/create', { ownerEmail: 'new@example.com' })).data;
    const headers = { 'x-service-workspace-id': ws.id, 'x-service-workspace-auth-token': ws.authToken };
    expect(expectSuccess(await c.postWorkspace('/v2/workspace/get', {}, headers)).data).toEqual(ws);
    const apiKey = Object.keys(ws.apiKeyList)[0]!;
    const tokens = expectSuccess(await c.postWorkspace('/v2/workspace/authtokens/get', { apiKey }, headers)).data;
    expect(tokens).toEqual({ apiKey, authTokens: [{ token: expect.stringMatching(HEX32), name: 'Default Auth Token', domains: [] }] });
    const call = { userId: 'u1', userProperties: { name: 'U', email: 'u@example.com' }, permissions: { resources: [] } };
    const keyHeaders = { 'x-service-api-key': apiKey, 'x-service-auth-token': tokens.authTokens[0].token };
    expectSuccess(await c.post('/v2/auth/generate_token', call, keyHeaders), 'Token generated successfully.');
  });

  it('validates ownerEmail', async () => {
    const c = fresh();
    for (const ownerEmail of [undefined, null, '', '   ']) {
      await expectRefusal(c, { ownerEmail }, 400, 'INVALID_ARGUMENT', 'ownerEmail is required.');
    }
    for (const ownerEmail of ['not-an-email', 'a@', '@example.com', 42, true]) {
      await expectRefusal(c, { ownerEmail }, 400, 'INVALID_ARGUMENT', 'ownerEmail must be a valid email address.');
    }
  });

  it('validates name, workspaceName, avatar and expiresInMs', async () => {
    const c = fresh();
    const base = { ownerEmail: 'v@example.com' };
    await expectRefusal(c, { ...base, name: '' }, 400, 'INVALID_ARGUMENT', 'name is required.');
    await expectRefusal(c, { ...base, name: 'n'.repeat(201) }, 400, 'INVALID_ARGUMENT', 'name can be at most 200 characters long.');
    await expectRefusal(c, { ...base, name: 7 }, 400, 'INVALID_ARGUMENT', 'name must be a string.');
    await expectRefusal(c, { ...base, workspaceName: '' }, 400, 'INVALID_ARGUMENT', 'workspaceName is required.');
    await expectRefusal(c, { ...base, workspaceName: 'w'.repeat(201) }, 400, 'INVALID_ARGUMENT', 'workspaceName can be at most 200 characters long.');
    await expectRefusal(c, { ...base, avatar: 'a'.repeat(2001) }, 400, 'INVALID_ARGUMENT', 'avatar can be at most 2000 characters long.');
    await expectRefusal(c, { ...base, expiresInMs: 'soon' }, 400, 'INVALID_ARGUMENT', 'expiresInMs must be a number.');
    const edge = { ...base, name: 'n'.repeat(200), workspaceName: 'w'.repeat(200), avatar: 'a'.repeat(2000) };
    expectSuccess(await c.post('/v2/workspace/create', edge), 'Workspace created successfully');
  });

  it('refuses configured disposable domains, ignoring case', async () => {
    const c = fresh({ disposableEmailDomains: ['mailinator.com'] });
    for (const ownerEmail of ['x@mailinator.com', 'x@MailInator.COM']) {
      await expectRefusal(c, { ownerEmail }, 400, 'INVALID_ARGUMENT', 'This email domain is not supported.');
    }
    expectSuccess(await c.post('/v2/workspace/create', { ownerEmail: 'x@example.org' }));
  });

  it('has no disposable domains by default', async () => {
    const c = fresh();
    expectSuccess(await c.post('/v2/workspace/create', { ownerEmail: 'x@mailinator.com' }), 'Workspace created successfully');
  });

  it('refuses a second workspace while the root workspace has no production key', async () => {
    const c = fresh();
    const message = 'Creating an additional workspace requires your root workspace to be on a paid plan (a production API key).';
    await expectRefusal(c, { ownerEmail: SEEDED_OWNER }, 403, 'PERMISSION_DENIED', message);
    await expectRefusal(c, { ownerEmail: 'OWNER@Collab-Service.test' }, 403, 'PERMISSION_DENIED', message);
    expectSuccess(await c.post('/v2/workspace/create', { ownerEmail: 'fresh@example.com' }));
    await expectRefusal(c, { ownerEmail: 'fresh@example.com' }, 403, 'PERMISSION_DENIED', message);
  });

  it('allows up to 5 workspaces per email once the root has a production key', async () => {
    const c = fresh(PAID);
    const key = await c.postWorkspace('/v2/workspace/apikey/create', { ownerEmail: SEEDED_OWNER, type: 'production' });
    expectSuccess(key, 'API key created successfully.');
    for (let i = 2; i <= 5; i++) {
      expectSuccess(await c.post('/v2/workspace/create', { ownerEmail: SEEDED_OWNER, workspaceName: `W${i}` }));
    }
    const message = 'You have reached the maximum number of workspaces allowed for this email address.';
    await expectRefusal(c, { ownerEmail: SEEDED_OWNER }, 429, 'RESOURCE_EXHAUSTED', message);
    await expectRefusal(c, { ownerEmail: 'Owner@COLLAB-SERVICE.test' }, 429, 'RESOURCE_EXHAUSTED', message);
  });
});

forEachTransport('get workspace (3.3)', (fresh) => {
  it('returns the workspace with its auth token and key list', async () => {
    const c = fresh({ workspace: { ownerEmail: 'lee@example.com', name: 'Lee', workspaceName: 'Lee Co' } });
    const { workspaceId, workspaceAuthToken, apiKey } = c.service.credentials;
    const result = expectSuccess(await c.postWorkspace('/v2/workspace/get', {}), 'Workspace retrieved successfully');
    expect(result).toEqual({
      status: 'success',
      message: 'Workspace retrieved successfully',
      data: {
        id: workspaceId,
        name: 'Lee Co',
        owner: { email: 'lee@example.com', id: expect.stringMatching(/^[A-Za-z0-9]{28}$/), name: 'Lee', avatar: '' },
        authToken: workspaceAuthToken,
        apiKeyList: { [apiKey]: { apiKeyName: 'Lee Test API Key', id: apiKey, type: 'testing' } },
      },
    });
  });
});

forEachTransport('get workspace rate limit (D12)', (fresh) => {
  const LIMITED = 'Rate limit exceeded. Try again after 1 minute.';
  const read = (c: Client, headers?: Record<string, string>) => c.postWorkspace('/v2/workspace/get', {}, headers);

  it('allows 100 reads per rolling minute; refused calls do not count', async () => {
    const c = fresh();
    for (let i = 0; i < 5; i++) {
      expectError(await read(c, { 'x-service-workspace-auth-token': '0'.repeat(32) }), 401, 'UNAUTHENTICATED', 'Invalid auth token for workspace.');
    }
    for (let i = 0; i < 100; i++) expect((await read(c)).status).toBe(200);
    const before = fingerprint(c.service);
    expectError(await read(c), 429, 'RESOURCE_EXHAUSTED', LIMITED);
    expectError(await read(c), 429, 'RESOURCE_EXHAUSTED', LIMITED);
    expect(fingerprint(c.service)).toBe(before);
    c.service.clock.advance(59_999);
    expectError(await read(c), 429, 'RESOURCE_EXHAUSTED', LIMITED);
    c.service.clock.advance(1);
    expectSuccess(await read(c), 'Workspace retrieved successfully');
  });

  it('limits each workspace separately and leaves other operations alone', async () => {
    const c = fresh({ workspaceReadLimit: 1 });
    expectSuccess(await read(c));
    expectError(await read(c), 429, 'RESOURCE_EXHAUSTED', LIMITED);
    const other = expectSuccess(await c.post('/v2/workspace/create', { ownerEmail: 'other@example.com' })).data;
    expectSuccess(await read(c, { 'x-service-workspace-id': other.id, 'x-service-workspace-auth-token': other.authToken }));
    expectSuccess(await c.postWorkspace('/v2/workspace/authtokens/get', { apiKey: c.service.credentials.apiKey }));
  });

  it('rolls: each read leaves the window 60 s after it was made', async () => {
    const c = fresh({ workspaceReadLimit: 2 });
    expectSuccess(await read(c));
    c.service.clock.advance(30_000);
    expectSuccess(await read(c));
    expectError(await read(c), 429, 'RESOURCE_EXHAUSTED', LIMITED);
    c.service.clock.advance(30_000);
    expectSuccess(await read(c));
    expectError(await read(c), 429, 'RESOURCE_EXHAUSTED', LIMITED);
  });

  it('is off with workspaceReadLimit: 0', async () => {
    const c = fresh({ workspaceReadLimit: 0 });
    for (let i = 0; i < 150; i++) expect((await read(c)).status).toBe(200);
  });

  it('still checks credentials first when limited', async () => {
    const c = fresh({ workspaceReadLimit: 1 });
    expectSuccess(await read(c));
    expectError(await read(c, { 'x-service-workspace-id': 'noSuchWorkspace00000' }), 404, 'NOT_FOUND', 'Workspace not found.');
    expectError(await read(c, { 'x-service-workspace-auth-token': '' }), 400, 'INVALID_ARGUMENT', 'Auth Token not found in headers.');
  });
});
