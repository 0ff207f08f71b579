import type { AuthHeaderNames } from '../protocol/auth-headers.js';
import type { ApiReply } from '../protocol/call.js';
import type { Served } from '../surface.js';

/**
 * What `GET /` of the standalone server answers: a JSON index of the API, the control plane under
 * `/__mock/*` and the live sync endpoint, so a person who opens the server in a browser sees where to go.
 * @example serverIndex('http://127.0.0.1:4780', await loadServed(), service.settings.authHeaders).body
 */
export function serverIndex(url: string, served: Served, names: AuthHeaderNames): ApiReply {
  const { controlRoutes } = served;
  const { served: paths } = served.coverage();
  const body = {
    name: 'collab-service-mock',
    api: {
      call: `POST <path> with content-type application/json and a body {"data": {...}}; ${names.apiKey} and ${names.authToken} headers (see GET /__mock/credentials)`,
      headers: { ...names },
      served: paths.length,
      example: `${url}/v2/users/get`,
    },
    control: Object.keys(controlRoutes).map((route) => {
      const [method = '', path = ''] = route.split(' ');
      return { method, path, url: `${url}${path}` };
    }),
    sync: `${url.replace(/^http/, 'ws')}/__mock/yjs/<apiKey>/<organizationId>/<documentId>/<editorId>`,
  };
  return { status: 200, headers: { 'content-type': 'application/json; charset=utf-8' }, body: `${JSON.stringify(body, null, 2)}\n` };
}
