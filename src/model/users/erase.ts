import type { Namespace, OrganizationRecord } from '../entities.js';
import { userIdOf } from '../record-fields.js';

type Holder = Record<string, unknown>;
const isObject = (value: unknown): value is Holder => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The kinds of data a deletion can touch; each one touched is a task of the job. */
export type ErasedKind = 'memberships' | 'comments' | 'reactions' | 'recordings' | 'notifications' | 'activities';

/** Removes the users' `{{userId}}` mention tokens from a text. */
function stripTokens(text: string, users: ReadonlySet<string>): string {
  return text.replace(/\{\{([^{}]+)\}\}/g, (whole, id: string) => (users.has(id) ? '' : whole));
}

/** Takes the users out of another person's comment: tagged contacts, `to`, and mention tokens in the text. */
function stripMentions(comment: Holder, users: ReadonlySet<string>): boolean {
  let changed = false;
  for (const key of ['taggedUserContacts', 'to']) {
    const list = comment[key];
    if (!Array.isArray(list)) continue;
    const kept = list.filter((entry: unknown) => {
      const id = userIdOf(entry) ?? (isObject(entry) ? userIdOf(entry['contact']) : undefined);
      return !(typeof id === 'string' && users.has(id));
    });
    if (kept.length !== list.length) {
      comment[key] = kept;
      changed = true;
    }
  }
  for (const key of ['commentText', 'commentHtml']) {
    const text = comment[key];
    if (typeof text !== 'string') continue;
    const stripped = stripTokens(text, users);
    if (stripped !== text) {
      comment[key] = stripped;
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
function eraseComments(org: OrganizationRecord, users: ReadonlySet<string>): boolean {
  let touched = false;
  for (const store of org.comments.values()) {
    for (const [annotationId, thread] of store.threads) {
      if (authoredBy(thread, users)) {
        store.threads.delete(annotationId);
        touched = true;
        continue;
      }
      const remaining = thread.comments.filter((comment) => !authoredBy(comment, users));
      if (remaining.length !== thread.comments.length) touched = true;
      for (const comment of remaining) if (stripMentions(comment, users)) touched = true;
      thread.comments = remaining;
    }
  }
  return touched;
}

/** Drops a list's records the users authored; returns whether any went. */
function eraseAuthored(org: OrganizationRecord, kind: 'reactions' | 'recordings', users: ReadonlySet<string>): boolean {
  const before = org[kind].length;
  org[kind] = org[kind].filter((record) => !authoredBy(record, users));
  return org[kind].length !== before;
}

function eraseMemberships(org: OrganizationRecord, users: ReadonlySet<string>): boolean {
  let touched = false;
  const drop = (map: Map<string, unknown>): void => {
    for (const id of users) if (map.delete(id)) touched = true;
  };
  drop(org.users);
  for (const folder of org.folders.values()) drop(folder.users);
  for (const doc of org.documents.values()) drop(doc.users);
  for (const group of org.groups.values()) for (const id of users) if (group.members.delete(id)) touched = true;
  return touched;
}

function eraseNotifications(org: OrganizationRecord, users: ReadonlySet<string>): boolean {
  let touched = false;
  for (const [id, n] of org.notifications) {
    const actor = userIdOf(n.record['actionUser']);
    if (typeof actor === 'string' && users.has(actor)) {
      org.notifications.delete(id);
      touched = true;
      continue;
    }
    const recipients = n.recipients.filter((r) => r.userId === undefined || !users.has(r.userId));
    if (recipients.length !== n.recipients.length) {
      n.recipients = recipients;
      touched = true;
    }
    if (n.readBy) n.readBy = n.readBy.filter((u) => !users.has(u));
    if (n.persistReadFor) n.persistReadFor = n.persistReadFor.filter((u) => !users.has(u));
  }
  for (const [key, config] of org.notificationConfigs) {
    if (users.has(config.userId)) {
      org.notificationConfigs.delete(key);
      touched = true;
    }
  }
  return touched;
}

function eraseActivities(org: OrganizationRecord, users: ReadonlySet<string>): boolean {
  let touched = false;
  for (const [id, activity] of org.activities) {
    if (activity.actionUser !== undefined && users.has(activity.actionUser.userId)) {
      org.activities.delete(id);
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
 * @example eraseUserData(ns, { userIds: ['u1'] }) // Set { 'memberships', 'comments' }
 */
export function eraseUserData(ns: Namespace, input: { userIds: readonly string[]; organizationIds?: readonly string[] | undefined }): Set<ErasedKind> {
  const users = new Set(input.userIds);
  const orgs = input.organizationIds
    ? input.organizationIds.flatMap((id) => ns.organizations.get(id) ?? [])
    : [...ns.organizations.values()];
  const touched = new Set<ErasedKind>();
  for (const org of orgs) {
    if (eraseMemberships(org, users)) touched.add('memberships');
    if (eraseComments(org, users)) touched.add('comments');
    if (eraseAuthored(org, 'reactions', users)) touched.add('reactions');
    if (eraseAuthored(org, 'recordings', users)) touched.add('recordings');
    if (eraseNotifications(org, users)) touched.add('notifications');
    if (eraseActivities(org, users)) touched.add('activities');
  }
  // Presence goes too; it is live state rather than stored data, so it adds no task.
  const scoped = input.organizationIds ? new Set(input.organizationIds) : undefined;
  for (const [key, table] of ns.presence ?? []) {
    const [organizationId] = JSON.parse(key) as [string, string];
    if (scoped && !scoped.has(organizationId)) continue;
    for (const userId of users) table.delete(userId);
    if (table.size === 0) ns.presence?.delete(key);
  }
  return touched;
}
