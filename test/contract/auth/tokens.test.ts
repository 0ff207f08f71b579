import { decodeProtectedHeader, jwtVerify } from 'jose';
import { expect, it } from 'vitest';
import { expectError, expectSuccess, fingerprint } from '../../support/expect.js';
import { type Client, forEachTransport } from '../../support/transports.js';

const PATH = '/v2/auth/generate_token';
const HEX64 = /^[0-9a-f]{64}$/;

/** The request example of service-facts 3.15. */
const EXAMPLE = {
  userId: 'user123',
  userProperties: { isAdmin: false, name: 'John Doe', email: 'john@example.com' },
  permissions: {
    resources: [
      { type: 'organization', id: 'org_123', accessRole: 'viewer' },
      { type: 'document', id: 'doc_456', organizationId: 'org_123', accessRole: 'editor', expiresAt: 1640995200 },
    ],
  },
};

/** Reads a key's signing secret through the control plane (the default key when `apiKey` is absent). */
async function signingSecret(c: Client, apiKey?: string): Promise<Uint8Array> {
  const path = apiKey === undefined ? '/__mock/signing-secret' : `/__mock/signing-secret?apiKey=${encodeURIComponent(apiKey)}`;
  const reply = await c.raw({ method: 'GET', path, headers: {}, body: '' });
  expect(reply.status, reply.text).toBe(200);
  expect(reply.body).toEqual({ apiKey: apiKey ?? c.service.credentials.apiKey, algorithm: 'HS256', secret: expect.stringMatching(HEX64) });
  return Uint8Array.from(Buffer.from(reply.body.secret as string, 'hex'));
}

async function tokenFor(c: Client, data: unknown, headers?: Record<string, string>): Promise<string> {
  const result = expectSuccess(await c.post(PATH, data, headers), 'Token generated successfully.');
  expect(Object.keys(result.data)).toEqual(['token']);
  return result.data.token as string;
}

/** Asserts a refused request with its exact message and that nothing changed. */
async function refuse(c: Client, data: unknown, message: string): Promise<void> {
  const before = fingerprint(c.service);
  expectError(await c.post(PATH, data), 400, 'INVALID_ARGUMENT', message);
  expect(fingerprint(c.service)).toBe(before);
}

const withUser = (patch: Record<string, unknown>) => ({ ...EXAMPLE, userProperties: { ...EXAMPLE.userProperties, ...patch } });
const withResources = (...resources: unknown[]) => ({ ...EXAMPLE, permissions: { resources } });

forEachTransport('generate token (3.15, D16)', (fresh) => {
  it('signs an HS256 JWT with exactly the D16 claims, verifiable with the key secret', async () => {
    const c = fresh();
    const token = await tokenFor(c, EXAMPLE);
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'HS256', typ: 'JWT' });
    const { payload } = await jwtVerify(token, await signingSecret(c), {
      algorithms: ['HS256'],
      issuer: 'https://collab-service.test',
      audience: c.service.credentials.apiKey,
      currentDate: new Date(c.service.clock.now()),
    });
    expect(payload).toStrictEqual({
      iss: 'https://collab-service.test',
      sub: 'user123',
      aud: c.service.credentials.apiKey,
      iat: 1767225600,
      exp: 1767225600 + 172800,
      userId: 'user123',
      user: { name: 'John Doe', email: 'john@example.com', isAdmin: false },
      permissions: {
        resources: [
          { type: 'organization', id: 'org_123', accessRole: 'viewer' },
          { type: 'document', id: 'doc_456', organizationId: 'org_123', accessRole: 'editor', expiresAt: 1640995200 },
        ],
      },
    });
  });

  it('takes iat from the service clock and lives 48 hours', async () => {
    const c = fresh({ clock: '2026-03-01T12:00:00Z' });
    c.service.clock.advance(90_500);
    const { payload } = await jwtVerify(await tokenFor(c, EXAMPLE), await signingSecret(c), { currentDate: new Date(c.service.clock.now()) });
    const iat = Date.UTC(2026, 2, 1, 12) / 1000 + 90;
    expect({ iat: payload.iat, exp: payload.exp }).toEqual({ iat, exp: iat + 172_800 });
  });

  it('defaults isAdmin to false and accessRole to editor; keeps expiresAt as given', async () => {
    const c = fresh();
    const data = {
      userId: 'u1',
      userProperties: { name: 'A', email: 'a@example.com', photoUrl: 'https://x.test/p.png' },
      permissions: {
        resources: [
          { type: 'folder', id: 'f1', organizationId: 'o1', expiresAt: 1 },
          { type: 'organization', id: 'o1' },
        ],
      },
    };
    const { payload } = await jwtVerify(await tokenFor(c, data), await signingSecret(c), { currentDate: new Date(c.service.clock.now()) });
    expect(payload.user).toEqual({ name: 'A', email: 'a@example.com', isAdmin: false });
    expect(payload.permissions).toEqual({
      resources: [
        { type: 'folder', id: 'f1', organizationId: 'o1', accessRole: 'editor', expiresAt: 1 },
        { type: 'organization', id: 'o1', accessRole: 'editor' },
      ],
    });
    const admin = await tokenFor(c, { ...data, userProperties: { name: 'A', email: 'a@example.com', isAdmin: true } });
    expect((await jwtVerify(admin, await signingSecret(c), { currentDate: new Date(c.service.clock.now()) })).payload.user).toMatchObject({ isAdmin: true });
  });

  it('accepts an empty resource list', async () => {
    const c = fresh();
    const { payload } = await jwtVerify(await tokenFor(c, withResources()), await signingSecret(c), { currentDate: new Date(c.service.clock.now()) });
    expect(payload.permissions).toEqual({ resources: [] });
  });

  it('uses the issuer option for iss', async () => {
    const c = fresh({ issuer: 'https://example.com' });
    const { payload } = await jwtVerify(await tokenFor(c, EXAMPLE), await signingSecret(c), {
      issuer: 'https://example.com',
      currentDate: new Date(c.service.clock.now()),
    });
    expect(payload.iss).toBe('https://example.com');
  });

  it('signs with the secret of the calling key only', async () => {
    const c = fresh();
    const key = expectSuccess(
      await c.postWorkspace('/v2/workspace/apikey/create', { ownerEmail: 'owner@example.com', type: 'testing', createAuthToken: true }),
    ).data;
    const token = await tokenFor(c, EXAMPLE, { 'x-service-api-key': key.apiKey, 'x-service-auth-token': key.authToken });
    const now = new Date(c.service.clock.now());
    expect((await jwtVerify(token, await signingSecret(c, key.apiKey), { currentDate: now })).payload.aud).toBe(key.apiKey);
    await expect(jwtVerify(token, await signingSecret(c), { currentDate: now })).rejects.toThrow(/signature verification failed/);
  });

  it('creates nothing and is the same token for the same call at the same instant', async () => {
    const c = fresh();
    const before = fingerprint(c.service);
    const first = await tokenFor(c, EXAMPLE);
    expect(fingerprint(c.service)).toBe(before);
    expect(await tokenFor(c, EXAMPLE)).toBe(first);
    c.service.clock.advance(1000);
    expect(await tokenFor(c, EXAMPLE)).not.toBe(first);
  });

  it('validates userId and userProperties', async () => {
    const c = fresh();
    await refuse(c, { ...EXAMPLE, userId: undefined }, 'userId is required.');
    await refuse(c, { ...EXAMPLE, userId: '  ' }, 'userId is required.');
    await refuse(c, { ...EXAMPLE, userId: 5 }, 'userId must be a string.');
    await refuse(c, { ...EXAMPLE, userProperties: undefined }, 'userProperties is required.');
    await refuse(c, { ...EXAMPLE, userProperties: 'John' }, 'userProperties must be an object.');
    await refuse(c, withUser({ name: undefined }), 'userProperties.name is required.');
    await refuse(c, withUser({ email: '' }), 'userProperties.email is required.');
    await refuse(c, withUser({ email: 3 }), 'userProperties.email must be a string.');
    await refuse(c, withUser({ isAdmin: 'yes' }), 'userProperties.isAdmin must be a boolean.');
  });

  it('refuses organizationId inside userProperties', async () => {
    const c = fresh();
    const message = 'organizationId must be passed as a permissions resource, not in userProperties.';
    await refuse(c, withUser({ organizationId: 'org_123' }), message);
    await refuse(c, withUser({ organizationId: '' }), message);
  });

  it('validates permissions and each resource', async () => {
    const c = fresh();
    const org = { type: 'organization', id: 'o' };
    await refuse(c, { ...EXAMPLE, permissions: undefined }, 'permissions is required.');
    await refuse(c, { ...EXAMPLE, permissions: {} }, 'permissions.resources is required.');
    await refuse(c, { ...EXAMPLE, permissions: { resources: 'o' } }, 'permissions.resources must be an array.');
    await refuse(c, withResources('o'), 'permissions.resources[0] must be an object.');
    await refuse(c, withResources({ id: 'o' }), 'permissions.resources[0].type is required.');
    await refuse(c, withResources(org, { type: 'workspace', id: 'w' }), 'permissions.resources[1].type must be one of organization, document, folder.');
    await refuse(c, withResources({ type: 'organization' }), 'permissions.resources[0].id is required.');
    await refuse(c, withResources({ type: 'organization', id: '' }), 'permissions.resources[0].id is required.');
    await refuse(c, withResources({ ...org, accessRole: 'owner' }), 'permissions.resources[0].accessRole must be one of viewer, editor.');
    await refuse(c, withResources({ ...org, expiresAt: '2026-01-01' }), 'permissions.resources[0].expiresAt must be a number.');
    await refuse(c, withResources({ type: 'document', id: 'd', organizationId: ' ' }), 'permissions.resources[0].organizationId is required.');
  });

  it('requires organizationId for document and folder resources only', async () => {
    const c = fresh();
    const org = { type: 'organization', id: 'o' };
    await refuse(c, withResources(org, { type: 'document', id: 'd' }), 'permissions.resources[1].organizationId is required for a document resource.');
    await refuse(c, withResources({ type: 'folder', id: 'f' }), 'permissions.resources[0].organizationId is required for a folder resource.');
    await tokenFor(c, withResources(org));
  });

  it('refuses the earlier unwrapped body at the gate', async () => {
    const c = fresh();
    const reply = await c.raw({
      method: 'POST',
      path: PATH,
      headers: { ...c.service.credentials.headers, 'content-type': 'application/json' },
      body: JSON.stringify(EXAMPLE),
    });
    expectError(reply, 400, 'INVALID_ARGUMENT', 'Bad Request');
  });
});

forEachTransport('signing secret control route', (fresh) => {
  it('answers 404 for an unknown key and changes nothing', async () => {
    const c = fresh();
    const before = fingerprint(c.service);
    const reply = await c.raw({ method: 'GET', path: '/__mock/signing-secret?apiKey=NoSuchKey', headers: {}, body: '' });
    expectError(reply, 404, 'NOT_FOUND', 'Unknown API key NoSuchKey; GET /__mock/credentials shows the default key.');
    expect(fingerprint(c.service)).toBe(before);
  });

  it('uses the default key for an empty apiKey and differs per key', async () => {
    const c = fresh();
    const empty = await c.raw({ method: 'GET', path: '/__mock/signing-secret?apiKey=', headers: {}, body: '' });
    expect(empty.body.apiKey).toBe(c.service.credentials.apiKey);
    const other = expectSuccess(await c.postWorkspace('/v2/workspace/apikey/create', { ownerEmail: 'owner@example.com', type: 'testing' })).data.apiKey;
    expect(await signingSecret(c, other)).not.toEqual(await signingSecret(c));
  });
});
