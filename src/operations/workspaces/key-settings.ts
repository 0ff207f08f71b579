import { z } from 'zod';
import {
  AI_PROVIDERS,
  apiKeyConfigView,
  notificationServiceView,
  permissionProviderView,
  updateApiKeyConfig,
  updateNotificationService,
  updatePermissionProvider,
} from '../../model/workspaces/key-settings.js';
import { apiKeyOf, defineOperation, namespaceOf } from '../../protocol/operation.js';
import { requiredString } from '../../protocol/rules.js';
import { isHttpUrl } from './config.js';

/** `POST /v2/workspace/apikeyconfig/get`: owner, plan, access and privacy flags, AI keys masked. */
export const getApiKeyConfig = defineOperation({
  auth: 'apiKey',
  summary: 'Get the API key configuration',
  message: 'API key metadata retrieved successfully.',
  schema: z.object({}),
  run({ caller }) {
    return { data: apiKeyConfigView(apiKeyOf(caller), namespaceOf(caller)) };
  },
});

const AT_LEAST_ONE = 'At least one field must be provided for update';

/** Unknown fields are refused here, unlike elsewhere; both that and an empty update read the one message. */
const apiKeyConfigUpdate = z
  .strictObject(
    {
      enablePrivateComments: z.boolean().optional(),
      requireJwtToken: z.boolean().optional(),
      requireAutoOrgUser: z.boolean().optional(),
      defaultDocumentAccessType: z.enum(['public', 'restricted', 'organizationPrivate']).optional(),
      aiModelApiKey: z
        .array(z.object({ provider: z.enum(AI_PROVIDERS), customerApiKey: requiredString() }))
        .min(1)
        .optional(),
    },
    { error: (iss) => (iss.code === 'unrecognized_keys' ? AT_LEAST_ONE : undefined) },
  )
  .refine((d) => Object.values(d).some((v) => v !== undefined), { error: AT_LEAST_ONE });

/** `POST /v2/workspace/apikeyconfig/update`: field-by-field merge; echoes the sent fields after the write. */
export const updateApiKeyConfigOp = defineOperation({
  auth: 'apiKey',
  summary: 'Update the API key configuration',
  message: 'API key configuration updated successfully.',
  schema: apiKeyConfigUpdate,
  run({ data, caller, model }) {
    return { data: updateApiKeyConfig(model, namespaceOf(caller), data) };
  },
});

/** `POST /v2/workspace/notificationconfig/get`: the workspace notification service settings, defaults when never set. */
export const getNotificationConfig = defineOperation({
  auth: 'apiKey',
  summary: 'Get the notification service configuration',
  message: 'Notification configuration retrieved successfully.',
  schema: z.object({}),
  run({ caller }) {
    return { data: notificationServiceView(apiKeyOf(caller), namespaceOf(caller)) };
  },
});

/** An integer within the documented range, with one message naming it. */
const ranged = (field: string, min: number, max: number) => {
  const error = { error: `${field} must be an integer between ${min} and ${max}.` };
  return z.number(error).int(error).min(min, error).max(max, error).optional();
};

const batch = z.object({
  isEnabled: z.boolean().optional(),
  batchWindowSeconds: ranged('batchWindowSeconds', 10, 604_800),
  maxActivities: ranged('maxActivities', 2, 50),
});

/** `POST /v2/workspace/notificationconfig/update`: deep merge; a first enable seeds the standard triggers. */
export const updateNotificationConfig = defineOperation({
  auth: 'apiKey',
  summary: 'Update the notification service configuration',
  message: 'Notification configuration updated successfully.',
  schema: z
    .object({
      useNotificationService: z.boolean().optional(),
      notificationServiceConfig: z
        .object({
          triggers: z.object({ comment: z.record(z.string(), z.boolean()).optional(), huddle: z.record(z.string(), z.boolean()).optional() }).optional(),
          delayConfig: z.object({ isEnabled: z.boolean().optional(), delaySeconds: ranged('delaySeconds', 10, 15_552_000) }).optional(),
          batchConfig: z.object({ document: batch.optional(), user: batch.optional() }).optional(),
        })
        .optional(),
    })
    .refine((d) => d.useNotificationService !== undefined || d.notificationServiceConfig !== undefined, {
      error: 'At least one of useNotificationService or notificationServiceConfig must be provided',
    }),
  run({ data, caller, model }) {
    return { data: updateNotificationService(model, apiKeyOf(caller), namespaceOf(caller), data) };
  },
});

/** `POST /v2/workspace/permissionproviderconfig/get`: off with empty strings when never configured. */
export const getPermissionProviderConfig = defineOperation({
  auth: 'apiKey',
  summary: 'Get the permission provider configuration',
  message: 'Permission provider configuration retrieved successfully.',
  schema: z.object({}),
  run({ caller }) {
    return { data: permissionProviderView(namespaceOf(caller)) };
  },
});

const VALID_URL = { error: 'Please enter a valid URL' };

/** `POST /v2/workspace/permissionproviderconfig/update`: merge; the URL is `""` or an http(s) URL. The provider is never called. */
export const updatePermissionProviderConfig = defineOperation({
  auth: 'apiKey',
  summary: 'Update the permission provider configuration',
  message: 'Permission provider configuration updated successfully.',
  schema: z
    .object({
      usePermissionProvider: z.boolean().optional(),
      permissionProviderConfig: z
        .object({
          permissionProviderUrl: z
            .string(VALID_URL)
            .refine((url) => url === '' || isHttpUrl(url), VALID_URL)
            .optional(),
          authToken: z.string().optional(),
        })
        .optional(),
    })
    .refine((d) => d.usePermissionProvider !== undefined || d.permissionProviderConfig !== undefined, {
      error: 'At least one of usePermissionProvider or permissionProviderConfig must be provided',
    }),
  run({ data, caller, model }) {
    return { data: updatePermissionProvider(model, namespaceOf(caller), data) };
  },
});
