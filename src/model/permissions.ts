import { type AccessDecision, type AccessRole, documentAccess, folderAccess, organizationAccess } from './access.js';
import { noteRosterChange } from './notifications/roster.js';
import type { ModelContext } from './state/context.js';
import type { Namespace, OrganizationRecord, UserRecord } from './state/entities.js';
import { noteUserSet } from './users/order.js';
import { deleteUsers } from './users/users.js';

/** One resource of permissions add/remove. `organizationId` is required for documents and folders (the caller checks). */
export interface PermissionResource {
  type: 'organization' | 'folder' | 'document';
  id: string;
  organizationId?: string | undefined;
  accessRole?: AccessRole | undefined;
  /** Unix seconds. */
  expiresAt?: number | undefined;
}

/** The organization and users map a resource names, when both exist. */
function locate(ns: Namespace, resource: PermissionResource): { org: OrganizationRecord; users: Map<string, UserRecord> } | undefined {
  const org = ns.organizations.get(resource.type === 'organization' ? resource.id : (resource.organizationId ?? ''));
  if (!org) return undefined;
  const users =
    resource.type === 'organization' ? org.users : resource.type === 'folder' ? org.folders.get(resource.id)?.users : org.documents.get(resource.id)?.users;
  return users ? { org, users } : undefined;
}

function levelOf(resource: PermissionResource): { documentId?: string; folderId?: string } {
  if (resource.type === 'document') return { documentId: resource.id };
  if (resource.type === 'folder') return { folderId: resource.id };
  return {};
}

/**
 * Grants a user a role on each resource: the same attachment users add makes at that level (name and email of an
 * existing attachment stay); a re-grant replaces role and expiry. Resources that do not exist are not created.
 */
export function grantPermissions(ctx: ModelContext, ns: Namespace, userId: string, resources: PermissionResource[]): void {
  for (const resource of resources) {
    const found = locate(ns, resource);
    if (!found) continue;
    const { expiresAt: _previous, ...current } = found.users.get(userId) ?? { userId };
    const next: UserRecord = { ...current, userId, accessRole: resource.accessRole ?? 'editor' };
    if (resource.expiresAt !== undefined) next.expiresAt = resource.expiresAt;
    ctx.store.undo.set(found.users, userId, next);
    noteUserSet(ctx.store.undo, found.users, userId);
    if (found.users === found.org.users) noteRosterChange(ctx.store.undo, found.org, userId);
    ctx.events.emit('permission.add', ns.apiKey, { organizationId: found.org.organizationId, userId, ...levelOf(resource) });
  }
}

/** Removes the user's attachment at exactly each level (organization level cascades, as users delete does). */
export function revokePermissions(ctx: ModelContext, ns: Namespace, userId: string, resources: PermissionResource[]): void {
  for (const resource of resources) {
    const found = locate(ns, resource);
    if (!found?.users.has(userId)) continue;
    deleteUsers(ctx, ns, { organizationId: found.org.organizationId, ...levelOf(resource), userIds: [userId] });
    ctx.events.emit('permission.remove', ns.apiKey, { organizationId: found.org.organizationId, userId, ...levelOf(resource) });
  }
}

/** One entry of permissions get. */
export type PermissionEntry = Record<string, unknown>;

/** What permissions get answers for one user. */
export interface UserPermissions {
  organization: Record<string, PermissionEntry>;
  folders?: Record<string, PermissionEntry>;
  documents?: Record<string, PermissionEntry>;
}

const DENIED: Record<'organization' | 'folder' | 'document', string> = {
  organization: 'User does not have access to organization',
  folder: 'User does not have access to folder',
  document: 'User does not have access to document',
};

function entry(decision: AccessDecision, kind: 'organization' | 'folder' | 'document'): PermissionEntry {
  const out: PermissionEntry = {};
  if (decision.role === null) {
    out['error'] = DENIED[kind];
    out['errorCode'] = 'permission_denied';
  } else {
    out['accessRole'] = decision.role;
  }
  if (kind !== 'organization') out['accessType'] = decision.accessType;
  if (decision.role !== null && decision.expiresAt !== undefined) out['expiresAt'] = decision.expiresAt;
  return out;
}

const missing = (kind: 'Organization' | 'Folder' | 'Document'): PermissionEntry => ({ error: `${kind} does not exist`, errorCode: 'does_not_exist' });

/**
 * Effective access of each user to the organization and the named folders and documents, by the access model;
 * the user counts as signed in, so `public` resources answer `editor`. `missing` tells whether any named folder or
 * document does not exist (the operation then fails the whole call).
 */
export function reportPermissions(
  ctx: ModelContext,
  ns: Namespace,
  input: { organizationId: string; userIds: string[]; folderIds?: string[] | undefined; documentIds?: string[] | undefined },
): { data: Record<string, UserPermissions>; missing: boolean } {
  const org = ns.organizations.get(input.organizationId);
  const now = ctx.clock.now();
  let absent = false;
  const data = Object.create(null) as Record<string, UserPermissions>;
  for (const userId of input.userIds) {
    const query = { userId, now, signedIn: true };
    const result: UserPermissions = {
      organization: { [input.organizationId]: org ? entry(organizationAccess(org, query), 'organization') : missing('Organization') },
    };
    if (input.folderIds && input.folderIds.length > 0) {
      const folders = Object.create(null) as Record<string, PermissionEntry>;
      for (const folderId of input.folderIds) {
        const folder = org?.folders.get(folderId);
        if (!org || !folder) absent = true;
        folders[folderId] = org && folder ? entry(folderAccess(org, folder, query), 'folder') : missing('Folder');
      }
      result.folders = folders;
    }
    if (input.documentIds && input.documentIds.length > 0) {
      const documents = Object.create(null) as Record<string, PermissionEntry>;
      for (const documentId of input.documentIds) {
        const doc = org?.documents.get(documentId);
        if (!org || !doc) absent = true;
        documents[documentId] = org && doc ? entry(documentAccess(org, doc, query), 'document') : missing('Document');
      }
      result.documents = documents;
    }
    data[userId] = result;
  }
  return { data, missing: absent };
}
