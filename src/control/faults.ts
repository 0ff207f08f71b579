import { ServiceError } from '../errors.js';
import type { FaultRule } from '../harness/faults.js';
import type { ControlHandler } from './context.js';

/** `GET /__mock/faults`: the active fault rules, in the order they are checked. */
export const list: ControlHandler = (deps) => ({ faults: deps.faults.list() });

/**
 * `POST /__mock/faults` with one rule: adds it and answers its id.
 * @example POST /__mock/faults {"path":"/v2/users/*","status":"UNAVAILABLE","message":"Maintenance.","times":2}
 */
export const add: ControlHandler = (deps, { body }) => {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ServiceError('INVALID_ARGUMENT', 'The body must be one fault rule, e.g. {"path": "/v2/users/*", "status": "UNAVAILABLE", "times": 2}.');
  }
  const id = deps.faults.add(body as FaultRule);
  return deps.faults.list().find((f) => f.id === id);
};

/** `POST /__mock/faults/clear`: removes every rule, or only `{"id": "fault-1"}`. */
export const clear: ControlHandler = (deps, { body }) => {
  const id = (body as { id?: unknown } | undefined)?.id;
  if (id === undefined) {
    deps.faults.clear();
    return { status: 'ok' };
  }
  if (typeof id !== 'string' || !deps.faults.remove(id))
    throw new ServiceError('NOT_FOUND', `No fault rule has id ${JSON.stringify(id)}; GET /__mock/faults lists them.`);
  return { status: 'ok' };
};
