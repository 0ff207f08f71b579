/** Who may see a comment thread and who may write to a document (beyond-spec 1.0, 1.1, 1.5). */

import { canAccess } from '../notifications/recipients.js';
import type { DocumentRecord, Namespace, OrganizationRecord, ThreadRecord } from '../state/entities.js';

/** Where a visibility question is asked: the key's data, the organization and (when it exists) the document. */
export interface ThreadScope {
  ns: Namespace;
  org: OrganizationRecord;
  doc: DocumentRecord | undefined;
  /** The service time (ms) that time-limited permissions are checked against. */
  now?: number | undefined;
}

const belongsTo = (ns: Namespace, organizationId: unknown, userId: string): boolean =>
  typeof organizationId === 'string' && ns.organizations.get(organizationId)?.users.has(userId) === true;

/**
 * THE visibility check. With a thread: whether the user may see it — `public` threads to anyone,
 * `organizationPrivate` to users of the named
 * organizations and the listed users, `restricted` to the listed users only (the author is always listed).
 * Without a thread: whether the user may open the document at all (`verifyUserPermissions`).
 * @example visibleTo({ ns, org, doc }, 'u1', thread)
 */
export function visibleTo(scope: ThreadScope, userId: string, thread?: ThreadRecord): boolean {
  const { ns, org, doc } = scope;
  if (!thread) return doc !== undefined && canAccess(org, doc, userId, scope.now);
  const config = thread['visibilityConfig'] as { type?: string; organizationId?: unknown; organizationIds?: unknown; userIds?: unknown } | undefined;
  const listed = Array.isArray(config?.userIds) && config.userIds.includes(userId);
  switch (config?.type) {
    case 'restricted':
      return listed;
    case 'organizationPrivate': {
      const orgs = [config.organizationId, ...(Array.isArray(config.organizationIds) ? config.organizationIds : [])];
      return listed || orgs.some((id) => belongsTo(ns, id, userId));
    }
    default:
      return true;
  }
}
