import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { type RawData, type WebSocket, WebSocketServer } from 'ws';
import type * as Y from 'yjs';
import { openLiveEditor } from '../model/crdt/registry.js';
import { listLiveState, listPresence } from '../model/presence.js';
import { knownNamespace } from '../model/state/keys.js';
import type { MockService } from '../service.js';
import { authenticateSync, isWrite, type SyncVerdict, syncVerdict } from './yjs-access.js';
import { type SyncPeer, SyncRoom } from './yjs-room.js';

/** Domain events after which connected end users are checked again (a disable, a revoked grant, a new access type). */
const ACCESS_EVENTS: ReadonlySet<string> = new Set([
  'organization.disable_state',
  'organization.update',
  'organization.delete',
  'document.disable_state',
  'document.access_update',
  'document.move',
  'document.delete',
  'folder.update',
  'folder.delete',
  'folder.access_update',
  'permission.remove',
  'user.delete',
  'user.update',
]);

/** The path prefix of the sync endpoint; the room name follows it. */
export const YJS_SYNC_PATH = '/__mock/yjs';

/** Close code for a room name that is not `<apiKey>/<organizationId>/<documentId>/<editorId>`. */
export const CLOSE_BAD_ROOM = 4400;
/** Close code for an unknown API key in the room name. */
export const CLOSE_UNKNOWN_KEY = 4403;
/** Close code for a room whose entry does not exist, for a client that may only read. */
export const CLOSE_NO_ENTRY = 4404;
/** Close code sent to every client when the server shuts down. */
export const CLOSE_SHUTDOWN = 1001;

/** `lastUpdatedBy` of a sync client that names no `userId` parameter. */
export const ANONYMOUS_SYNC_USER = 'anonymous';

/**
 * The y-websocket-compatible endpoint of one service, to attach to a node:http server's `upgrade` event.
 * @example server.on('upgrade', (req, socket, head) => sync.handleUpgrade(req, socket, head));
 */
export interface YjsSync {
  /** Takes over an upgrade request for `/__mock/yjs/...`; anything else is answered 404 and closed. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Open client connections. */
  readonly connections: number;
  /** Closes every client (code 1001) and stops every room's awareness timer. */
  close(): Promise<void>;
}

/**
 * Creates the sync endpoint: a stock `WebsocketProvider` pointed at `ws://HOST:PORT/__mock/yjs` with room
 * `<apiKey>/<organizationId>/<documentId>/<editorId>` syncs both ways with the stored document. Room segments
 * may be URI-encoded. A `token` URL parameter authenticates: the API key's auth token (server-side tools, full
 * access; a `userId` parameter names them in `lastUpdatedBy`) or an end-user token from generate_token, whose
 * user the access model (`model/access.ts`) admits as editor, as viewer (updates arrive, writes are dropped) or
 * not at all (closed 4401/4403/4423, see `yjs-access.ts`).
 * @example const sync = createYjsSync(service);
 */
export function createYjsSync(service: MockService): YjsSync {
  const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false });
  const rooms = new Map<Y.Doc, SyncRoom>();
  /** The document each room belongs to, so REST presence and live state reach every editor of that document. */
  const documents = new Map<SyncRoom, { apiKey: string; organizationId: string; documentId: string }>();
  const announce = (room: SyncRoom, ref: { apiKey: string; organizationId: string; documentId: string }): void => {
    const ns = service.model.store.namespace(ref.apiKey);
    const presence = listPresence(service.model, ns, ref);
    const liveState = listLiveState(ns, ref);
    if (presence.length === 0 && liveState.length === 0) {
      room.announce(null);
      return;
    }
    room.announce({ service: { presence, liveState: Object.fromEntries(liveState.map((s) => [s.liveStateDataId, s.data])) } });
  };
  const onRealtime = (event: { apiKey: string; organizationId: string; documentId: string }): void => {
    for (const [room, ref] of documents) {
      if (ref.apiKey === event.apiKey && ref.organizationId === event.organizationId && ref.documentId === event.documentId) announce(room, ref);
    }
  };
  const unsubscribe = [service.model.events.on('presence.change', onRealtime), service.model.events.on('livestate.broadcast', onRealtime)];
  const sockets = new Set<WebSocket>();
  let closing: Promise<void> | undefined;

  const connect = (ws: WebSocket, url: URL): void => {
    sockets.add(ws);
    ws.binaryType = 'nodebuffer';
    ws.on('close', () => sockets.delete(ws));
    const segments = url.pathname
      .slice(YJS_SYNC_PATH.length + 1)
      .split('/')
      .map(decodeSegment);
    if (segments.length !== 4 || segments.some((s) => s === undefined || s.trim() === '')) {
      ws.close(CLOSE_BAD_ROOM, reason(`Room must be <apiKey>/<organizationId>/<documentId>/<editorId>, got ${url.pathname.slice(YJS_SYNC_PATH.length + 1)}.`));
      return;
    }
    const [apiKey = '', organizationId = '', documentId = '', editorId = ''] = segments as string[];
    if (!service.model.store.tables.apiKeys.has(apiKey)) {
      // The sync endpoint speaks like the API to an unknown key (`Invalid API key.`), naming the key it got.
      ws.close(CLOSE_UNKNOWN_KEY, reason(`Invalid API key ${apiKey}.`));
      return;
    }
    const key = service.model.store.tables.apiKeys.get(apiKey)!;
    const place = { apiKey, organizationId, documentId };
    // Messages that arrive while the token is checked wait for the room.
    const pending: Uint8Array[] = [];
    let deliver = (bytes: Uint8Array): void => void pending.push(bytes);
    let leave = (): void => {};
    ws.on('message', (data: RawData, isBinary: boolean) => {
      if (isBinary) deliver(toBytes(data));
    });
    ws.on('close', () => leave());
    ws.on('error', () => ws.terminate());
    void authenticateSync(service, key, url.searchParams.get('token')).then((identity) => {
      if (ws.readyState !== ws.OPEN) return;
      if ('code' in identity) return ws.close(identity.code, reason(identity.reason));
      const verdict = syncVerdict(service, identity, place);
      if (verdict.may === 'none') return ws.close(verdict.code, reason(verdict.reason));
      // A room opens on an existing entry for anyone admitted, on a new name only for a writer; the entry a room
      // opened is dropped again when the room closes without anyone writing to it.
      const live = openLiveEditor(
        service.model,
        knownNamespace(service.model, apiKey),
        { organizationId, documentId, editorId },
        { create: verdict.may === 'write' },
      );
      if (!live) return ws.close(CLOSE_NO_ENTRY, reason('No CRDT data found for this editor ID.'));
      const { doc } = live.record;
      let room = rooms.get(doc);
      if (!room) {
        const created: SyncRoom = new SyncRoom(doc, () => {
          rooms.delete(doc);
          documents.delete(created);
          live.release();
        });
        room = created;
        rooms.set(doc, room);
        documents.set(room, place);
        announce(room, place);
      }
      const joined = room;
      const userId = identity.kind === 'user' ? identity.userId : url.searchParams.get('userId') || ANONYMOUS_SYNC_USER;
      const peer: SyncPeer = {
        author: { userId, sessionId: service.model.ids.alnum(20) },
        send: (message) => {
          if (ws.readyState === ws.OPEN) ws.send(message);
        },
        close: (code, why) => {
          if (ws.readyState === ws.OPEN || ws.readyState === ws.CONNECTING) ws.close(code, reason(why));
        },
      };
      /** Closes the client when the access model no longer admits it; true when it may go on. */
      const recheck = (): SyncVerdict => {
        const now = syncVerdict(service, identity, place);
        if (now.may === 'none') {
          joined.leave(peer);
          peer.close(now.code, now.reason);
        }
        return now;
      };
      const unwatch = identity.kind === 'user' ? watch(place, recheck) : () => {};
      deliver = (bytes) => {
        // Writes are checked as they come, so a revoked grant, a disable or an expired token applies at once.
        if (isWrite(bytes) && recheck().may !== 'write') return;
        joined.receive(peer, bytes);
      };
      leave = () => {
        unwatch();
        joined.leave(peer);
      };
      joined.join(peer);
      for (const bytes of pending.splice(0)) deliver(bytes);
    });
  };

  /** Re-checks of connected end users, per API key and organization, run when access to it may have changed. */
  const watchers = new Map<string, Set<() => unknown>>();
  const watch = (place: { apiKey: string; organizationId: string }, recheck: () => unknown): (() => void) => {
    const id = `${place.apiKey}\n${place.organizationId}`;
    let set = watchers.get(id);
    if (!set) watchers.set(id, (set = new Set()));
    set.add(recheck);
    return () => {
      set.delete(recheck);
      if (set.size === 0) watchers.delete(id);
    };
  };
  const stopWatching = service.model.events.on('*', (event) => {
    if (!ACCESS_EVENTS.has(event.type) || !('organizationId' in event)) return;
    for (const recheck of [...(watchers.get(`${event.apiKey}\n${event.organizationId}`) ?? [])]) recheck();
  });

  return {
    handleUpgrade(request, socket, head) {
      const url = new URL(request.url ?? '/', 'http://localhost');
      if (closing || !(url.pathname === YJS_SYNC_PATH || url.pathname.startsWith(`${YJS_SYNC_PATH}/`))) {
        socket.end('HTTP/1.1 404 Not Found\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
        return;
      }
      wss.handleUpgrade(request, socket, head, (ws) => connect(ws, url));
    },
    get connections() {
      return sockets.size;
    },
    close() {
      closing ??= (async () => {
        for (const off of unsubscribe) off();
        stopWatching();
        for (const room of [...rooms.values()]) room.close(CLOSE_SHUTDOWN, 'Server shutting down.');
        await Promise.all([...sockets].map((ws) => closeSocket(ws)));
        await new Promise<void>((resolve) => wss.close(() => resolve()));
      })();
      return closing;
    },
  };
}

/** Waits for a socket to finish its closing handshake, cutting it off if the peer never answers. */
function closeSocket(ws: WebSocket): Promise<void> {
  if (ws.readyState === ws.CLOSED) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const timer = setTimeout(() => ws.terminate(), 1000);
    ws.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
    if (ws.readyState === ws.OPEN) ws.close(CLOSE_SHUTDOWN, 'Server shutting down.');
  });
}

function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** A close reason fits in 123 bytes of UTF-8. */
function reason(text: string): string {
  const bytes = new TextEncoder().encode(text);
  if (bytes.length <= 123) return text;
  return `${new TextDecoder().decode(bytes.slice(0, 120)).replace(/\uFFFD$/, '')}...`;
}

function toBytes(data: RawData): Uint8Array {
  if (Array.isArray(data)) return new Uint8Array(Buffer.concat(data));
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}
