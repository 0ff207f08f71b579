import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe } from 'vitest';
import { createHandlers } from '../../src/adapters/msw.js';
import { listen, type RunningServer } from '../../src/adapters/node-server.js';
import type { ApiCall } from '../../src/protocol/call.js';
import { createMockService, type MockService, type MockServiceOptions } from '../../src/service.js';

/** The three ways a customer reaches the service. */
export const TRANSPORTS = ['dispatch', 'msw', 'http'] as const;
export type TransportName = (typeof TRANSPORTS)[number];

/** A reply as a test sees it: HTTP status, parsed body, exact text. */
export interface Reply {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  text: string;
  headers: Record<string, string>;
}

/** A client bound to one fresh service and one transport. */
export interface Client {
  readonly transport: TransportName;
  readonly service: MockService;
  /** POSTs `{ data }` with the service's API-key headers (override or drop them through `headers`). */
  post(path: string, data?: unknown, headers?: Record<string, string | undefined>): Promise<Reply>;
  /** POSTs `{ data }` with the workspace headers. */
  postWorkspace(path: string, data?: unknown, headers?: Record<string, string | undefined>): Promise<Reply>;
  /** Sends exactly what it is given (for gate tests). */
  raw(call: ApiCall): Promise<Reply>;
}

const MSW_BASE = 'https://collab-service.test';
const MSW_PREFIXED_BASE = 'https://api.example.test/collab';

/**
 * Runs one suite once per transport. `fresh()` gives a client on a new service for each test.
 * @example forEachTransport('users', (fresh) => { it('adds', async () => { const c = await fresh(); ... }) })
 */
export function forEachTransport(name: string, suite: (fresh: (options?: MockServiceOptions) => Client) => void): void {
  for (const transport of TRANSPORTS) {
    describe(`${name} [${transport}]`, () => {
      let current: MockService = createMockService();
      const proxy = {
        dispatch: (call: ApiCall) => current.dispatch(call),
        get settings() {
          return current.settings;
        },
      } as MockService;
      let send: (call: ApiCall) => Promise<Reply> = (call) => current.dispatch(call).then(fromReply);
      let running: RunningServer | undefined;
      let stopMsw: (() => void) | undefined;
      beforeAll(async () => {
        if (transport === 'msw') {
          const server = setupServer(...createHandlers(proxy, { baseUrl: [MSW_BASE, MSW_PREFIXED_BASE] }));
          // msw 2 reads onUnhandledRequest, msw 3 onUnhandledFrame; a non-literal object satisfies both types.
          const listenOptions = { onUnhandledRequest: 'error', onUnhandledFrame: 'error' } as const;
          server.listen(listenOptions);
          stopMsw = () => server.close();
          send = (call) => viaFetch(MSW_BASE, call);
        } else if (transport === 'http') {
          running = await listen(proxy, { port: 0 });
          const base = running.url;
          send = (call) => viaFetch(base, call);
        }
      });
      afterAll(async () => {
        stopMsw?.();
        await running?.close();
      });
      const fresh = (options?: MockServiceOptions): Client => {
        current = createMockService(options);
        const service = current;
        const post = (path: string, data: unknown, base: Record<string, string>, headers?: Record<string, string | undefined>) => {
          const merged: Record<string, string> = { 'content-type': 'application/json', ...base };
          for (const [k, v] of Object.entries(headers ?? {})) {
            if (v === undefined) delete merged[k];
            else merged[k] = v;
          }
          return send({ method: 'POST', path, headers: merged, body: JSON.stringify({ data: data ?? {} }) });
        };
        return {
          transport,
          service,
          post: (path, data, headers) => post(path, data, service.credentials.headers, headers),
          postWorkspace: (path, data, headers) => post(path, data, service.credentials.workspaceHeaders, headers),
          raw: (call) => send(call),
        };
      };
      suite(fresh);
    });
  }
}

async function viaFetch(base: string, call: ApiCall): Promise<Reply> {
  const headers = new Headers();
  for (const [k, v] of Object.entries(call.headers)) if (v !== undefined) headers.set(k, v);
  // An empty body is sent as none: fetch would give an empty string body a text/plain content type of its own.
  const withBody = call.method !== 'GET' && call.method !== 'HEAD' && call.body !== '';
  const response = await fetch(base + call.path, { method: call.method, headers, ...(withBody ? { body: call.body } : {}) });
  const text = await response.text();
  const out: Record<string, string> = {};
  response.headers.forEach((v, k) => {
    out[k] = v;
  });
  return { status: response.status, text, body: parsed(text, out), headers: out };
}

function fromReply(reply: { status: number; body: string; headers: Record<string, string> }): Reply {
  return { status: reply.status, text: reply.body, body: parsed(reply.body, reply.headers), headers: reply.headers };
}

/** The JSON of a reply; undefined for an empty body or one of another type (a stored file, a page). */
function parsed(text: string, headers: Record<string, string>): unknown {
  const type = headers['content-type'];
  if (text === '' || (type !== undefined && !type.includes('json'))) return undefined;
  return JSON.parse(text);
}
