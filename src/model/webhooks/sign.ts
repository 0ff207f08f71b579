import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { fromBase64, toBase64 } from '../../support/base64.js';

const encoder = new TextEncoder();

/** The three headers of a signed advanced delivery (service-facts 7.3). */
export interface SignatureHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/**
 * The `webhook-signature` value for one attempt: `v1,` and the base64 HMAC-SHA256 of `${id}.${timestamp}.${body}`,
 * keyed with the base64-decoded secret after its `whsec_` prefix (service-facts 7.3, the Standard Webhooks scheme).
 * @example signWebhook('whsec_plJ3nmyCDGBKInavdOK15jsl', 'msg_loFOjxBNrRLzqYUf', 1731705121, '{"event_type":"ping","data":{"success":true}}')
 */
export function signWebhook(secret: string, messageId: string, timestampSeconds: number, body: string): string {
  const key = fromBase64(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret);
  const mac = hmac(sha256, key, encoder.encode(`${messageId}.${timestampSeconds}.${body}`));
  return `v1,${toBase64(mac)}`;
}

/**
 * The headers of one attempt of an advanced delivery; the timestamp is the attempt's, in Unix seconds.
 * @example signatureHeaders(endpoint.secret, 'msg_x', clock.now(), body)['webhook-signature']
 */
export function signatureHeaders(secret: string, messageId: string, atMs: number, body: string): SignatureHeaders {
  const timestamp = Math.floor(atMs / 1000);
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signWebhook(secret, messageId, timestamp, body),
  };
}
