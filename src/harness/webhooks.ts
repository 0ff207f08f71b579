import type { ModelContext } from '../model/state/context.js';
import type { Namespace, WebhookDeliveryRecord } from '../model/state/entities.js';
import { type WebhookAllowList, webhookAllowList } from '../model/webhooks/allow-list.js';
import { type AttemptOutcome, dueDeliveries, nextDueAt, recordAttempt, settleEditorChanges } from '../model/webhooks/attempts.js';
import { keepSealedBody } from '../model/webhooks/outbox.js';
import type { WebhookDeliveryMode, WebhookSender } from '../model/webhooks/port.js';
import { WORKFLOW_ATTEMPT_TIMEOUT_MS } from '../model/webhooks/schedule.js';
import { fetchSender } from './fetch-sender.js';
import { sealDelivery } from './webhook-seal.js';
import { deliveryView, requestHeaders, type WebhookDeliveryView } from './webhook-view.js';

export type { WebhookAttemptView, WebhookDeliveryView } from './webhook-view.js';

/** Which deliveries `deliveries()` lists; every field narrows. */
export interface WebhookDeliveryFilter {
  event?: string | undefined;
  endpointId?: string | undefined;
  /** Default: every key's deliveries. */
  apiKey?: string | undefined;
}

/**
 * Webhook deliveries reached in process (`service.webhooks`).
 * @example await service.webhooks.flush(); service.webhooks.deliveries({ event: 'comment.add' })[0]?.status;
 */
export interface WebhooksApi {
  /** How deliveries go out: `record` (the in-process default: kept, never sent), `fetch`, or a custom sender. */
  readonly mode: 'record' | 'fetch' | 'custom';
  /** Switches how deliveries go out from now on. */
  deliverWith(mode: WebhookDeliveryMode): void;
  /** Deliveries in creation order, with their attempts, status codes and next attempt. */
  deliveries(filter?: WebhookDeliveryFilter): WebhookDeliveryView[];
  /**
   * Runs every attempt due at the current service time and resolves with the deliveries it tried; while recording it
   * sends nothing and only seals encrypted bodies.
   */
  flush(): Promise<WebhookDeliveryView[]>;
  /**
   * Moves a virtual clock forward by `ms`, stopping at each instant an attempt or a debounced change falls due
   * and running it there, so retries carry the timestamps of their schedule.
   */
  advance(ms: number): Promise<void>;
  /**
   * Resolves with the first delivery of `event` that matches `predicate` once it exists and (when sending) has
   * been attempted; rejects after `timeoutMs` of real time (default 5000).
   */
  waitFor(event: string, predicate?: (delivery: WebhookDeliveryView) => boolean, options?: { timeoutMs?: number }): Promise<WebhookDeliveryView>;
}

/** The earliest of some instants, or `null` when none is set. */
function earliest(...instants: (number | null)[]): number | null {
  let out: number | null = null;
  for (const at of instants) if (at !== null && (out === null || at < out)) out = at;
  return out;
}

/** A delivery due for an attempt, with the namespace it belongs to. */
type Due = { ns: Namespace; delivery: WebhookDeliveryRecord };

/**
 * Other work that falls due on the service clock (workflow timers): the instant it next falls due, and running
 * everything due by now (in one key's namespace, or everywhere). Moving the clock stops at each such instant.
 */
export interface ClockWork {
  nextDueAt(): number | null;
  settle(only?: Namespace): void | Promise<void>;
}

/**
 * Builds `service.webhooks` over a model and subscribes it to the outbox, so sending modes attempt new deliveries
 * as soon as they are queued. Attempts to one endpoint go one at a time in due order; different endpoints are tried
 * side by side, so one that never answers delays no other. No attempt goes where the target policy refuses.
 * @example const webhooks = createWebhooksApi(model, 'record');
 */
export function createWebhooksApi(
  model: ModelContext,
  initial: WebhookDeliveryMode = 'record',
  clockWork: readonly ClockWork[] = [],
  allow: WebhookAllowList = webhookAllowList(),
): WebhooksApi {
  let sender: WebhookSender | undefined;
  let mode: WebhooksApi['mode'] = 'record';
  const deliverWith = (next: WebhookDeliveryMode): void => {
    mode = next === 'record' ? 'record' : next === 'fetch' ? 'fetch' : 'custom';
    sender = next === 'record' ? undefined : next === 'fetch' ? fetchSender : next;
  };
  deliverWith(initial);

  const waiters = new Set<() => void>();
  const notify = (): void => {
    for (const waiter of [...waiters]) waiter();
  };
  // Finding what is due (and settling debounced changes, sealing bodies) runs one call at a time.
  let chain: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const run = chain.then(work, work);
    chain = run.catch(() => undefined);
    return run;
  };
  /** The last queued attempt of each endpoint (of each URL for basic deliveries); attempts wait for their lane only. */
  const lanes = new Map<string, Promise<unknown>>();
  const inLane = <T>(key: string, work: () => Promise<T>): Promise<T> => {
    const run = (lanes.get(key) ?? Promise.resolve()).then(work, work);
    const tail = run.catch(() => undefined);
    lanes.set(key, tail);
    void tail.then(() => {
      if (lanes.get(key) === tail) lanes.delete(key);
    });
    return run;
  };
  /** Deliveries with an attempt queued or out (not due again until it is recorded), and when it will be. */
  const inFlight = new Map<WebhookDeliveryRecord, Promise<Due>>();

  const attempt = async (ns: Namespace, delivery: WebhookDeliveryRecord, send: WebhookSender): Promise<void> => {
    const at = model.clock.now();
    let outcome: AttemptOutcome;
    try {
      if (delivery.body === null) keepSealedBody(model, delivery, await sealDelivery(delivery));
      const body = delivery.body ?? '';
      // The target policy loads with the first attempt, so pages that never send a webhook never load it.
      const { webhookTargetRefusal } = await import('../model/webhooks/targets.js');
      const refusal = webhookTargetRefusal(delivery.url, allow);
      outcome = refusal
        ? { statusCode: null, error: refusal }
        : await send({
            ...(delivery.method ? { method: delivery.method } : {}),
            ...(delivery.kind === 'workflow' || delivery.kind === 'workflow-node' ? { timeoutMs: WORKFLOW_ATTEMPT_TIMEOUT_MS } : {}),
            url: delivery.url,
            headers: requestHeaders(ns, delivery, body, at),
            body,
          });
    } catch (error) {
      outcome = { statusCode: null, error: (error as Error).message ?? String(error) };
    }
    // The state may have been reset or replaced while the request was out: record only on the same delivery.
    const current = model.store.tables.namespaces.get(ns.apiKey);
    if (current?.webhookOutbox?.deliveries[delivery.seq] === delivery) recordAttempt(model, current, delivery.seq, at, outcome);
  };

  // While recording nothing is sent, but the outbox still shows encrypted bodies exactly as they would go out.
  const sealRecorded = async (): Promise<void> => {
    for (const ns of model.store.tables.namespaces.values()) {
      for (const seq of ns.webhookOutbox?.pending ?? []) {
        const delivery = ns.webhookOutbox?.deliveries[seq];
        if (delivery?.body === null)
          await sealDelivery(delivery).then(
            (body) => keepSealedBody(model, delivery, body),
            () => undefined,
          );
      }
    }
  };

  /**
   * Starts every attempt due now (everywhere, or in one key's namespace when an event there was the trigger) and
   * resolves with those deliveries once their attempts are recorded.
   */
  const runDue = async (only?: Namespace): Promise<WebhookDeliveryView[]> => {
    const started = await serial(async () => {
      settleEditorChanges(model, only);
      for (const work of clockWork) await work.settle(only);
      const send = sender;
      if (!send) {
        await sealRecorded();
        return [];
      }
      return dueDeliveries(model, only).map((due) => {
        const out = inFlight.get(due.delivery);
        if (out) return out;
        const lane = `${due.ns.apiKey} ${due.delivery.endpointId ?? due.delivery.url}`;
        const run = inLane(lane, () => attempt(due.ns, due.delivery, send))
          .finally(() => {
            inFlight.delete(due.delivery);
            notify();
            armTimer();
          })
          .then(() => due);
        inFlight.set(due.delivery, run);
        return run;
      });
    });
    armTimer();
    const tried = await Promise.all(started);
    return tried.map(({ ns, delivery }) => deliveryView(ns, delivery));
  };

  // On the system clock, time passes by itself: the next due attempt gets a real timer (unref'd, so it never keeps a
  // process alive). A virtual clock moves only through advance(), which runs what falls due.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const armTimer = (): void => {
    if (model.clock.kind !== 'system' || !sender) return;
    // Workflow timers count too: on the system clock an SLA breach or a retry reaches its receiver when it falls due.
    const next = earliest(nextDueAt(model, { skip: (delivery) => inFlight.has(delivery) }), ...clockWork.map((work) => work.nextDueAt()));
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (next === null) return;
    timer = setTimeout(() => void runDue(), Math.max(0, next - model.clock.now()));
    (timer as { unref?: () => void }).unref?.();
  };

  model.events.on('*', (event) => {
    notify();
    const ns = model.store.tables.namespaces.get(event.apiKey);
    if (sender && ns) void runDue(ns);
  });

  const deliveries = (filter: WebhookDeliveryFilter = {}): WebhookDeliveryView[] => {
    const out: WebhookDeliveryView[] = [];
    for (const ns of model.store.tables.namespaces.values()) {
      if (!ns.webhookOutbox || (filter.apiKey !== undefined && ns.apiKey !== filter.apiKey)) continue;
      for (const delivery of ns.webhookOutbox.deliveries) {
        if (filter.event !== undefined && delivery.event !== filter.event) continue;
        if (filter.endpointId !== undefined && delivery.endpointId !== filter.endpointId) continue;
        out.push(deliveryView(ns, delivery));
      }
    }
    return out;
  };

  return {
    get mode() {
      return mode;
    },
    deliverWith,
    deliveries,
    flush: () => runDue(),
    async advance(ms) {
      const clock = model.clock;
      if (clock.kind !== 'virtual') throw new Error('advance() needs a virtual clock; this service runs on the system clock.');
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`advance() takes a non-negative number of milliseconds, got ${ms}.`);
      const target = clock.now() + ms;
      await runDue();
      for (;;) {
        // While recording, attempts never run, so only debounced changes mark instants worth stopping at.
        const next = earliest(
          nextDueAt(model, { attempts: sender !== undefined, skip: (delivery) => inFlight.has(delivery) }),
          ...clockWork.map((work) => work.nextDueAt()),
        );
        if (next === null || next > target) break;
        if (next > clock.now()) clock.set(next);
        await runDue();
      }
      clock.set(target);
      await runDue();
    },
    waitFor(event, predicate = () => true, options = {}) {
      const timeoutMs = options.timeoutMs ?? 5000;
      const find = (): WebhookDeliveryView | undefined =>
        deliveries({ event }).find((d) => (sender === undefined || d.attempts.length > 0 || d.status !== 'pending') && predicate(d));
      const found = find();
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const check = (): void => {
          const hit = find();
          if (!hit) return;
          done();
          resolve(hit);
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`No ${event} delivery matched within ${timeoutMs} ms; service.webhooks.deliveries() shows what was queued.`));
        }, timeoutMs);
        const done = (): void => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
      });
    },
  };
}
