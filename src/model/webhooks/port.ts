/** One HTTP request a webhook attempt makes: a POST, or a GET where a workflow webhook node asks for one. */
export interface WebhookRequest {
  /** Absent = POST. */
  method?: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body: string;
  /** How long the receiver has to answer, reply included; absent = 15 s (service-facts 7.4). */
  timeoutMs?: number;
}

/** How the receiver answered: its HTTP status, or `null` and the reason when none came in time. */
export interface WebhookResponse {
  statusCode: number | null;
  error?: string;
}

/**
 * The delivery port: sends one request and reports the answer; it must not throw. The standalone server plugs in
 * a node:http sender, `deliver: 'fetch'` uses `fetch`, tests may pass their own.
 * @example const sender: WebhookSender = async () => ({ statusCode: 204 });
 */
export type WebhookSender = (request: WebhookRequest) => Promise<WebhookResponse>;

/** How a service delivers webhooks: `record` (keep them in the outbox, send nothing), `fetch`, or a sender. */
export type WebhookDeliveryMode = 'record' | 'fetch' | WebhookSender;

/** At most this many bytes of a receiver's reply are read; the status line is the answer. */
export const RESPONSE_READ_LIMIT_BYTES = 64 * 1024;
