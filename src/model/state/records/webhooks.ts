/** The stored shapes of advanced-webhook endpoints and of the deliveries the service makes (service-facts 7). */

export interface AdvancedWebhookEndpoint {
  id: string;
  url: string;
  description: string | null;
  filterTypes: string[] | null;
  channels: string[] | null;
  disabled: boolean;
  rateLimit: number | null;
  uid: string | null;
  metadata: Record<string, string> | null;
  createdAt: string;
  updatedAt: string;
  secret: string;
}

/** How a delivery's body is written (service-facts 7.7): plain JSON, base64 of the JSON text, or encrypted. */
export type WebhookBodyEncoding = 'json' | 'base64' | 'encrypted';

/** Where a delivery stands: waiting for an attempt, answered with a 2xx, given up on, or stopped with its endpoint. */
export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed' | 'cancelled';

/** One attempt at a delivery: when it started (service time) and how the receiver answered. */
export interface WebhookAttemptRecord {
  /** Milliseconds, service time. */
  at: number;
  /** The receiver's HTTP status, or `null` when none came (refused, timed out). */
  statusCode: number | null;
  /** Why the attempt failed without a status, e.g. `timeout after 15000 ms`. */
  error: string | null;
}

/**
 * Who a delivery is for: an advanced endpoint, the basic (v1) URL, a workflow run's receiver (beyond-spec-4 4.2.0 K),
 * or the request of a workflow webhook node (4.2.0 F).
 */
export type WebhookDeliveryKind = 'advanced' | 'basic' | 'workflow' | 'workflow-node';

/** One webhook request the service makes to one receiver, with its attempts (service-facts 7.3, 7.4, 7.6). */
export interface WebhookDeliveryRecord {
  /** Position in the key's outbox, creation order. */
  seq: number;
  kind: WebhookDeliveryKind;
  /** The HTTP method; absent = POST (only a workflow webhook node sends GET). */
  method?: 'GET' | 'POST';
  /** `msg_` id (advanced; the same on every attempt and for every endpoint of one event), or the payload's `webhookId` (basic). */
  messageId: string;
  /** The event type, e.g. `comment.add`. */
  event: string;
  /** `ep_` id of the advanced endpoint; `null` for basic deliveries. */
  endpointId: string | null;
  /** Basic deliveries: which configured URL (`raw` or `processed`). */
  target: 'raw' | 'processed' | null;
  url: string;
  /** The payload as JSON before encoding and encryption. */
  payload: Record<string, unknown>;
  encoding: WebhookBodyEncoding;
  /** The raw body as sent; `null` until an encrypted body has been prepared. */
  body: string | null;
  /** Encrypted deliveries: the seeded AES key and IV (base64) and the RSA public key they are sealed for. */
  cipher: { key: string; iv: string; publicKey: string; encoded: boolean } | null;
  /** Headers that do not change between attempts (content type; `Authorization` for basic deliveries). */
  headers: Record<string, string>;
  /** Milliseconds, service time. */
  createdAt: number;
  status: WebhookDeliveryStatus;
  attempts: WebhookAttemptRecord[];
  /** Milliseconds, service time; `null` once the delivery is settled. */
  nextAttemptAt: number | null;
}

/** A shared-editor change waiting out its debounce before it becomes a `crdt.update_data` webhook. */
export interface DebouncedEditorChange {
  organizationId: string;
  documentId: string;
  editorId: string;
  /** Milliseconds, service time. */
  dueAt: number;
}

/** The webhook deliveries of one API key and what decides their next attempts. */
export interface WebhookOutbox {
  deliveries: WebhookDeliveryRecord[];
  /** `seq` of every pending delivery, so finding due attempts touches only those. */
  pending: number[];
  /** Endpoint id -> service time of its first failure since its last success. */
  failingSince: Record<string, number>;
  /** `[organizationId, documentId, editorId]` as JSON -> the debounced change. */
  debounced: Record<string, DebouncedEditorChange>;
}
