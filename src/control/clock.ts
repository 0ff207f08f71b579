import { z } from 'zod';
import { ServiceError } from '../errors.js';
import { validate } from '../protocol/validate.js';
import { MAX_INSTANT } from '../support/clock.js';
import type { ControlHandler } from './context.js';

const ADVANCE = 'ms must be a non-negative number of milliseconds, e.g. {"ms": 60000}.';
const advanceBody = z.object({ ms: z.number({ error: ADVANCE }).min(0, { error: ADVANCE }).refine(Number.isFinite, { error: ADVANCE }) }, { error: ADVANCE });

/** `GET /__mock/clock`: the service time, in milliseconds and ISO 8601. */
export const read: ControlHandler = (deps) => ({ now: deps.model.clock.now(), iso: new Date(deps.model.clock.now()).toISOString() });

/**
 * `POST /__mock/clock/advance` `{ "ms": 60000 }`: moves a virtual clock forward, running each webhook attempt and
 * debounced change at the instant it falls due on the way.
 */
export const advance: ControlHandler = async (deps, { body }) => {
  const { ms } = validate(advanceBody, body);
  if (deps.model.clock.kind !== 'virtual') {
    throw new ServiceError('FAILED_PRECONDITION', 'This service runs on the system clock; start it with a virtual clock to move time.');
  }
  const now = deps.model.clock.now();
  if (now + ms > MAX_INSTANT) {
    // Refused before anything runs: no webhook attempt goes out for a move that cannot happen.
    throw new ServiceError(
      'INVALID_ARGUMENT',
      `advance(${ms}) would move the clock past ${new Date(MAX_INSTANT).toISOString()}, the last instant a Date can hold; at most ${MAX_INSTANT - now} ms remain.`,
    );
  }
  await deps.webhooks.advance(ms);
  return { now: deps.model.clock.now() };
};
