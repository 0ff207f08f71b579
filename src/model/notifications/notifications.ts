import { ensureDocument, ensureOrganization } from '../organizations/organizations.js';
import type { ModelContext } from '../state/context.js';
import type { Namespace, NotificationRecord, OrganizationRecord } from '../state/entities.js';
import { headlineOf, stripPersonalData } from './content.js';
import { recipientsOf } from './recipients.js';
import { type RosterMember, rosterAt } from './roster.js';
import { noteNotificationAdded, reindexNotification, removeNotification, timeline } from './timeline.js';

/** A person named in a notification request: a userId, an email, or both; other fields kept as given. */
export interface NotificationPerson {
  userId?: string | undefined;
  name?: string | undefined;
  email?: string | undefined;
  [field: string]: unknown;
}

/** What adding a notification takes (service-facts 3.31); `timestamp` lets fixtures date a record. */
export interface AddNotificationInput {
  organizationId: string;
  documentId: string;
  actionUser: NotificationPerson & { userId: string };
  notifyUsers: NotificationPerson[];
  notifyAll?: boolean | undefined;
  verifyUserPermissions?: boolean | undefined;
  notificationId?: string | undefined;
  isNotificationResolverUsed?: boolean | undefined;
  displayHeadlineMessageTemplate?: string | undefined;
  displayHeadlineMessageTemplateData?: Record<string, unknown> | undefined;
  displayBodyMessage?: string | undefined;
  displayBodyMessageTemplate?: string | undefined;
  displayBodyMessageTemplateData?: Record<string, unknown> | undefined;
  notificationSource?: string | undefined;
  notificationSourceData?: unknown;
  context?: Record<string, unknown> | undefined;
  location?: Record<string, unknown> | undefined;
  metadata?: Record<string, unknown> | undefined;
  isCrossOrganizationEnabled?: boolean | undefined;
  /** Fixtures only: a time other than now (ms). */
  timestamp?: number | undefined;
  /** Fixtures only: further record fields of service-facts 6.1 (`actionType`, `isUnread`, ...), stored as given. */
  extra?: Record<string, unknown> | undefined;
}

/** Which notifications of an organization a read or delete is about; every given filter narrows. */
export interface NotificationSelector {
  organizationId: string;
  documentId?: string | undefined;
  locationId?: string | undefined;
  userId?: string | undefined;
  notificationIds?: string[] | undefined;
}

/** A per-item outcome of a delete, keyed by notification id. */
export interface NotificationOutcome {
  success: boolean;
  message: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The location a notification belongs to: `location.id`, else `metadata.locationId`. */
function locationIdOf(input: AddNotificationInput): string | number | undefined {
  for (const candidate of [input.location?.['id'], input.metadata?.['locationId']]) {
    if (typeof candidate === 'string' || typeof candidate === 'number') return candidate;
  }
  return undefined;
}

/** The stored fields, in read order; personal data dropped when a resolver re-hydrates them. */
function storedFields(input: AddNotificationInput): Record<string, unknown> {
  const strip = input.isNotificationResolverUsed === true ? stripPersonalData : (value: unknown) => structuredClone(value);
  const actionUser = strip(input.actionUser);
  const headlineData = input.displayHeadlineMessageTemplateData === undefined ? undefined : strip(input.displayHeadlineMessageTemplateData);
  const fields: Record<string, unknown> = {
    notificationSource: input.notificationSource ?? 'custom',
    notificationSourceData: input.notificationSourceData === undefined ? {} : strip(input.notificationSourceData),
    actionUser,
  };
  const put = (key: string, value: unknown): void => {
    if (value !== undefined) fields[key] = value;
  };
  put('displayHeadlineMessageTemplate', input.displayHeadlineMessageTemplate);
  put('displayHeadlineMessageTemplateData', headlineData);
  if (input.displayHeadlineMessageTemplate !== undefined) {
    put('displayHeadlineMessage', headlineOf(input.displayHeadlineMessageTemplate, isRecord(headlineData) ? headlineData : {}, actionUser));
  }
  put('displayBodyMessage', input.displayBodyMessage);
  put('displayBodyMessageTemplate', input.displayBodyMessageTemplate);
  put('displayBodyMessageTemplateData', input.displayBodyMessageTemplateData === undefined ? undefined : strip(input.displayBodyMessageTemplateData));
  put('metadata', input.metadata === undefined ? undefined : structuredClone(input.metadata));
  put('context', input.context === undefined ? undefined : structuredClone(input.context));
  put('location', input.location === undefined ? undefined : structuredClone(input.location));
  put('isNotificationResolverUsed', input.isNotificationResolverUsed);
  put('isCrossOrganizationEnabled', input.isCrossOrganizationEnabled);
  for (const [key, value] of Object.entries(input.extra ?? {})) if (!(key in fields)) fields[key] = structuredClone(value);
  return fields;
}

/**
 * Adds a notification, creating the organization and document when missing. An existing id in the
 * organization is replaced (upsert) and counts as the newest insertion. Returns the stored record.
 * @example addNotification(ctx, ns, { organizationId: 'org', documentId: 'doc', actionUser: { userId: 'u' }, notifyUsers: [] })
 */
export function addNotification(ctx: ModelContext, ns: Namespace, input: AddNotificationInput): NotificationRecord {
  const org = ensureOrganization(ctx, ns, input.organizationId);
  const doc = ensureDocument(ctx, ns, org, input.documentId);
  const id = input.notificationId ?? ctx.ids.numeric16();
  const record: NotificationRecord = {
    id,
    organizationId: input.organizationId,
    documentId: input.documentId,
    timestamp: input.timestamp ?? ctx.clock.now(),
    recipients: [],
    record: storedFields(input),
  };
  const { recipients, everyone } = recipientsOf(ctx.store.undo, org, doc, input, ctx.clock.now());
  record.recipients = recipients;
  if (everyone) record.everyone = everyone;
  const locationId = locationIdOf(input);
  if (locationId !== undefined) record.locationId = locationId;
  const { undo } = ctx.store;
  const replaced = org.notifications.get(id);
  if (replaced) removeNotification(undo, org, replaced);
  undo.set(org.notifications, id, record);
  noteNotificationAdded(undo, org, record);
  ctx.events.emit('notification.add', ns.apiKey, { organizationId: input.organizationId, documentId: input.documentId, notificationId: id });
  return record;
}

/** The organization-level users a `notifyAll` notification still goes to, in roster order. */
function* everyoneOf(org: OrganizationRecord | undefined, n: NotificationRecord): Generator<RosterMember> {
  const everyone = n.everyone;
  if (!everyone || !org?.roster) return;
  const left = everyone.left && everyone.left.length > 0 ? new Set(everyone.left) : undefined;
  for (const member of rosterAt(org.roster, everyone.at).members.values()) {
    if (member.userId !== everyone.except && !left?.has(member.userId)) yield member;
  }
}

/** Whether the organization-level users of a `notifyAll` notification include this user still. */
export function heldByEveryone(org: OrganizationRecord | undefined, n: NotificationRecord, userId: string): boolean {
  const everyone = n.everyone;
  if (!everyone || !org?.roster || userId === everyone.except || everyone.left?.includes(userId)) return false;
  return rosterAt(org.roster, everyone.at).members.has(userId);
}

/**
 * Whether a notification is held by a user (as a recipient).
 * @example holds(org, record, 'u1')
 */
export function holds(org: OrganizationRecord | undefined, record: NotificationRecord, userId: string): boolean {
  return record.recipients.some((r) => r.userId === userId) || heldByEveryone(org, record, userId);
}

/**
 * Notifications of an organization matching every given filter, in insertion order. Reads the smallest list of
 * the timeline that holds every match (the requested ids, the document's, the user's listed and `notifyAll`
 * ones), so the cost follows those lists, never the organization's other notifications.
 */
function selectNotifications(ns: Namespace, selector: NotificationSelector): NotificationRecord[] {
  const org = ns.organizations.get(selector.organizationId);
  if (!org) return [];
  const t = timeline(org);
  let candidates: Iterable<NotificationRecord>;
  if (selector.notificationIds) candidates = selector.notificationIds.flatMap((id) => org.notifications.get(id) ?? []);
  else if (selector.documentId !== undefined) candidates = t.byDocument.get(selector.documentId) ?? [];
  else if (selector.userId !== undefined) candidates = [...(t.byUser.get(selector.userId) ?? []), ...t.everyone];
  else candidates = t.all;
  const matched = new Set<NotificationRecord>();
  for (const n of candidates) {
    if (selector.documentId !== undefined && n.documentId !== selector.documentId) continue;
    if (selector.locationId !== undefined && (n.locationId === undefined || String(n.locationId) !== selector.locationId)) continue;
    if (selector.userId !== undefined && !holds(org, n, selector.userId)) continue;
    matched.add(n);
  }
  return [...matched].sort((a, b) => (t.rank.get(a) ?? 0) - (t.rank.get(b) ?? 0));
}

/**
 * Matching notifications ordered by timestamp (`asc` or `desc`); ties keep insertion order, reversed for `desc`.
 * Sorts every match: reads page through `pageNotifications` instead.
 */
export function queryNotifications(ns: Namespace, selector: NotificationSelector, order: 'asc' | 'desc' = 'desc'): NotificationRecord[] {
  const sorted = selectNotifications(ns, selector).sort((a, b) => a.timestamp - b.timestamp);
  return order === 'asc' ? sorted : sorted.reverse();
}

/**
 * Deletes the selected notifications; with `userId`, only that user leaves each selected notification and
 * a record goes once nobody holds it. Requested ids that matched nothing fail per item.
 */
export function deleteNotifications(ctx: ModelContext, ns: Namespace, selector: NotificationSelector): Map<string, NotificationOutcome> {
  const org = ns.organizations.get(selector.organizationId);
  const matched = selectNotifications(ns, selector);
  const { undo } = ctx.store;
  for (const n of matched) {
    const userId = selector.userId;
    if (userId !== undefined && org) {
      reindexNotification(undo, org, n, () =>
        undo.assign(
          n,
          'recipients',
          n.recipients.filter((r) => r.userId !== userId),
        ),
      );
      if (n.everyone && heldByEveryone(org, n, userId)) {
        undo.assign(n.everyone, 'left', [...(n.everyone.left ?? []), userId]);
      }
    }
    if (userId === undefined || (n.recipients.length === 0 && everyoneOf(org, n).next().done === true)) {
      if (org) removeNotification(undo, org, n);
      ctx.events.emit('notification.delete', ns.apiKey, { organizationId: n.organizationId, documentId: n.documentId, notificationId: n.id });
    }
  }
  const done = new Set(matched.map((n) => n.id));
  const outcomes = new Map<string, NotificationOutcome>();
  const keys = selector.notificationIds ?? matched.map((n) => n.id);
  for (const id of keys) {
    outcomes.set(id, done.has(id) ? { success: true, message: 'Notification deleted.' } : { success: false, message: 'Failed to delete notification.' });
  }
  return outcomes;
}
