import type { ServiceError } from '../errors.js';
import type { ApiReply } from './call.js';

/** The content type of every JSON reply; the pipeline adds the CORS headers that fit the caller (`cors.ts`). */
const JSON_TYPE = 'application/json; charset=utf-8';

/** A JSON reply with the standard headers (an object of its own, since the pipeline adds to it). @example json(200, { ok: true }) */
export function json(status: number, body: unknown): ApiReply {
  return { status, headers: { 'content-type': JSON_TYPE }, body: JSON.stringify(body) };
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

/**
 * A bare `{result: ...}` body, for operations whose result has no status or message (suggest, the workflow engine):
 * the payload may be an object, an array, a string or `null`; an operation that returns nothing answers `null`.
 * @example bareResult([]) // {"result":[]}
 */
export function bareResult(result: unknown): ApiReply {
  return json(200, { result: result === undefined ? null : result });
}

/** The failure envelope `{error:{status,message,details?}}` with the HTTP status of its error status. */
export function failure(error: ServiceError): ApiReply {
  const body: Record<string, unknown> = { status: error.status, message: error.message };
  if (error.details !== undefined) body['details'] = error.details;
  return json(error.httpStatus, { error: body });
}
