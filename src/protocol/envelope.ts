import type { ServiceError } from '../errors.js';
import type { ApiReply } from './call.js';

/** The content type of every JSON reply; the pipeline adds the CORS headers that fit the caller (`cors.ts`). */
const JSON_TYPE = 'application/json; charset=utf-8';

/** A JSON reply with the standard headers (an object of its own, since the pipeline adds to it). @example json(200, { ok: true }) */
export function json(status: number, body: unknown): ApiReply {
  return { status, headers: { 'content-type': JSON_TYPE }, body: JSON.stringify(body) };
}

/**
 * A value already written as JSON text, placed as it is in an envelope: a read whose items are kept serialised beside
 * their records sends them without writing them again. Any other serialiser reads it as the value it holds.
 * @example success('User(s) retrieved successfully.', new JsonText('[{"userId":"u1"}]'), { nextPageToken: '' })
 */
export class JsonText {
  constructor(readonly text: string) {}
  toJSON(): unknown {
    return JSON.parse(this.text);
  }
}

/** The keys the envelope writes itself; a cursor field of the same name takes its place, as `Object.assign` would. */
const ENVELOPE_KEYS = new Set(['status', 'message', 'data']);

/**
 * The success envelope: `{result:{status:'success',message,data}}`, with extra cursor fields beside `data`.
 * @example success('User(s) retrieved successfully.', [], { nextPageToken: '' })
 */
export function success(message: string, data?: unknown, beside?: Record<string, unknown>): ApiReply {
  if (data instanceof JsonText) {
    const written = successText(message, data, beside);
    if (written !== undefined) return { status: 200, headers: { 'content-type': JSON_TYPE }, body: written };
  }
  const result: Record<string, unknown> = { status: 'success', message };
  if (data !== undefined) result['data'] = data;
  if (beside) Object.assign(result, beside);
  return json(200, { result });
}

/**
 * The bytes `JSON.stringify` gives for the success envelope of `data` held as text: the envelope's own fields, the
 * text, then each cursor field; `undefined` when a cursor field would replace an envelope field.
 */
function successText(message: string, data: JsonText, beside: Record<string, unknown> | undefined): string | undefined {
  let text = `{"result":{"status":"success","message":${JSON.stringify(message)},"data":${data.text}`;
  if (beside) {
    for (const key of Object.keys(beside)) {
      if (ENVELOPE_KEYS.has(key)) return undefined;
      const value = JSON.stringify(beside[key]);
      if (value !== undefined) text += `,${JSON.stringify(key)}:${value}`;
    }
  }
  return `${text}}}`;
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
