import type { ModelContext } from '../state/context.js';
import type { Namespace, WebhookDeliveryRecord } from '../state/entities.js';
import { EXHAUSTED_EVENT, enqueueAdvanced, outboxOf } from './outbox.js';
import { crdtPayload } from './payloads.js';
import { ENDPOINT_DISABLE_AFTER_MS, isSuccess, nextAttemptAfter, RETRY_DELAYS_MS, WORKFLOW_RETRY_DELAYS_MS } from './schedule.js';

/** How a receiver answered one attempt: its status, or why none came. */
export interface AttemptOutcome {
  statusCode: number | null;
  error?: string | null | undefined;
}

type WithOutbox = Namespace & { webhookOutbox: NonNullable<Namespace['webhookOutbox']> };

/** Namespaces that hold an outbox (keys that never had a delivery are skipped); only `only` when given. */
function* withOutbox(ctx: ModelContext, only?: Namespace): Generator<WithOutbox> {
  const scope = only ? [only] : ctx.store.tables.namespaces.values();
  for (const ns of scope) if (ns.webhookOutbox) yield ns as WithOutbox;
}

/**
 * Turns shared-editor changes whose quiet time has passed into `crdt.update_data` messages, each created at the
 * instant its wait ended; only in `only` when given.
 * @example settleEditorChanges(ctx, caller.ns);
 */
export function settleEditorChanges(ctx: ModelContext, only?: Namespace): void {
  const now = ctx.clock.now();
  if (only) {
    // The common case, once per API-key call: one namespace, usually without an outbox or a pending change.
    if (only.webhookOutbox) settleDebounced(ctx, only as WithOutbox, now);
    return;
  }
  for (const ns of withOutbox(ctx)) settleDebounced(ctx, ns, now);
}

function settleDebounced(ctx: ModelContext, ns: WithOutbox, now: number): void {
  const debounced = ns.webhookOutbox.debounced;
  if (!hasOwnKeys(debounced)) return;
  const due = Object.entries(debounced)
    .filter(([, change]) => change.dueAt <= now)
    .sort(([a, x], [b, y]) => x.dueAt - y.dueAt || (a < b ? -1 : 1));
  for (const [key, change] of due) {
    ctx.store.undo.unset(debounced, key);
    enqueueAdvanced(ctx, ns, 'crdt.update_data', () => crdtPayload(ctx, ns, change), change.dueAt);
  }
}

/** Whether an object has an own enumerable key, without listing its keys. */
function hasOwnKeys(object: object): boolean {
  for (const key in object) if (Object.hasOwn(object, key)) return true;
  return false;
}

/**
 * The earliest service time at which something is due (an attempt or a debounced change), or `null`; deliveries
 * `skip` names (attempts already out) do not count.
 * @example const next = nextDueAt(ctx); if (next !== null && next <= target) clock.set(next);
 */
export function nextDueAt(ctx: ModelContext, options: { attempts?: boolean; skip?: (delivery: WebhookDeliveryRecord) => boolean } = {}): number | null {
  let next: number | null = null;
  const consider = (t: number | null): void => {
    if (t !== null && (next === null || t < next)) next = t;
  };
  for (const ns of withOutbox(ctx)) {
    const { deliveries, pending, debounced } = ns.webhookOutbox;
    if (options.attempts !== false) {
      for (const seq of pending) {
        const delivery = deliveries[seq];
        if (delivery && !options.skip?.(delivery)) consider(delivery.nextAttemptAt);
      }
    }
    for (const change of Object.values(debounced)) consider(change.dueAt);
  }
  return next;
}

/**
 * Pending deliveries whose next attempt is due now, oldest first, with the namespace each belongs to (only those of
 * `only` when given).
 * @example for (const { ns, delivery } of dueDeliveries(ctx)) send(delivery);
 */
export function dueDeliveries(ctx: ModelContext, only?: Namespace): { ns: Namespace; delivery: WebhookDeliveryRecord }[] {
  const now = ctx.clock.now();
  const due: { ns: Namespace; delivery: WebhookDeliveryRecord }[] = [];
  for (const ns of withOutbox(ctx, only)) {
    for (const seq of ns.webhookOutbox.pending) {
      const delivery = ns.webhookOutbox.deliveries[seq];
      if (delivery && delivery.nextAttemptAt !== null && delivery.nextAttemptAt <= now) due.push({ ns, delivery });
    }
  }
  return due.sort((a, b) => a.delivery.nextAttemptAt! - b.delivery.nextAttemptAt! || a.delivery.seq - b.delivery.seq);
}

/** Takes a delivery out of the pending index once it is settled. */
function settle(ctx: ModelContext, ns: Namespace, delivery: WebhookDeliveryRecord, status: WebhookDeliveryRecord['status']): void {
  const { undo } = ctx.store;
  undo.touch(delivery);
  delivery.status = status;
  delivery.nextAttemptAt = null;
  const outbox = outboxOf(ctx, ns);
  if (outbox.pending.includes(delivery.seq))
    undo.assign(
      outbox,
      'pending',
      outbox.pending.filter((seq) => seq !== delivery.seq),
    );
}

/**
 * Records one attempt that started at `at`: a 2xx delivers; a failure schedules the next attempt (7.4), or fails the
 * message and sends `message.attempt.exhausted`; an advanced endpoint failing for 5 days is disabled. Deliveries to a
 * workflow run's receiver follow their own schedule; basic deliveries and workflow node requests are tried once. An attempt on a delivery that is no longer pending is ignored.
 * @example recordAttempt(ctx, ns, delivery.seq, at, { statusCode: 500 });
 */
export function recordAttempt(ctx: ModelContext, ns: Namespace, seq: number, at: number, outcome: AttemptOutcome): void {
  const delivery = ns.webhookOutbox?.deliveries[seq];
  if (delivery?.status !== 'pending') return;
  const { undo } = ctx.store;
  undo.touch(delivery);
  delivery.attempts.push({ at, statusCode: outcome.statusCode, error: outcome.error ?? null });
  const outbox = outboxOf(ctx, ns);
  if (isSuccess(outcome.statusCode)) {
    if (delivery.endpointId !== null) undo.unset(outbox.failingSince, delivery.endpointId);
    settle(ctx, ns, delivery, 'delivered');
    return;
  }
  const schedule = delivery.kind === 'advanced' ? RETRY_DELAYS_MS : delivery.kind === 'workflow' ? WORKFLOW_RETRY_DELAYS_MS : [];
  const next = nextAttemptAfter(delivery.attempts.length, at, schedule);
  if (next === null) {
    settle(ctx, ns, delivery, 'failed');
    if (delivery.kind === 'advanced' && delivery.event !== EXHAUSTED_EVENT) sendExhausted(ctx, ns, delivery, at, outcome.statusCode);
  } else {
    delivery.nextAttemptAt = next;
  }
  if (delivery.endpointId !== null) {
    const since = outbox.failingSince[delivery.endpointId] ?? at;
    if (outbox.failingSince[delivery.endpointId] === undefined) undo.assign(outbox.failingSince, delivery.endpointId, since);
    if (at - since >= ENDPOINT_DISABLE_AFTER_MS) disableEndpoint(ctx, ns, delivery.endpointId);
  }
}

/** The operational event for a message that ran out of attempts (the delivery provider's shape). */
function sendExhausted(ctx: ModelContext, ns: Namespace, delivery: WebhookDeliveryRecord, at: number, statusCode: number | null): void {
  enqueueAdvanced(ctx, ns, EXHAUSTED_EVENT, () => ({
    type: EXHAUSTED_EVENT,
    timestamp: new Date(at).toISOString(),
    data: {
      endpointId: delivery.endpointId,
      msgId: delivery.messageId,
      eventType: delivery.event,
      lastAttempt: { timestamp: new Date(at).toISOString(), responseStatusCode: statusCode ?? 0 },
    },
  }));
}

/** Disables an endpoint the way the delivery provider does after 5 failing days, stopping its attempts. */
function disableEndpoint(ctx: ModelContext, ns: Namespace, endpointId: string): void {
  const endpoint = ns.advancedWebhookEndpoints.find((ep) => ep.id === endpointId);
  if (endpoint && !endpoint.disabled) {
    ctx.store.undo.touch(endpoint);
    endpoint.disabled = true;
    endpoint.updatedAt = new Date(ctx.clock.now()).toISOString();
  }
  cancelEndpointDeliveries(ctx, ns, endpointId);
}

/**
 * Stops the pending attempts of an endpoint (it was removed or disabled); they end `cancelled`.
 * @example cancelEndpointDeliveries(ctx, ns, 'ep_...');
 */
export function cancelEndpointDeliveries(ctx: ModelContext, ns: Namespace, endpointId: string): void {
  const outbox = ns.webhookOutbox;
  if (!outbox) return;
  for (const seq of [...outbox.pending]) {
    const delivery = outbox.deliveries[seq];
    if (delivery?.endpointId === endpointId) settle(ctx, ns, delivery, 'cancelled');
  }
  ctx.store.undo.unset(outbox.failingSince, endpointId);
}
