import type { Namespace, WebhookDeliveryKind, WebhookDeliveryRecord } from '../model/state/entities.js';
import { signatureHeaders } from '../model/webhooks/sign.js';
import { DELIVERY_MARKER_HEADER } from '../protocol/origins.js';

/** One attempt as the harness shows it. */
export interface WebhookAttemptView {
  /** Milliseconds, service time. */
  at: number;
  /** The `webhook-timestamp` it carried (Unix seconds). */
  timestamp: number;
  statusCode: number | null;
  error: string | null;
}

/** One delivery as `service.webhooks.deliveries()` and `GET /__mock/webhooks/deliveries` show it. */
export interface WebhookDeliveryView {
  apiKey: string;
  kind: WebhookDeliveryKind;
  /** `GET` or `POST`. */
  method: 'GET' | 'POST';
  messageId: string;
  event: string;
  endpointId: string | null;
  target: 'raw' | 'processed' | null;
  url: string;
  status: WebhookDeliveryRecord['status'];
  /** Milliseconds, service time. */
  createdAt: number;
  nextAttemptAt: number | null;
  attempts: WebhookAttemptView[];
  /** The payload before encoding and encryption. */
  payload: Record<string, unknown>;
  /**
   * The request of the last attempt, or of the next one while none was made: headers (signed for advanced
   * deliveries) and the raw body (`null` while an encrypted body is still being sealed).
   */
  request: { url: string; headers: Record<string, string>; body: string | null };
}

/**
 * The headers of an attempt of a delivery that starts at `at`: its fixed headers, the emulator's delivery marker
 * (`x-mock-webhook-delivery`: the control plane refuses calls that carry it) and, for advanced deliveries,
 * `webhook-id`, `webhook-timestamp` and `webhook-signature` (service-facts 7.3).
 * @example requestHeaders(ns, delivery, body, clock.now())
 */
export function requestHeaders(ns: Namespace, delivery: WebhookDeliveryRecord, body: string, at: number): Record<string, string> {
  const headers = { ...delivery.headers, [DELIVERY_MARKER_HEADER]: delivery.messageId };
  // A workflow receiver learns which attempt it sees (0-based); the signature covers the body alone.
  if (delivery.kind === 'workflow') return { ...headers, 'x-service-attempt': String(attemptIndex(delivery, at)) };
  if (delivery.kind !== 'advanced') return headers;
  const endpoint = ns.advancedWebhookEndpoints.find((ep) => ep.id === delivery.endpointId);
  return endpoint ? { ...headers, ...signatureHeaders(endpoint.secret, delivery.messageId, at, body) } : headers;
}

/** The 0-based number of the attempt that starts (or started) at `at`. */
function attemptIndex(delivery: WebhookDeliveryRecord, at: number): number {
  const made = delivery.attempts.findIndex((a) => a.at === at);
  return made === -1 ? delivery.attempts.length : made;
}

/** A copy of a delivery for callers, with its last (or next) request spelled out. */
export function deliveryView(ns: Namespace, delivery: WebhookDeliveryRecord): WebhookDeliveryView {
  const at = delivery.attempts.at(-1)?.at ?? delivery.nextAttemptAt ?? delivery.createdAt;
  const body = delivery.body;
  return {
    apiKey: ns.apiKey,
    kind: delivery.kind,
    method: delivery.method ?? 'POST',
    messageId: delivery.messageId,
    event: delivery.event,
    endpointId: delivery.endpointId,
    target: delivery.target,
    url: delivery.url,
    status: delivery.status,
    createdAt: delivery.createdAt,
    nextAttemptAt: delivery.nextAttemptAt,
    attempts: delivery.attempts.map((a) => ({ at: a.at, timestamp: Math.floor(a.at / 1000), statusCode: a.statusCode, error: a.error })),
    payload: structuredClone(delivery.payload),
    request: {
      url: delivery.url,
      headers: body === null ? { ...delivery.headers, [DELIVERY_MARKER_HEADER]: delivery.messageId } : requestHeaders(ns, delivery, body, at),
      body,
    },
  };
}
