import { ServiceError } from '../errors.js';
import type { AuthHeaderNames } from './auth-headers.js';
import { type ApiCall, type ApiReply, header } from './call.js';
import { apiCors, apiHeaderList, apiPreflight, controlCors, controlPreflight } from './cors.js';
import { failure } from './envelope.js';
import type { CallInfo } from './hooks.js';
import { LOOPBACK_POLICY } from './origins.js';

/** Whether a path belongs to the control plane. @example isControlPath('/__mock/reset') // true */
export function isControlPath(path: string): boolean {
  return path.startsWith('/__mock/') || path === '/__mock';
}

/** Why an API reply carries no CORS headers for a page, and what to do about it. */
function foreignPage(origin: string): string {
  return `API replies are shared with pages on loopback origins (localhost, 127.0.0.1, [::1], any port) and configured origins only, not with the page at ${origin}; start the server with --cors-origin ${origin} (option cors.origins) to allow it.`;
}

/**
 * The reply to a CORS preflight: API paths for allowed pages, control paths for pages on allowed origins only.
 * @example preflightOf(call, '/v2/users/get', settings.corsOrigins, settings.authHeaders).status // 204
 */
export function preflightOf(call: ApiCall, path: string, corsOrigins: ReadonlySet<string>, authHeaders: AuthHeaderNames): ApiReply {
  const origin = header(call, 'origin');
  if (!isControlPath(path)) {
    const headers = apiPreflight(call, corsOrigins, apiHeaderList(authHeaders));
    if (headers) return { status: 204, headers, body: '' };
    return failure(new ServiceError('PERMISSION_DENIED', foreignPage(origin ?? 'null')));
  }
  const policy = call.listener ?? LOOPBACK_POLICY;
  const headers = controlPreflight(call, policy);
  if (headers) return { status: 204, headers, body: '' };
  // Browsers always name the page in a preflight; without one there is no page to allow or refuse.
  if (origin === undefined) return { status: 204, headers: { vary: 'Origin' }, body: '' };
  return failure(
    new ServiceError(
      'PERMISSION_DENIED',
      `The control plane refuses calls from the page at ${origin}: only pages on loopback origins, ${policy.host} or an allowed host may use it.`,
    ),
  );
}

/**
 * The reply with the CORS headers its caller gets: the API's, or the control plane's (never a wildcard to a page).
 * @example withCors(reply, call, info, settings.corsOrigins).headers['access-control-allow-origin'] // '*'
 */
export function withCors(reply: ApiReply, call: ApiCall, info: CallInfo, corsOrigins: ReadonlySet<string>): ApiReply {
  const control = isControlPath(info.path);
  const cors = control ? controlCors(call, call.listener ?? LOOPBACK_POLICY) : apiCors(call, corsOrigins);
  if (!control && cors['access-control-allow-origin'] === undefined) info.hint ??= foreignPage(header(call, 'origin') ?? 'null');
  // Every reply is built for this call (its headers object is its own), so the CORS headers join it in place.
  const headers = reply.headers;
  for (const name in cors) headers[name] = cors[name] as string;
  return reply;
}
