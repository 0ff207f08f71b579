import { md5Hex } from '../../support/ids.js';
import type { ModelContext } from '../state/context.js';
import type { AccessType, DocumentRecord, FolderRecord, Namespace, OrganizationRecord } from '../state/entities.js';

/** An organization of the namespace, created empty when missing. */
export function ensureOrganization(ctx: ModelContext, ns: Namespace, organizationId: string): OrganizationRecord {
  let org = ns.organizations.get(organizationId);
  if (!org) {
    org = {
      organizationId,
      id: md5Hex(organizationId),
      disabled: false,
      createdAt: ctx.clock.now(),
      users: new Map(),
      folders: new Map(),
      documents: new Map(),
      groups: new Map(),
      notifications: new Map(),
      notificationConfigs: new Map(),
      activities: new Map(),
      comments: new Map(),
      reactions: [],
      recordings: [],
    };
    ctx.store.undo.set(ns.organizations, organizationId, org);
  }
  return org;
}

/** Stores the disabled flag of an existing organization; a missing one is not created (service-facts D7). */
export function setOrganizationDisabled(ctx: ModelContext, ns: Namespace, input: { organizationId: string; disabled: boolean }): boolean {
  const org = ns.organizations.get(input.organizationId);
  if (!org) return false;
  ctx.store.undo.assign(org, 'disabled', input.disabled);
  ctx.events.emit('organization.disable_state', ns.apiKey, { ...input });
  return true;
}

/** A folder of the organization, created when missing. */
export function ensureFolder(ctx: ModelContext, org: OrganizationRecord, folderId: string): FolderRecord {
  let folder = org.folders.get(folderId);
  if (!folder) {
    folder = { folderId, users: new Map(), createdAt: ctx.clock.now() };
    ctx.store.undo.set(org.folders, folderId, folder);
  }
  return folder;
}

/** A document as add documents receives it; keys beyond the documented ones are custom fields. */
export interface NewDocument {
  documentId: string;
  documentName?: string | undefined;
  accessType?: AccessType | undefined;
  disabled?: boolean | undefined;
  [field: string]: unknown;
}

/**
 * A document of the namespace's organization, created (with a fresh 16-digit internal id) when missing. A new
 * document outside any folder takes the workspace's `defaultDocumentAccessType` as its own access type when that is
 * not `public` (beyond-spec 3.24: the default applies to documents created afterwards); in a folder it inherits.
 */
export function ensureDocument(ctx: ModelContext, ns: Namespace, org: OrganizationRecord, documentId: string, folderId?: string): DocumentRecord {
  let doc = org.documents.get(documentId);
  if (!doc) {
    doc = { documentId, id: ctx.ids.numeric16(), extra: {}, users: new Map(), createdAt: ctx.clock.now() };
    if (folderId !== undefined) {
      ensureFolder(ctx, org, folderId);
      doc.folderId = folderId;
    } else {
      const preset = ns.configs.apiKeyConfig?.defaultDocumentAccessType;
      if (preset !== undefined && preset !== 'public') doc.accessType = preset;
    }
    ctx.store.undo.set(org.documents, documentId, doc);
  }
  return doc;
}

/** Whether add documents created the document, with its new internal id. */
export type AddDocumentOutcome = { added: true; id: string } | { added: false };

/** Adds one document; an existing documentId is left untouched and reported as not added. */
export function addDocument(
  ctx: ModelContext,
  ns: Namespace,
  input: { organizationId: string; folderId?: string | undefined; document: NewDocument },
): AddDocumentOutcome {
  const org = ensureOrganization(ctx, ns, input.organizationId);
  if (org.documents.has(input.document.documentId)) return { added: false };
  const { folderId } = input;
  const { documentId, documentName, accessType, disabled, ...extra } = input.document;
  const doc = ensureDocument(ctx, ns, org, documentId, folderId);
  if (documentName !== undefined) doc.documentName = documentName;
  if (accessType !== undefined) doc.accessType = accessType;
  if (disabled !== undefined) doc.disabled = disabled;
  doc.extra = structuredClone(extra);
  ctx.events.emit('document.add', ns.apiKey, { organizationId: input.organizationId, documentId });
  return { added: true, id: doc.id };
}

/** An organization as add and update organizations receive it; keys beyond the documented ones are metadata. */
export interface OrganizationInput {
  organizationId: string;
  organizationName?: string | undefined;
  disabled?: boolean | undefined;
  [field: string]: unknown;
}

/** Writes the given fields onto the record: present fields overwrite, absent ones stay. */
function applyOrganization(ctx: ModelContext, org: OrganizationRecord, input: OrganizationInput): void {
  const { organizationId: _id, organizationName, disabled, ...extra } = input;
  const { undo } = ctx.store;
  if (organizationName !== undefined) undo.assign(org, 'organizationName', organizationName);
  if (disabled !== undefined) undo.assign(org, 'disabled', disabled);
  if (Object.keys(extra).length > 0) undo.assign(org, 'extra', { ...org.extra, ...structuredClone(extra) });
}

/** Adds an organization, or updates the one already there (add is an upsert). */
export function upsertOrganization(ctx: ModelContext, ns: Namespace, input: OrganizationInput): OrganizationRecord {
  const org = ensureOrganization(ctx, ns, input.organizationId);
  applyOrganization(ctx, org, input);
  ctx.events.emit('organization.add', ns.apiKey, { organizationId: input.organizationId });
  return org;
}

/** Updates an existing organization; a missing one is not created (returns undefined). */
export function updateOrganization(ctx: ModelContext, ns: Namespace, input: OrganizationInput): OrganizationRecord | undefined {
  const org = ns.organizations.get(input.organizationId);
  if (!org) return undefined;
  applyOrganization(ctx, org, input);
  ctx.events.emit('organization.update', ns.apiKey, { organizationId: input.organizationId });
  return org;
}

/** The organization record of get organizations: `{ id, organizationName?, disabled, ...metadata }`. */
export function organizationView(org: OrganizationRecord): Record<string, unknown> {
  const view: Record<string, unknown> = { id: org.organizationId };
  if (org.organizationName !== undefined) view['organizationName'] = org.organizationName;
  view['disabled'] = org.disabled;
  // Metadata follows the documented fields and never replaces them.
  for (const [key, value] of Object.entries(org.extra ?? {})) if (!Object.hasOwn(view, key)) view[key] = structuredClone(value);
  return view;
}
