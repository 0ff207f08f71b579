import { ensureOrganization } from './organizations/organizations.js';
import type { ModelContext } from './state/context.js';
import type { GroupRecord, Namespace, OrganizationRecord } from './state/entities.js';

/** A group of the organization, created with its id as name when missing. */
function ensureGroup(ctx: ModelContext, org: OrganizationRecord, groupId: string, groupName?: string): GroupRecord {
  let group = org.groups.get(groupId);
  if (!group) {
    group = { groupId, groupName: groupName ?? groupId, members: new Set() };
    ctx.store.undo.set(org.groups, groupId, group);
  } else if (groupName !== undefined) {
    ctx.store.undo.assign(group, 'groupName', groupName);
  }
  return group;
}

/** Adds or renames groups, creating the organization when missing. */
export function addGroups(
  ctx: ModelContext,
  ns: Namespace,
  input: { organizationId: string; groups: { groupId: string; groupName?: string | undefined }[] },
): void {
  const org = ensureOrganization(ctx, ns, input.organizationId);
  for (const g of input.groups) {
    ensureGroup(ctx, org, g.groupId, g.groupName);
    ctx.events.emit('group.add', ns.apiKey, { organizationId: input.organizationId, groupId: g.groupId });
  }
}

/** Which group's membership changes, and for whom. */
export interface MembershipChange {
  organizationId: string;
  groupId: string;
  userIds: string[];
}

/** A per-item outcome of a group membership change. */
export type MemberOutcome = { success: true } | { success: false; message: string };

/** Adds organization users to a group (created when missing); anyone else is refused per item. */
export function addMembers(ctx: ModelContext, ns: Namespace, change: MembershipChange): Map<string, MemberOutcome> {
  const { organizationId, groupId, userIds } = change;
  const org = ns.organizations.get(organizationId);
  const outcomes = new Map<string, MemberOutcome>();
  const group = org && userIds.some((id) => org.users.has(id)) ? ensureGroup(ctx, org, groupId) : undefined;
  for (const userId of userIds) {
    if (group && org?.users.has(userId)) {
      ctx.store.undo.add(group.members, userId);
      outcomes.set(userId, { success: true });
    } else {
      outcomes.set(userId, { success: false, message: 'User is not an organization user.' });
    }
  }
  const added = [...outcomes].filter(([, o]) => o.success).map(([id]) => id);
  if (added.length > 0) ctx.events.emit('group.users_add', ns.apiKey, { organizationId, groupId, userIds: added });
  return outcomes;
}

/** Removes members from a group; `all` removes every member and reports each one. */
export function removeMembers(
  ctx: ModelContext,
  ns: Namespace,
  change: Omit<MembershipChange, 'userIds'> & { userIds: string[] | 'all' },
): Map<string, MemberOutcome> {
  const { organizationId, groupId, userIds } = change;
  const group = ns.organizations.get(organizationId)?.groups.get(groupId);
  const outcomes = new Map<string, MemberOutcome>();
  const targets = userIds === 'all' ? [...(group?.members ?? [])] : userIds;
  for (const userId of targets) {
    if (group && ctx.store.undo.remove(group.members, userId)) outcomes.set(userId, { success: true });
    else outcomes.set(userId, { success: false, message: 'User is not in organization user group.' });
  }
  const removed = [...outcomes].filter(([, o]) => o.success).map(([id]) => id);
  if (removed.length > 0) ctx.events.emit('group.users_delete', ns.apiKey, { organizationId, groupId, userIds: removed });
  return outcomes;
}
