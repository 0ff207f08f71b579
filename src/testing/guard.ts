import { HttpResponse, http, type RequestHandler } from 'msw';

/** What msw hands a custom unhandled-request callback. */
export interface UnhandledRequestPrint {
  warning(): void;
  error(): void;
}

/** How requests to other hosts than the service are treated: msw's strategies or a callback. */
export type UnhandledRequestStrategy = 'bypass' | 'warn' | 'error' | ((request: Request, print: UnhandledRequestPrint) => void);

/** The host names of URLs or bare host names (`https://api.example.com/v2`, `api.example.com`), lowercase. */
export function hostNames(entries: readonly string[], option: string): string[] {
  return entries.map((entry) => {
    try {
      return new URL(entry.includes('://') ? entry : `https://${entry}`).hostname.toLowerCase();
    } catch {
      throw new TypeError(`${option} takes URLs or host names, got ${JSON.stringify(entry)}.`);
    }
  });
}

/** A call the guard refused, for the report after the file. */
export interface RefusedCall {
  readonly method: string;
  readonly url: string;
}

/**
 * One handler, placed after the service's own: any call to a guarded host that nothing answered is refused
 * with a network error (the call rejects; nothing leaves the process) and a message that says why.
 * @example setupServer(...createHandlers(service), guardHosts({ serviceHosts, forbiddenHosts, baseUrl, refused }));
 */
export function guardHosts(options: { serviceHosts: string[]; forbiddenHosts: string[]; baseUrl: string; refused: RefusedCall[] }): RequestHandler {
  const forbidden = new Set(options.forbiddenHosts);
  const hosts = [...new Set([...options.serviceHosts, ...options.forbiddenHosts])];
  const escaped = hosts.map((host) => host.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
  const pattern = new RegExp(`^[a-z][a-z0-9+.-]*://(?:[^/@]*@)?(?:${escaped})(?::\\d+)?(?:[/?#]|$)`, 'i');
  return http.all(pattern, ({ request }) => {
    const host = new URL(request.url).hostname.toLowerCase();
    const why = forbidden.has(host)
      ? `${host} is in forbiddenHosts, so no test may reach it; point the client at ${options.baseUrl} (mock.baseUrl)`
      : `no handler answers this path of the service's host (base URL ${options.baseUrl}), and calls to that host never go to the network`;
    options.refused.push({ method: request.method, url: request.url });
    console.error(`collab-service-mock: refused ${request.method} ${request.url}: ${why}.`);
    return HttpResponse.error();
  });
}

/**
 * msw's listen options for requests to other hosts, in the forms msw 2 (`onUnhandledRequest`) and msw 3
 * (`onUnhandledFrame`) read; strings pass through, a callback gets the request of HTTP frames.
 */
export function unhandledRequestOptions(strategy: UnhandledRequestStrategy): Record<string, unknown> {
  if (typeof strategy !== 'function') return { onUnhandledRequest: strategy, onUnhandledFrame: strategy };
  const onUnhandledFrame = ({ frame, defaults }: { frame: { data: unknown }; defaults: { warn(): void; error(): void } }): void => {
    const request = (frame.data as { request?: unknown }).request;
    // Other frames (WebSocket) get msw's default.
    if (request instanceof Request) strategy(request, { warning: defaults.warn, error: defaults.error });
    else defaults.warn();
  };
  return { onUnhandledRequest: strategy, onUnhandledFrame };
}
