import { ServiceError } from '../errors.js';
import { type AuthHeaderNames, authHeaderNames } from '../protocol/auth-headers.js';
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

/**
 * What is kept per call: one flat record of the strings and numbers an entry is built from, so recording costs no
 * parsing and keeps no per-call objects alive but the request's headers (a ring of a thousand calls would otherwise
 * hold the call, its reply, their headers and the pipeline's notes of each, and every collection would copy them).
 */
interface Raw {
  id: number;
  at: number;
  method: string;
  /** The path as sent, query string included. */
  sent: string;
  path: string;
  kind: CallInfo['kind'];
  headers: Record<string, string | undefined>;
  body: string;
  status: number;
  replyBody: string;
  replyType: string | undefined;
  operation: string | undefined;
  /** The API key the call authenticated with, when it did. */
  apiKey: string | undefined;
  hint: string | undefined;
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
    const raw: Raw = {
      id: ++seq,
      at: info.at,
      method: call.method,
      sent: call.path,
      path: info.path,
      kind: info.kind,
      headers: call.headers,
      body: call.body,
      status: reply.status,
      replyBody: reply.body,
      replyType: reply.headers['content-type'],
      operation: info.route?.operation.summary,
      apiKey: info.caller?.level === 'apiKey' ? info.caller.key.apiKey : undefined,
      hint: info.hint,
      durationMs: elapsedMs() - info.started,
    };
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
        if (matchPath && !matchPath(raw.path)) continue;
        if (method && raw.method.toUpperCase() !== method) continue;
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
function entryOf(raw: Raw, reading: Reading): JournalEntry {
  const entry: JournalEntry = {
    id: raw.id,
    at: new Date(raw.at).toISOString(),
    method: raw.method.toUpperCase(),
    path: raw.path,
    status: raw.status,
    kind: raw.kind,
    requestHeaders: redactHeaders(raw.headers, reading.secrets),
    durationMs: Math.round(raw.durationMs * 1000) / 1000,
  };
  const q = raw.sent.indexOf('?');
  if (q !== -1 && q < raw.sent.length - 1) entry.query = raw.sent.slice(q + 1);
  const request = raw.body.length > MAX_SHOWN ? `(${raw.body.length} characters)` : redactBody(raw.body);
  const response =
    raw.replyBody === ''
      ? undefined
      : (raw.replyType ?? '').startsWith('application/json') && raw.replyBody.length <= MAX_SHOWN
        ? redactBody(raw.replyBody)
        : `(${raw.replyBody.length} characters of ${raw.replyType ?? 'text'})`;
  if (request !== undefined) entry.request = request;
  if (response !== undefined) entry.response = response;
  const error = (response as { error?: { status?: unknown; message?: unknown } } | undefined)?.error;
  if (raw.status >= 400 && typeof error?.status === 'string') {
    entry.errorStatus = error.status;
    if (typeof error.message === 'string') entry.message = error.message;
  }
  if (raw.operation !== undefined) entry.operation = raw.operation;
  const apiKey = raw.apiKey ?? headerKey(raw.headers, reading.apiKeyHeader);
  if (apiKey !== undefined) entry.apiKey = apiKey;
  if (raw.hint !== undefined) entry.hint = raw.hint;
  return entry;
}

/** The API key a call named in its header, when it did not authenticate with one. */
function headerKey(headers: Record<string, string | undefined>, apiKeyHeader: string): string | undefined {
  for (const [name, value] of Object.entries(headers)) if (name.toLowerCase() === apiKeyHeader && value) return value;
  return undefined;
}
