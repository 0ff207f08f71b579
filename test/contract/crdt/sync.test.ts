import { describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { WebsocketProvider } from 'y-websocket';
import * as Y from 'yjs';
import { until, useSyncServer } from '../../support/sync.js';

const at = { organizationId: 'org', documentId: 'doc', editorId: 'notes' };

/** Reads until the value passes `ok`, and returns it. */
async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean, what: string): Promise<T> {
  let value = await read();
  for (let i = 0; i < 500 && !ok(value); i++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    value = await read();
  }
  if (!ok(value)) throw new Error(`Timed out waiting for ${what}.`);
  return value;
}

const sync = useSyncServer();
const { rest } = sync;

const endpoint = (): string => `ws://127.0.0.1:${sync.running.port}/__mock/yjs`;
const roomOf = (editorId = at.editorId, apiKey = sync.service.credentials.apiKey): string => `${apiKey}/${at.organizationId}/${at.documentId}/${editorId}`;

/** A stock y-websocket client, as an editor in a browser would create it. */
function client(options: { room?: string; userId?: string; token?: string } = {}): {
  provider: WebsocketProvider;
  doc: Y.Doc;
  closes: Array<{ code: number; reason: string }>;
} {
  const doc = new Y.Doc();
  const provider = new WebsocketProvider(endpoint(), options.room ?? roomOf(), doc, {
    WebSocketPolyfill: WebSocket as unknown as typeof globalThis.WebSocket,
    // Same-process providers would otherwise sync through a local channel and bypass the server.
    disableBc: true,
    maxBackoffTime: 50,
    params: { token: options.token ?? sync.service.credentials.authToken, ...(options.userId ? { userId: options.userId } : {}) },
  });
  const closes: Array<{ code: number; reason: string }> = [];
  provider.on('connection-close', (event) => {
    if (event) closes.push({ code: event.code, reason: event.reason });
  });
  sync.track(provider, doc);
  return { provider, doc, closes };
}

const stored = async (editorId = at.editorId): Promise<any> => (await rest('/v2/crdt/get', { ...at, editorId })).result.data[0];

describe('live sync through a y-websocket client', () => {
  it('syncs the stored content on connect, then REST updates arrive live', async () => {
    await rest('/v2/crdt/add', { ...at, type: 'text', data: 'Hello' });
    const a = client();
    await until(() => a.provider.synced, 'initial sync');
    expect(a.doc.getText('content').toString()).toBe('Hello');
    await rest('/v2/crdt/update', { ...at, type: 'text', data: 'Replaced through REST' });
    await until(() => a.doc.getText('content').toString() === 'Replaced through REST', 'the REST update');
  });

  it('shows a client edit through REST, with the client’s user and session', async () => {
    await rest('/v2/crdt/add', { ...at, type: 'xml', contentKey: 'default', data: '<paragraph>One</paragraph>' });
    const a = client({ userId: 'user-1' });
    await until(() => a.provider.synced, 'initial sync');
    const fragment = a.doc.getXmlFragment('default');
    const heading = new Y.XmlElement('heading');
    heading.setAttribute('level', '2');
    heading.insert(0, [new Y.XmlText('Two')]);
    fragment.push([heading]);
    await until(() => a.doc.getXmlFragment('default').length === 2, 'local edit');
    const snapshot = await eventually(stored, (s) => s.data !== '<paragraph>One</paragraph>', 'the client edit in REST');
    expect(snapshot.data).toBe('<paragraph>One</paragraph><heading level="2">Two</heading>');
    expect(snapshot.lastUpdatedBy).toBe('user-1');
    expect(snapshot.sessionId).toMatch(/^[A-Za-z0-9]{20}$/);
  });

  it('converges two clients editing at once', async () => {
    await rest('/v2/crdt/add', { ...at, type: 'array', data: ['seed'] });
    const a = client();
    const b = client();
    await until(() => a.provider.synced && b.provider.synced, 'both synced');
    a.doc.getArray('content').push(['from a']);
    b.doc.getArray('content').insert(0, ['from b']);
    const same = (): boolean => JSON.stringify(a.doc.getArray('content').toJSON()) === JSON.stringify(b.doc.getArray('content').toJSON());
    await until(() => a.doc.getArray('content').length === 3 && same(), 'convergence');
    await until(() => sync.service.crdt.doc(at).getArray('content').length === 3, 'the server copy');
    expect((await stored()).data).toEqual(a.doc.getArray('content').toJSON());
  });

  it('creates an entry for a room a client fills before any REST call', async () => {
    const a = client({ room: roomOf('fresh'), userId: 'u2' });
    await until(() => a.provider.synced, 'initial sync');
    expect((await rest('/v2/crdt/get', { ...at, editorId: 'fresh' })).result.data).toEqual([]);
    a.doc.getText('content').insert(0, 'typed');
    await until(() => sync.service.crdt.doc({ ...at, editorId: 'fresh' }).getText('content').length === 5, 'the server copy');
    expect((await stored('fresh')).data).toBe('typed');
  });

  it('keeps nothing of rooms on names that never became entries once they close', async () => {
    // Each room draws its document's client id from the seeded source, so only the random position may move.
    const withoutRng = (text: string): unknown => ({ ...JSON.parse(text), rng: undefined });
    const baseline = withoutRng(sync.service.exportState());
    let opened = 0;
    for (let i = 0; i < 200; i++) {
      await new Promise<void>((resolve, reject) => {
        const ws = new WebSocket(`${endpoint()}/${roomOf(`probe-${i}`)}?token=${sync.service.credentials.authToken}`);
        ws.once('message', () => {
          opened++;
          ws.close();
        });
        ws.once('close', () => resolve());
        ws.once('error', reject);
      });
    }
    expect(opened).toBe(200);
    await until(() => sync.running.sync.connections === 0, 'every probe to close');
    await until(() => sync.service.model.store.namespace(sync.service.credentials.apiKey).editors.size === 0, 'the probes to be dropped');
    expect(withoutRng(sync.service.exportState())).toEqual(baseline);
  });

  it('opens no room on a name that is not an entry for a client that may only read', async () => {
    await rest('/v2/organizations/add', { organizations: [{ organizationId: at.organizationId }] });
    await rest('/v2/organizations/documents/add', { organizationId: at.organizationId, documents: [{ documentId: at.documentId }] });
    await rest('/v2/auth/permissions/add', {
      user: { userId: 'reader' },
      permissions: { resources: [{ type: 'document', id: at.documentId, organizationId: at.organizationId, accessRole: 'viewer' }] },
    });
    const token = (
      await rest('/v2/auth/generate_token', {
        userId: 'reader',
        userProperties: { name: 'Reader', email: 'reader@example.test' },
        permissions: { resources: [] },
      })
    ).result.data.token;
    const a = client({ room: roomOf('absent'), token });
    await until(() => a.closes.length > 0, 'the refusal');
    expect(a.closes[0]).toEqual({ code: 4404, reason: 'No CRDT data found for this editor ID.' });
    expect(sync.service.model.store.namespace(sync.service.credentials.apiKey).editors.get(at.organizationId)?.get(at.documentId)?.has('absent') ?? false).toBe(
      false,
    );
  });

  it('keeps an entry a client wrote after its room closes', async () => {
    const a = client({ room: roomOf('written') });
    await until(() => a.provider.synced, 'initial sync');
    a.doc.getText('content').insert(0, 'stays');
    await until(() => sync.service.crdt.doc({ ...at, editorId: 'written' }).getText('content').length === 5, 'the server copy');
    a.provider.destroy();
    await until(() => sync.running.sync.connections === 0, 'the room to close');
    expect((await stored('written')).data).toBe('stays');
  });

  it('relays awareness between clients', async () => {
    const a = client();
    const b = client();
    await until(() => a.provider.synced && b.provider.synced, 'both synced');
    a.provider.awareness.setLocalStateField('user', { name: 'Ann' });
    await until(() => b.provider.awareness.getStates().get(a.doc.clientID)?.['user']?.name === 'Ann', 'awareness');
  });
});

describe('refusals and disconnects', () => {
  const closeOf = (path: string): Promise<{ code: number; reason: string }> =>
    new Promise((resolve) => {
      const ws = new WebSocket(`${endpoint()}/${path}`);
      ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
    });

  it('refuses an unknown API key', async () => {
    expect(await closeOf('unknown-key/org/doc/ed')).toEqual({ code: 4403, reason: 'Invalid API key unknown-key.' });
    const a = client({ room: roomOf('ed', 'unknown-key') });
    await until(() => a.closes.length > 0, 'the refusal');
    expect(a.closes[0]).toEqual({ code: 4403, reason: 'Invalid API key unknown-key.' });
    expect(a.provider.shouldConnect).toBe(false);
  });

  it('refuses a room name without four parts', async () => {
    const { code, reason } = await closeOf(`${sync.service.credentials.apiKey}/org/doc`);
    expect(code).toBe(4400);
    expect(reason).toMatch(/^Room must be <apiKey>\/<organizationId>\/<documentId>\/<editorId>/);
  });

  it('disconnects clients of a deleted entry for good', async () => {
    await rest('/v2/crdt/add', { ...at, type: 'text', data: 'x' });
    const a = client();
    await until(() => a.provider.synced, 'initial sync');
    await rest('/v2/crdt/delete', at);
    await until(() => a.closes.length > 0, 'the disconnect');
    expect(a.closes[0]?.code).toBe(4410);
    expect(a.provider.shouldConnect).toBe(false);
    expect((await rest('/v2/crdt/get', at)).result.data).toEqual([]);
  });

  it('disconnects every client on reset, leaving the reset state untouched', async () => {
    await rest('/v2/crdt/add', { ...at, type: 'text', data: 'x' });
    const a = client();
    await until(() => a.provider.synced, 'initial sync');
    await fetch(`${sync.running.url}/__mock/reset`, { method: 'POST' });
    await until(() => a.closes.length > 0, 'the disconnect');
    expect(a.closes[0]?.code).toBe(4410);
    a.doc.getText('content').insert(0, 'late edit');
    expect((await rest('/v2/crdt/get', at)).result.data).toEqual([]);
  });

  it('closes sockets and awareness timers on shutdown', async () => {
    const baseline = process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
    await rest('/v2/crdt/add', { ...at, type: 'text', data: 'x' });
    const a = client();
    const b = client({ room: roomOf('other') });
    await until(() => a.provider.synced && b.provider.synced, 'both synced');
    expect(sync.running.sync.connections).toBe(2);
    await sync.running.close();
    await until(() => a.closes.length > 0 && b.closes.length > 0, 'the shutdown closes');
    expect(a.closes[0]?.code).toBe(1001);
    expect(sync.running.sync.connections).toBe(0);
    sync.destroyClients();
    await until(() => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length <= baseline, 'timers to stop');
  });
});
