import { noteRosterChange } from '../notifications/roster.js';
import { noteNotificationsChanged } from '../notifications/timeline.js';
import type { ModelContext } from '../state/context.js';
import type { Namespace, OrganizationRecord, UserRecord } from '../state/entities.js';
import { userIdOf } from '../state/record-fields.js';
import type { UndoLog } from '../state/undo-log.js';
import { noteUserRemoved } from './order.js';

type Holder = Record<string, unknown>;
const isObject = (value: unknown): value is Holder => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The kinds of data a deletion can touch; each one touched is a task of the job. */
export type ErasedKind = 'memberships' | 'comments' | 'reactions' | 'recordings' | 'notifications' | 'activities';

/** Removes the users' `{{userId}}` mention tokens from a text. */
function stripTokens(text: string, users: ReadonlySet<string>): string {
  return text.replace(/\{\{([^{}]+)\}\}/g, (whole, id: string) => (users.has(id) ? '' : whole));
}

/** Takes the users out of another person's comment: tagged contacts, `to`, and mention tokens in the text. */
function stripMentions(undo: UndoLog, comment: Holder, users: ReadonlySet<string>): boolean {
  let changed = false;
  for (const key of ['taggedUserContacts', 'to']) {
    const list = comment[key];
    if (!Array.isArray(list)) continue;
    const kept = list.filter((entry: unknown) => {
      const id = userIdOf(entry) ?? (isObject(entry) ? userIdOf(entry['contact']) : undefined);
      return !(typeof id === 'string' && users.has(id));
    });
    if (kept.length !== list.length) {
      undo.assign(comment, key, kept);
      changed = true;
    }
  }
  for (const key of ['commentText', 'commentHtml']) {
    const text = comment[key];
    if (typeof text !== 'string') continue;
    const stripped = stripTokens(text, users);
    if (stripped !== text) {
      undo.assign(comment, key, stripped);
      changed = true;
    }
  }
  return changed;
}

const authoredBy = (record: Holder, users: ReadonlySet<string>): boolean => {
  const id = userIdOf(record['from']);
  return typeof id === 'string' && users.has(id);
};

/** Comment threads: a thread the user started goes whole; their comments leave others; mentions are stripped. */
function eraseComments(undo: UndoLog, org: OrganizationRecord, users: ReadonlySet<string>): boolean {
  let touched = false;
  for (const store of org.comments.values()) {
    for (const [annotationId, thread] of store.threads) {
      if (authoredBy(thread, users)) {
        undo.delete(store.threads, annotationId);
        touched = true;
        continue;
      }
      const remaining = thread.comments.filter((comment) => !authoredBy(comment, users));
      if (remaining.length !== thread.comments.length) touched = true;
      for (const comment of remaining) if (stripMentions(undo, comment, users)) touched = true;
      if (remaining.length !== thread.comments.length) undo.assign(thread, 'comments', remaining);
    }
  }
  return touched;
}

/** Drops a list's records the users authored; returns whether any went. */
function eraseAuthored(undo: UndoLog, org: OrganizationRecord, kind: 'reactions' | 'recordings', users: ReadonlySet<string>): boolean {
  const kept = org[kind].filter((record) => !authoredBy(record, users));
  if (kept.length === org[kind].length) return false;
  undo.assign(org, kind, kept);
  return true;
}

function eraseMemberships(undo: UndoLog, org: OrganizationRecord, users: ReadonlySet<string>): boolean {
  let touched = false;
  const drop = (map: Map<string, UserRecord>): void => {
    let dropped = false;
    for (const id of users) if (undo.delete(map, id)) dropped = true;
    if (dropped) noteUserRemoved(undo, map);
    touched ||= dropped;
  };
  const before = new Set([...users].filter((id) => org.users.has(id)));
  drop(org.users);
  for (const id of before) noteRosterChange(undo, org, id);
  for (const folder of org.folders.values()) drop(folder.users);
  for (const doc of org.documents.values()) drop(doc.users);
  for (const group of org.groups.values()) for (const id of users) if (undo.remove(group.members, id)) touched = true;
  return touched;
}

function eraseNotifications(undo: UndoLog, org: OrganizationRecord, users: ReadonlySet<string>): boolean {
  let touched = false;
  for (const [id, n] of org.notifications) {
    const actor = userIdOf(n.record['actionUser']);
    if (typeof actor === 'string' && users.has(actor)) {
      undo.delete(org.notifications, id);
      touched = true;
      continue;
    }
    const recipients = n.recipients.filter((r) => r.userId === undefined || !users.has(r.userId));
    if (recipients.length !== n.recipients.length) {
      undo.assign(n, 'recipients', recipients);
      touched = true;
    }
    if (n.readBy?.some((u) => users.has(u)))
      undo.assign(
        n,
        'readBy',
        n.readBy.filter((u) => !users.has(u)),
      );
    if (n.persistReadFor?.some((u) => users.has(u)))
      undo.assign(
        n,
        'persistReadFor',
        n.persistReadFor.filter((u) => !users.has(u)),
      );
  }
  for (const [key, config] of org.notificationConfigs) {
    if (users.has(config.userId)) {
      undo.delete(org.notificationConfigs, key);
      touched = true;
    }
  }
  return touched;
}

function eraseActivities(undo: UndoLog, org: OrganizationRecord, users: ReadonlySet<string>): boolean {
  let touched = false;
  for (const [id, activity] of org.activities) {
    if (activity.actionUser !== undefined && users.has(activity.actionUser.userId)) {
      undo.delete(org.activities, id);
      touched = true;
    }
  }
  return touched;
}

/**
 * Deletes everything the users have in the given organizations (all of the key's when none are named): their
 * memberships at every level and in groups, threads they started, their comments, reactions and recordings,
 * their mentions in others' comments, notifications they triggered (and their place as recipients), their
 * notification settings, activity records and presence. Returns the kinds that had something to delete.
 * @example eraseUserData(ctx, ns, { userIds: ['u1'] }) // Set { 'memberships', 'comments' }
 */
export function eraseUserData(
  ctx: ModelContext,
  ns: Namespace,
  input: { userIds: readonly string[]; organizationIds?: readonly string[] | undefined },
): Set<ErasedKind> {
  const users = new Set(input.userIds);
  const orgs = input.organizationIds ? input.organizationIds.flatMap((id) => ns.organizations.get(id) ?? []) : [...ns.organizations.values()];
  const touched = new Set<ErasedKind>();
  const { undo } = ctx.store;
  for (const org of orgs) {
    if (eraseMemberships(undo, org, users)) touched.add('memberships');
    if (eraseComments(undo, org, users)) touched.add('comments');
    if (eraseAuthored(undo, org, 'reactions', users)) touched.add('reactions');
    if (eraseAuthored(undo, org, 'recordings', users)) touched.add('recordings');
    if (eraseNotifications(undo, org, users)) {
      touched.add('notifications');
      noteNotificationsChanged(undo, org);
    }
    if (eraseActivities(undo, org, users)) touched.add('activities');
  }
  // Presence goes too; it is live state rather than stored data, so it adds no task.
  const scoped = input.organizationIds ? new Set(input.organizationIds) : undefined;
  for (const [key, table] of ns.presence ?? []) {
    const [organizationId] = JSON.parse(key) as [string, string];
    if (scoped && !scoped.has(organizationId)) continue;
    for (const userId of users) undo.delete(table, userId);
    if (table.size === 0 && ns.presence) undo.delete(ns.presence, key);
  }
  return touched;
}
