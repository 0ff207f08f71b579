import { md5Hex } from '../support/ids.js';
import type { DocumentRecord, FolderRecord, Namespace, OrganizationRecord } from './entities.js';
import type { ModelContext } from './context.js';

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
      comments: [],
      reactions: [],
      recordings: [],
    };
    ns.organizations.set(organizationId, org);
  }
  return org;
}

/** Stores the disabled flag of an existing organization; a missing one is not created (service-facts D7). */
export function setOrganizationDisabled(ns: Namespace, organizationId: string, disabled: boolean): boolean {
  const org = ns.organizations.get(organizationId);
  if (!org) return false;
  org.disabled = disabled;
  return true;
}

/** A folder of the organization, created when missing. */
export function ensureFolder(ctx: ModelContext, org: OrganizationRecord, folderId: string): FolderRecord {
  let folder = org.folders.get(folderId);
  if (!folder) {
    folder = { folderId, users: new Map(), createdAt: ctx.clock.now() };
    org.folders.set(folderId, folder);
  }
  return folder;
}

/** A document as add documents receives it; keys beyond the documented ones are custom fields. */
export interface NewDocument {
  documentId: string;
  documentName?: string | undefined;
  accessType?: 'public' | 'restricted' | undefined;
  disabled?: boolean | undefined;
  [field: string]: unknown;
}

/** A document of the organization, created (with a fresh 16-digit internal id) when missing. */
export function ensureDocument(ctx: ModelContext, org: OrganizationRecord, documentId: string, folderId?: string): DocumentRecord {
  let doc = org.documents.get(documentId);
  if (!doc) {
    doc = { documentId, id: ctx.ids.numeric16(), extra: {}, users: new Map(), createdAt: ctx.clock.now() };
    if (folderId !== undefined) {
      ensureFolder(ctx, org, folderId);
      doc.folderId = folderId;
    }
    org.documents.set(documentId, doc);
  }
  return doc;
}

/** Whether add documents created the document, with its new internal id. */
export type AddDocumentOutcome = { added: true; id: string } | { added: false };

/** Adds one document; an existing documentId is left untouched and reported as not added. */
export function addDocument(ctx: ModelContext, org: OrganizationRecord, input: NewDocument, folderId?: string): AddDocumentOutcome {
  if (org.documents.has(input.documentId)) return { added: false };
  const { documentId, documentName, accessType, disabled, ...extra } = input;
  const doc = ensureDocument(ctx, org, documentId, folderId);
  if (documentName !== undefined) doc.documentName = documentName;
  if (accessType !== undefined) doc.accessType = accessType;
  if (disabled !== undefined) doc.disabled = disabled;
  doc.extra = structuredClone(extra);
  return { added: true, id: doc.id };
}

/**
 * Deletes a document and everything scoped to it (its user attachments go with the record; notifications
 * and fixture comments of the document are dropped). Returns the internal id, or undefined when missing.
 */
export function deleteDocument(org: OrganizationRecord, documentId: string): string | undefined {
  const doc = org.documents.get(documentId);
  if (!doc) return undefined;
  org.documents.delete(documentId);
  for (const [id, n] of org.notifications) if (n.documentId === documentId) org.notifications.delete(id);
  for (const [key, c] of org.notificationConfigs) if (c.documentId === documentId) org.notificationConfigs.delete(key);
  const elsewhere = (record: Record<string, unknown>): boolean => documentOf(record) !== documentId;
  org.comments = org.comments.filter(elsewhere);
  org.reactions = org.reactions.filter(elsewhere);
  org.recordings = org.recordings.filter(elsewhere);
  return doc.id;
}

/** The client document id a fixture record (annotation, reaction, recording) belongs to. */
export function documentOf(record: Record<string, unknown>): string | undefined {
  const metadata = record['metadata'];
  if (metadata && typeof metadata === 'object') {
    const id = (metadata as Record<string, unknown>)['documentId'];
    if (typeof id === 'string') return id;
  }
  return undefined;
}
