import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type * as Y from 'yjs';
import { ServiceError } from '../errors.js';
import type { MockService } from '../service.js';
import { listLiveState, listPresence } from '../model/presence.js';
import { SyncRoom, type SyncPeer } from './yjs-room.js';

/** The path prefix of the sync endpoint; the room name follows it. */
export const YJS_SYNC_PATH = '/__mock/yjs';

/** Close code for a room name that is not `<apiKey>/<organizationId>/<documentId>/<editorId>`. */
export const CLOSE_BAD_ROOM = 4400;
/** Close code for an unknown API key in the room name. */
export const CLOSE_UNKNOWN_KEY = 4403;
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
 * may be URI-encoded; a `userId` URL parameter names the client in `lastUpdatedBy`.
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
    if (presence.length === 0 && liveState.length === 0) return room.announce(null);
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
    const segments = url.pathname.slice(YJS_SYNC_PATH.length + 1).split('/').map(decodeSegment);
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
    let doc: Y.Doc;
    try {
      doc = service.crdt.doc({ apiKey, organizationId, documentId, editorId });
    } catch (error) {
      ws.close(CLOSE_BAD_ROOM, reason(error instanceof ServiceError ? error.message : 'The room could not be opened.'));
      return;
    }
    let room = rooms.get(doc);
    if (!room) {
      const created: SyncRoom = new SyncRoom(doc, () => {
        rooms.delete(doc);
        documents.delete(created);
      });
      room = created;
      rooms.set(doc, room);
      documents.set(room, { apiKey, organizationId, documentId });
      announce(room, { apiKey, organizationId, documentId });
    }
    const joined = room;
    const peer: SyncPeer = {
      author: { userId: url.searchParams.get('userId') || ANONYMOUS_SYNC_USER, sessionId: service.model.ids.alnum(20) },
      send: (message) => {
        if (ws.readyState === ws.OPEN) ws.send(message);
      },
      close: (code, why) => {
        if (ws.readyState === ws.OPEN || ws.readyState === ws.CONNECTING) ws.close(code, reason(why));
      },
    };
    ws.on('message', (data: RawData, isBinary: boolean) => {
      if (isBinary) joined.receive(peer, toBytes(data));
    });
    ws.on('close', () => joined.leave(peer));
    ws.on('error', () => ws.terminate());
    joined.join(peer);
  };

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
  return new TextDecoder().decode(bytes.slice(0, 120)).replace(/\uFFFD$/, '') + '...';
}

function toBytes(data: RawData): Uint8Array {
  if (Array.isArray(data)) return new Uint8Array(Buffer.concat(data));
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}
