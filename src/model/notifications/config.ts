import { ensureOrganization } from '../organizations/organizations.js';
import type { ModelContext } from '../state/context.js';
import type { Namespace, NotificationChannel, NotificationConfigRecord, NotificationSetting } from '../state/entities.js';

/** The channels of notification settings, in the order they are returned (service-facts 3.34, 3.35). */
export const NOTIFICATION_CHANNELS: readonly NotificationChannel[] = ['inbox', 'email', 'slack'];

/** The values a channel takes. */
export const NOTIFICATION_SETTINGS = ['ALL', 'MINE', 'NONE'] as const satisfies readonly NotificationSetting[];

/** Settings of one user, per channel; a channel never stored is absent. */
export type ChannelSettings = Partial<Record<NotificationChannel, NotificationSetting>>;

/** The table key of a user's settings for a document, or for the organization default. @example configKey('u1') */
export function configKey(userId: string, documentId?: string): string {
  return JSON.stringify([userId, documentId ?? null]);
}

/** What setting notification config takes; no `documentIds` writes the organization-level default. */
export interface SetNotificationConfigInput {
  organizationId: string;
  userIds: string[];
  documentIds?: string[] | undefined;
  config: { [C in NotificationChannel]?: NotificationSetting | undefined };
}

/**
 * Writes settings for each user (and each document, or the organization default), creating the
 * organization when missing; given channels overwrite, others stay.
 * @example setNotificationConfig(ctx, ns, { organizationId: 'org', userIds: ['u1'], config: { inbox: 'MINE' } })
 */
export function setNotificationConfig(ctx: ModelContext, ns: Namespace, input: SetNotificationConfigInput): void {
  const org = ensureOrganization(ctx, ns, input.organizationId);
  const targets: (string | undefined)[] = input.documentIds ?? [undefined];
  for (const userId of input.userIds) {
    for (const documentId of targets) {
      const key = configKey(userId, documentId);
      const existing = org.notificationConfigs.get(key);
      if (existing) ctx.store.undo.touch(existing);
      const record: NotificationConfigRecord = existing ?? { userId, config: {} };
      if (documentId !== undefined) record.documentId = documentId;
      for (const channel of NOTIFICATION_CHANNELS) {
        const value = input.config[channel];
        if (value !== undefined) record.config[channel] = value;
      }
      ctx.store.undo.set(org.notificationConfigs, key, record);
      ctx.events.emit('notification_config.set', ns.apiKey, {
        organizationId: input.organizationId,
        userId,
        ...(documentId === undefined ? {} : { documentId }),
      });
    }
  }
}

/**
 * The settings that apply to a user: per channel the document's, else the organization default's, else
 * `ALL` for inbox and email; a channel with no default (the chat channel) only when stored.
 * @example effectiveNotificationConfig(ns, 'org', 'u1', 'doc1') // { inbox: 'ALL', email: 'ALL' }
 */
export function effectiveNotificationConfig(ns: Namespace, organizationId: string, userId: string, documentId?: string): ChannelSettings {
  const org = ns.organizations.get(organizationId);
  const own = documentId === undefined ? undefined : org?.notificationConfigs.get(configKey(userId, documentId))?.config;
  const fallback = org?.notificationConfigs.get(configKey(userId))?.config;
  const defaults: ChannelSettings = { inbox: 'ALL', email: 'ALL' };
  const out: ChannelSettings = {};
  for (const channel of NOTIFICATION_CHANNELS) {
    const value = own?.[channel] ?? fallback?.[channel] ?? defaults[channel];
    if (value !== undefined) out[channel] = value;
  }
  return out;
}
