import { ServiceError } from '../errors.js';
import { type ApiCall, header } from '../protocol/call.js';
import { STORAGE_PREFIX } from '../protocol/limits.js';
import { CONTROL_TOKEN_HEADER, DELIVERY_MARKER_HEADER, hostAllowed, originAllowed, sameSecret } from '../protocol/origins.js';

/**
 * Refuses a control call a developer's machine should not take: a body that is not `application/json` (a form or
 * a `text/plain` fetch from any web page needs no preflight), and, on a network listener, a `Host` that is not
 * this machine's (DNS rebinding), an `Origin` of a page elsewhere, or a missing or wrong control token.
 * In-process transports (dispatch, msw) carry no listener: nothing outside the process can reach them. On every
 * transport, a call that carries the webhook delivery marker is refused: a delivery never reaches the control plane.
 * @example guardControl(call, 'POST', '/__mock/reset');
 */
export function guardControl(call: ApiCall, method: string, path: string): void {
  if (header(call, DELIVERY_MARKER_HEADER) !== undefined) {
    throw new ServiceError(
      'PERMISSION_DENIED',
      `${method} ${path} came from a webhook delivery (it carries ${DELIVERY_MARKER_HEADER}); the control plane never takes calls from deliveries. Point the endpoint at your webhook handler.`,
    );
  }
  // A storage URL carries its own credential (an upload token, a signature) and a file of any type, like a signed
  // URL of a storage service: only the checks against other machines' pages apply.
  const signed = path.startsWith(STORAGE_PREFIX);
  const policy = call.listener;
  if (policy) {
    const host = header(call, 'host');
    if (!hostAllowed(host, policy)) {
      throw new ServiceError(
        'PERMISSION_DENIED',
        `The control plane answers only requests addressed to this machine by a loopback name, ${policy.host} or an allowed host; got Host ${host ?? '(none)'}. Start the server with --allowed-host <name> to add a name.`,
      );
    }
    const origin = header(call, 'origin');
    if (!originAllowed(origin, policy)) {
      throw new ServiceError(
        'PERMISSION_DENIED',
        `The control plane refuses calls from the page at ${origin}: only pages on loopback origins, ${policy.host} or an allowed host may use it.`,
      );
    }
    // The callback target of async webhook nodes is reached like a receiver URL: its own token authenticates it.
    const receiver = method === 'POST' && path.startsWith('/__mock/workflow/callback/');
    if (!signed && !receiver && policy.controlToken !== undefined && !sameSecret(header(call, CONTROL_TOKEN_HEADER), policy.controlToken)) {
      throw new ServiceError(
        'UNAUTHENTICATED',
        `This server is bound to ${policy.host}: control calls need its control token in the ${CONTROL_TOKEN_HEADER} header (printed at start, or set with --control-token).`,
      );
    }
  }
  // A content type other than JSON is refused even without a body: a page's form or text/plain POST needs no
  // preflight, body or not. A bodyless call without a content type (curl -X POST) is what it looks like.
  const raw = header(call, 'content-type');
  if (!signed && method !== 'GET' && method !== 'HEAD' && (call.body.trim() !== '' || raw !== undefined)) {
    if ((raw ?? '').split(';')[0]?.trim().toLowerCase() !== 'application/json') {
      throw new ServiceError(
        'INVALID_ARGUMENT',
        `The body of ${method} ${path} must be sent as application/json, not ${raw ?? 'without a content type'}.`,
        undefined,
        415,
      );
    }
  }
}
