import type { DocumentRecord, Namespace, OrganizationRecord } from './entities.js';
import type { ModelContext } from './context.js';
import { moveEditors } from './crdt/registry.js';
import { ensureDocument } from './organizations.js';

/** Where a document's data goes when a migration completes. */
export interface DocumentMove {
  organizationId: string;
  documentId: string;
  newDocumentId: string;
}

/**
 * Moves everything stored for one document to another document id (a completed migration, service-facts 3.29):
 * document-level users, notifications, activity records, fixture comments, reactions and recordings, and
 * shared-editor entries. The target is created (with the source's folder, name and settings) when missing and
 * merged into when present; the source document record stays, emptied of its users.
 * @example moveDocumentData(ctx, ns, 'org', 'doc-a', 'doc-b');
 */
export function moveDocumentData(ctx: ModelContext, ns: Namespace, organizationId: string, documentId: string, newDocumentId: string): void {
  const org = ns.organizations.get(organizationId);
  if (!org || documentId === newDocumentId) return;
  const move: DocumentMove = { organizationId, documentId, newDocumentId };
  const source = org.documents.get(documentId);
  const target = org.documents.get(newDocumentId) ?? createTarget(ctx, org, source, newDocumentId);
  moveUsers(source, target);
  moveNotifications(org, move);
  moveRecords(org, move);
  moveEditors(ns, organizationId, documentId, newDocumentId);
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
function moveUsers(source: DocumentRecord | undefined, target: DocumentRecord): void {
  if (!source) return;
  for (const [userId, user] of source.users) target.users.set(userId, user);
  source.users.clear();
}

function moveNotifications(org: OrganizationRecord, move: DocumentMove): void {
  for (const notification of org.notifications.values()) {
    if (notification.documentId === move.documentId) notification.documentId = move.newDocumentId;
    retarget(notification.record, move);
  }
}

function moveRecords(org: OrganizationRecord, move: DocumentMove): void {
  for (const activity of org.activities.values()) retarget(activity, move);
  for (const list of [org.comments, org.reactions, org.recordings]) for (const record of list) retarget(record, move);
}

/** Points a record's `metadata.documentId` at the target when it names the source. */
function retarget(record: Record<string, unknown>, move: DocumentMove): void {
  const metadata = record['metadata'];
  if (metadata && typeof metadata === 'object' && (metadata as Record<string, unknown>)['documentId'] === move.documentId) {
    (metadata as Record<string, unknown>)['documentId'] = move.newDocumentId;
  }
}
