import { folderAccessType, folderChain } from './access.js';
import { deleteDocument } from './documents.js';
import type { ModelContext } from './state/context.js';
import type { AccessType, FolderRecord, Namespace, OrganizationRecord } from './state/entities.js';

/** The parent id of top-level folders on the wire. */
export const ROOT = 'root';

/** A folder as add folders receives it. */
export interface NewFolder {
  folderId: string;
  folderName?: string | undefined;
  parentFolderId?: string | undefined;
  accessType?: AccessType | undefined;
}

/** A per-item outcome of a folder write: a message for the caller when it failed. */
export type FolderOutcome = { ok: true } | { ok: false; message: string };

const parentOf = (parentFolderId: string | undefined): string | undefined =>
  parentFolderId === undefined || parentFolderId === ROOT ? undefined : parentFolderId;

/**
 * Adds one folder under its parent (top level without one). Without an `accessType` a nested folder inherits
 * its parent's and a top-level one takes the workspace's `defaultDocumentAccessType` (`public` unless configured).
 * An existing id or a missing parent fails.
 */
export function addFolder(ctx: ModelContext, ns: Namespace, org: OrganizationRecord, input: NewFolder): FolderOutcome {
  if (org.folders.has(input.folderId)) return { ok: false, message: 'Folder already exists.' };
  const parentFolderId = parentOf(input.parentFolderId);
  if (parentFolderId !== undefined && !org.folders.has(parentFolderId)) return { ok: false, message: 'Parent folder does not exist.' };
  const now = ctx.clock.now();
  const folder: FolderRecord = { folderId: input.folderId, users: new Map(), createdAt: now, lastUpdated: now };
  if (input.folderName !== undefined) folder.folderName = input.folderName;
  if (parentFolderId !== undefined) folder.parentFolderId = parentFolderId;
  if (input.accessType !== undefined) folder.accessType = input.accessType;
  else if (parentFolderId === undefined) {
    const preset = ns.configs.apiKeyConfig?.defaultDocumentAccessType;
    if (preset !== undefined && preset !== 'public') folder.accessType = preset;
  }
  folder.inheritAccessFromParent = input.accessType === undefined && parentFolderId !== undefined;
  ctx.store.undo.set(org.folders, input.folderId, folder);
  ctx.events.emit('folder.add', ns.apiKey, { organizationId: org.organizationId, folderId: input.folderId });
  return { ok: true };
}

/** A rename and/or a move; moving takes the folder's subfolders and documents along. */
export interface FolderChange {
  folderId: string;
  folderName?: string | undefined;
  parentFolderId?: string | undefined;
}

/** Renames or moves one folder; moving under itself or a descendant fails and changes nothing. */
export function updateFolder(ctx: ModelContext, ns: Namespace, org: OrganizationRecord, change: FolderChange): FolderOutcome {
  const folder = org.folders.get(change.folderId);
  if (!folder) return { ok: false, message: 'Folder not found.' };
  if (change.parentFolderId !== undefined) {
    const parentFolderId = parentOf(change.parentFolderId);
    if (parentFolderId !== undefined) {
      if (!org.folders.has(parentFolderId)) return { ok: false, message: 'Parent folder does not exist.' };
      if (folderChain(org, parentFolderId).some((f) => f.folderId === folder.folderId)) {
        return { ok: false, message: 'Cannot move a folder into itself or its subfolder.' };
      }
      ctx.store.undo.assign(folder, 'parentFolderId', parentFolderId);
    } else {
      ctx.store.undo.unset(folder, 'parentFolderId');
    }
  }
  if (change.folderName !== undefined) ctx.store.undo.assign(folder, 'folderName', change.folderName);
  ctx.store.undo.assign(folder, 'lastUpdated', ctx.clock.now());
  ctx.events.emit('folder.update', ns.apiKey, { organizationId: org.organizationId, folderId: folder.folderId });
  return { ok: true };
}

/** Sets a folder's own access type, or makes it take its parent's. Subfolders and documents that inherit follow. */
export function setFolderAccess(
  ctx: ModelContext,
  ns: Namespace,
  org: OrganizationRecord,
  input: { folderId: string; accessType?: AccessType | undefined; inheritFromParent?: boolean | undefined },
): boolean {
  const folder = org.folders.get(input.folderId);
  if (!folder) return false;
  if (input.inheritFromParent === true) {
    ctx.store.undo.assign(folder, 'inheritAccessFromParent', true);
    ctx.store.undo.unset(folder, 'accessType');
  } else {
    if (input.accessType !== undefined) ctx.store.undo.assign(folder, 'accessType', input.accessType);
    ctx.store.undo.assign(folder, 'inheritAccessFromParent', false);
  }
  ctx.store.undo.assign(folder, 'lastUpdated', ctx.clock.now());
  ctx.events.emit('folder.access_update', ns.apiKey, { organizationId: org.organizationId, folderId: folder.folderId });
  return true;
}

/** Child folder ids of every folder of the organization, in creation order (one pass over its folders). */
export function childrenIndex(org: OrganizationRecord): Map<string, string[]> {
  const children = new Map<string, string[]>();
  for (const folder of org.folders.values()) {
    const parent = folder.parentFolderId ?? ROOT;
    const list = children.get(parent);
    if (list) list.push(folder.folderId);
    else children.set(parent, [folder.folderId]);
  }
  return children;
}

/** The folder and every folder below it, parents before children. */
function subtree(folderId: string, children: Map<string, string[]>): string[] {
  const out = [folderId];
  for (let i = 0; i < out.length; i++) out.push(...(children.get(out[i] ?? '') ?? []));
  return out;
}

/**
 * Deletes a folder with its subfolders and the documents in any of them (each through document delete).
 * Returns false when there is no such folder.
 */
export function deleteFolder(ctx: ModelContext, ns: Namespace, org: OrganizationRecord, folderId: string): boolean {
  if (!org.folders.has(folderId)) return false;
  const gone = new Set(subtree(folderId, childrenIndex(org)));
  for (const doc of [...org.documents.values()]) {
    if (doc.folderId !== undefined && gone.has(doc.folderId)) deleteDocument(ctx, ns, { organizationId: org.organizationId, documentId: doc.documentId });
  }
  for (const id of gone) ctx.store.undo.delete(org.folders, id);
  ctx.events.emit('folder.delete', ns.apiKey, { organizationId: org.organizationId, folderId });
  return true;
}

/** The folder record of get folders (service reference 2.6); `ancestors` and `accessType` are computed. */
export function folderView(ns: Namespace, org: OrganizationRecord, folder: FolderRecord): Record<string, unknown> {
  const ancestors = folderChain(org, folder.parentFolderId)
    .map((f) => f.folderId)
    .reverse();
  const view: Record<string, unknown> = { folderId: folder.folderId };
  if (folder.folderName !== undefined) view['folderName'] = folder.folderName;
  view['organizationId'] = org.organizationId;
  view['parentFolderId'] = folder.parentFolderId ?? ROOT;
  view['apiKey'] = ns.apiKey;
  view['createdAt'] = folder.createdAt;
  view['lastUpdated'] = folder.lastUpdated ?? folder.createdAt;
  view['ancestors'] = [ROOT, ...ancestors];
  view['accessType'] = folderAccessType(org, folder);
  view['inheritAccessFromParent'] = folder.inheritAccessFromParent === true;
  return view;
}

/** A folder with `subFolders` down to `depth` levels; the deepest level has no `subFolders` key. */
export function folderTree(
  ns: Namespace,
  org: OrganizationRecord,
  folder: FolderRecord,
  depth: number,
  children: Map<string, string[]>,
): Record<string, unknown> {
  const view = folderView(ns, org, folder);
  if (depth <= 0) return view;
  const below = (children.get(folder.folderId) ?? []).map((id) => org.folders.get(id)).filter((f): f is FolderRecord => f !== undefined);
  if (below.length > 0) view['subFolders'] = below.map((child) => folderTree(ns, org, child, depth - 1, children));
  return view;
}
