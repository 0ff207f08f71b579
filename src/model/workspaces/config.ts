import type { ModelContext } from '../state/context.js';
import type { ActivityServiceConfig, KeyConfigs, Namespace } from '../state/entities.js';

/** The email triggers a first enable turns on: the standard comment triggers and the huddle triggers (D8). */
export const DEFAULT_EMAIL_TRIGGERS: Readonly<Record<string, boolean>> = {
  'comment_annotation.add': true,
  'comment.add': true,
  'comment_annotation.status_change': true,
  'comment_annotation.assign': true,
  'comment_annotation.priority_change': true,
  'huddle.create': true,
  'huddle.join': true,
};

/** The stored email config of a key that was never configured (service-facts 3.5). */
export function emptyEmailConfig(): { useEmailService: boolean; emailServiceConfig: Record<string, unknown> } {
  return {
    useEmailService: false,
    emailServiceConfig: { type: 'default', apiKey: '', fromEmail: '', fromCompany: '', commentTemplateId: '', tagTemplateId: '' },
  };
}

/** The stored webhook config of a key that was never configured (service-facts 3.7). */
export function emptyWebhookConfig(): { useWebhookService: boolean; webhookServiceConfig: Record<string, unknown> } {
  return { useWebhookService: false, webhookServiceConfig: { authToken: '', rawNotificationUrl: '', processedNotificationUrl: '' } };
}

/** A key's email config as stored and as the email-config operations return it. */
export type EmailConfig = NonNullable<KeyConfigs['email']>;

/** A key's basic-webhook config as stored and as the webhook-config operations return it. */
export type WebhookConfig = NonNullable<KeyConfigs['webhook']>;

/** What an email-config update may carry (service-facts 3.6). */
export interface EmailConfigUpdate {
  useEmailService?: boolean | undefined;
  emailServiceConfig?: { triggers?: Record<string, boolean> | undefined; [field: string]: unknown } | undefined;
}

/** What a webhook-config update may carry (service-facts 3.8). */
export interface WebhookConfigUpdate {
  useWebhookService?: boolean | undefined;
  webhookServiceConfig?: { triggers?: Record<string, boolean> | undefined; [field: string]: unknown } | undefined;
}

/** What an activity-log config update may carry (service-facts 3.14); absent fields keep their stored values. */
export type ActivityConfigUpdate = { [K in keyof ActivityServiceConfig]?: ActivityServiceConfig[K] | undefined };

/** The basic-webhook triggers a first enable seeds (service-facts 3.8). */
export const DEFAULT_WEBHOOK_TRIGGERS: Readonly<Record<string, boolean>> = {
  'comment_annotation.add': true,
  'comment_annotation.status_change': true,
  'comment_annotation.assign': true,
  'comment_annotation.priority_change': true,
  'comment.add': true,
  'comment.update': true,
  'comment.delete': true,
  'comment.reaction_add': true,
  'comment.reaction_delete': true,
  'huddle.create': true,
  'huddle.join': true,
  'comment_annotation.suggestion_accept': false,
  'comment_annotation.suggestion_reject': false,
  'crdt.update_data': false,
  'recorder.done': false,
};

/** The comment triggers a first activity-log enable seeds under `triggers.comment` (service-facts 3.14). */
export const DEFAULT_ACTIVITY_COMMENT_TRIGGERS: Readonly<Record<string, boolean>> = {
  newlyAdded: true,
  added: true,
  updated: true,
  deleted: true,
  assigned: true,
  statusChanged: true,
  priorityChanged: true,
  reactionAdded: true,
  reactionDeleted: true,
  suggestionAccepted: true,
  suggestionRejected: true,
};

/** The email config of a key: the stored one, or the never-configured defaults. @example emailConfig(ns).useEmailService */
export function emailConfig(ns: Namespace): EmailConfig {
  return structuredClone(ns.configs.email ?? emptyEmailConfig());
}

/**
 * Writes an email-config update (the spec's state table, D8): a first enable (`useEmailService: true` or
 * type `custom`, with no stored triggers) turns the service on as `custom` with the default triggers; the
 * request's values then merge on top, fields one by one and triggers key by key.
 * @example updateEmailConfig(ctx, ns, { useEmailService: true }).emailServiceConfig['type'] === 'custom'
 */
export function updateEmailConfig(ctx: ModelContext, ns: Namespace, update: EmailConfigUpdate): EmailConfig {
  const next = emailConfig(ns);
  const enabling = update.useEmailService === true || update.emailServiceConfig?.['type'] === 'custom';
  if (enabling && next.emailServiceConfig['triggers'] === undefined) {
    next.useEmailService = true;
    next.emailServiceConfig['type'] = 'custom';
    next.emailServiceConfig['triggers'] = { ...DEFAULT_EMAIL_TRIGGERS };
  }
  if (update.useEmailService !== undefined) next.useEmailService = update.useEmailService;
  mergeServiceConfig(next.emailServiceConfig, update.emailServiceConfig);
  ctx.store.undo.assign(ns.configs, 'email', next);
  return structuredClone(next);
}

/** The basic-webhook config of a key: the stored one, or the never-configured defaults. */
export function webhookConfig(ns: Namespace): WebhookConfig {
  return structuredClone(ns.configs.webhook ?? emptyWebhookConfig());
}

/**
 * Writes a webhook-config update: a first enable (`useWebhookService: true`, no stored triggers) seeds the
 * default triggers and `enableDataProtection: false`; the request's values then merge on top.
 * @example updateWebhookConfig(ctx, ns, { useWebhookService: true }).webhookServiceConfig['triggers']
 */
export function updateWebhookConfig(ctx: ModelContext, ns: Namespace, update: WebhookConfigUpdate): WebhookConfig {
  const next = webhookConfig(ns);
  if (update.useWebhookService === true && next.webhookServiceConfig['triggers'] === undefined) {
    next.useWebhookService = true;
    next.webhookServiceConfig['triggers'] = { ...DEFAULT_WEBHOOK_TRIGGERS };
    next.webhookServiceConfig['enableDataProtection'] = false;
  }
  if (update.useWebhookService !== undefined) next.useWebhookService = update.useWebhookService;
  mergeServiceConfig(next.webhookServiceConfig, update.webhookServiceConfig);
  ctx.store.undo.assign(ns.configs, 'webhook', next);
  return structuredClone(next);
}

/** The activity-log config as the operations return it: `isEnabled` always present, `{ isEnabled: false }` when never configured. */
export function activityConfig(ns: Namespace): ActivityServiceConfig & { isEnabled: boolean } {
  const stored = ns.configs.activity;
  const view: ActivityServiceConfig & { isEnabled: boolean } = { isEnabled: stored?.isEnabled ?? false };
  if (stored?.immutable !== undefined) view.immutable = stored.immutable;
  if (stored?.enabledTime !== undefined) view.enabledTime = stored.enabledTime;
  if (stored?.triggers !== undefined) view.triggers = structuredClone(stored.triggers);
  return view;
}

/**
 * Deep-merges an activity-log config update into the stored config. A first enable (`isEnabled: true` with
 * nothing stored) starts from `immutable: true`, `enabledTime` = now and the default comment triggers, so a
 * value sent in the same request (say `immutable: false`) wins.
 * @example updateActivityConfig(model, ns, { isEnabled: true }).immutable === true
 */
export function updateActivityConfig(ctx: ModelContext, ns: Namespace, update: ActivityConfigUpdate): ActivityServiceConfig & { isEnabled: boolean } {
  const next: ActivityServiceConfig = ns.configs.activity
    ? structuredClone(ns.configs.activity)
    : update.isEnabled === true
      ? { isEnabled: true, immutable: true, enabledTime: ctx.clock.now(), triggers: { comment: { ...DEFAULT_ACTIVITY_COMMENT_TRIGGERS } } }
      : {};
  if (update.isEnabled !== undefined) next.isEnabled = update.isEnabled;
  if (update.enabledTime !== undefined) next.enabledTime = update.enabledTime;
  if (update.immutable !== undefined) next.immutable = update.immutable;
  if (update.triggers !== undefined) {
    const triggers = (next.triggers ??= {});
    for (const [entity, actions] of Object.entries(update.triggers)) triggers[entity] = { ...triggers[entity], ...actions };
  }
  ctx.store.undo.assign(ns.configs, 'activity', next);
  return activityConfig(ns);
}

/** Fields replace stored values one by one; `triggers` merge key by key. */
function mergeServiceConfig(target: Record<string, unknown>, update: EmailConfigUpdate['emailServiceConfig']): void {
  if (!update) return;
  for (const [field, value] of Object.entries(update)) {
    if (value === undefined) continue;
    if (field === 'triggers') target['triggers'] = { ...(target['triggers'] as Record<string, boolean> | undefined), ...(value as Record<string, boolean>) };
    else target[field] = structuredClone(value);
  }
}
