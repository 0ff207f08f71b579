import { describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { WebsocketProvider } from 'y-websocket';
import * as Y from 'yjs';
import { until, useSyncServer } from '../../support/sync.js';

const at = { organizationId: 'org', documentId: 'doc', editorId: 'notes' };

const sync = useSyncServer();
const { rest } = sync;

const room = (): string => `${sync.service.credentials.apiKey}/${at.organizationId}/${at.documentId}/${at.editorId}`;

async function tokenFor(userId: string, resources: unknown[] = []): Promise<string> {
  const reply = await rest('/v2/auth/generate_token', {
    userId,
    userProperties: { name: userId, email: `${userId}@example.test` },
    permissions: { resources },
  });
  return reply.result.data.token;
}

function client(token?: string): { provider: WebsocketProvider; doc: Y.Doc; closes: Array<{ code: number; reason: string }> } {
  const doc = new Y.Doc();
  const provider = new WebsocketProvider(`ws://127.0.0.1:${sync.running.port}/__mock/yjs`, room(), doc, {
    WebSocketPolyfill: WebSocket as unknown as typeof globalThis.WebSocket,
    disableBc: true,
    maxBackoffTime: 50,
    params: token === undefined ? {} : { token },
  });
  const closes: Array<{ code: number; reason: string }> = [];
  provider.on('connection-close', (event) => {
    if (event) closes.push({ code: event.code, reason: event.reason });
  });
  sync.track(provider, doc);
  return { provider, doc, closes };
}

/** Lets messages in flight reach the server (for checks that something did NOT happen). */
const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 300));

const text = async (): Promise<unknown> => (await rest('/v2/crdt/get', at)).result.data[0]?.data;

/** An organization with one document holding `hello`, and `user` granted `role` on it. */
async function seed(role?: 'viewer' | 'editor', accessType?: string): Promise<void> {
  await rest('/v2/organizations/add', { organizations: [{ organizationId: 'org' }] });
  await rest('/v2/organizations/documents/add', { organizationId: 'org', documents: [{ documentId: 'doc', ...(accessType ? { accessType } : {}) }] });
  await rest('/v2/crdt/add', { ...at, type: 'text', data: 'hello' });
  if (role)
    await rest('/v2/auth/permissions/add', {
      user: { userId: 'user' },
      permissions: { resources: [{ type: 'document', id: 'doc', organizationId: 'org', accessRole: role }] },
    });
}

describe('sync endpoint authentication', () => {
  it('closes 4401 without a token, or with one it did not sign', async () => {
    await seed('editor');
    const none = client();
    const forged = client('eyJhbGciOiJIUzI1NiJ9.eyJ1c2VySWQiOiJ1c2VyIn0.AAAA');
    await until(() => none.closes.length > 0 && forged.closes.length > 0, 'both refusals');
    expect(none.closes[0]).toEqual({ code: 4401, reason: 'Pass ?token=: the API key auth token or an end-user token from generate_token.' });
    expect(forged.closes[0]).toEqual({ code: 4401, reason: 'The token is not valid for this API key.' });
    expect(none.provider.shouldConnect).toBe(false);
  });

  it('closes 4401 for a token past its 48 hours on the service clock', async () => {
    await seed('editor');
    const token = await tokenFor('user');
    sync.service.clock.advance(172_800_000);
    const a = client(token);
    await until(() => a.closes.length > 0, 'the refusal');
    expect(a.closes[0]).toEqual({ code: 4401, reason: 'The token has expired.' });
  });

  it('lets an editor write, through a grant from permissions add', async () => {
    await seed('editor');
    const a = client(await tokenFor('user'));
    await until(() => a.provider.synced, 'sync');
    expect(a.doc.getText('content').toString()).toBe('hello');
    a.doc.getText('content').insert(5, ' world');
    for (let i = 0; i < 100 && (await text()) !== 'hello world'; i++) await settle();
    expect(await text()).toBe('hello world');
    expect((await rest('/v2/crdt/get', at)).result.data[0].lastUpdatedBy).toBe('user');
  });

  it('gives a viewer the updates but drops its writes', async () => {
    await seed('viewer');
    const a = client(await tokenFor('user'));
    await until(() => a.provider.synced, 'sync');
    a.doc.getText('content').insert(0, 'viewer says ');
    await settle();
    expect(await text()).toBe('hello');
    await rest('/v2/crdt/update', { ...at, type: 'text', data: 'from the backend' });
    await until(() => a.doc.getText('content').toString().includes('from the backend'), 'the REST update');
    expect(await text()).toBe('from the backend');
    expect(a.closes).toEqual([]);
  });

  it('takes the grant from the token resources as well', async () => {
    await seed(undefined, 'restricted');
    const a = client(await tokenFor('user', [{ type: 'document', id: 'doc', organizationId: 'org', accessRole: 'viewer' }]));
    await until(() => a.provider.synced, 'sync');
    a.doc.getText('content').insert(0, 'x');
    await settle();
    expect(await text()).toBe('hello');
  });

  it('closes 4403 when the access model admits the user nowhere', async () => {
    await seed(undefined, 'restricted');
    await rest('/v2/users/add', { organizationId: 'org', users: [{ userId: 'user' }] });
    const a = client(await tokenFor('user'));
    await until(() => a.closes.length > 0, 'the refusal');
    expect(a.closes[0]?.code).toBe(4403);
    expect(a.closes[0]?.reason).toMatch(/^No access: no access: the access type is restricted/);
  });

  it('closes 4423 for a disabled organization, and when a document is disabled while connected', async () => {
    await seed('editor');
    await rest('/v2/organizations/access/disablestate/update', { organizationIds: ['org'], disabled: true });
    const refused = client(await tokenFor('user'));
    await until(() => refused.closes.length > 0, 'the refusal');
    expect(refused.closes[0]).toEqual({ code: 4423, reason: 'The organization is disabled.' });
    await rest('/v2/organizations/access/disablestate/update', { organizationIds: ['org'], disabled: false });
    const a = client(await tokenFor('user'));
    await until(() => a.provider.synced, 'sync');
    await rest('/v2/organizations/documents/access/disablestate/update', { organizationId: 'org', documentIds: ['doc'], disabled: true });
    await until(() => a.closes.length > 0, 'the disconnect');
    expect(a.closes[0]).toEqual({ code: 4423, reason: 'The document is disabled.' });
  });

  it('closes a connected user whose permission is removed', async () => {
    await seed('editor', 'restricted');
    const a = client(await tokenFor('user'));
    await until(() => a.provider.synced, 'sync');
    await rest('/v2/auth/permissions/remove', { userId: 'user', permissions: { resources: [{ type: 'document', id: 'doc', organizationId: 'org' }] } });
    await until(() => a.closes.length > 0, 'the disconnect');
    expect(a.closes[0]?.code).toBe(4403);
  });

  it('lets server-side tools in with the API auth token, even into a disabled document', async () => {
    await seed();
    await rest('/v2/organizations/documents/access/disablestate/update', { organizationId: 'org', documentIds: ['doc'], disabled: true });
    const a = client(sync.service.credentials.authToken);
    await until(() => a.provider.synced, 'sync');
    expect(a.doc.getText('content').toString()).toBe('hello');
  });
});
