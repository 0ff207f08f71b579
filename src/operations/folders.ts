import { z } from 'zod';
import { ServiceError } from '../errors.js';
import { addFolder, childrenIndex, deleteFolder, folderTree, folderView, setFolderAccess, updateFolder } from '../model/folders.js';
import { ensureOrganization } from '../model/organizations/organizations.js';
import { defineOperation, namespaceOf } from '../protocol/operation.js';
import { perItem, requiredString } from '../protocol/rules.js';

/** The access types of folders and documents. */
export const accessType = z.enum(['public', 'organizationPrivate', 'restricted']);

const FOLDER_NOT_FOUND = 'Folder not found.';
const MAX_DEPTH = 'maxDepth must be a positive integer.';

/** `POST /v2/organizations/folders/add` (and v1): nested folders, in request order (a parent may come first). */
export const add = defineOperation({
  auth: 'apiKey',
  summary: 'Add folders',
  message: 'Folder created successfully.',
  schema: z.object({
    organizationId: requiredString(),
    createOrganization: z.boolean().optional(),
    folders: z
      .array(
        z.object({
          folderId: requiredString(),
          folderName: z.string().optional(),
          parentFolderId: requiredString().optional(),
          accessType: accessType.optional(),
        }),
      )
      .min(1),
  }),
  run({ data, caller, model }) {
    const ns = namespaceOf(caller);
    const org = ensureOrganization(model, ns, data.organizationId);
    const items = data.folders.map((folder) => {
      const outcome = addFolder(model, ns, org, folder);
      return [folder.folderId, { success: outcome.ok, id: folder.folderId, message: outcome.ok ? 'Folder added.' : outcome.message }] as const;
    });
    return { data: perItem(items) };
  },
});

/**
 * `POST /v2/organizations/folders/get` (and v1): every folder of the organization as a flat list, or one folder
 * with `subFolders` down to `maxDepth` levels (default 1, v2). Unpaged.
 */
export const get = defineOperation({
  auth: 'apiKey',
  summary: 'Get folders',
  message: 'Folders retrieved successfully.',
  schema: z.object({
    organizationId: requiredString(),
    folderId: requiredString().optional(),
    maxDepth: z.number().int({ error: MAX_DEPTH }).positive({ error: MAX_DEPTH }).optional(),
  }),
  run({ data, caller, version }) {
    const ns = namespaceOf(caller);
    const org = ns.organizations.get(data.organizationId);
    if (data.folderId === undefined) return { data: org ? [...org.folders.values()].map((f) => folderView(ns, org, f)) : [] };
    const folder = org?.folders.get(data.folderId);
    if (!org || !folder) throw new ServiceError('NOT_FOUND', FOLDER_NOT_FOUND);
    const depth = version === 'v2' ? (data.maxDepth ?? 1) : 1;
    const tree = folderTree(ns, org, folder, depth, childrenIndex(org));
    return { data: [tree], ...(version === 'v2' ? { message: 'Folder(s) retrieved successfully.' } : {}) };
  },
});

/** `POST /v2/organizations/folders/update` (and v1): rename and/or move; a move recomputes ancestors and access below. */
export const update = defineOperation({
  auth: 'apiKey',
  summary: 'Update folders',
  message: 'Folder Updated successfully.',
  schema: z.object({
    organizationId: requiredString(),
    folders: z.array(z.object({ folderId: requiredString(), folderName: z.string().optional(), parentFolderId: requiredString().optional() })).min(1),
  }),
  run({ data, caller, model }) {
    const ns = namespaceOf(caller);
    const org = ns.organizations.get(data.organizationId);
    const items = data.folders.map((change) => {
      const outcome = org ? updateFolder(model, ns, org, change) : { ok: false as const, message: FOLDER_NOT_FOUND };
      return [change.folderId, { success: outcome.ok, id: change.folderId, message: outcome.ok ? 'Folder Updated.' : outcome.message }] as const;
    });
    return { data: perItem(items) };
  },
});

/** `POST /v2/organizations/folders/delete`: the folder, its subfolders and their documents; `data: null`. */
export const remove = defineOperation({
  auth: 'apiKey',
  summary: 'Delete a folder',
  message: 'Folder deletion initiated successfully.',
  schema: z.object({ organizationId: requiredString(), folderId: requiredString() }),
  run({ data, caller, model }) {
    const ns = namespaceOf(caller);
    const org = ns.organizations.get(data.organizationId);
    if (!org || !deleteFolder(model, ns, org, data.folderId)) throw new ServiceError('NOT_FOUND', FOLDER_NOT_FOUND);
    return { data: null };
  },
});

/** `POST /v2/organizations/folders/access/update` (and v1): an access type, or `inheritFromParent: true`. */
export const updateAccess = defineOperation({
  auth: 'apiKey',
  summary: 'Update folder access',
  message: 'Updated access for folders successfully.',
  schema: z
    .object({
      organizationId: requiredString(),
      folderIds: z.array(requiredString()).min(1),
      accessType: accessType.optional(),
      inheritFromParent: z.boolean().optional(),
    })
    .refine((d) => d.accessType !== undefined || d.inheritFromParent === true, { error: 'accessType or inheritFromParent is required.' }),
  run({ data, caller, model }) {
    const ns = namespaceOf(caller);
    const org = ns.organizations.get(data.organizationId);
    const inherit = data.inheritFromParent === true;
    const items = data.folderIds.map((folderId): readonly [string, Record<string, unknown>] => {
      const found = org !== undefined && setFolderAccess(model, ns, org, { folderId, accessType: data.accessType, inheritFromParent: data.inheritFromParent });
      if (!found) return [folderId, { success: false, accessType: null, message: FOLDER_NOT_FOUND }];
      return [
        folderId,
        inherit
          ? { success: true, accessType: null, inheritFromParent: true, message: 'Folder access type updated.' }
          : { success: true, accessType: data.accessType ?? null, message: 'Folder access type updated.' },
      ];
    });
    return { data: perItem(items), ...(inherit ? { message: 'Folder access type updated.' } : {}) };
  },
});
