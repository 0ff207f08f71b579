import { z } from 'zod';
import { type ErrorStatus, HTTP_STATUS, ServiceError } from '../errors.js';
import { type ApiCall, type ApiReply, header } from '../protocol/call.js';
import { failure } from '../protocol/envelope.js';
import type { CallInfo, DispatchHooks } from '../protocol/hooks.js';
import { validate } from '../protocol/validate.js';
import { createRng } from '../support/rng.js';
import { pause } from '../support/timer.js';
import { MAX_GLOB_LENGTH, pathMatcher } from './glob.js';

/** The service's own message for a rate-limited client (service-facts: per-client limit, 429). */
export const RATE_LIMIT_MESSAGE = 'Rate limit exceeded for this endpoint. Try again later.';

const ERROR_STATUSES = Object.keys(HTTP_STATUS).filter((s) => s !== 'PAYLOAD_TOO_LARGE') as [ErrorStatus, ...ErrorStatus[]];

const EXAMPLE = 'e.g. {"path": "/v2/users/*", "status": "UNAVAILABLE", "times": 2} or {"path": "/v2/**", "latencyMs": 300}';

// Built on the first rule added, not at import.
const ruleSchema = z.lazy(() =>
  z
    .strictObject({
      path: z
        .string()
        .min(1)
        .max(MAX_GLOB_LENGTH, { error: `path must be at most ${MAX_GLOB_LENGTH} characters.` })
        .refine((p) => p.startsWith('/'), { error: 'path must start with /, e.g. /v2/users/add or /v2/users/*.' }),
      method: z.string().min(1).optional(),
      apiKey: z.string().min(1).optional(),
      status: z.enum(ERROR_STATUSES).optional(),
      message: z.string().optional(),
      httpStatus: z.number().int().min(400).max(599).optional(),
      rateLimit: z.boolean().optional(),
      latencyMs: z.number().min(0).max(60_000).optional(),
      times: z.number().int().min(1).optional(),
      probability: z.number().min(0).max(1).optional(),
    })
    .refine((r) => r.status !== undefined || r.rateLimit === true || r.latencyMs !== undefined, {
      error: `A fault needs an effect: a status, rateLimit: true, or latencyMs; ${EXAMPLE}.`,
    })
    .refine((r) => !(r.rateLimit === true && r.status !== undefined), { error: 'rateLimit answers RESOURCE_EXHAUSTED 429 itself; leave status out.' }),
);

/**
 * A fault rule: which calls it catches (path exact or glob, method, API key) and what it does to them (answer an
 * error, the service's own 429, or wait first), for the next `times` matching calls or with a seeded probability.
 * @example { path: '/v2/users/*', status: 'UNAVAILABLE', message: 'Maintenance.', times: 2 }
 */
export interface FaultRule {
  /** An exact path, or a glob: `*` within a segment, `**` across segments. */
  path: string;
  method?: string;
  /** Only calls that send this API key (in `x-service-api-key`, or its name under the service's `headerPrefix`). */
  apiKey?: string;
  /** Answer this error status. */
  status?: ErrorStatus;
  /** The error message (default: names the rule). */
  message?: string;
  /** The HTTP code (default: the error status's own). */
  httpStatus?: number;
  /** Answer the service's own 429 `RESOURCE_EXHAUSTED` rate-limit refusal. */
  rateLimit?: boolean;
  /** Wait this many milliseconds first (up to 60,000). */
  latencyMs?: number;
  /** Catch only the next N matching calls, then retire. */
  times?: number;
  /** Catch a matching call with this probability (0 to 1), drawn from the service seed. */
  probability?: number;
}

/** A rule as it is held: its id, and how many more calls it catches when `times` was given. */
export type ActiveFault = FaultRule & { id: string; remaining?: number; hits: number };

/**
 * Fault injection on a service: make calls fail or slow down on purpose, deterministically.
 * @example const id = service.faults.add({ path: '/v2/users/get', status: 'UNAVAILABLE', message: 'Try later.', times: 1 });
 */
export interface FaultsApi {
  /** Adds a rule (checked first, in order of adding) and returns its id; an invalid rule throws a `ServiceError`. */
  add(rule: FaultRule): string;
  list(): ActiveFault[];
  /** Removes one rule; false when no rule has that id. */
  remove(id: string): boolean;
  clear(): void;
}

interface Held {
  fault: ActiveFault;
  matchPath(path: string): boolean;
}

/**
 * Creates the fault rules of a service and plugs them into its `before` seam. Control paths are never faulted, so
 * a test can always clear the rules. Probabilities draw from their own generator seeded from the service seed.
 * @example const faults = createFaults(hooks, seed, settings.authHeaders.apiKey);
 */
export function createFaults(hooks: DispatchHooks, seed: number, apiKeyHeader = 'x-service-api-key'): FaultsApi {
  const held: Held[] = [];
  let counter = 0;
  const rng = createRng((seed ^ 0x5f4a_17c3) >>> 0);

  const apply = async (call: ApiCall, info: CallInfo): Promise<ApiReply | undefined> => {
    const method = call.method.toUpperCase();
    let apiKey: string | undefined;
    let delay = 0;
    const notes: string[] = [];
    for (const item of [...held]) {
      const { fault } = item;
      if (fault.method !== undefined && fault.method.toUpperCase() !== method) continue;
      if (!item.matchPath(info.path)) continue;
      if (fault.apiKey !== undefined && fault.apiKey !== (apiKey ??= header(call, apiKeyHeader) ?? '')) continue;
      if (fault.probability !== undefined && !(rng.next() < fault.probability)) continue;
      fault.hits++;
      if (fault.remaining !== undefined && --fault.remaining === 0) held.splice(held.indexOf(item), 1);
      delay += fault.latencyMs ?? 0;
      if (fault.latencyMs !== undefined) notes.push(`delayed ${fault.latencyMs} ms by fault ${fault.id}`);
      const error = errorOf(fault);
      if (error) {
        notes.push(`answered by fault ${fault.id}`);
        info.hint = `Injected: ${notes.join(', ')}.`;
        await pause(delay);
        return failure(error);
      }
    }
    if (delay > 0) {
      info.hint = `Injected: ${notes.join(', ')}.`;
      await pause(delay);
    }
    return undefined;
  };
  // No rules, no await: the common case costs one length check.
  hooks.before.push((call, info) => (held.length === 0 || info.path.startsWith('/__mock') ? undefined : apply(call, info)));

  return {
    add(rule) {
      const parsed = validate(ruleSchema, rule) as FaultRule;
      const id = `fault-${++counter}`;
      const fault: ActiveFault = { id, ...parsed, hits: 0 };
      if (parsed.times !== undefined) fault.remaining = parsed.times;
      held.push({ fault, matchPath: pathMatcher(parsed.path) });
      return id;
    },
    list: () => held.map(({ fault }) => ({ ...fault })),
    remove(id) {
      const at = held.findIndex((h) => h.fault.id === id);
      if (at === -1) return false;
      held.splice(at, 1);
      return true;
    },
    clear() {
      held.length = 0;
    },
  };
}

function errorOf(fault: ActiveFault): ServiceError | undefined {
  if (fault.rateLimit) return new ServiceError('RESOURCE_EXHAUSTED', RATE_LIMIT_MESSAGE);
  if (fault.status === undefined) return undefined;
  const message = fault.message ?? `Fault ${fault.id} answered ${fault.status}.`;
  return new ServiceError(fault.status, message, undefined, fault.httpStatus ?? HTTP_STATUS[fault.status]);
}
