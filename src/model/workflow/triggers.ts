import { ServiceError } from '../../errors.js';
import type { ModelContext } from '../state/context.js';
import type { Namespace } from '../state/entities.js';
import type { TriggerInput, WorkflowDefinitionRecord, WorkflowState, WorkflowTimer } from '../state/records/workflow.js';
import { latestCronInstant, nextCronInstant, parseCron } from './cron.js';
import { activeDefinition, definitionNotFound } from './definitions.js';
import { type DispatchRequest, dispatchExecution } from './executions.js';
import { readPath } from './predicates.js';
import { appendEvent, openRun } from './run.js';
import { workflowOf } from './state.js';
import { addTimer } from './timers.js';

/** How long a trigger event's `sourceEventId` suppresses a second run (4.2.0 K). */
export const TRIGGER_KEY_TTL_MS = 24 * 60 * 60 * 1000;

/** The ids a trigger's run carries: the definition's scope. */
function scopeIds(record: WorkflowDefinitionRecord): Pick<DispatchRequest, 'organizationId' | 'documentId'> {
  const { organizationId, documentId } = record.current.content.scope;
  return { ...(organizationId === null ? {} : { organizationId }), ...(documentId === null ? {} : { documentId }) };
}

/**
 * A schedule's timer: when later instants of its cron have also passed, only the latest fires (missed runs are not
 * replayed); the run's idempotency key is `trig:<triggerId>:<scheduledAt>`. The schedule re-arms at its next instant.
 * @example fireSchedule(ctx, ns, wf, timer);
 */
export function fireSchedule(ctx: ModelContext, ns: Namespace, wf: WorkflowState, timer: WorkflowTimer): void {
  const record = activeDefinition(ns, timer.definitionId ?? '');
  if (!record || record.version !== timer.version) return;
  const schedule = record.current.content.triggers?.find((t) => t.triggerId === timer.triggerId)?.schedule;
  const spec = schedule ? parseCron(schedule.cron) : undefined;
  if (!schedule || !spec || schedule.enabled === false) return;
  const latest = latestCronInstant(spec, schedule.timezone, ctx.clock.now(), timer.at);
  if (latest !== null && latest > timer.at) {
    // Later instants passed too: the latest is the one that fires, in its place among everything else due.
    addTimer(ctx, wf, { ...timer, at: latest });
    return;
  }
  const scheduledAt = timer.at;
  try {
    dispatchExecution(
      ctx,
      ns,
      {
        definitionId: record.definitionId,
        idempotencyKey: `trig:${timer.triggerId}:${scheduledAt}`,
        triggerContext: { schedule: { triggerId: timer.triggerId, scheduledAt, payload: structuredClone(schedule.payloadTemplate ?? null) } },
        ...scopeIds(record),
      },
      { at: scheduledAt },
    );
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
  }
  const next = nextCronInstant(spec, schedule.timezone, scheduledAt);
  if (next !== null)
    addTimer(ctx, wf, { at: next, kind: 'schedule', definitionId: record.definitionId, version: record.version, triggerId: timer.triggerId as string });
}

/** What firing a trigger is given (`POST /__mock/workflow/triggers/fire`). */
export interface TriggerFire {
  definitionId: string;
  triggerId: string;
  payload?: unknown;
  eventName?: string | undefined;
  sourceEventId?: string | undefined;
}

/** What firing a trigger did. */
export type TriggerOutcome =
  | { fired: true; executionId: string; correlationId: string; deduplicated: boolean }
  | { fired: false; reason: 'event-not-allowed' | 'filtered' };

const equal = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The trigger context a trigger's run starts with, or why the event is dropped. */
function contextOf(trigger: TriggerInput, fire: TriggerFire, now: number): Record<string, unknown> | 'event-not-allowed' | 'filtered' {
  const payload = structuredClone(fire.payload ?? null);
  if (trigger.schedule)
    return { schedule: { triggerId: trigger.triggerId, scheduledAt: now, payload: structuredClone(trigger.schedule.payloadTemplate ?? payload) } };
  const allowed = (trigger.inboundWebhook?.['allowedEvents'] ?? trigger.appTrigger?.['allowedEvents']) as string[] | undefined;
  // The gate fails closed: a trigger that lists events drops an event without a name.
  if (allowed !== undefined && (fire.eventName === undefined || !allowed.includes(fire.eventName))) return 'event-not-allowed';
  if (trigger.appTrigger) {
    const filters = (trigger.appTrigger['payloadFilters'] as { path: string; in: unknown[] }[] | undefined) ?? [];
    if (filters.some((f) => !f.in.some((v) => equal(v, readPath(payload, f.path))))) return 'filtered';
    return { app: { provider: trigger.appTrigger['provider'], triggerId: trigger.triggerId, eventName: fire.eventName ?? null, payload } };
  }
  if (trigger.inboundWebhook?.['payloadMapping'] === 'wrap') return { webhook: { triggerId: trigger.triggerId, eventName: fire.eventName ?? null, payload } };
  return typeof payload === 'object' && payload !== null && !Array.isArray(payload) ? (payload as Record<string, unknown>) : { payload };
}

/**
 * Starts a run as a trigger would (4.2.0 K): the `allowedEvents` gate, `payloadFilters`, `payloadMapping`, and a
 * `sourceEventId` that suppresses a second run for 24 h.
 * @example fireTrigger(ctx, ns, { definitionId: 'deploys', triggerId: 'gh', payload, eventName: 'push' })
 */
export function fireTrigger(ctx: ModelContext, ns: Namespace, fire: TriggerFire): TriggerOutcome {
  const record = activeDefinition(ns, fire.definitionId);
  if (!record) throw definitionNotFound(fire.definitionId);
  const trigger = record.current.content.triggers?.find((t) => t.triggerId === fire.triggerId);
  if (!trigger)
    throw new ServiceError(
      'NOT_FOUND',
      `Trigger not found: ${fire.triggerId} (definition ${fire.definitionId} declares ${record.current.content.triggers?.map((t) => t.triggerId).join(', ') || 'no triggers'})`,
    );
  const now = ctx.clock.now();
  const context = contextOf(trigger, fire, now);
  if (typeof context === 'string') return { fired: false, reason: context };
  const wf = workflowOf(ctx, ns);
  const key = fire.sourceEventId === undefined ? undefined : `trig:${fire.triggerId}:${fire.sourceEventId}`;
  const seen = key === undefined ? undefined : wf.triggerKeys.get(key);
  if (key !== undefined && seen && seen.expiresAt > now) {
    const original = wf.executions.get(seen.executionId);
    const run = original ? openRun(ctx, ns, wf, original, now) : undefined;
    if (run) appendEvent(run, 'idempotency.suppressed', null, { idempotencyKey: key, triggerId: fire.triggerId });
    return { fired: true, executionId: seen.executionId, correlationId: original?.correlationId ?? '', deduplicated: true };
  }
  const started = dispatchExecution(ctx, ns, { definitionId: record.definitionId, triggerContext: context, ...scopeIds(record) }, { idempotencyKey: key });
  if (key !== undefined) ctx.store.undo.set(wf.triggerKeys, key, { executionId: started.executionId, expiresAt: now + TRIGGER_KEY_TTL_MS });
  return { fired: true, ...started };
}
