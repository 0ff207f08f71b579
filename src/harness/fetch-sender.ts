/** The sender of webhook attempts over the global `fetch` (the `fetch` delivery mode, in browsers and Node alike). */

import { RESPONSE_READ_LIMIT_BYTES, type WebhookSender } from '../model/webhooks/port.js';
import { ATTEMPT_TIMEOUT_MS } from '../model/webhooks/schedule.js';

/**
 * A sender over the global `fetch`: no redirects followed (3xx fails); the whole attempt, reply included, must end
 * within 15 s, and at most 64 KiB of the reply is read.
 */
export const fetchSender: WebhookSender = async (request) => {
  const timeoutMs = request.timeoutMs ?? ATTEMPT_TIMEOUT_MS;
  const signal = AbortSignal.timeout(timeoutMs);
  let statusCode: number | null = null;
  try {
    const method = request.method ?? 'POST';
    const response = await fetch(request.url, {
      method,
      headers: request.headers,
      ...(method === 'GET' ? {} : { body: request.body }),
      redirect: 'manual',
      signal,
    });
    statusCode = response.status;
    // The status is the answer; the reply is read (so the connection ends cleanly) only up to the cap and the deadline.
    const reader = response.body?.getReader();
    for (let read = 0; reader && read <= RESPONSE_READ_LIMIT_BYTES; ) {
      const chunk = await reader.read();
      if (chunk.done) break;
      read += chunk.value.byteLength;
    }
    await reader?.cancel().catch(() => undefined);
    return { statusCode };
  } catch (error) {
    if (statusCode !== null) return { statusCode };
    const name = (error as Error).name;
    return { statusCode: null, error: name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : String((error as Error).message ?? error) };
  }
};
