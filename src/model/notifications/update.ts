import type { ModelContext } from '../state/context.js';
import type { Namespace, NotificationRecord, OrganizationRecord } from '../state/entities.js';
import { headlineOf } from './content.js';
import { holds, type NotificationOutcome } from './notifications.js';
import { canAccess } from './recipients.js';
import { reindexNotification } from './timeline.js';

/** The content fields an update replaces whole (beyond-spec 3.9). */
export const UPDATABLE_NOTIFICATION_FIELDS = [
  'actionUser',
  'displayHeadlineMessageTemplate',
  'displayHeadlineMessageTemplateData',
  'displayBodyMessage',
  'notificationSourceData',
] as const;

/** One item of an update: the id, replaced content, and read state. */
export type NotificationUpdate = { id: string; readByUserIds?: string[] | undefined; persistReadForUsers?: boolean | undefined } & {
  [K in (typeof UPDATABLE_NOTIFICATION_FIELDS)[number]]?: unknown;
};

/** What updating notifications takes: the narrowing fields and the items. */
export interface UpdateNotificationsInput {
  organizationId: string;
  documentId?: string | undefined;
  locationId?: string | undefined;
  userId?: string | undefined;
  verifyUserPermissions?: boolean | undefined;
  notifications: NotificationUpdate[];
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function narrowedOut(org: OrganizationRecord, n: NotificationRecord, input: UpdateNotificationsInput): boolean {
  if (input.documentId !== undefined && n.documentId !== input.documentId) return true;
  if (input.locationId !== undefined && (n.locationId === undefined || String(n.locationId) !== input.locationId)) return true;
  return input.userId !== undefined && !holds(org, n, input.userId);
}

/**
 * Updates notifications by id (beyond-spec 3.9): given content replaces the stored value (the headline is
 * resolved again), `readByUserIds` marks it read for those users, `persistReadForUsers` keeps their read copy.
 * With `verifyUserPermissions` (and no permission provider) only users with access to the document are marked.
 * An unknown id, or one the narrowing fields rule out, fails that item only.
 * @example updateNotifications(ctx, ns, { organizationId: 'org', notifications: [{ id: 'n1', readByUserIds: ['u1'] }] }).get('n1')
 */
export function updateNotifications(ctx: ModelContext, ns: Namespace, input: UpdateNotificationsInput): Map<string, NotificationOutcome> {
  const org = ns.organizations.get(input.organizationId);
  const verify = input.verifyUserPermissions === true && ns.configs.permissionProvider?.usePermissionProvider !== true;
  const outcomes = new Map<string, NotificationOutcome>();
  for (const item of input.notifications) {
    const n = org?.notifications.get(item.id);
    if (!org || !n || narrowedOut(org, n, input)) {
      outcomes.set(item.id, { success: false, message: 'Failed to update notification.' });
      continue;
    }
    const write = (): void => {
      ctx.store.undo.touch(n);
      for (const field of UPDATABLE_NOTIFICATION_FIELDS) {
        if (item[field] !== undefined) n.record[field] = structuredClone(item[field]);
      }
    };
    // A new action user changes whose user data the notification belongs to.
    if (item.actionUser !== undefined) reindexNotification(ctx.store.undo, org, n, write);
    else write();
    const template = n.record['displayHeadlineMessageTemplate'];
    if (
      typeof template === 'string' &&
      (item.displayHeadlineMessageTemplate !== undefined || item.displayHeadlineMessageTemplateData !== undefined || item.actionUser !== undefined)
    ) {
      const data = n.record['displayHeadlineMessageTemplateData'];
      n.record['displayHeadlineMessage'] = headlineOf(template, isRecord(data) ? data : {}, n.record['actionUser']);
    }
    const doc = org.documents.get(n.documentId);
    const readers = (item.readByUserIds ?? []).filter((userId) => !verify || (doc !== undefined && canAccess(org, doc, userId)));
    for (const userId of readers) {
      n.readBy ??= [];
      if (!n.readBy.includes(userId)) n.readBy.push(userId);
      if (item.persistReadForUsers === true) {
        n.persistReadFor ??= [];
        if (!n.persistReadFor.includes(userId)) n.persistReadFor.push(userId);
      }
    }
    outcomes.set(item.id, { success: true, message: 'Notification updated.' });
    ctx.events.emit('notification.update', ns.apiKey, { organizationId: n.organizationId, documentId: n.documentId, notificationId: n.id });
  }
  return outcomes;
}

/** Whether a user marked the notification read. @example isReadBy(record, 'u1') */
export function isReadBy(n: NotificationRecord, userId: string): boolean {
  return n.readBy?.includes(userId) === true;
}
