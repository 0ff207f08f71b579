import { moveDocumentData } from './documents.js';
import type { ModelContext } from './state/context.js';
import type { MigrationRecord, MigrationStatus, Namespace } from './state/entities.js';

/** How migrations advance (service-facts D14); mirrors the service's `migrations` option. */
export type MigrationProgression = 'poll' | 'immediate' | 'manual' | 'clock' | 'failing';

/** The progression in force and, for `clock`, the time each state lasts. */
export interface MigrationPolicy {
  mode: MigrationProgression;
  stepMs: number;
}

/** What a migration moves: one document of one organization to another document id. */
export interface MigrationRequest {
  organizationId: string;
  documentId: string;
  newDocumentId: string;
}

/** States a migration never leaves. */
const TERMINAL_STATUSES: ReadonlySet<MigrationStatus> = new Set(['completed', 'failed']);

/** The allowed moves of the state machine; `completed` and `failed` are terminal. */
const ALLOWED: Readonly<Record<MigrationStatus, readonly MigrationStatus[]>> = {
  pending: ['in_progress', 'completed', 'failed'],
  in_progress: ['completed', 'failed'],
  completed: [],
  failed: [],
};

/**
 * The state after `status` on the progression's own path: `pending` -> `in_progress` -> `completed`
 * (`failed` instead of `completed` when the progression is `failing`); terminal states stay.
 * @example nextStatus('in_progress', 'failing') === 'failed'
 */
function nextStatus(status: MigrationStatus, mode: MigrationProgression): MigrationStatus {
  if (status === 'pending') return 'in_progress';
  if (status === 'in_progress') return mode === 'failing' ? 'failed' : 'completed';
  return status;
}

/** Whether the state machine allows moving from `from` to `to`. @example canMove('pending', 'failed') === true */
function canMove(from: MigrationStatus, to: MigrationStatus): boolean {
  return ALLOWED[from].includes(to);
}

/**
 * Moves a migration to `to` at time `at`; reaching `completed` moves the document's data, once.
 * The caller checks `canMove` first.
 */
function transition(ctx: ModelContext, ns: Namespace, record: MigrationRecord, to: MigrationStatus, at: number): void {
  ctx.store.undo.touch(record);
  record.status = to;
  record.changedAt = at;
  if (to === 'completed')
    moveDocumentData(ctx, ns, { organizationId: record.organizationId, documentId: record.documentId, newDocumentId: record.newDocumentId });
}

/**
 * Brings a clock-driven migration up to date: one state per `stepMs` since creation, passing through every
 * state in between. Other progressions are left alone.
 */
function settle(ctx: ModelContext, ns: Namespace, record: MigrationRecord, policy: MigrationPolicy): void {
  if (policy.mode !== 'clock' || TERMINAL_STATUSES.has(record.status)) return;
  const step = Math.max(1, policy.stepMs);
  const now = ctx.clock.now();
  while (!TERMINAL_STATUSES.has(record.status) && now - record.changedAt >= step) {
    transition(ctx, ns, record, nextStatus(record.status, policy.mode), record.changedAt + step);
  }
}

/**
 * Brings every clock-driven migration of the namespace up to date (a no-op under other progressions).
 * @example settleMigrations(ctx, ns, { mode: 'clock', stepMs: 5000 });
 */
export function settleMigrations(ctx: ModelContext, ns: Namespace, policy: MigrationPolicy): void {
  if (policy.mode !== 'clock' || ns.migrations.size === 0) return;
  for (const record of ns.migrations.values()) settle(ctx, ns, record, policy);
}

/**
 * Starts a migration with a fresh 20-character id; `immediate` completes it (and moves the data) at once.
 * The caller has checked that the source document exists and differs from the target.
 * @example const m = startMigration(ctx, ns, policy, { organizationId: 'o', documentId: 'a', newDocumentId: 'b' });
 */
export function startMigration(ctx: ModelContext, ns: Namespace, policy: MigrationPolicy, request: MigrationRequest): MigrationRecord {
  settleMigrations(ctx, ns, policy);
  let migrationId = ctx.ids.alnum(20);
  while (ns.migrations.has(migrationId)) migrationId = ctx.ids.alnum(20);
  const now = ctx.clock.now();
  const record: MigrationRecord = { migrationId, ...request, status: 'pending', createdAt: now, changedAt: now };
  ctx.store.undo.set(ns.migrations, migrationId, record);
  if (policy.mode === 'immediate') transition(ctx, ns, record, 'completed', now);
  return record;
}

/**
 * Answers one status call: the state the migration is in now, after which `poll` and `failing` advance it
 * one step. An unknown id, or an id of another organization, is undefined.
 * @example pollMigration(ctx, ns, policy, 'org', id)?.status // 'pending', then 'in_progress', ...
 */
export function pollMigration(
  ctx: ModelContext,
  ns: Namespace,
  policy: MigrationPolicy,
  organizationId: string,
  migrationId: string,
): { migrationId: string; status: MigrationStatus } | undefined {
  const record = ns.migrations.get(migrationId);
  if (!record || record.organizationId !== organizationId) return undefined;
  settleMigrations(ctx, ns, policy);
  const answered = { migrationId, status: record.status };
  if ((policy.mode === 'poll' || policy.mode === 'failing') && !TERMINAL_STATUSES.has(record.status)) {
    transition(ctx, ns, record, nextStatus(record.status, policy.mode), ctx.clock.now());
  }
  return answered;
}

/** The outcome of an explicit advance: the migration as it now is, or why it could not move. */
export type AdvanceOutcome = { ok: true; migration: MigrationRecord } | { ok: false; reason: 'not-found' | 'illegal'; message: string };

/**
 * Moves a migration explicitly (the control plane's lever, usable under every progression): to `to`, or one
 * step along the progression's path when `to` is absent.
 * @example advanceMigration(ctx, ns, policy, id, 'failed')
 */
export function advanceMigration(ctx: ModelContext, ns: Namespace, policy: MigrationPolicy, migrationId: string, to?: MigrationStatus): AdvanceOutcome {
  const record = ns.migrations.get(migrationId);
  if (!record) return { ok: false, reason: 'not-found', message: `Migration ${migrationId} not found under API key ${ns.apiKey}.` };
  settle(ctx, ns, record, policy);
  if (TERMINAL_STATUSES.has(record.status)) {
    return { ok: false, reason: 'illegal', message: `Migration ${migrationId} is already ${record.status}; it cannot move any more.` };
  }
  const target = to ?? nextStatus(record.status, policy.mode);
  if (!canMove(record.status, target)) {
    return {
      ok: false,
      reason: 'illegal',
      message: `Migration ${migrationId} is ${record.status}; it can move to ${ALLOWED[record.status].join(', ')}, not ${target}.`,
    };
  }
  transition(ctx, ns, record, target, ctx.clock.now());
  return { ok: true, migration: record };
}
