import { documentAccessType } from './access.js';
import { DOCUMENT_SCOPE } from './document-scope.js';
import { ensureDocument } from './organizations/organizations.js';
import type { ModelContext } from './state/context.js';
import type { AccessType, DocumentRecord, Namespace, OrganizationRecord } from './state/entities.js';
import type { DocumentMove } from './state/record-fields.js';
import { noteUserRemoved, noteUserSet } from './users/order.js';

/** Which document to delete. */
export interface DocumentRef {
  organizationId: string;
  documentId: string;
}

/**
 * Deletes a document and every record kind scoped to it (`DOCUMENT_SCOPE`): its user attachments go with the
 * record; notifications, settings, activity records, annotations and shared-editor entries are dropped.
 * Returns the internal id, or undefined when there was no such document.
 * @example deleteDocument(ctx, ns, { organizationId: 'org', documentId: 'doc' });
 */
export function deleteDocument(ctx: ModelContext, ns: Namespace, ref: DocumentRef): string | undefined {
  const org = ns.organizations.get(ref.organizationId);
  const doc = org?.documents.get(ref.documentId);
  if (!org || !doc) return undefined;
  ctx.store.undo.delete(org.documents, ref.documentId);
  for (const kind of DOCUMENT_SCOPE) kind.drop({ ctx, ns, org }, ref.documentId);
  ctx.events.emit('document.delete', ns.apiKey, { organizationId: ref.organizationId, documentId: ref.documentId });
  return doc.id;
}

/**
 * Moves everything stored for one document to another document id (a completed migration, service-facts 3.29):
 * document-level users and every kind of `DOCUMENT_SCOPE`. The target is created (with the source's folder,
 * name and settings) when missing and merged into when present; the source document record stays, emptied of
 * its users.
 * @example moveDocumentData(ctx, ns, { organizationId: 'org', documentId: 'doc-a', newDocumentId: 'doc-b' });
 */
export function moveDocumentData(ctx: ModelContext, ns: Namespace, move: DocumentMove): void {
  const org = ns.organizations.get(move.organizationId);
  if (!org || move.documentId === move.newDocumentId) return;
  const source = org.documents.get(move.documentId);
  const target = org.documents.get(move.newDocumentId) ?? createTarget(ctx, ns, org, source, move.newDocumentId);
  moveUsers(ctx, source, target);
  for (const kind of DOCUMENT_SCOPE) kind.move({ ctx, ns, org }, move);
  // Records that came from the source now sit in the target's folder.
  for (const kind of DOCUMENT_SCOPE) kind.refolder?.({ ctx, ns, org }, move.newDocumentId, target.folderId);
  ctx.events.emit('document.migrate', ns.apiKey, { ...move });
}

function createTarget(ctx: ModelContext, ns: Namespace, org: OrganizationRecord, source: DocumentRecord | undefined, newDocumentId: string): DocumentRecord {
  const target = ensureDocument(ctx, ns, org, newDocumentId, source?.folderId);
  if (source?.documentName !== undefined) target.documentName = source.documentName;
  if (source?.accessType !== undefined) target.accessType = source.accessType;
  if (source?.disabled !== undefined) target.disabled = source.disabled;
  if (source) target.extra = structuredClone(source.extra);
  return target;
}

/** A user attached to both documents takes the moved attachment (the migrated data is the newer truth). */
function moveUsers(ctx: ModelContext, source: DocumentRecord | undefined, target: DocumentRecord): void {
  if (!source) return;
  const { undo } = ctx.store;
  for (const [userId, user] of source.users) {
    undo.set(target.users, userId, user);
    noteUserSet(undo, target.users, userId);
  }
  undo.clear(source.users);
  noteUserRemoved(undo, source.users);
}

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
  for (const [key, value] of Object.entries(doc.extra)) if (!Object.hasOwn(view, key)) view[key] = structuredClone(value);
  return view;
}

/** Renames a document and merges its custom fields; never creates one. Returns the record, or undefined. */
export function updateDocument(ctx: ModelContext, ns: Namespace, org: OrganizationRecord, change: DocumentChange): DocumentRecord | undefined {
  const doc = org.documents.get(change.documentId);
  if (!doc) return undefined;
  const { documentId, documentName, ...extra } = change;
  if (documentName !== undefined) ctx.store.undo.assign(doc, 'documentName', documentName);
  if (Object.keys(extra).length > 0) ctx.store.undo.assign(doc, 'extra', { ...doc.extra, ...structuredClone(extra) });
  ctx.events.emit('document.update', ns.apiKey, { organizationId: org.organizationId, documentId });
  return doc;
}

/** Puts existing documents into a folder; unknown ids are skipped. The folder must exist (the caller checks). */
export function moveDocuments(ctx: ModelContext, ns: Namespace, org: OrganizationRecord, documentIds: string[], folderId: string): void {
  for (const documentId of documentIds) {
    const doc = org.documents.get(documentId);
    if (!doc) continue;
    ctx.store.undo.assign(doc, 'folderId', folderId);
    for (const kind of DOCUMENT_SCOPE) kind.refolder?.({ ctx, ns, org }, documentId, folderId);
    ctx.events.emit('document.move', ns.apiKey, { organizationId: org.organizationId, documentId, folderId });
  }
}

/** Sets a document's own access type; false when there is no such document. */
export function setDocumentAccess(ctx: ModelContext, ns: Namespace, org: OrganizationRecord, documentId: string, accessType: AccessType): boolean {
  const doc = org.documents.get(documentId);
  if (!doc) return false;
  ctx.store.undo.assign(doc, 'accessType', accessType);
  ctx.events.emit('document.access_update', ns.apiKey, { organizationId: org.organizationId, documentId });
  return true;
}

/** Sets a document's disabled flag (end users are locked out; REST keeps working); false when missing. */
export function setDocumentDisabled(ctx: ModelContext, ns: Namespace, org: OrganizationRecord, documentId: string, disabled: boolean): boolean {
  const doc = org.documents.get(documentId);
  if (!doc) return false;
  ctx.store.undo.assign(doc, 'disabled', disabled);
  ctx.events.emit('document.disable_state', ns.apiKey, { organizationId: org.organizationId, documentId, disabled });
  return true;
}
