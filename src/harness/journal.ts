import { ServiceError } from '../errors.js';
import { type AuthHeaderNames, authHeaderNames } from '../protocol/auth-headers.js';
import type { ApiCall, ApiReply } from '../protocol/call.js';
import type { CallInfo, DispatchHooks } from '../protocol/hooks.js';
import { elapsedMs } from '../support/timer.js';
import { MAX_GLOB_LENGTH, pathMatcher } from './glob.js';
import { redactBody, redactHeaders, secretHeaders } from './redact.js';

/** How many calls the journal keeps unless told otherwise. */
export const DEFAULT_JOURNAL_LIMIT = 1000;

/** One recorded call, as `service.journal.list()` and `GET /__mock/requests` show it (credentials redacted). */
export interface JournalEntry {
  /** Sequence number of the call, from 1; `since` filters on it. */
  id: number;
  /** The service clock when the call arrived, ISO 8601. */
  at: string;
  method: string;
  /** The path without query string or trailing slash. */
  path: string;
  /** The query string as sent, without `?`, when there was one. */
  query?: string;
  /** The HTTP status of the reply. */
  status: number;
  /** Which part of the pipeline answered (written out so the public types need no pipeline internals). */
  kind: 'api' | 'control' | 'preflight' | 'too-large';
  /** The error status of a failure (`INVALID_ARGUMENT`, ...). */
  errorStatus?: string;
  /** The verbatim message of a failure. */
  message?: string;
  /** The summary of the operation the path names (`Add users`). */
  operation?: string;
  /** The API key the call named, or the one it authenticated with. */
  apiKey?: string;
  /** In words, why the call was refused or answered as it was, where the reply alone does not say. */
  hint?: string;
  requestHeaders: Record<string, string>;
  /** The request body: parsed JSON with tokens and secrets redacted, or the text as sent. */
  request?: unknown;
  /** The reply body, parsed and redacted the same way. */
  response?: unknown;
  /** Milliseconds from arrival to reply, on the host's monotonic timer. */
  durationMs: number;
}

/** Filters of `journal.list()` and `GET /__mock/requests`; all optional, combined with AND. */
export interface JournalFilter {
  /** An exact path, or a glob (`/v2/users/*`, `/v2/**`). */
  path?: string;
  /** An HTTP status (`404`) or an error status (`NOT_FOUND`). */
  status?: number | string;
  /** Only calls after the one with this id (poll with the last id seen). */
  since?: number;
  method?: string;
}

/**
 * The request journal of a service: what the code under test sent and what it got back.
 * @example service.journal.list({ path: '/v2/users/*', status: 400 })[0]?.hint
 */
export interface JournalApi {
  /** The recorded calls, oldest first, at most `limit` of them; a path filter over 256 characters throws. */
  list(filter?: JournalFilter): JournalEntry[];
  /** Forgets every recorded call (ids keep counting). */
  clear(): void;
  /** How many calls are kept; 0 records none. */
  readonly limit: number;
  /** Calls `listener` with each call's entry as it is answered (even when `limit` is 0); returns an unsubscribe. */
  subscribe(listener: (entry: JournalEntry) => void): () => void;
}

/** How entries are built: which header names the API key and the credentials travel in. */
interface Reading {
  apiKeyHeader: string;
  secrets: ReadonlySet<string>;
}

/** What is kept per call: references only, so recording costs no parsing; entries are built when read. */
interface Raw {
  id: number;
  call: ApiCall;
  reply: ApiReply;
  info: CallInfo;
  durationMs: number;
}

/** The header a call may carry to stay out of the journal (the inspector's own polling does). */
export const SKIP_HEADER = 'x-mock-journal';

/**
 * Creates a bounded journal and plugs it into a service's seams; a call's duration runs from its arrival (before
 * any hook, so injected latency counts) to the journal's `after` hook. The token headers of `authHeaders` (default `x-service-*`) are redacted.
 * @example const journal = createJournal(hooks, { limit: 1000, authHeaders: settings.authHeaders });
 */
export function createJournal(hooks: DispatchHooks, options: { limit: number; authHeaders?: AuthHeaderNames }): JournalApi {
  if (!Number.isInteger(options.limit) || options.limit < 0) {
    throw new RangeError(`journalLimit must be a whole number of calls (0 turns the journal off), got ${options.limit}.`);
  }
  const limit = options.limit;
  const names = options.authHeaders ?? authHeaderNames();
  const reading: Reading = { apiKeyHeader: names.apiKey, secrets: secretHeaders([names.authToken, names.workspaceAuthToken]) };
  const build = (raw: Raw): JournalEntry => entryOf(raw, reading);
  const ring: (Raw | undefined)[] = [];
  let next = 0;
  let seq = 0;
  const listeners = new Set<(entry: JournalEntry) => void>();

  hooks.after.push((call, reply, info) => {
    if (limit === 0 && listeners.size === 0) return;
    if (call.headers[SKIP_HEADER] === 'skip' || (info.path === '/__mock/requests' && call.method.toUpperCase() === 'GET')) return;
    const raw: Raw = { id: ++seq, call, reply, info, durationMs: elapsedMs() - info.started };
    if (limit > 0) {
      ring[next] = raw;
      next = (next + 1) % limit;
    }
    if (listeners.size > 0) {
      const entry = build(raw);
      for (const listener of listeners) listener(entry);
    }
  });

  const ordered = (): Raw[] => {
    const out: Raw[] = [];
    for (let i = 0; i < ring.length; i++) {
      const raw = ring[(next + i) % ring.length];
      if (raw) out.push(raw);
    }
    return out;
  };

  return {
    limit,
    list(filter = {}) {
      if (filter.path !== undefined && filter.path.length > MAX_GLOB_LENGTH) {
        throw new ServiceError('INVALID_ARGUMENT', `The path filter must be at most ${MAX_GLOB_LENGTH} characters, got ${filter.path.length}.`);
      }
      const matchPath = filter.path ? pathMatcher(filter.path) : undefined;
      const method = filter.method?.toUpperCase();
      const entries: JournalEntry[] = [];
      for (const raw of ordered()) {
        if (filter.since !== undefined && raw.id <= filter.since) continue;
        if (matchPath && !matchPath(raw.info.path)) continue;
        if (method && raw.call.method.toUpperCase() !== method) continue;
        const entry = build(raw);
        if (filter.status !== undefined && !statusMatches(entry, filter.status)) continue;
        entries.push(entry);
      }
      return entries;
    },
    clear() {
      ring.length = 0;
      next = 0;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function statusMatches(entry: JournalEntry, status: number | string): boolean {
  if (typeof status === 'number' || /^\d+$/.test(status)) return entry.status === Number(status);
  return entry.errorStatus === status.toUpperCase();
}

/** Bodies longer than this are shown by their length only (a state export, an oversized upload). */
const MAX_SHOWN = 64 * 1024;

/** The readable entry of one recorded call. */
function entryOf({ id, call, reply, info, durationMs }: Raw, reading: Reading): JournalEntry {
  const entry: JournalEntry = {
    id,
    at: new Date(info.at).toISOString(),
    method: call.method.toUpperCase(),
    path: info.path,
    status: reply.status,
    kind: info.kind,
    requestHeaders: redactHeaders(call.headers, reading.secrets),
    durationMs: Math.round(durationMs * 1000) / 1000,
  };
  const q = call.path.indexOf('?');
  if (q !== -1 && q < call.path.length - 1) entry.query = call.path.slice(q + 1);
  const request = call.body.length > MAX_SHOWN ? `(${call.body.length} characters)` : redactBody(call.body);
  const response =
    reply.body === ''
      ? undefined
      : isJson(reply) && reply.body.length <= MAX_SHOWN
        ? redactBody(reply.body)
        : `(${reply.body.length} characters of ${reply.headers['content-type'] ?? 'text'})`;
  if (request !== undefined) entry.request = request;
  if (response !== undefined) entry.response = response;
  const error = (response as { error?: { status?: unknown; message?: unknown } } | undefined)?.error;
  if (reply.status >= 400 && typeof error?.status === 'string') {
    entry.errorStatus = error.status;
    if (typeof error.message === 'string') entry.message = error.message;
  }
  if (info.route) entry.operation = info.route.operation.summary;
  const apiKey = apiKeyOf(call, info, reading.apiKeyHeader);
  if (apiKey !== undefined) entry.apiKey = apiKey;
  if (info.hint !== undefined) entry.hint = info.hint;
  return entry;
}

function isJson(reply: ApiReply): boolean {
  return (reply.headers['content-type'] ?? '').startsWith('application/json');
}

function apiKeyOf(call: ApiCall, info: CallInfo, apiKeyHeader: string): string | undefined {
  if (info.caller?.level === 'apiKey') return info.caller.key.apiKey;
  for (const [name, value] of Object.entries(call.headers)) if (name.toLowerCase() === apiKeyHeader && value) return value;
  return undefined;
}
