import type { ModelContext } from './context.js';
import { DOCUMENT_SCOPE } from './document-scope.js';
import type { DocumentRecord, Namespace, OrganizationRecord } from './entities.js';
import { ensureDocument } from './organizations.js';
import type { DocumentMove } from './record-fields.js';

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
  ctx.store.journal.delete(org.documents, ref.documentId);
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
  const target = org.documents.get(move.newDocumentId) ?? createTarget(ctx, org, source, move.newDocumentId);
  moveUsers(ctx, source, target);
  for (const kind of DOCUMENT_SCOPE) kind.move({ ctx, ns, org }, move);
  ctx.events.emit('document.migrate', ns.apiKey, { ...move });
}

function createTarget(ctx: ModelContext, org: OrganizationRecord, source: DocumentRecord | undefined, newDocumentId: string): DocumentRecord {
  const target = ensureDocument(ctx, org, newDocumentId, source?.folderId);
  if (source?.documentName !== undefined) target.documentName = source.documentName;
  if (source?.accessType !== undefined) target.accessType = source.accessType;
  if (source?.disabled !== undefined) target.disabled = source.disabled;
  if (source) target.extra = structuredClone(source.extra);
  return target;
}

/** A user attached to both documents takes the moved attachment (the migrated data is the newer truth). */
function moveUsers(ctx: ModelContext, source: DocumentRecord | undefined, target: DocumentRecord): void {
  if (!source) return;
  const { journal } = ctx.store;
  for (const [userId, user] of source.users) journal.set(target.users, userId, user);
  journal.clear(source.users);
}
