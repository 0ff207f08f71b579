import type { ModelContext } from '../model/state/context.js';
import type { ApiCall, ApiReply } from './call.js';
import type { Caller, Route } from './operation.js';

/** What the pipeline learned about a call by the time it replied; `after` hooks read it. */
export interface CallInfo {
  /** The path without query string or trailing slash. */
  path: string;
  /** Which part of the pipeline answered. */
  kind: 'api' | 'control' | 'preflight' | 'too-large';
  /** The route the path named, when it named one. */
  route?: Route | undefined;
  /** The authenticated caller, once authentication succeeded. */
  caller?: Caller | undefined;
  /** In words, why the protocol gate or the router refused the call (the reply keeps the service's own message). */
  hint?: string | undefined;
  /** The service clock when the call arrived (milliseconds). */
  at: number;
  /** The host's monotonic timer when the call arrived (milliseconds), before any hook ran: durations start here. */
  started: number;
}

/** Runs before the pipeline; a reply it returns is given instead of the pipeline's (fault injection). */
export type BeforeHook = (call: ApiCall, info: CallInfo) => ApiReply | undefined | Promise<ApiReply | undefined>;

/** Runs after every reply the pipeline gives, whatever answered it; must not throw. */
export type AfterHook = (call: ApiCall, reply: ApiReply, info: CallInfo) => void;

/** Brings time-driven state up to date before an API-key call reads it (migrations, expiry, retries); may wait for a module it needs. */
export type SettleStep = (model: ModelContext, caller: Caller & { level: 'apiKey' }) => void | Promise<void>;

/**
 * The pipeline's seams: lists that features append to, so the journal, faults, migrations, presence and
 * webhook retries plug in without touching `dispatch`.
 * @example hooks.after.push((call, reply) => journal.push({ path: call.path, status: reply.status }));
 */
export interface DispatchHooks {
  readonly before: BeforeHook[];
  readonly after: AfterHook[];
  readonly settle: SettleStep[];
}

/** Empty seams. @example const hooks = createHooks(); */
export function createHooks(): DispatchHooks {
  return { before: [], after: [], settle: [] };
}
