import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MAX_BODY_BYTES } from '../protocol/dispatch.js';
import type { ApiReply } from '../protocol/call.js';
import type { MockService } from '../service.js';
import type { YjsSync } from './yjs-sync.js';
import { lazyYjsSync } from './yjs-sync-loader.js';
import { serverIndex } from './server-index.js';

/** Options of `listen`. */
export interface ListenOptions {
  /** Port; 0 picks a free one. Default 4780. */
  port?: number;
  /** Interface to bind. Default 127.0.0.1. */
  host?: string;
}

/** A running standalone server. */
export interface RunningServer {
  readonly url: string;
  readonly port: number;
  readonly host: string;
  readonly server: Server;
  /** The live Yjs sync endpoint at `ws://HOST:PORT/__mock/yjs/<apiKey>/<organizationId>/<documentId>/<editorId>`. */
  readonly sync: YjsSync;
  /** Stops accepting, closes open connections (sync sockets included) and resolves when the server is down. */
  close(): Promise<void>;
}

/**
 * Serves a service over node:http, calling `service.dispatch` directly (no msw on this path).
 * @example const running = await listen(createMockService(), { port: 0 }); running.url;
 */
export async function listen(service: MockService, options: ListenOptions = {}): Promise<RunningServer> {
  if (typeof (service as unknown as { then?: unknown } | null)?.then === 'function') {
    throw new TypeError("listen() got a Promise, not a service: write `await listen(await createScenarioService({ scenario: 'starter' }))`.");
  }
  const host = options.host ?? '127.0.0.1';
  let index: ApiReply | undefined;
  const server = createServer((req, res) => {
    if ((req.method === 'GET' || req.method === 'HEAD') && (req.url === '/' || req.url?.startsWith('/?'))) {
      return send(res, (index ??= serverIndex(urlOf(server, host))), false);
    }
    handle(service, req, res);
  });
  server.keepAliveTimeout = 5000;
  const sync = lazyYjsSync(service);
  server.on('upgrade', (req, socket, head: Buffer) => sync.handleUpgrade(req, socket, head));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 4780, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  let closing: Promise<void> | undefined;
  return {
    url: urlOf(server, host),
    port,
    host,
    server,
    sync,
    close() {
      closing ??= sync.close().then(
        () =>
          new Promise<void>((resolve, reject) => {
            server.close((error) => (error ? reject(error) : resolve()));
            server.closeAllConnections();
          }),
      );
      return closing;
    },
  };
}

/** `http://HOST:PORT` of a listening server. */
function urlOf(server: Server, host: string): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${(server.address() as AddressInfo).port}`;
}

function handle(service: MockService, req: IncomingMessage, res: ServerResponse): void {
  const chunks: Buffer[] = [];
  let size = 0;
  let refused = false;
  const headers = (): Record<string, string> => {
    const out: Record<string, string> = {};
    for (const [key, value] of Object.entries(req.headers)) {
      if (value !== undefined) out[key] = Array.isArray(value) ? value.join(', ') : value;
    }
    return out;
  };
  req.on('data', (chunk: Buffer) => {
    if (refused) return;
    size += chunk.length;
    if (size > MAX_BODY_BYTES) {
      // Stop buffering; the core answers 413 through its hooks like any other reply.
      refused = true;
      chunks.length = 0;
      void service
        .dispatch({ method: req.method ?? 'GET', path: req.url ?? '/', headers: headers(), body: '', bodyTooLarge: true })
        .then((reply) => send(res, reply, true));
      return;
    }
    chunks.push(chunk);
  });
  req.on('end', () => {
    if (refused) return;
    void service
      .dispatch({ method: req.method ?? 'GET', path: req.url ?? '/', headers: headers(), body: Buffer.concat(chunks, size).toString('utf8') })
      .then((reply) => send(res, reply, false));
  });
  req.on('error', () => res.destroy());
}

function send(res: ServerResponse, reply: ApiReply, close: boolean): void {
  if (res.headersSent) return;
  const headers: Record<string, string> = { ...reply.headers };
  if (close) headers['connection'] = 'close';
  res.writeHead(reply.status, headers);
  res.end(reply.body);
}

export { persistState, readPersisted } from './persist.js';
export type { PersistedState } from './persist.js';
