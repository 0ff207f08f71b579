import { toBase64 } from '../../support/base64.js';
import type { ModelContext } from '../state/context.js';
import type { AdvancedWebhookEndpoint, Namespace, WebhookBodyEncoding, WebhookDeliveryRecord, WebhookOutbox } from '../state/entities.js';
import { CRDT_DEBOUNCE_MS } from './schedule.js';

const encoder = new TextEncoder();

/** The event an endpoint receives when a message to it failed its last attempt (service-facts 7.4). */
export const EXHAUSTED_EVENT = 'message.attempt.exhausted';

/** The outbox of a key, created empty on first use. @example outboxOf(ctx, ns).deliveries.length */
export function outboxOf(ctx: ModelContext, ns: Namespace): WebhookOutbox {
  if (!ns.webhookOutbox) ctx.store.undo.assign(ns, 'webhookOutbox', { deliveries: [], pending: [], failingSince: {}, debounced: {} });
  return ns.webhookOutbox as WebhookOutbox;
}

/** Endpoints of a key that receive `event`: enabled delivery, endpoint not disabled, `filterTypes` absent or naming it. */
export function endpointsFor(ns: Namespace, event: string): AdvancedWebhookEndpoint[] {
  if (!ns.configs.advancedWebhook?.isEnabled) return [];
  return ns.advancedWebhookEndpoints.filter((ep) => !ep.disabled && (ep.filterTypes === null || ep.filterTypes.includes(event)));
}

/** The options of a body: plain JSON, base64 of it (`encodeData`), encrypted (`encryptData`, after encoding). */
interface BodyOptions {
  encodeData?: unknown;
  encryptData?: unknown;
  publicKey?: unknown;
}

/** The written body and encryption material for a payload; an encrypted body is sealed later (it needs WebCrypto). */
function bodyOf(
  ctx: ModelContext,
  payload: Record<string, unknown>,
  options: BodyOptions,
): Pick<WebhookDeliveryRecord, 'encoding' | 'body' | 'cipher' | 'headers'> {
  const json = JSON.stringify(payload);
  const text = options.encodeData === true ? toBase64(encoder.encode(json)) : json;
  if (options.encryptData === true) {
    // Key and IV come from the seeded source, so the sealed data is reproducible; RSA-OAEP adds its own randomness.
    const cipher = {
      key: toBase64(ctx.ids.bytes(32)),
      iv: toBase64(ctx.ids.bytes(16)),
      publicKey: typeof options.publicKey === 'string' ? options.publicKey : '',
      encoded: options.encodeData === true,
    };
    return { encoding: 'encrypted', body: null, cipher, headers: { 'content-type': 'application/json' } };
  }
  const encoding: WebhookBodyEncoding = options.encodeData === true ? 'base64' : 'json';
  return { encoding, body: text, cipher: null, headers: { 'content-type': encoding === 'json' ? 'application/json' : 'text/plain' } };
}

/** Appends a pending delivery whose first attempt is due at `at`. */
function append(
  ctx: ModelContext,
  ns: Namespace,
  delivery: Omit<WebhookDeliveryRecord, 'seq' | 'status' | 'attempts' | 'nextAttemptAt'>,
): WebhookDeliveryRecord {
  const outbox = outboxOf(ctx, ns);
  const record: WebhookDeliveryRecord = { seq: outbox.deliveries.length, ...delivery, status: 'pending', attempts: [], nextAttemptAt: delivery.createdAt };
  ctx.store.undo.push(outbox.deliveries, record);
  ctx.store.undo.push(outbox.pending, record.seq);
  return record;
}

/**
 * Queues one advanced message for every endpoint that receives `event`: one seeded `msg_` id shared by all of
 * them, the payload built only when someone receives it. Returns the deliveries made.
 * @example enqueueAdvanced(ctx, ns, 'comment.add', () => payload)
 */
export function enqueueAdvanced(
  ctx: ModelContext,
  ns: Namespace,
  event: string,
  build: () => Record<string, unknown> | undefined,
  at = ctx.clock.now(),
): WebhookDeliveryRecord[] {
  const endpoints = endpointsFor(ns, event);
  if (endpoints.length === 0) return [];
  const payload = build();
  if (payload === undefined) return [];
  const messageId = `msg_${ctx.ids.alnum(27)}`;
  const config = ns.configs.advancedWebhook;
  return endpoints.map((endpoint) =>
    append(ctx, ns, {
      kind: 'advanced',
      messageId,
      event,
      endpointId: endpoint.id,
      target: null,
      url: endpoint.url,
      payload: structuredClone(payload),
      ...bodyOf(ctx, payload, config ?? {}),
      createdAt: at,
    }),
  );
}

/**
 * Queues the basic (v1) delivery of an event when the key's webhook service is on and its trigger for the event
 * is `true`: the payload to `rawNotificationUrl` with `Authorization: Basic <authToken>` (service-facts 7.6).
 * @example enqueueBasic(ctx, ns, 'comment.add', () => payload)
 */
export function enqueueBasic(
  ctx: ModelContext,
  ns: Namespace,
  event: string,
  build: () => Record<string, unknown> | undefined,
): WebhookDeliveryRecord | undefined {
  const stored = ns.configs.webhook;
  if (!stored?.useWebhookService) return undefined;
  const config = stored.webhookServiceConfig;
  const triggers = config['triggers'] as Record<string, unknown> | undefined;
  const url = config['rawNotificationUrl'];
  if (triggers?.[event] !== true || typeof url !== 'string' || url === '') return undefined;
  const payload = build();
  if (payload === undefined) return undefined;
  const written = bodyOf(ctx, payload, config);
  const token = typeof config['authToken'] === 'string' ? config['authToken'] : '';
  return append(ctx, ns, {
    kind: 'basic',
    messageId: String(payload['webhookId']),
    event,
    endpointId: null,
    target: 'raw',
    url,
    payload: structuredClone(payload),
    ...written,
    headers: { ...written.headers, authorization: `Basic ${token}` },
    createdAt: ctx.clock.now(),
  });
}

/** A workflow delivery: a run's event to its receiver, or a webhook node's request (bodies are signed already). */
export interface WorkflowDelivery {
  kind: 'workflow' | 'workflow-node';
  messageId: string;
  event: string;
  url: string;
  method: 'GET' | 'POST';
  payload: Record<string, unknown>;
  body: string;
  headers: Record<string, string>;
  at: number;
}

/**
 * Queues a delivery of the workflow engine, attempted like every other one (sent by the service's sender, or kept
 * while it records).
 * @example enqueueWorkflow(ctx, ns, { kind: 'workflow', messageId: eventId, event: 'step.completed', ... });
 */
export function enqueueWorkflow(ctx: ModelContext, ns: Namespace, delivery: WorkflowDelivery): WebhookDeliveryRecord {
  const { at, method, ...rest } = delivery;
  return append(ctx, ns, {
    ...rest,
    ...(method === 'GET' ? { method } : {}),
    endpointId: null,
    target: null,
    encoding: 'json',
    cipher: null,
    createdAt: at,
  });
}

/** The debounce key of a shared-editor entry. */
export function editorKey(at: { organizationId: string; documentId: string; editorId: string }): string {
  return JSON.stringify([at.organizationId, at.documentId, at.editorId]);
}

/**
 * Notes a shared-editor change: the `crdt.update_data` message goes out once the entry has been quiet for 5 s of
 * service time (each change restarts the wait). Nothing is noted when no endpoint receives the event.
 * @example debounceEditorChange(ctx, ns, { organizationId: 'org', documentId: 'doc', editorId: 'notes' });
 */
export function debounceEditorChange(ctx: ModelContext, ns: Namespace, at: { organizationId: string; documentId: string; editorId: string }): void {
  if (endpointsFor(ns, 'crdt.update_data').length === 0) return;
  const { organizationId, documentId, editorId } = at;
  ctx.store.undo.assign(outboxOf(ctx, ns).debounced, editorKey(at), { organizationId, documentId, editorId, dueAt: ctx.clock.now() + CRDT_DEBOUNCE_MS });
}

/** Forgets a waiting shared-editor change (its entry was deleted). */
export function dropEditorChange(ctx: ModelContext, ns: Namespace, at: { organizationId: string; documentId: string; editorId: string }): void {
  if (ns.webhookOutbox) ctx.store.undo.unset(ns.webhookOutbox.debounced, editorKey(at));
}

/**
 * The text an encrypted delivery seals: the JSON payload, base64-encoded first when `encodeData` is on (7.7).
 * @example plaintextOf(delivery)
 */
export function plaintextOf(delivery: WebhookDeliveryRecord): string {
  const json = JSON.stringify(delivery.payload);
  return delivery.cipher?.encoded ? toBase64(encoder.encode(json)) : json;
}

/** Keeps the sealed body of an encrypted delivery, so every attempt sends (and signs) the same bytes. */
export function keepSealedBody(ctx: ModelContext, delivery: WebhookDeliveryRecord, body: string): void {
  if (delivery.body === null) ctx.store.undo.assign(delivery, 'body', body);
}
