import { expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { WebsocketProvider } from 'y-websocket';
import * as Y from 'yjs';
import { until, useSyncServer } from '../../support/sync.js';

const DOC = { organizationId: 'org', documentId: 'doc' };

const sync = useSyncServer();
const { rest } = sync;

function client(editorId: string, documentId = DOC.documentId): WebsocketProvider {
  const doc = new Y.Doc();
  const provider = new WebsocketProvider(
    `ws://127.0.0.1:${sync.running.port}/__mock/yjs`,
    `${sync.service.credentials.apiKey}/${DOC.organizationId}/${documentId}/${editorId}`,
    doc,
    {
      WebSocketPolyfill: WebSocket as unknown as typeof globalThis.WebSocket,
      disableBc: true,
      maxBackoffTime: 50,
      params: { token: sync.service.credentials.authToken },
    },
  );
  sync.track(provider, doc);
  return provider;
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
