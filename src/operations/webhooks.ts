import { z } from 'zod';
import { ServiceError } from '../errors.js';
import type { ModelContext } from '../model/state/context.js';
import type { Namespace } from '../model/state/entities.js';
import {
  advancedWebhookConfig,
  assertAdvancedWebhooksAvailable,
  assertDeliveryEnabled,
  createAdvancedWebhookEndpoint,
  listAdvancedWebhookEndpoints,
  updateAdvancedWebhookConfig,
} from '../model/webhooks/config.js';
import { advancedWebhookEndpointSecret, deleteAdvancedWebhookEndpoint, updateAdvancedWebhookEndpoint } from '../model/webhooks/endpoints.js';
import { decodeOffset, encodeOffset } from '../protocol/cursors.js';
import { type Caller, defineOperation } from '../protocol/operation.js';
import { requiredString } from '../protocol/rules.js';
import { assertWebhookTarget, isHttpUrl } from './workspaces/config.js';

const URL_MESSAGE = { error: 'url must be a valid http(s) URL.' };
const LIMIT_MESSAGE = { error: 'limit must be an integer between 1 and 250.' };
const INVALID_ITERATOR = (): ServiceError => new ServiceError('INVALID_ARGUMENT', 'Invalid iterator.');

/** The API key of a caller, after the workspace-plan availability check. */
function availableKey(caller: Caller, model: ModelContext): Namespace {
  if (caller.level !== 'apiKey') throw new Error('This operation needs an API-key caller.');
  assertAdvancedWebhooksAvailable(model, caller.key);
  return caller.ns;
}

/** `POST /v2/workspace/advancedwebhookconfig/get`: the key's delivery settings, all off when never configured (3.9). */
export const getConfig = defineOperation({
  auth: 'apiKey',
  summary: 'Get the advanced-webhook configuration',
  message: 'Advanced webhook configuration retrieved successfully.',
  schema: z.object({}),
  run({ caller, model }) {
    const ns = availableKey(caller, model);
    return { data: advancedWebhookConfig(ns) };
  },
});

/** `POST /v2/workspace/advancedwebhookconfig/update`: partial update; the first one must enable (3.10). */
export const updateConfig = defineOperation({
  auth: 'apiKey',
  summary: 'Update the advanced-webhook configuration',
  message: 'Advanced webhook configuration updated successfully.',
  schema: z
    .object({
      isEnabled: z.boolean().optional(),
      encryptData: z.boolean().optional(),
      encodeData: z.boolean().optional(),
      publicKey: z.string().optional(),
      enableDataProtection: z.boolean().optional(),
    })
    .refine((d) => Object.keys(d).length > 0, {
      error: 'At least one of isEnabled, encryptData, encodeData, publicKey or enableDataProtection must be provided.',
    }),
  run({ data, caller, model }) {
    const ns = availableKey(caller, model);
    return { data: updateAdvancedWebhookConfig(model, ns, data) };
  },
});

/** The fields of an endpoint a caller may set (service-facts 3.12). */
const endpointFields = {
  url: z.string(URL_MESSAGE).refine(isHttpUrl, URL_MESSAGE),
  description: z.string(),
  filterTypes: z.array(requiredString()).min(1),
  channels: z.array(requiredString()).min(1),
  disabled: z.boolean(),
  rateLimit: z.number().refine((n) => Number.isSafeInteger(n) && n > 0, { error: 'rateLimit must be a positive integer (deliveries per second).' }),
  uid: z.string(),
  metadata: z.record(z.string(), z.string()),
};

/** `POST /v2/workspace/advancedwebhook/endpoints/create`: one endpoint; its signing secret is never returned (3.12). */
export const createEndpoint = defineOperation({
  auth: 'apiKey',
  summary: 'Create an advanced-webhook endpoint',
  message: 'Advanced webhook endpoint created successfully.',
  schema: z.object({
    url: endpointFields.url,
    description: endpointFields.description.optional(),
    filterTypes: endpointFields.filterTypes.optional(),
    channels: endpointFields.channels.optional(),
    disabled: endpointFields.disabled.optional(),
    rateLimit: endpointFields.rateLimit.optional(),
    uid: endpointFields.uid.optional(),
    metadata: endpointFields.metadata.optional(),
  }),
  async run({ data, caller, model, settings }) {
    await assertWebhookTarget(data.url, settings);
    const ns = availableKey(caller, model);
    assertDeliveryEnabled(ns);
    return { data: createAdvancedWebhookEndpoint(model, ns, data) };
  },
});

/** An iterator: `iter_` and the opaque offset cursor of the page it starts. */
const encodeIterator = (offset: number): string => `iter_${encodeOffset(offset)}`;

const decodeIterator = (iterator: string): number | undefined => (iterator.startsWith('iter_') ? decodeOffset(iterator.slice(5)) : undefined);

/** `POST /v2/workspace/advancedwebhook/endpoints/get`: endpoints in creation order, paged by opaque iterators (3.11). */
export const getEndpoints = defineOperation({
  auth: 'apiKey',
  summary: 'Get advanced-webhook endpoints',
  message: 'Advanced webhook endpoints retrieved successfully.',
  schema: z.object({
    limit: z
      .number(LIMIT_MESSAGE)
      .refine((n) => Number.isInteger(n) && n >= 1 && n <= 250, LIMIT_MESSAGE)
      .optional(),
    // `null` is what the previous page returns once done, so clients may send it back as "from the start".
    iterator: z
      .string({ error: 'Invalid iterator.' })
      .nullable()
      .optional()
      .transform((iterator, ctx) => {
        if (iterator === null || iterator === undefined) return 0;
        const offset = decodeIterator(iterator);
        if (offset === undefined) ctx.addIssue({ code: 'custom', message: 'Invalid iterator.' });
        return offset ?? 0;
      }),
  }),
  run({ data, caller, model }) {
    const ns = availableKey(caller, model);
    assertDeliveryEnabled(ns);
    const limit = data.limit ?? 50;
    const offset = data.iterator;
    const { endpoints, total } = listAdvancedWebhookEndpoints(ns, offset, limit);
    if (offset > total) throw INVALID_ITERATOR();
    const done = offset + endpoints.length >= total;
    return {
      data: {
        endpoints,
        iterator: done ? null : encodeIterator(offset + endpoints.length),
        prevIterator: offset === 0 ? null : encodeIterator(Math.max(0, offset - limit)),
        done,
      },
    };
  },
});

const AT_LEAST_ONE_FIELD = 'At least one endpoint field besides endpointId must be provided.';

/** `POST /v2/workspace/advancedwebhook/endpoints/update`: changes the given fields; `null` clears an optional one (3.12). */
export const updateEndpoint = defineOperation({
  auth: 'apiKey',
  summary: 'Update an advanced-webhook endpoint',
  message: 'Advanced webhook endpoint updated successfully.',
  schema: z
    .object({
      endpointId: requiredString(),
      url: endpointFields.url.optional(),
      description: endpointFields.description.nullable().optional(),
      filterTypes: endpointFields.filterTypes.nullable().optional(),
      channels: endpointFields.channels.nullable().optional(),
      disabled: endpointFields.disabled.optional(),
      rateLimit: endpointFields.rateLimit.nullable().optional(),
      uid: endpointFields.uid.nullable().optional(),
      metadata: endpointFields.metadata.nullable().optional(),
    })
    .refine((d) => Object.keys(d).some((k) => k !== 'endpointId'), { error: AT_LEAST_ONE_FIELD }),
  async run({ data, caller, model, settings }) {
    if (data.url !== undefined) await assertWebhookTarget(data.url, settings);
    const ns = availableKey(caller, model);
    assertDeliveryEnabled(ns);
    const { endpointId, ...update } = data;
    return { data: updateAdvancedWebhookEndpoint(model, ns, endpointId, update) };
  },
});

/** `POST /v2/workspace/advancedwebhook/endpoints/delete`: removes an endpoint and stops its pending attempts. */
export const deleteEndpoint = defineOperation({
  auth: 'apiKey',
  summary: 'Delete an advanced-webhook endpoint',
  message: 'Advanced webhook endpoint deleted successfully.',
  schema: z.object({ endpointId: requiredString() }),
  run({ data, caller, model }) {
    const ns = availableKey(caller, model);
    assertDeliveryEnabled(ns);
    deleteAdvancedWebhookEndpoint(model, ns, data.endpointId);
    return { data: { endpointId: data.endpointId } };
  },
});

/** `POST /v2/workspace/advancedwebhook/endpoints/secret/get`: the endpoint's `whsec_` signing secret (`{ key }`). */
export const getEndpointSecret = defineOperation({
  auth: 'apiKey',
  summary: 'Get the signing secret of an advanced-webhook endpoint',
  message: 'Advanced webhook endpoint secret retrieved successfully.',
  schema: z.object({ endpointId: requiredString() }),
  run({ data, caller, model }) {
    const ns = availableKey(caller, model);
    assertDeliveryEnabled(ns);
    return { data: { key: advancedWebhookEndpointSecret(ns, data.endpointId) } };
  },
});
