import { z } from 'zod';
import {
  NOTIFICATION_SETTINGS,
  effectiveNotificationConfig,
  setNotificationConfig,
} from '../model/notifications/config.js';
import { defineOperation, namespaceOf } from '../protocol/operation.js';
import { idList, perItem, requiredString } from '../protocol/rules.js';

const setting = z.enum(NOTIFICATION_SETTINGS).optional();

/** `POST /v2/notifications/config/get`: per document (request order) or the organization default, with fallbacks. */
export const getNotificationConfigOp = defineOperation({
  auth: 'apiKey',
  schema: z
    .object({
      organizationId: requiredString(),
      userId: requiredString(),
      documentIds: idList().optional(),
      getOrganizationConfig: z.boolean().optional(),
    })
    .refine((d) => d.getOrganizationConfig === true || d.documentIds !== undefined, { error: 'documentIds is required.' }),
  run({ data, caller }) {
    const ns = namespaceOf(caller);
    const { organizationId, userId } = data;
    const items =
      data.getOrganizationConfig === true
        ? [{ config: effectiveNotificationConfig(ns, organizationId, userId), metadata: { organizationId, apiKey: ns.apiKey, userId } }]
        : (data.documentIds ?? []).map((documentId) => ({
            config: effectiveNotificationConfig(ns, organizationId, userId, documentId),
            metadata: { organizationId, apiKey: ns.apiKey, documentId, userId },
          }));
    return { message: 'User config fetched successfully.', data: items };
  },
});

/** `POST /v2/notifications/config/set`: write channels per user, per document or as the organization default. */
export const setNotificationConfigOp = defineOperation({
  auth: 'apiKey',
  schema: z.object({
    organizationId: requiredString(),
    documentIds: z.array(requiredString()).min(1).optional(),
    userIds: z.array(requiredString()).min(1),
    config: z.object({ inbox: setting, email: setting, slack: setting }),
  }),
  run({ data, caller, model }) {
    setNotificationConfig(model, namespaceOf(caller), data);
    const documentId = data.documentIds?.at(-1);
    return {
      message: 'User config set successfully.',
      data: perItem(
        data.userIds.map((userId) => [
          userId,
          documentId === undefined
            ? { success: true, userId, message: 'User config set successfully.' }
            : { success: true, userId, documentId, message: 'User config set successfully.' },
        ]),
      ),
    };
  },
});
