import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ServiceError } from '../errors.js';
import type { ApiCall, ApiReply } from '../protocol/call.js';
import { bodyLimitFor, STORAGE_PREFIX } from '../protocol/limits.js';
import { bindsLoopbackOnly, hostAllowed, type ListenerPolicy, originAllowed } from '../protocol/origins.js';
import { compileSchema } from '../protocol/schema-compiler.js';
import { useSchemaCompiler } from '../protocol/validate.js';
import { answerCall, type MockService } from '../service.js';
import { unpredictableToken } from '../support/secret.js';
import { loadServed } from '../surface.js';
import { clientErrorHandler, refuseOnSocket } from './http-refusals.js';
import { persistState } from './persist.js';
import { serverIndex } from './server-index.js';
import { staticPage } from './static-pages.js';
import { createHttpSender } from './webhook-sender.js';
import type { YjsSync } from './yjs-sync.js';
import { lazyYjsSync } from './yjs-sync-loader.js';

export { createHttpSender, type HttpSenderOptions, httpSender } from './webhook-sender.js';

/** Options of `listen`. */
export interface ListenOptions {
  /** Port; 0 picks a free one. Default 4780. */
  port?: number;
  /** Interface to bind. Default 127.0.0.1. Any other than loopback makes the control plane ask for a control token. */
  host?: string;
  /**
   * `send` (default): a service that only records webhooks starts sending them as real HTTP POSTs; `keep`: leave
   * the service's delivery mode as it is.
   */
  webhooks?: 'send' | 'keep';
  /** More names clients may address the server by on the control plane (a container or LAN name). Default none. */
  allowedHosts?: string[];
  /**
   * The token control calls must send in `x-mock-control-token`. Required on a server bound beyond loopback: one is
   * generated when none is given. On loopback, setting one requires it too. Default: none on loopback.
   */
  controlToken?: string;
  /**
   * A file the state is written to after calls (atomically, at most 1 s after a change however steady the calls)
   * and once more by `close()`; load it first with `readPersisted(file, seed)`. Default: none.
   */
  persist?: string;
  /** Milliseconds a client has to send the request headers. Default 10,000. */
  headersTimeoutMs?: number;
  /** Milliseconds a client has to send the whole request, body included. Default 30,000. */
  requestTimeoutMs?: number;
}

/** Bytes of an oversized body read and thrown away, so the client finishes its upload and reads the 413. */
export const DRAIN_LIMIT_BYTES = 32 * 1024 * 1024;

/** A running standalone server. */
export interface RunningServer {
  readonly url: string;
  readonly port: number;
  readonly host: string;
  readonly server: Server;
  /** The token control calls must send in `x-mock-control-token`, when the server asks for one. */
  readonly controlToken: string | undefined;
  /** The live Yjs sync endpoint at `ws://HOST:PORT/__mock/yjs/<apiKey>/<organizationId>/<documentId>/<editorId>`. */
  readonly sync: YjsSync;
  /**
   * Stops accepting, closes open connections (sync sockets included), writes the `persist` file one last time and
   * resolves when the server is down.
   */
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
  // The standalone server is where customers point real webhook handlers, so recording becomes sending.
  if (options.webhooks !== 'keep' && service.webhooks?.mode === 'record')
    service.webhooks.deliverWith(createHttpSender({ allow: service.settings.webhookAllow }));
  if (options.controlToken !== undefined && !/^[\x21-\x7e]{16,}$/.test(options.controlToken)) {
    throw new TypeError('listen(): controlToken must be at least 16 printable characters without spaces.');
  }
  const controlToken = options.controlToken ?? (bindsLoopbackOnly(host) ? undefined : unpredictableToken());
  const policy: ListenerPolicy = Object.freeze({ host, allowedHosts: Object.freeze([...(options.allowedHosts ?? [])]), controlToken });
  const requestMs = options.requestTimeoutMs ?? 30_000;
  const headersMs = Math.min(options.headersTimeoutMs ?? 10_000, requestMs);
  let index: ApiReply | undefined;
  // The served surface (schemas of every area, control plane, OpenAPI document) loads now, not on the first request.
  const served = await loadServed();
  const routes = await served.loadRoutes();
  // A server answers many calls per operation: each schema is compiled once, on its first call.
  useSchemaCompiler(compileSchema);
  const server = createServer(
    // Node checks both timeouts on this interval, so it bounds how late a timeout fires.
    { headersTimeout: headersMs, requestTimeout: requestMs, connectionsCheckingInterval: Math.max(25, Math.min(1000, Math.floor(headersMs / 4))) },
    (req, res) => {
      if ((req.method === 'GET' || req.method === 'HEAD') && (req.url === '/' || req.url?.startsWith('/?'))) {
        return send(res, (index ??= serverIndex(urlOf(server, host), served, routes, service.settings.authHeaders)), false);
      }
      // Static, secret-free pages the standalone server serves itself, so browser bundles of the core stay small.
      const page = req.method === 'GET' || req.method === 'HEAD' ? staticPage(req.url ?? '/', served, routes, service.settings.authHeaders) : undefined;
      if (page) return send(res, page, false);
      handle(service, policy, req, res, () => (req.headers.host ? `http://${req.headers.host}` : urlOf(server, host)));
    },
  );
  server.keepAliveTimeout = 5000;
  server.on('clientError', clientErrorHandler({ headersMs, requestMs }));
  const sync = lazyYjsSync(service);
  server.on('upgrade', (req: IncomingMessage, socket, head: Buffer) => {
    // Browsers open WebSockets to any address without CORS: the sync endpoint checks Host and Origin like the control plane.
    if (!hostAllowed(req.headers.host, policy) || !originAllowed(req.headers.origin, policy)) {
      return refuseOnSocket(
        socket,
        new ServiceError(
          'PERMISSION_DENIED',
          `The sync endpoint answers pages on loopback origins, ${host} or an allowed host only; got Host ${req.headers.host ?? '(none)'}, Origin ${req.headers.origin ?? '(none)'}.`,
        ),
      );
    }
    sync.handleUpgrade(req, socket, head);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 4780, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const persisted = options.persist === undefined ? undefined : persistState(service, options.persist);
  let closing: Promise<void> | undefined;
  return {
    url: urlOf(server, host),
    port,
    host,
    server,
    controlToken,
    sync,
    close() {
      // The last write comes after the last call was answered, whether or not the server closed cleanly.
      closing ??= sync
        .close()
        .then(
          () =>
            new Promise<void>((resolve, reject) => {
              server.close((error) => (error ? reject(error) : resolve()));
              server.closeAllConnections();
            }),
        )
        .finally(() => persisted?.stop());
      return closing;
    },
  };
}

/** `http://HOST:PORT` of a listening server. */
function urlOf(server: Server, host: string): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${(server.address() as AddressInfo).port}`;
}

function handle(service: MockService, listener: ListenerPolicy, req: IncomingMessage, res: ServerResponse, origin: () => string): void {
  const chunks: Buffer[] = [];
  let size = 0;
  let refused = false;
  let answered = false;
  const headers = (): Record<string, string> => {
    const given = req.headers;
    // node joins a repeated request header into one string; only set-cookie stays a list and needs joining here.
    if (given['set-cookie'] === undefined) return given as Record<string, string>;
    const out: Record<string, string> = {};
    for (const key of Object.keys(given)) {
      const value = given[key];
      if (value !== undefined) out[key] = Array.isArray(value) ? value.join(', ') : value;
    }
    return out;
  };
  const limit = bodyLimitFor(req.method ?? 'GET', req.url ?? '/');
  const answer = (body: string, bodyTooLarge: boolean, close: boolean, bytes?: Uint8Array): void => {
    if (answered) return;
    answered = true;
    const call: ApiCall = { method: req.method ?? 'GET', path: req.url ?? '/', headers: headers(), body, listener, origin: origin() };
    if (bytes) call.bytes = bytes;
    // A reply that waited for nothing is sent at once, as a bare node:http handler would; any other when it is ready.
    const reply = answerCall(service, bodyTooLarge ? { ...call, bodyTooLarge } : call);
    if (reply instanceof Promise) void reply.then((ready) => send(res, ready, close));
    else send(res, reply, close);
  };
  req.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (refused) {
      // Past the drain limit the client is not stopping: answer now and close, whatever it is still sending.
      if (size > limit + DRAIN_LIMIT_BYTES) answer('', true, true);
      return;
    }
    if (size > limit) {
      // Stop buffering but keep reading: a client that is still uploading when the server closes sees EPIPE, not the
      // 413. The core answers 413 through its hooks like any other reply once the body has ended.
      refused = true;
      chunks.length = 0;
      return;
    }
    chunks.push(chunk);
  });
  req.on('end', () => {
    if (refused) answer('', true, false);
    else {
      const whole = Buffer.concat(chunks, size);
      // A file PUT to a storage URL keeps its bytes; everything else is JSON text.
      const bytes = (req.url ?? '').startsWith(STORAGE_PREFIX) ? new Uint8Array(whole.buffer, whole.byteOffset, whole.length) : undefined;
      answer(whole.toString('utf8'), false, false, bytes);
    }
  });
  req.on('error', () => res.destroy());
}

function send(res: ServerResponse, reply: ApiReply, close: boolean): void {
  if (res.headersSent) return;
  if (close) res.setHeader('connection', 'close');
  res.writeHead(reply.status, reply.headers);
  res.end(reply.bytes ?? reply.body);
}

export type { PersistedState } from './persist.js';
export { persistState, readPersisted } from './persist.js';
