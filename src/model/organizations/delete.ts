import { deleteDocument } from '../documents.js';
import type { ModelContext } from '../state/context.js';
import type { Namespace } from '../state/entities.js';

/**
 * Deletes an organization and everything under it: each document goes through document delete (so every kind
 * of `DOCUMENT_SCOPE` is dropped with it), then folders, users, groups, notifications, settings, activities and
 * the organization's migrations. Returns false when there was no such organization.
 * @example deleteOrganization(ctx, ns, 'org');
 */
export function deleteOrganization(ctx: ModelContext, ns: Namespace, organizationId: string): boolean {
  const org = ns.organizations.get(organizationId);
  if (!org) return false;
  for (const documentId of [...org.documents.keys()]) deleteDocument(ctx, ns, { organizationId, documentId });
  ctx.store.undo.delete(ns.organizations, organizationId);
  ctx.store.undo.delete(ns.editors, organizationId);
  for (const [id, migration] of ns.migrations) if (migration.organizationId === organizationId) ctx.store.undo.delete(ns.migrations, id);
  ctx.events.emit('organization.delete', ns.apiKey, { organizationId });
  return true;
}
