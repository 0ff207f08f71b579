import type { ControlHandler } from './context.js';

/** The filter of a deliveries query: `event`, `endpointId`, `apiKey` (each optional). */
function filterOf(query: URLSearchParams): { event?: string; endpointId?: string; apiKey?: string } {
  const filter: { event?: string; endpointId?: string; apiKey?: string } = {};
  for (const field of ['event', 'endpointId', 'apiKey'] as const) {
    const value = query.get(field);
    if (value !== null && value !== '') filter[field] = value;
  }
  return filter;
}

/**
 * `GET /__mock/webhooks/deliveries?event=&endpointId=&apiKey=`: webhook deliveries in creation order, with their
 * attempts, status codes, next attempt and the exact request (signed headers, raw body).
 * @example GET /__mock/webhooks/deliveries?event=comment.add
 */
export const deliveries: ControlHandler = (deps, { query }) => ({ mode: deps.webhooks.mode, deliveries: deps.webhooks.deliveries(filterOf(query)) });

/**
 * `POST /__mock/webhooks/flush`: runs every attempt due at the current service time and answers with the
 * deliveries it tried (none while the service only records).
 * @example POST /__mock/webhooks/flush
 */
export const flush: ControlHandler = async (deps) => {
  const attempted = await deps.webhooks.flush();
  return { mode: deps.webhooks.mode, attempted };
};
