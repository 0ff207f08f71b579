import { ServiceError } from '../../errors.js';
import { toBase64 } from '../../support/base64.js';
import type { ModelContext } from '../state/context.js';
import type { AdvancedWebhookEndpoint, ApiKeyRecord, KeyConfigs, Namespace } from '../state/entities.js';

/** A key's advanced-webhook delivery settings (service-facts 3.9). */
export type AdvancedWebhookConfig = NonNullable<KeyConfigs['advancedWebhook']>;

/** An endpoint as the service returns it: no signing secret, no metadata (service-facts 3.11). */
export type AdvancedWebhookEndpointView = Omit<AdvancedWebhookEndpoint, 'secret' | 'metadata'>;

/** What creating an endpoint takes; unset optional fields are stored as `null`. */
export interface NewAdvancedWebhookEndpoint {
  url: string;
  description?: string | undefined;
  filterTypes?: string[] | undefined;
  channels?: string[] | undefined;
  disabled?: boolean | undefined;
  rateLimit?: number | undefined;
  uid?: string | undefined;
  metadata?: Record<string, string> | undefined;
}

/** The refusal when advanced webhooks were never configured for the key (service-facts 3.11, verbatim). */
export const ADVANCED_WEBHOOKS_NOT_CONFIGURED =
  'Advanced webhooks are not configured for this workspace. Enable them first via POST /v2/workspace/advancedwebhookconfig/update with { "isEnabled": true }.';

/** The refusal when advanced webhooks are configured but `isEnabled: false` (service-facts 3.11, verbatim). */
export const ADVANCED_WEBHOOKS_DISABLED =
  'Advanced webhooks are disabled for this workspace. Enable them via POST /v2/workspace/advancedwebhookconfig/update with { "isEnabled": true }.';

/** The refusal when the workspace's plan has no advanced webhooks (service-facts 3.9, verbatim). */
export const ADVANCED_WEBHOOKS_UNAVAILABLE = 'Advanced webhooks are not available for this workspace.';

const DEFAULT_CONFIG: Readonly<AdvancedWebhookConfig> = {
  isEnabled: false,
  encryptData: false,
  encodeData: false,
  publicKey: '',
  enableDataProtection: false,
};

/**
 * Refuses with `FAILED_PRECONDITION` when the key's workspace plan has no advanced webhooks.
 * @example assertAdvancedWebhooksAvailable(model, caller.key);
 */
export function assertAdvancedWebhooksAvailable(ctx: ModelContext, key: ApiKeyRecord): void {
  const workspace = ctx.store.tables.workspaces.get(key.workspaceId);
  if (workspace && !workspace.plan.advancedWebhooksAvailable) throw new ServiceError('FAILED_PRECONDITION', ADVANCED_WEBHOOKS_UNAVAILABLE);
}

/** The advanced-webhook config of a key, or the never-configured defaults. @example advancedWebhookConfig(ns).isEnabled */
export function advancedWebhookConfig(ns: Namespace): AdvancedWebhookConfig {
  return { ...(ns.configs.advancedWebhook ?? DEFAULT_CONFIG) };
}

/**
 * Applies a partial update. The very first update of a key must enable delivery (`isEnabled: true`);
 * otherwise it is refused with the not-configured precondition and nothing is stored.
 * @example updateAdvancedWebhookConfig(ctx, ns, { isEnabled: true }).isEnabled === true
 */
export function updateAdvancedWebhookConfig(
  ctx: ModelContext,
  ns: Namespace,
  update: { [K in keyof AdvancedWebhookConfig]?: AdvancedWebhookConfig[K] | undefined },
): AdvancedWebhookConfig {
  if (!ns.configs.advancedWebhook && update.isEnabled !== true) {
    throw new ServiceError('FAILED_PRECONDITION', ADVANCED_WEBHOOKS_NOT_CONFIGURED);
  }
  const next = advancedWebhookConfig(ns);
  for (const field of ['isEnabled', 'encryptData', 'encodeData', 'enableDataProtection'] as const) {
    const value = update[field];
    if (value !== undefined) next[field] = value;
  }
  if (update.publicKey !== undefined) next.publicKey = update.publicKey;
  ctx.store.undo.assign(ns.configs, 'advancedWebhook', next);
  return { ...next };
}

/**
 * Refuses with the verbatim `FAILED_PRECONDITION` messages unless delivery is configured and enabled.
 * @example assertDeliveryEnabled(ns); // before listing or creating endpoints
 */
export function assertDeliveryEnabled(ns: Namespace): void {
  const config = ns.configs.advancedWebhook;
  if (!config) throw new ServiceError('FAILED_PRECONDITION', ADVANCED_WEBHOOKS_NOT_CONFIGURED);
  if (!config.isEnabled) throw new ServiceError('FAILED_PRECONDITION', ADVANCED_WEBHOOKS_DISABLED);
}

/**
 * Creates an endpoint: id `ep_` + 27 alphanumerics, a `whsec_` signing secret of 24 seeded bytes (stored,
 * never returned), `createdAt` = `updatedAt` = the clock's now as ISO 8601.
 * @example createAdvancedWebhookEndpoint(model, ns, { url: 'https://example.com/hook' }).id
 */
export function createAdvancedWebhookEndpoint(ctx: ModelContext, ns: Namespace, input: NewAdvancedWebhookEndpoint): AdvancedWebhookEndpointView {
  const id = `ep_${ctx.ids.alnum(27)}`;
  const secret = `whsec_${toBase64(ctx.ids.bytes(24))}`;
  const now = new Date(ctx.clock.now()).toISOString();
  const endpoint: AdvancedWebhookEndpoint = {
    id,
    url: input.url,
    description: input.description ?? null,
    filterTypes: input.filterTypes ? [...input.filterTypes] : null,
    channels: input.channels ? [...input.channels] : null,
    disabled: input.disabled ?? false,
    rateLimit: input.rateLimit ?? null,
    uid: input.uid ?? null,
    metadata: input.metadata ? { ...input.metadata } : null,
    createdAt: now,
    updatedAt: now,
    secret,
  };
  ctx.store.undo.push(ns.advancedWebhookEndpoints, endpoint);
  return endpointView(endpoint);
}

/**
 * One page of endpoints in creation order, oldest first, from `offset`.
 * @example listAdvancedWebhookEndpoints(ns, 0, 50).done
 */
export function listAdvancedWebhookEndpoints(ns: Namespace, offset: number, limit: number): { endpoints: AdvancedWebhookEndpointView[]; total: number } {
  const all = ns.advancedWebhookEndpoints;
  return { endpoints: all.slice(offset, offset + limit).map(endpointView), total: all.length };
}

/** An endpoint as the service returns it, without its secret and metadata. */
export function endpointView(endpoint: AdvancedWebhookEndpoint): AdvancedWebhookEndpointView {
  const { secret: _secret, metadata: _metadata, ...view } = endpoint;
  return structuredClone(view);
}
