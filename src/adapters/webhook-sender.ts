import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { WebhookSender } from '../model/webhooks/port.js';
import { ATTEMPT_TIMEOUT_MS } from '../model/webhooks/schedule.js';

/**
 * Sends webhook attempts as real HTTP requests (POST, or GET for a workflow node that asks for it) with node:http(s): no redirects followed (3xx fails, as 7.4 says),
 * no answer within 15 s fails with a timeout, the response body is read and dropped.
 * @example createMockService({ webhooks: { deliver: httpSender } });
 */
export const httpSender: WebhookSender = (request) =>
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
    const req = send(url, { method, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ statusCode: res.statusCode ?? null }));
      res.on('error', () => resolve({ statusCode: res.statusCode ?? null }));
    });
    req.setTimeout(ATTEMPT_TIMEOUT_MS, () => req.destroy(new Error(`no answer within ${ATTEMPT_TIMEOUT_MS} ms`)));
    req.on('error', (error) => resolve({ statusCode: null, error: error.message }));
    req.end(body);
  });
