import { ServiceError } from '../../errors.js';
import type { ModelContext } from '../state/context.js';
import type { AdvancedWebhookEndpoint, Namespace } from '../state/entities.js';
import { cancelEndpointDeliveries } from './attempts.js';
import { type AdvancedWebhookEndpointView, endpointView, type NewAdvancedWebhookEndpoint } from './config.js';

/** What an endpoint update may change; `null` clears an optional field. */
export type AdvancedWebhookEndpointUpdate = { [K in keyof NewAdvancedWebhookEndpoint]?: NewAdvancedWebhookEndpoint[K] | null | undefined };

/** The refusal for an endpoint id the key does not hold [EMU wording; NOT_FOUND per service-facts 3.12]. */
export function endpointNotFound(endpointId: string): ServiceError {
  return new ServiceError('NOT_FOUND', `Advanced webhook endpoint ${endpointId} not found.`);
}

function findEndpoint(ns: Namespace, endpointId: string): AdvancedWebhookEndpoint {
  const endpoint = ns.advancedWebhookEndpoints.find((ep) => ep.id === endpointId);
  if (!endpoint) throw endpointNotFound(endpointId);
  return endpoint;
}

/**
 * Changes the given fields of an endpoint and stamps `updatedAt`; disabling it stops its pending attempts.
 * @example updateAdvancedWebhookEndpoint(ctx, ns, 'ep_...', { disabled: true })
 */
export function updateAdvancedWebhookEndpoint(
  ctx: ModelContext,
  ns: Namespace,
  endpointId: string,
  update: AdvancedWebhookEndpointUpdate,
): AdvancedWebhookEndpointView {
  const endpoint = findEndpoint(ns, endpointId);
  ctx.store.undo.touch(endpoint);
  if (update.url !== undefined && update.url !== null) endpoint.url = update.url;
  if (update.description !== undefined) endpoint.description = update.description;
  if (update.filterTypes !== undefined) endpoint.filterTypes = update.filterTypes === null ? null : [...update.filterTypes];
  if (update.channels !== undefined) endpoint.channels = update.channels === null ? null : [...update.channels];
  if (update.disabled !== undefined && update.disabled !== null) endpoint.disabled = update.disabled;
  if (update.rateLimit !== undefined) endpoint.rateLimit = update.rateLimit;
  if (update.uid !== undefined) endpoint.uid = update.uid;
  if (update.metadata !== undefined) endpoint.metadata = update.metadata === null ? null : { ...update.metadata };
  endpoint.updatedAt = new Date(ctx.clock.now()).toISOString();
  if (endpoint.disabled) cancelEndpointDeliveries(ctx, ns, endpointId);
  return endpointView(endpoint);
}

/**
 * Removes an endpoint; its pending attempts stop (service-facts 7.4).
 * @example deleteAdvancedWebhookEndpoint(ctx, ns, 'ep_...')
 */
export function deleteAdvancedWebhookEndpoint(ctx: ModelContext, ns: Namespace, endpointId: string): void {
  findEndpoint(ns, endpointId);
  ctx.store.undo.assign(
    ns,
    'advancedWebhookEndpoints',
    ns.advancedWebhookEndpoints.filter((ep) => ep.id !== endpointId),
  );
  cancelEndpointDeliveries(ctx, ns, endpointId);
}

/**
 * The `whsec_` signing secret of an endpoint, the key a receiver verifies signatures with.
 * @example advancedWebhookEndpointSecret(ns, 'ep_...').startsWith('whsec_')
 */
export function advancedWebhookEndpointSecret(ns: Namespace, endpointId: string): string {
  return findEndpoint(ns, endpointId).secret;
}
