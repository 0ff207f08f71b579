import type { ApiReply } from './call.js';
import type { ServiceError } from '../errors.js';

/** Headers every reply carries, so a browser can call the standalone server from any origin. */
const CORS_HEADERS: Readonly<Record<string, string>> = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, GET, OPTIONS',
  'access-control-allow-headers':
    'content-type, x-service-api-key, x-service-auth-token, x-service-workspace-id, x-service-workspace-auth-token',
  'access-control-max-age': '86400',
};

const JSON_HEADERS: Readonly<Record<string, string>> = { ...CORS_HEADERS, 'content-type': 'application/json; charset=utf-8' };

/** A JSON reply with the standard headers. @example json(200, { ok: true }) */
export function json(status: number, body: unknown): ApiReply {
  return { status, headers: { ...JSON_HEADERS }, body: JSON.stringify(body) };
}

/**
 * The success envelope: `{result:{status:'success',message,data}}`, with extra cursor fields beside `data`.
 * @example success('User(s) retrieved successfully.', [], { nextPageToken: '' })
 */
export function success(message: string, data?: unknown, beside?: Record<string, unknown>): ApiReply {
  const result: Record<string, unknown> = { status: 'success', message };
  if (data !== undefined) result['data'] = data;
  if (beside) Object.assign(result, beside);
  return json(200, { result });
}

/** A bare `{result: ...}` body, for operations whose result has no status or message (suggest). */
export function bareResult(result: unknown): ApiReply {
  return json(200, { result });
}

/** The failure envelope `{error:{status,message,details?}}` with the HTTP status of its error status. */
export function failure(error: ServiceError): ApiReply {
  const body: Record<string, unknown> = { status: error.status, message: error.message };
  if (error.details !== undefined) body['details'] = error.details;
  return json(error.httpStatus, { error: body });
}

/** The reply to a CORS preflight. */
export function preflight(): ApiReply {
  return { status: 204, headers: { ...CORS_HEADERS }, body: '' };
}
