import { DOCUMENT_SCOPE } from '../document-scope.js';
import { noteRosterChange } from '../notifications/roster.js';
import type { ModelContext } from '../state/context.js';
import type { Namespace, OrganizationRecord, UserRecord } from '../state/entities.js';
import type { UndoLog } from '../state/undo-log.js';
import { noteUserRemoved } from './order.js';

/** Takes the users out of every level of an organization and out of its groups; returns whether any was there. */
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

/**
 * Deletes everything the users have in the given organizations (all of the key's when none are named): their
 * memberships at every level and in groups, threads they started, their comments, reactions and recordings,
 * their mentions in others' comments, notifications they triggered (and their place as recipients), their
 * notification settings, activity records and presence: the memberships here, the rest by each kind of
 * `DOCUMENT_SCOPE`. Returns the tasks that had something to delete (`memberships` and the kinds' tasks).
 * @example eraseUserData(ctx, ns, { userIds: ['u1'] }) // Set { 'memberships', 'comments' }
 */
export function eraseUserData(
  ctx: ModelContext,
  ns: Namespace,
  input: { userIds: readonly string[]; organizationIds?: readonly string[] | undefined },
): Set<string> {
  const users = new Set(input.userIds);
  const orgs = input.organizationIds ? input.organizationIds.flatMap((id) => ns.organizations.get(id) ?? []) : [...ns.organizations.values()];
  const touched = new Set<string>();
  const { undo } = ctx.store;
  for (const org of orgs) {
    if (eraseMemberships(undo, org, users)) touched.add('memberships');
    for (const kind of DOCUMENT_SCOPE) if (kind.erase?.({ ctx, ns, org }, users)) touched.add(kind.erasedAs ?? kind.name);
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
