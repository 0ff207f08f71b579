/** What a service keeps beside its public surface, for the emulator's own transports and features to reach. */
import type { ApiCall, ApiReply } from './protocol/call.js';
import type { DispatchHooks } from './protocol/hooks.js';

/** A service as these seams see it: something that answers calls (a service made by createMockService()). */
type ServiceLike = { dispatch(call: ApiCall): Promise<ApiReply> };

/** What a service keeps beside its public surface: the pipeline's seams, the starting-state marker, the pipeline. */
interface Internals {
  hooks: DispatchHooks;
  markStartingState(): void;
  /** The `dispatch` the service was made with. */
  dispatch(call: ApiCall): Promise<ApiReply>;
  /** The pipeline without the promise: the reply itself when the call waited for nothing. */
  answerNow(call: ApiCall): ApiReply | Promise<ApiReply>;
}

const internals = new WeakMap<object, Internals>();

/**
 * Records what a new service keeps beside its public surface.
 * @example registerInternals(service, { hooks, dispatch: service.dispatch, answerNow, markStartingState });
 */
export function registerInternals(service: ServiceLike, found: Internals): void {
  internals.set(service, found);
}

function internalsOf(service: ServiceLike): Internals {
  const found = internals.get(service);
  if (!found) throw new Error('This takes a service made by createServiceLike().');
  return found;
}

/**
 * The pipeline's seams of a service (before/after hooks, settle steps), where the emulator's own features plug in.
 * @example serviceHooks(service).after.push((call, reply) => log.push(reply.status));
 */
export function serviceHooks(service: ServiceLike): DispatchHooks {
  return internalsOf(service).hooks;
}

/**
 * Runs one call like `service.dispatch`, but gives the reply itself when the call waited for nothing (a transport
 * can send it at once); a service whose `dispatch` was replaced, or an object that only looks like a service, is
 * called through its `dispatch`.
 * @example const reply = answerCall(service, call); send(reply instanceof Promise ? await reply : reply);
 */
export function answerCall(service: ServiceLike, call: ApiCall): ApiReply | Promise<ApiReply> {
  const found = internals.get(service);
  if (found === undefined || service.dispatch !== found.dispatch) return service.dispatch(call);
  try {
    return found.answerNow(call);
  } catch (error) {
    return Promise.reject(error);
  }
}

/**
 * Makes the current state of a service the one its `reset()` returns to (loading a scenario does this).
 * @example markStartingState(service);
 */
export function markStartingState(service: ServiceLike): void {
  internalsOf(service).markStartingState();
}
