import { INSPECTOR_HTML } from '../control/inspector-page.js';
import { type AuthHeaderNames, headerPrefixOf } from '../protocol/auth-headers.js';
import type { ApiReply } from '../protocol/call.js';
import { json } from '../protocol/envelope.js';
import type { Route } from '../protocol/operation.js';
import type { Served } from '../surface.js';

/**
 * The standalone server's static pages: the inspector at `GET /__mock/` and the OpenAPI document at
 * `GET /__mock/openapi.json` (naming the service's auth headers). Neither holds a secret; the inspector reads the state
 * through guarded control routes. `routes` is the route table with every area loaded (`served.loadRoutes()`).
 * @example staticPage('/__mock/openapi.json', served, await served.loadRoutes(), service.settings.authHeaders)?.status === 200
 */
export function staticPage(url: string, served: Served, routes: Readonly<Record<string, Route>>, names: AuthHeaderNames): ApiReply | undefined {
  const q = url.search(/[?#]/);
  const path = q === -1 ? url : url.slice(0, q);
  if (path === '/__mock' || path === '/__mock/') {
    return { status: 200, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }, body: INSPECTOR_HTML };
  }
  // Browsers ask every page's server for an icon; an empty answer keeps a red 404 out of the inspector's console.
  if (path === '/favicon.ico') return { status: 204, headers: { 'cache-control': 'max-age=86400' }, body: '' };
  if (path === '/__mock/openapi.json') return { ...json(200, null), body: served.openapiText(routes, headerPrefixOf(names)) };
  return undefined;
}
