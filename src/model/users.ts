import type { Namespace, OrganizationRecord, UserRecord } from './entities.js';
import type { ModelContext } from './context.js';
import { ensureDocument, ensureFolder, ensureOrganization } from './organizations.js';

/** Where users attach: the most specific container given (document, else folder, else organization). */
export interface Level {
  organizationId: string;
  documentId?: string | undefined;
  folderId?: string | undefined;
}

/** A per-item outcome of a user operation. */
export interface UserOutcome {
  success: boolean;
  message: string;
}

/** The users map of a level, or undefined when the container does not exist. */
export function usersAt(org: OrganizationRecord | undefined, level: Level): Map<string, UserRecord> | undefined {
  if (!org) return undefined;
  if (level.documentId !== undefined) return org.documents.get(level.documentId)?.users;
  if (level.folderId !== undefined) return org.folders.get(level.folderId)?.users;
  return org.users;
}

/** First character of the name, upper-cased (service-facts 6.7). */
export function deriveInitial(name: unknown): string | undefined {
  return typeof name === 'string' && name.length > 0 ? name.charAt(0).toUpperCase() : undefined;
}

function stored(user: UserRecord, keepAccessRole: boolean): UserRecord {
  const copy = structuredClone(user);
  if (!keepAccessRole) delete copy.accessRole;
  if (copy.initial === undefined) {
    const initial = deriveInitial(copy.name);
    if (initial !== undefined) copy.initial = initial;
  }
  return copy;
}

/**
 * Attaches users at one level, creating the organization and container when missing (an upsert: a user
 * already there is replaced and keeps its place). `keepAccessRole` is false on v1 paths.
 */
export function addUsers(ctx: ModelContext, ns: Namespace, level: Level, users: UserRecord[], keepAccessRole: boolean): Map<string, UserOutcome> {
  const org = ensureOrganization(ctx, ns, level.organizationId);
  const target =
    level.documentId !== undefined
      ? ensureDocument(ctx, org, level.documentId, level.folderId).users
      : level.folderId !== undefined
        ? ensureFolder(ctx, org, level.folderId).users
        : org.users;
  const outcomes = new Map<string, UserOutcome>();
  for (const user of users) {
    target.set(user.userId, stored(user, keepAccessRole));
    outcomes.set(user.userId, { success: true, message: 'User added.' });
  }
  return outcomes;
}

/** Updates users already attached at the level; absent fields stay, `initial` follows a new name. */
export function updateUsers(ns: Namespace, level: Level, users: UserRecord[], keepAccessRole: boolean): Map<string, UserOutcome> {
  const target = usersAt(ns.organizations.get(level.organizationId), level);
  const outcomes = new Map<string, UserOutcome>();
  for (const user of users) {
    const current = target?.get(user.userId);
    if (!target || !current) {
      outcomes.set(user.userId, { success: false, message: 'User does not exist.' });
      continue;
    }
    const patch = structuredClone(user);
    if (!keepAccessRole) delete patch.accessRole;
    const next: UserRecord = { ...current, ...patch };
    if (patch.name !== undefined && patch.initial === undefined) {
      const initial = deriveInitial(patch.name);
      if (initial !== undefined) next.initial = initial;
    }
    target.set(user.userId, next);
    outcomes.set(user.userId, { success: true, message: 'User updated.' });
  }
  return outcomes;
}

/**
 * Removes users from a level. At organization level the user also leaves every folder, document and group
 * of the organization; records the user created stay.
 */
export function deleteUsers(ns: Namespace, level: Level, userIds: string[]): Map<string, UserOutcome> {
  const org = ns.organizations.get(level.organizationId);
  const target = usersAt(org, level);
  const outcomes = new Map<string, UserOutcome>();
  const orgLevel = level.documentId === undefined && level.folderId === undefined;
  for (const userId of userIds) {
    if (!org || !target || !target.has(userId)) {
      outcomes.set(userId, { success: false, message: 'User does not exist.' });
      continue;
    }
    target.delete(userId);
    if (orgLevel) {
      for (const folder of org.folders.values()) folder.users.delete(userId);
      for (const doc of org.documents.values()) doc.users.delete(userId);
      for (const group of org.groups.values()) group.members.delete(userId);
    }
    outcomes.set(userId, { success: true, message: 'User removed.' });
  }
  return outcomes;
}

export interface UserQuery extends Level {
  userIds?: string[] | undefined;
  organizationUserGroupIds?: string[] | undefined;
  allDocuments?: boolean | undefined;
}

/** One match of a user query; `documentId` is set for `allDocuments` queries. */
export interface UserMatch {
  documentId?: string;
  user: UserRecord;
}

/**
 * Users matching a query, first-added first (with `allDocuments`: (document, user) pairs in document
 * creation order). Filters are ANDed; the group filter keeps members of any listed group.
 */
export function* queryUsers(ns: Namespace, query: UserQuery): Generator<UserMatch> {
  const org = ns.organizations.get(query.organizationId);
  if (!org) return;
  const ids = query.userIds ? new Set(query.userIds) : undefined;
  let groupMembers: Set<string> | undefined;
  if (query.organizationUserGroupIds) {
    groupMembers = new Set();
    for (const groupId of query.organizationUserGroupIds) {
      for (const member of org.groups.get(groupId)?.members ?? []) groupMembers.add(member);
    }
  }
  const keep = (userId: string): boolean => (!ids || ids.has(userId)) && (!groupMembers || groupMembers.has(userId));
  if (query.allDocuments) {
    for (const doc of org.documents.values()) {
      for (const user of doc.users.values()) if (keep(user.userId)) yield { documentId: doc.documentId, user };
    }
    return;
  }
  for (const user of usersAt(org, query)?.values() ?? []) if (keep(user.userId)) yield { user };
}

/** The `{ email, name, userId }` item of get users, in that key order; keys never stored are omitted. */
export function userSummary(user: UserRecord): Record<string, string> {
  const out: Record<string, string> = {};
  if (typeof user.email === 'string') out['email'] = user.email;
  if (typeof user.name === 'string') out['name'] = user.name;
  out['userId'] = user.userId;
  return out;
}
