import { beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { serialiseXml } from '../../../src/model/crdt/xml.js';
import type { CrdtType } from '../../../src/model/state/entities.js';
import { loadYjs } from '../../../src/model/state/yjs.js';
import { createMockService, type MockService } from '../../../src/service.js';

// Yjs documents are opened synchronously here (service.crdt.doc, state files with editors).
beforeAll(() => loadYjs());

const at = { organizationId: 'org', documentId: 'doc', editorId: 'ed' };

async function call(service: MockService, path: string, data: unknown): Promise<{ status: number; body: any }> {
  const reply = await service.dispatch({
    method: 'POST',
    path,
    headers: { 'content-type': 'application/json', ...service.credentials.headers },
    body: JSON.stringify({ data }),
  });
  return { status: reply.status, body: JSON.parse(reply.body) };
}

async function write(service: MockService, op: 'add' | 'update', type: CrdtType, data: unknown, contentKey = 'content'): Promise<void> {
  const reply = await call(service, `/v2/crdt/${op}`, { ...at, type, data, contentKey });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
}

async function stored(service: MockService): Promise<unknown> {
  const reply = await call(service, '/v2/crdt/get', at);
  return reply.body.result.data[0]?.data;
}

/** A client document linked to a server document by two queues, delivered on `flush()` (a network in slow motion). */
function connect(server: Y.Doc): { client: Y.Doc; flush(): void } {
  const client = new Y.Doc();
  Y.applyUpdate(client, Y.encodeStateAsUpdate(server), 'remote');
  const toClient: Uint8Array[] = [];
  const toServer: Uint8Array[] = [];
  server.on('update', (u: Uint8Array, origin: unknown) => origin !== 'remote' && toClient.push(u));
  client.on('update', (u: Uint8Array, origin: unknown) => origin !== 'remote' && toServer.push(u));
  return {
    client,
    flush() {
      for (const u of toServer.splice(0)) Y.applyUpdate(server, u, 'remote');
      for (const u of toClient.splice(0)) Y.applyUpdate(client, u, 'remote');
    },
  };
}

const view = (doc: Y.Doc, type: CrdtType, key = 'content'): unknown =>
  type === 'text'
    ? doc.getText(key).toString()
    : type === 'map'
      ? doc.getMap(key).toJSON()
      : type === 'array'
        ? doc.getArray(key).toJSON()
        : serialiseXml(doc.getXmlFragment(key));

interface TypeCase {
  type: CrdtType;
  first: unknown;
  second: unknown;
  /** A local edit a client makes while the REST update is in flight. */
  edit(doc: Y.Doc): void;
  /** What the concurrent edit must leave visible after convergence. */
  kept(result: unknown): boolean;
}

const CASES: TypeCase[] = [
  {
    type: 'text',
    first: 'Hello world',
    second: 'Goodbye',
    edit: (doc) => doc.getText('content').insert(5, '!!'),
    kept: (r) => typeof r === 'string' && r.includes('!!') && r.includes('Goodbye'),
  },
  {
    type: 'map',
    first: { title: 'Flow', nodes: { a: { x: 1 } } },
    second: { title: 'Flow 2', edges: { e: ['a', 'b'] } },
    edit: (doc) => doc.getMap('content').set('cursor', 7),
    kept: (r) => (r as Record<string, unknown>)['title'] === 'Flow 2',
  },
  {
    type: 'array',
    first: [{ id: '1', text: 'Item 1' }],
    second: [{ id: '2', text: 'Item 2', tags: ['x'] }, 3],
    edit: (doc) => doc.getArray('content').push(['client item']),
    kept: (r) => Array.isArray(r) && r.includes('client item') && r.length === 3,
  },
  {
    type: 'xml',
    first: '<paragraph>Hello</paragraph>',
    second: '<heading level="2">Title</heading><paragraph>Body <b>bold</b></paragraph>',
    edit: (doc) => doc.getXmlFragment('content').push([new Y.XmlElement('hr')]),
    kept: (r) => typeof r === 'string' && r.includes('<hr></hr>') && r.includes('<heading level="2">Title</heading>'),
  },
];

describe.each(CASES)('$type', (c) => {
  it('replaces the content, and an in-sync client converges to exactly the new content', async () => {
    const service = createMockService();
    await write(service, 'add', c.type, c.first);
    const link = connect(service.crdt.doc(at));
    expect(view(link.client, c.type)).toEqual(c.first);
    await write(service, 'update', c.type, c.second);
    link.flush();
    expect(view(link.client, c.type)).toEqual(c.second);
    expect(await stored(service)).toEqual(c.second);
  });

  it('merges an edit a client made concurrently with the REST update', async () => {
    const service = createMockService();
    await write(service, 'add', c.type, c.first);
    const server = service.crdt.doc(at);
    const link = connect(server);
    c.edit(link.client);
    await write(service, 'update', c.type, c.second);
    link.flush();
    expect(view(link.client, c.type)).toEqual(view(server, c.type));
    const result = await stored(service);
    expect(result).toEqual(view(server, c.type));
    expect(c.kept(result)).toBe(true);
  });

  it('brings a late joiner to the stored content', async () => {
    const service = createMockService();
    await write(service, 'add', c.type, c.first);
    const early = connect(service.crdt.doc(at));
    await write(service, 'update', c.type, c.second);
    c.edit(early.client);
    early.flush();
    const late = connect(service.crdt.doc(at));
    expect(view(late.client, c.type)).toEqual(await stored(service));
    expect(view(late.client, c.type)).toEqual(view(early.client, c.type));
  });
});

describe('in-process documents', () => {
  it('shows a test’s own edit in get, named by the transaction origin', async () => {
    const service = createMockService();
    await write(service, 'add', 'text', 'Hi');
    service.clock.advance(1000);
    const doc = service.crdt.doc(at);
    doc.transact(() => doc.getText('content').insert(2, ' there'), 'user-7');
    const got = await call(service, '/v2/crdt/get', at);
    expect(got.body.result.data).toEqual([{ data: 'Hi there', id: 'ed', lastUpdate: '2026-01-01T00:00:01.000Z', lastUpdatedBy: 'user-7', sessionId: null }]);
  });

  it('keeps an opened, unwritten document invisible to REST; add fills that same document', async () => {
    const service = createMockService();
    const doc = service.crdt.doc(at);
    const seen: string[] = [];
    doc.getText('content').observe(() => seen.push(doc.getText('content').toString()));
    expect((await call(service, '/v2/crdt/get', at)).body.result.data).toEqual([]);
    expect((await call(service, '/v2/crdt/update', { ...at, type: 'text', data: 'x' })).status).toBe(404);
    await write(service, 'add', 'text', 'Filled');
    expect(seen).toEqual(['Filled']);
    expect(service.crdt.doc(at)).toBe(doc);
  });

  it('makes an entry of a key a client created, with its type read from the content', async () => {
    const service = createMockService();
    const client = new Y.Doc();
    client.getXmlFragment('default').push([new Y.XmlElement('paragraph')]);
    Y.applyUpdate(service.crdt.doc(at), Y.encodeStateAsUpdate(client));
    expect(await stored(service)).toBe('<paragraph></paragraph>');
    const clash = await call(service, '/v2/crdt/update', { ...at, type: 'text', data: 'x', contentKey: 'default' });
    expect(clash.body.error).toEqual({ status: 'INVALID_ARGUMENT', message: 'contentKey default already holds a xml value.' });
  });

  it('refuses an unknown API key', () => {
    const service = createMockService();
    expect(() => service.crdt.doc({ ...at, apiKey: 'nope' })).toThrow('Unknown API key nope; GET /__mock/credentials shows the default key.');
  });
});

describe('snapshots', () => {
  it('restore brings documents back by content and destroys the replaced ones', async () => {
    const service = createMockService();
    await write(service, 'add', 'text', 'Before');
    const snap = service.snapshot();
    const live = service.crdt.doc(at);
    let destroyed = false;
    live.on('destroy', () => (destroyed = true));
    await write(service, 'update', 'text', 'After');
    service.restore(snap);
    expect(destroyed).toBe(true);
    expect(await stored(service)).toBe('Before');
    const again = service.crdt.doc(at);
    expect(again).not.toBe(live);
    again.getText('content').insert(0, '> ');
    expect(await stored(service)).toBe('> Before');
    service.reset();
    expect((await call(service, '/v2/crdt/get', at)).body.result.data).toEqual([]);
  });

  it('gives the same document bytes for the same seed and calls', async () => {
    const states = [];
    for (let i = 0; i < 2; i++) {
      const service = createMockService({ seed: 3 });
      await write(service, 'add', 'xml', '<p>a</p>');
      await write(service, 'update', 'xml', '<p>b</p><p>c</p>');
      states.push(Array.from(Y.encodeStateAsUpdate(service.crdt.doc(at))));
    }
    expect(states[0]).toEqual(states[1]);
  });
});
