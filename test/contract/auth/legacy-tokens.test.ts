import { decodeProtectedHeader, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { WebsocketProvider } from 'y-websocket';
import * as Y from 'yjs';
import { control } from '../../support/control.js';
import { expectError, expectSuccess, fingerprint } from '../../support/expect.js';
import { until, useSyncServer } from '../../support/sync.js';
import type { Client } from '../../support/transports.js';
import { forEachTransport } from '../../support/transports.js';

const V1 = '/v1/auth/token/get';
const V2 = '/v2/auth/token/get';

async function secretOf(c: Client): Promise<Uint8Array> {
  const reply = await control(c, 'GET', '/__mock/signing-secret');
  return Uint8Array.from(Buffer.from(reply.body.secret as string, 'hex'));
}

/** The v1 body: credentials inside `data`, no auth headers. */
const v1Body = (c: Client, extra: Record<string, unknown> = {}) => ({
  apiKey: c.service.credentials.apiKey,
  authToken: c.service.credentials.authToken,
  userId: 'yourUserId',
  ...extra,
});
const bare = (c: Client, data: unknown) => c.raw({ method: 'POST', path: V1, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data }) });

async function refuse(c: Client, reply: Promise<import('../../support/transports.js').Reply>, http: number, status: string, message: string) {
  const before = fingerprint(c.service);
  expectError(await reply, http, status, message);
  expect(fingerprint(c.service)).toBe(before);
}

forEachTransport('legacy token paths (beyond-spec-4 4.5)', (fresh) => {
  it('v1 signs the same kind of token as generate_token from credentials in the body, with the legacy claims', async () => {
    const c = fresh();
    const reply = await bare(c, v1Body(c, { userProperties: { isAdmin: true, organizationId: 'org_1', email: 'user@example.com', groupId: 'team-a' } }));
    const result = expectSuccess(reply, 'Token generated successfully.');
    expect(Object.keys(result)).toEqual(['status', 'message', 'data']);
    expect(Object.keys(result.data)).toEqual(['token']);
    expect(decodeProtectedHeader(result.data.token)).toEqual({ alg: 'HS256', typ: 'JWT' });
    const { payload } = await jwtVerify(result.data.token, await secretOf(c), {
      algorithms: ['HS256'],
      issuer: 'https://collab-service.test',
      audience: c.service.credentials.apiKey,
      currentDate: new Date(c.service.clock.now()),
    });
    expect(payload).toStrictEqual({
      iss: 'https://collab-service.test',
      sub: 'yourUserId',
      aud: c.service.credentials.apiKey,
      iat: 1767225600,
      exp: 1767225600 + 172800,
      userId: 'yourUserId',
      user: { name: '', email: 'user@example.com', isAdmin: true },
      permissions: { resources: [{ type: 'organization', id: 'org_1', accessRole: 'editor' }] },
      organizationId: 'org_1',
      groupId: 'team-a',
    });
  });

  it('v1 without userProperties grants nothing; headers are not read', async () => {
    const c = fresh();
    const reply = await c.post(V1, v1Body(c), { 'x-service-api-key': 'unknown', 'x-service-auth-token': 'wrong' });
    const { payload } = await jwtVerify(expectSuccess(reply).data.token, await secretOf(c), { currentDate: new Date(c.service.clock.now()) });
    expect(payload).toMatchObject({ user: { name: '', email: '', isAdmin: false }, permissions: { resources: [] } });
    expect(payload['organizationId']).toBeUndefined();
  });

  it('v1 refuses missing and wrong credentials and fields with the documented statuses, creating nothing', async () => {
    const c = fresh();
    const { apiKey, authToken } = c.service.credentials;
    await refuse(c, bare(c, { authToken, userId: 'u' }), 400, 'INVALID_ARGUMENT', 'API key not found.');
    await refuse(c, bare(c, { apiKey, userId: 'u' }), 400, 'INVALID_ARGUMENT', 'Auth token not found.');
    await refuse(c, bare(c, { apiKey: 'AAAAAAAAAAAAAAAAAAAA', authToken, userId: 'u' }), 403, 'PERMISSION_DENIED', 'Invalid API key.');
    await refuse(c, bare(c, { apiKey, authToken: 'f'.repeat(32), userId: 'u' }), 403, 'PERMISSION_DENIED', 'Invalid auth token for API key.');
    await refuse(c, bare(c, { apiKey, authToken }), 400, 'INVALID_ARGUMENT', 'userId is required.');
    await refuse(
      c,
      bare(c, { apiKey, authToken, userId: 'u', userProperties: { email: 'e' } }),
      400,
      'INVALID_ARGUMENT',
      'userProperties.organizationId is required.',
    );
    await refuse(
      c,
      c.raw({ method: 'POST', path: V1, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ apiKey, authToken, userId: 'u' }) }),
      400,
      'INVALID_ARGUMENT',
      'Bad Request',
    );
  });

  it('v2 signs from the header credentials and the old body; organizationId is required', async () => {
    const c = fresh();
    const reply = await c.post(V2, {
      userId: 'user-1',
      userProperties: { organizationId: 'org1', email: 'user1@example.com' },
      apiKey: 'ignored',
      permissions: { resources: [{ type: 'document', id: 'd' }] },
    });
    const { payload } = await jwtVerify(expectSuccess(reply, 'Token generated successfully.').data.token, await secretOf(c), {
      issuer: 'https://collab-service.test',
      audience: c.service.credentials.apiKey,
      currentDate: new Date(c.service.clock.now()),
    });
    expect(payload).toMatchObject({
      sub: 'user-1',
      userId: 'user-1',
      user: { name: '', email: 'user1@example.com', isAdmin: false },
      permissions: { resources: [{ type: 'organization', id: 'org1', accessRole: 'editor' }] },
      organizationId: 'org1',
    });
    await refuse(c, c.post(V2, { userProperties: { organizationId: 'org1' } }), 400, 'INVALID_ARGUMENT', 'userId is required.');
    await refuse(c, c.post(V2, { userId: 'u' }), 400, 'INVALID_ARGUMENT', 'userProperties.organizationId is required.');
    await refuse(c, c.post(V2, { userId: 'u', userProperties: {} }), 400, 'INVALID_ARGUMENT', 'userProperties.organizationId is required.');
    await refuse(
      c,
      c.post(V2, { userId: 'u', userProperties: { organizationId: 'o' } }, { 'x-service-auth-token': undefined }),
      400,
      'INVALID_ARGUMENT',
      'Auth Token not found in headers.',
    );
    await refuse(
      c,
      c.post(V2, { userId: 'u', userProperties: { organizationId: 'o' } }, { 'x-service-api-key': 'AAAAAAAAAAAAAAAAAAAA' }),
      403,
      'PERMISSION_DENIED',
      'Invalid API key.',
    );
  });
});

describe('legacy tokens on the sync endpoint', () => {
  const sync = useSyncServer();

  it('admit an end user exactly like generate_token’s: an organization editor writes, another organization’s user is refused', async () => {
    const { rest } = sync;
    await rest('/v2/organizations/add', { organizations: [{ organizationId: 'org' }] });
    await rest('/v2/organizations/documents/add', { organizationId: 'org', documents: [{ documentId: 'doc', accessType: 'organizationPrivate' }] });
    await rest('/v2/crdt/add', { organizationId: 'org', documentId: 'doc', editorId: 'notes', type: 'text', data: 'hello' });
    const { apiKey, authToken } = sync.service.credentials;
    const v1 = await fetch(`${sync.running.url}${V1}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: { apiKey, authToken, userId: 'writer', userProperties: { organizationId: 'org' } } }),
    });
    const v2 = await rest(V2, { userId: 'outsider', userProperties: { organizationId: 'elsewhere' } });
    const open = (token: string) => {
      const doc = new Y.Doc();
      const provider = new WebsocketProvider(`ws://127.0.0.1:${sync.running.port}/__mock/yjs`, `${apiKey}/org/doc/notes`, doc, {
        WebSocketPolyfill: WebSocket as unknown as typeof globalThis.WebSocket,
        disableBc: true,
        maxBackoffTime: 50,
        params: { token },
      });
      const closes: { code: number; reason: string }[] = [];
      provider.on('connection-close', (event) => {
        if (event) closes.push({ code: event.code, reason: event.reason });
      });
      sync.track(provider, doc);
      return { provider, doc, closes };
    };
    const writer = open(((await v1.json()) as { result: { data: { token: string } } }).result.data.token);
    await until(() => writer.provider.synced, 'the writer to sync');
    writer.doc.getText('content').insert(5, ', world');
    await until(
      () => sync.service.crdt.doc({ organizationId: 'org', documentId: 'doc', editorId: 'notes' })?.getText('content').toString() === 'hello, world',
      'the write to land',
    );
    const outsider = open(v2.result.data.token);
    await until(() => outsider.closes.length > 0, 'the refusal');
    expect(outsider.closes[0]?.code).toBe(4403);
  });
});
