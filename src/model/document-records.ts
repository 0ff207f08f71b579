import { documentAccessType } from './access.js';
import type { ModelContext } from './context.js';
import type { AccessType, DocumentRecord, Namespace, OrganizationRecord } from './entities.js';

/** A document as update documents receives it; keys beyond the documented ones are custom fields. */
export interface DocumentChange {
  documentId: string;
  documentName?: string | undefined;
  [field: string]: unknown;
}

/** The document record of get documents: `{ documentName?, disabled, accessType, id, ...custom }`. */
export function documentView(org: OrganizationRecord, doc: DocumentRecord): Record<string, unknown> {
  const view: Record<string, unknown> = {};
  if (doc.documentName !== undefined) view['documentName'] = doc.documentName;
  view['disabled'] = doc.disabled === true;
  view['accessType'] = documentAccessType(org, doc);
  view['id'] = doc.documentId;
  // Custom fields follow the documented ones and never replace them.
  for (const [key, value] of Object.entries(doc.extra)) if (!(key in view)) view[key] = structuredClone(value);
  return view;
}

/** Renames a document and merges its custom fields; never creates one. Returns the record, or undefined. */
export function updateDocument(ctx: ModelContext, ns: Namespace, org: OrganizationRecord, change: DocumentChange): DocumentRecord | undefined {
  const doc = org.documents.get(change.documentId);
  if (!doc) return undefined;
  const { documentId, documentName, ...extra } = change;
  if (documentName !== undefined) doc.documentName = documentName;
  if (Object.keys(extra).length > 0) doc.extra = { ...doc.extra, ...structuredClone(extra) };
  ctx.events.emit('document.update', ns.apiKey, { organizationId: org.organizationId, documentId });
  return doc;
}

/** Puts existing documents into a folder; unknown ids are skipped. The folder must exist (the caller checks). */
export function moveDocuments(ctx: ModelContext, ns: Namespace, org: OrganizationRecord, documentIds: string[], folderId: string): void {
  for (const documentId of documentIds) {
    const doc = org.documents.get(documentId);
    if (!doc) continue;
    doc.folderId = folderId;
    ctx.events.emit('document.move', ns.apiKey, { organizationId: org.organizationId, documentId, folderId });
  }
}

/** Sets a document's own access type; false when there is no such document. */
export function setDocumentAccess(ctx: ModelContext, ns: Namespace, org: OrganizationRecord, documentId: string, accessType: AccessType): boolean {
  const doc = org.documents.get(documentId);
  if (!doc) return false;
  doc.accessType = accessType;
  ctx.events.emit('document.access_update', ns.apiKey, { organizationId: org.organizationId, documentId });
  return true;
}

/** Sets a document's disabled flag (end users are locked out; REST keeps working); false when missing. */
export function setDocumentDisabled(ctx: ModelContext, ns: Namespace, org: OrganizationRecord, documentId: string, disabled: boolean): boolean {
  const doc = org.documents.get(documentId);
  if (!doc) return false;
  doc.disabled = disabled;
  ctx.events.emit('document.disable_state', ns.apiKey, { organizationId: org.organizationId, documentId, disabled });
  return true;
}
