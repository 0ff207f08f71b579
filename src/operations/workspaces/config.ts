import { z } from 'zod';
import { ServiceError } from '../../errors.js';
import { activityConfig, emailConfig, updateActivityConfig, updateEmailConfig, updateWebhookConfig, webhookConfig } from '../../model/workspaces/config.js';
import { defineOperation, namespaceOf, type Settings } from '../../protocol/operation.js';

const INVALID_EMAIL = { error: 'Invalid email service configuration.' };
const INVALID_WEBHOOK = { error: 'Invalid webhook service configuration.' };

/** True for an absolute `http:` or `https:` URL. */
export function isHttpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const { protocol, hostname } = new URL(value);
  return (protocol === 'http:' || protocol === 'https:') && hostname !== '';
}

/**
 * Refuses a webhook URL the target policy refuses (the emulator's control plane, link-local and metadata addresses,
 * credentials, private addresses not allowed) with INVALID_ARGUMENT and the policy's reason. The policy loads on
 * the first check.
 * @example await assertWebhookTarget('http://localhost:3000/hooks', settings);
 */
export async function assertWebhookTarget(url: string, settings: Settings): Promise<void> {
  const { webhookTargetRefusal } = await import('../../model/webhooks/targets.js');
  const refusal = webhookTargetRefusal(url, settings.webhookAllow);
  if (refusal !== undefined) throw new ServiceError('INVALID_ARGUMENT', refusal);
}

/** `POST /v2/workspace/emailconfig/get`: the key's email config, defaults when never configured (3.5). */
export const getEmail = defineOperation({
  auth: 'apiKey',
  summary: 'Get the e-mail configuration',
  message: 'Email configuration retrieved successfully.',
  schema: z.object({}),
  run({ caller }) {
    return { data: emailConfig(namespaceOf(caller)) };
  },
});

/** Every failure of an email-config update is the one verbatim message (service-facts 3.6). */
const emailUpdate = z
  .object(
    {
      useEmailService: z.boolean(INVALID_EMAIL).optional(),
      emailServiceConfig: z
        .object(
          {
            type: z.enum(['default', 'external', 'custom'], INVALID_EMAIL).optional(),
            apiKey: z.string(INVALID_EMAIL).optional(),
            fromEmail: z.string(INVALID_EMAIL).optional(),
            fromCompany: z.string(INVALID_EMAIL).optional(),
            commentTemplateId: z.string(INVALID_EMAIL).optional(),
            tagTemplateId: z.string(INVALID_EMAIL).optional(),
            triggers: z.record(z.string(INVALID_EMAIL), z.boolean(INVALID_EMAIL), INVALID_EMAIL).optional(),
          },
          INVALID_EMAIL,
        )
        .optional(),
    },
    INVALID_EMAIL,
  )
  .refine((d) => d.useEmailService !== undefined || d.emailServiceConfig !== undefined, INVALID_EMAIL);

/** `POST /v2/workspace/emailconfig/update`: first enable seeds the default triggers, then values merge (3.6, D8). */
export const updateEmail = defineOperation({
  auth: 'apiKey',
  summary: 'Update the e-mail configuration',
  message: 'Email configuration updated successfully.',
  schema: emailUpdate,
  run({ data, caller, model }) {
    return { data: updateEmailConfig(model, namespaceOf(caller), data) };
  },
});

/** `POST /v2/workspace/webhookconfig/get`: the key's basic-webhook config, defaults when never configured (3.7). */
export const getWebhook = defineOperation({
  auth: 'apiKey',
  summary: 'Get the basic webhook configuration',
  message: 'Webhook configuration retrieved successfully.',
  schema: z.object({}),
  run({ caller }) {
    return { data: webhookConfig(namespaceOf(caller)) };
  },
});

const notificationUrl = z.string(INVALID_WEBHOOK).refine((url) => url === '' || isHttpUrl(url), INVALID_WEBHOOK);

/** Every failure of a webhook-config update is the one verbatim message (service-facts 3.8). */
const webhookUpdate = z
  .object(
    {
      useWebhookService: z.boolean(INVALID_WEBHOOK).optional(),
      webhookServiceConfig: z
        .object(
          {
            authToken: z.string(INVALID_WEBHOOK).optional(),
            rawNotificationUrl: notificationUrl.optional(),
            processedNotificationUrl: notificationUrl.optional(),
            encodeData: z.boolean(INVALID_WEBHOOK).optional(),
            encryptData: z.boolean(INVALID_WEBHOOK).optional(),
            publicKey: z.string(INVALID_WEBHOOK).optional(),
            enableDataProtection: z.boolean(INVALID_WEBHOOK).optional(),
            triggers: z.record(z.string(INVALID_WEBHOOK), z.boolean(INVALID_WEBHOOK), INVALID_WEBHOOK).optional(),
          },
          INVALID_WEBHOOK,
        )
        .optional(),
    },
    INVALID_WEBHOOK,
  )
  .refine((d) => d.useWebhookService !== undefined || d.webhookServiceConfig !== undefined, INVALID_WEBHOOK);

/** `POST /v2/workspace/webhookconfig/update`: first enable seeds the default triggers, then values merge (3.8). */
export const updateWebhook = defineOperation({
  auth: 'apiKey',
  summary: 'Update the basic webhook configuration',
  message: 'Webhook configuration updated successfully.',
  schema: webhookUpdate,
  async run({ data, caller, model, settings }) {
    for (const url of [data.webhookServiceConfig?.rawNotificationUrl, data.webhookServiceConfig?.processedNotificationUrl]) {
      if (url !== undefined && url !== '') await assertWebhookTarget(url, settings);
    }
    return { data: updateWebhookConfig(model, namespaceOf(caller), data) };
  },
});

/** `POST /v2/workspace/activityconfig/get`: `{ activityServiceConfig }`, `{ isEnabled: false }` when never configured (3.13). */
export const getActivity = defineOperation({
  auth: 'apiKey',
  summary: 'Get the activity-log configuration',
  message: 'Activity logs configuration retrieved successfully.',
  schema: z.object({}),
  run({ caller }) {
    return {
      data: { activityServiceConfig: activityConfig(namespaceOf(caller)) },
    };
  },
});

const activityUpdate = z.object({
  activityServiceConfig: z
    .object({
      isEnabled: z.boolean().optional(),
      enabledTime: z
        .number()
        .refine((ms) => Number.isSafeInteger(ms) && ms >= 0, {
          error: 'activityServiceConfig.enabledTime must be a non-negative integer of milliseconds since the epoch.',
        })
        .optional(),
      immutable: z.boolean().optional(),
      triggers: z.record(z.string(), z.record(z.string(), z.boolean())).optional(),
    })
    .refine((c) => Object.keys(c).length > 0, { error: 'At least one field must be provided for update' }),
});

/** `POST /v2/workspace/activityconfig/update`: deep merge; a first enable seeds immutability, time and triggers (3.14). */
export const updateActivity = defineOperation({
  auth: 'apiKey',
  summary: 'Update the activity-log configuration',
  message: 'Activity logs configuration updated successfully.',
  schema: activityUpdate,
  run({ data, caller, model }) {
    const config = updateActivityConfig(model, namespaceOf(caller), data.activityServiceConfig);
    return { data: { activityServiceConfig: config } };
  },
});
