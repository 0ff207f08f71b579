import { http, type RequestHandler } from 'msw';
import type { ApiCall } from '../protocol/call.js';
import { STORAGE_PREFIX } from '../protocol/limits.js';
import type { MockService } from '../service.js';
import { DEFAULT_BASE_URL } from '../service.js';

/** Options of `createHandlers`. */
export interface HandlerOptions {
  /** The base URL(s) the handlers answer. Default `https://collab-service.test`. */
  baseUrl?: string | string[];
}

/**
 * msw handlers for a service: one catch-all per base URL that hands every request to `service.dispatch`.
 * Works with msw 2.7+ and msw 3, in Node (`setupServer`) and in the browser (`setupWorker`).
 * @example const server = setupServer(...createHandlers(service)); server.listen();
 */
export function createHandlers(service: MockService, options: HandlerOptions = {}): RequestHandler[] {
  if (typeof (service as unknown as { then?: unknown } | null)?.then === 'function') {
    throw new TypeError(
      "createHandlers() got a Promise, not a service: createScenarioService() is async, so write `const service = await createScenarioService({ scenario: 'starter' })` and pass `service`.",
    );
  }
  if (typeof (service as Partial<MockService> | null)?.dispatch !== 'function') {
    throw new TypeError('createHandlers() needs a service from createMockService() or `await createScenarioService(...)`.');
  }
  const bases = Array.isArray(options.baseUrl) ? options.baseUrl : [options.baseUrl ?? DEFAULT_BASE_URL];
  return bases.map((base) => {
    const root = base.replace(/\/+$/, '');
    const rootUrl = new URL(root);
    const prefix = rootUrl.pathname.replace(/\/+$/, '');
    // A request's URL is serialised in normal form, so one under the base starts with the base's normal form.
    const start = `${rootUrl.origin}${prefix}/`;
    return http.all(`${root}/*`, async ({ request }) => {
      const headers: Record<string, string> = {};
      request.headers.forEach((value, key) => {
        headers[key] = value;
      });
      const path = pathOf(request.url, start, prefix);
      const call: ApiCall = { method: request.method, path, headers, body: '', origin: root };
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        // A file PUT to a storage URL keeps its bytes; everything else is JSON text.
        if (path.startsWith(STORAGE_PREFIX)) {
          call.bytes = new Uint8Array(await request.arrayBuffer());
          call.body = new TextDecoder().decode(call.bytes);
        } else call.body = await request.text();
      }
      const reply = await service.dispatch(call);
      return new Response(reply.status === 204 ? null : ((reply.bytes as BodyInit | undefined) ?? reply.body), {
        status: reply.status,
        headers: reply.headers,
      });
    });
  });
}

/** The path and query of a request URL below a base (`start` is the base in normal form, ending in `/`). */
function pathOf(href: string, start: string, prefix: string): string {
  if (href.startsWith(start) && !href.includes('#')) return href.slice(start.length - 1);
  const url = new URL(href);
  return url.pathname.slice(prefix.length) + url.search;
}
