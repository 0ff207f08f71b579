import { afterEach, beforeEach, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { WebsocketProvider } from 'y-websocket';
import * as Y from 'yjs';
import { listen, type RunningServer } from '../../../src/adapters/node-server.js';
import { createMockService, type MockService } from '../../../src/service.js';

const DOC = { organizationId: 'org', documentId: 'doc' };

async function until(check: () => boolean, what: string, ms = 5000): Promise<void> {
  for (let waited = 0; !check(); waited += 10) {
    if (waited > ms) throw new Error(`Timed out waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

let service: MockService;
let running: RunningServer;
let open: Array<{ provider: WebsocketProvider; doc: Y.Doc }>;

beforeEach(async () => {
  service = createMockService();
  running = await listen(service, { port: 0 });
  open = [];
});

afterEach(async () => {
  for (const { provider, doc } of open) {
    provider.destroy();
    doc.destroy();
  }
  await running.close();
});

function client(editorId: string, documentId = DOC.documentId): WebsocketProvider {
  const doc = new Y.Doc();
  const provider = new WebsocketProvider(`ws://127.0.0.1:${running.port}/__mock/yjs`, `${service.credentials.apiKey}/${DOC.organizationId}/${documentId}/${editorId}`, doc, {
    WebSocketPolyfill: WebSocket as unknown as typeof globalThis.WebSocket,
    disableBc: true,
    maxBackoffTime: 50,
    params: { token: service.credentials.authToken },
  });
  open.push({ provider, doc });
  return provider;
}

async function rest(path: string, data: unknown): Promise<unknown> {
  const response = await fetch(`${running.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...service.credentials.headers },
    body: JSON.stringify({ data }),
  });
  return response.json();
}

/** What the service announces in a client's awareness view, if anything. */
function announced(provider: WebsocketProvider): { presence: { userId: string }[]; liveState: Record<string, unknown> } | undefined {
  for (const state of provider.awareness.getStates().values()) if (state['service']) return state['service'] as never;
  return undefined;
}

it('pushes REST presence and live state to every editor of the document, and only that document', async () => {
  const a = client('notes');
  const b = client('canvas');
  const elsewhere = client('notes', 'other');
  await until(() => a.synced && b.synced && elsewhere.synced, 'sync');
  await rest('/v2/presence/add', { ...DOC, users: [{ userId: 'bot', name: 'Bot' }] });
  await until(() => announced(a)?.presence[0]?.userId === 'bot' && announced(b)?.presence.length === 1, 'presence on both editors');
  await rest('/v2/livestate/broadcast', { ...DOC, liveStateDataId: 'cursor', data: { x: 1 } });
  await until(() => (announced(a)?.liveState['cursor'] as { x: number } | undefined)?.x === 1, 'live state');
  await rest('/v2/presence/delete', { ...DOC, userIds: ['bot'] });
  await until(() => announced(a)?.presence.length === 0, 'presence withdrawn');
  expect(announced(elsewhere)).toBeUndefined();
});

it('shows what is already there to a client that joins later', async () => {
  await rest('/v2/presence/add', { ...DOC, users: [{ userId: 'agent' }] });
  const late = client('notes');
  await until(() => late.synced && announced(late)?.presence[0]?.userId === 'agent', 'presence on join');
});
