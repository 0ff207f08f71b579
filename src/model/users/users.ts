import { noteRosterChange } from '../notifications/roster.js';
import { ensureDocument, ensureFolder, ensureOrganization } from '../organizations/organizations.js';
import type { ModelContext } from '../state/context.js';
import type { Namespace, OrganizationRecord, UserRecord } from '../state/entities.js';
import { cloneState } from '../state/store.js';
import { attachments } from './emails.js';
import { noteUserRemoved, noteUserSet } from './order.js';

/** Where users attach: the most specific container given (document, else folder, else organization). */
export interface Level {
  organizationId: string;
  documentId?: string | undefined;
  folderId?: string | undefined;
}

/** Users to attach or update at a level; `keepAccessRole` is false on v1 paths, which ignore `accessRole`. */
export interface UserWrite extends Level {
  users: UserRecord[];
  keepAccessRole: boolean;
}

/** Users to detach from a level. */
export interface UserRemoval extends Level {
  userIds: string[];
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

/** The ids of a level as event fields (absent ones left out). */
function levelIds(level: Level): { organizationId: string; documentId?: string; folderId?: string } {
  const ids: { organizationId: string; documentId?: string; folderId?: string } = { organizationId: level.organizationId };
  if (level.documentId !== undefined) ids.documentId = level.documentId;
  else if (level.folderId !== undefined) ids.folderId = level.folderId;
  return ids;
}

/** First character of the name (a whole code point, so an emoji stays intact), upper-cased (service-facts 6.7). */
export function deriveInitial(name: unknown): string | undefined {
  if (typeof name !== 'string' || name.length === 0) return undefined;
  return String.fromCodePoint(name.codePointAt(0) ?? 0).toUpperCase();
}

/**
 * The record an add stores. v1 ignores `accessRole`, so a v1 re-add keeps the role an earlier v2 call set
 * instead of clearing it.
 */
function stored(user: UserRecord, keepAccessRole: boolean, previous: UserRecord | undefined): UserRecord {
  const copy = cloneState(user);
  if (!keepAccessRole) {
    delete copy.accessRole;
    if (previous?.accessRole !== undefined) copy.accessRole = previous.accessRole;
  }
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
export function addUsers(ctx: ModelContext, ns: Namespace, input: UserWrite): Map<string, UserOutcome> {
  const { users, keepAccessRole, ...level } = input;
  const org = ensureOrganization(ctx, ns, level.organizationId);
  const target =
    level.documentId !== undefined
      ? ensureDocument(ctx, ns, org, level.documentId, level.folderId).users
      : level.folderId !== undefined
        ? ensureFolder(ctx, org, level.folderId).users
        : org.users;
  const outcomes = new Map<string, UserOutcome>();
  for (const user of users) {
    ctx.store.undo.set(target, user.userId, stored(user, keepAccessRole, target.get(user.userId)));
    noteUserSet(ctx.store.undo, target, user.userId);
    if (target === org.users) noteRosterChange(ctx.store.undo, org, user.userId);
    outcomes.set(user.userId, { success: true, message: 'User added.' });
    ctx.events.emit('user.add', ns.apiKey, { ...levelIds(level), userId: user.userId });
  }
  return outcomes;
}

/** Updates users already attached at the level; absent fields stay, `initial` follows a new name. */
export function updateUsers(ctx: ModelContext, ns: Namespace, input: UserWrite): Map<string, UserOutcome> {
  const { users, keepAccessRole, ...level } = input;
  const org = ns.organizations.get(level.organizationId);
  const target = usersAt(org, level);
  const outcomes = new Map<string, UserOutcome>();
  for (const user of users) {
    const current = target?.get(user.userId);
    if (!target || !current) {
      outcomes.set(user.userId, { success: false, message: 'User does not exist.' });
      continue;
    }
    const patch = cloneState(user);
    if (!keepAccessRole) delete patch.accessRole;
    const next: UserRecord = { ...current, ...patch };
    if (patch.name !== undefined && patch.name !== current.name && patch.initial === undefined) {
      const initial = deriveInitial(patch.name);
      if (initial !== undefined) next.initial = initial;
      else delete next.initial;
    }
    ctx.store.undo.set(target, user.userId, next);
    if (org && target === org.users && current.email !== next.email) noteRosterChange(ctx.store.undo, org, user.userId);
    outcomes.set(user.userId, { success: true, message: 'User updated.' });
    ctx.events.emit('user.update', ns.apiKey, { ...levelIds(level), userId: user.userId });
  }
  return outcomes;
}

/**
 * Removes users from a level. At organization level the user also leaves every folder, document and group
 * of the organization; records the user created stay.
 */
export function deleteUsers(ctx: ModelContext, ns: Namespace, input: UserRemoval): Map<string, UserOutcome> {
  const { userIds, ...level } = input;
  const org = ns.organizations.get(level.organizationId);
  const target = usersAt(org, level);
  const outcomes = new Map<string, UserOutcome>();
  const orgLevel = level.documentId === undefined && level.folderId === undefined;
  for (const userId of userIds) {
    if (!org || !target?.has(userId)) {
      outcomes.set(userId, { success: false, message: 'User does not exist.' });
      continue;
    }
    const { undo } = ctx.store;
    undo.delete(target, userId);
    noteUserRemoved(undo, target);
    if (orgLevel) {
      noteRosterChange(undo, org, userId);
      // Only the folders and documents the user is attached to, not every one of the organization.
      for (const users of attachments(org, userId)) if (undo.delete(users, userId)) noteUserRemoved(undo, users);
      for (const group of org.groups.values()) undo.remove(group.members, userId);
    }
    outcomes.set(userId, { success: true, message: 'User removed.' });
    ctx.events.emit('user.delete', ns.apiKey, { ...levelIds(level), userId });
  }
  return outcomes;
}
