import { type LookupAddress, lookup } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { RESPONSE_READ_LIMIT_BYTES, type WebhookSender } from '../model/webhooks/port.js';
import { ATTEMPT_TIMEOUT_MS } from '../model/webhooks/schedule.js';
import { resolvedTargetRefusal, type WebhookAllowList, webhookAllowList } from '../model/webhooks/targets.js';

/** Options of `createHttpSender`. */
export interface HttpSenderOptions {
  /** Private network destinations a host name may resolve to (CIDR ranges, addresses, names). Default none. */
  allow?: readonly string[] | WebhookAllowList;
  /** Milliseconds the whole attempt may take, reply included. Default 15,000 (service-facts 7.4). */
  deadlineMs?: number;
  /** Bytes of a reply read at most. Default 64 KiB. */
  maxResponseBytes?: number;
}

/** A DNS lookup that refuses a name when any address it resolves to is one webhooks never go to. */
function guardedLookup(allow: WebhookAllowList): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      for (const { address } of addresses) {
        const refusal = resolvedTargetRefusal(hostname, address, allow);
        if (refusal) return callback(Object.assign(new Error(refusal), { code: 'EWEBHOOKTARGET' }), '', 0);
      }
      const first = addresses[0] as LookupAddress;
      if ((options as { all?: boolean }).all) (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      else callback(null, first.address, first.family);
    });
  };
}

/**
 * A sender of webhook attempts as real HTTP requests (POST, or GET for a workflow node that asks for it) with node:http(s): no redirects followed (3xx fails, as 7.4 says);
 * the whole attempt must end within the deadline (a reply that trickles in does not extend it); at most
 * `maxResponseBytes` of the reply are read; a host name that resolves to a link-local, metadata or (unless allowed)
 * private address is not connected to.
 * @example createMockService({ webhooks: { deliver: createHttpSender({ allow: ['10.0.0.0/8'] }) } });
 */
export function createHttpSender(options: HttpSenderOptions = {}): WebhookSender {
  const allow = Array.isArray(options.allow) || options.allow === undefined ? webhookAllowList(options.allow as string[] | undefined) : options.allow;
  const deadlineMs = options.deadlineMs ?? ATTEMPT_TIMEOUT_MS;
  const maxBytes = options.maxResponseBytes ?? RESPONSE_READ_LIMIT_BYTES;
  const checkedLookup = guardedLookup(allow as WebhookAllowList);
  return (request) =>
    new Promise((resolve) => {
      let url: URL;
      try {
        url = new URL(request.url);
      } catch {
        resolve({ statusCode: null, error: `not a valid URL: ${request.url}` });
        return;
      }
      const send = url.protocol === 'https:' ? httpsRequest : url.protocol === 'http:' ? httpRequest : undefined;
      if (!send) {
        resolve({ statusCode: null, error: `only http and https URLs are delivered, got ${url.protocol}` });
        return;
      }
      const method = request.method ?? 'POST';
      const body = Buffer.from(method === 'GET' ? '' : request.body, 'utf8');
      const headers = method === 'GET' ? request.headers : { ...request.headers, 'content-length': String(body.length) };
      let statusCode: number | null = null;
      let done = false;
      let req: ReturnType<typeof send> | undefined;
      const finish = (error?: string): void => {
        if (done) return;
        done = true;
        clearTimeout(deadline);
        req?.destroy();
        resolve(statusCode !== null ? { statusCode } : { statusCode: null, error: error ?? 'the connection closed before an answer' });
      };
      // A request may ask for less time (a workflow receiver has 10 s); it never gets more than the sender's deadline.
      const allowedMs = Math.min(deadlineMs, request.timeoutMs ?? deadlineMs);
      const deadline = setTimeout(() => finish(`no answer within ${allowedMs} ms`), allowedMs);
      try {
        req = send(url, { method, headers, lookup: checkedLookup }, (res) => {
          statusCode = res.statusCode ?? null;
          let read = 0;
          res.on('data', (chunk: Buffer) => {
            read += chunk.length;
            if (read > maxBytes) finish();
          });
          res.on('end', () => finish());
          res.on('error', () => finish());
        });
      } catch (error) {
        finish((error as Error).message);
        return;
      }
      req.on('error', (error) => finish(error.message));
      req.end(body);
    });
}

/**
 * The default node:http(s) sender: 15 s per attempt, 64 KiB of reply read, no private network destinations.
 * @example createMockService({ webhooks: { deliver: httpSender } });
 */
export const httpSender: WebhookSender = createHttpSender();
