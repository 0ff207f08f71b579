import type { Namespace, OrganizationRecord, UserRecord } from '../entities.js';
import { usersAt, type Level } from './users.js';

/** What get users asks for (service-facts 3.19 and 3.20). */
export interface UserQuery extends Level {
  userIds?: string[] | undefined;
  organizationUserGroupIds?: string[] | undefined;
  allDocuments?: boolean | undefined;
  /** With `allDocuments`: one match per (document, user) pair instead of one per user. */
  groupByDocumentId?: boolean | undefined;
}

/** One match of a user query; `documentId` is set for `allDocuments` queries. */
export interface UserMatch {
  documentId?: string;
  user: UserRecord;
}

/** One page of matches and whether any match follows it. */
export interface UserPage {
  page: UserMatch[];
  more: boolean;
}

/** Returns false to stop the walk. */
type Visit = (user: UserRecord, documentId: string | undefined) => boolean;

/** The test a user must pass: in `userIds` (when given) and in any listed group (when given). */
function filterOf(org: OrganizationRecord, query: UserQuery): ((userId: string) => boolean) | undefined {
  const ids = query.userIds ? new Set(query.userIds) : undefined;
  let members: Set<string> | undefined;
  if (query.organizationUserGroupIds) {
    members = new Set();
    for (const groupId of query.organizationUserGroupIds) {
      for (const member of org.groups.get(groupId)?.members ?? []) members.add(member);
    }
  }
  if (!ids && !members) return undefined;
  return (userId) => (!ids || ids.has(userId)) && (!members || members.has(userId));
}

/**
 * Visits the users matching a query, first-added first, without copying or allocating per user. With
 * `allDocuments` the documents are walked in creation order: grouped queries visit every (document, user)
 * pair, flat ones each user once (at its first document); organization-level users are not visited.
 */
function walkUsers(ns: Namespace, query: UserQuery, visit: Visit): void {
  const org = ns.organizations.get(query.organizationId);
  if (!org) return;
  const keep = filterOf(org, query);
  if (query.allDocuments) {
    const seen = query.groupByDocumentId ? undefined : new Set<string>();
    for (const doc of org.documents.values()) {
      for (const user of doc.users.values()) {
        if ((keep && !keep(user.userId)) || seen?.has(user.userId)) continue;
        seen?.add(user.userId);
        if (!visit(user, doc.documentId)) return;
      }
    }
    return;
  }
  const users = usersAt(org, query);
  if (!users) return;
  for (const user of users.values()) {
    if (keep && !keep(user.userId)) continue;
    if (!visit(user, undefined)) return;
  }
}

const match = (user: UserRecord, documentId: string | undefined): UserMatch =>
  documentId === undefined ? { user } : { documentId, user };

/**
 * Every match of a query, in order (v1 get users has no paging). Filters are ANDed; the group filter keeps
 * members of any listed group.
 * @example queryUsers(ns, { organizationId: 'org', documentId: 'doc' }).map((m) => m.user.userId)
 */
export function queryUsers(ns: Namespace, query: UserQuery): UserMatch[] {
  const out: UserMatch[] = [];
  walkUsers(ns, query, (user, documentId) => out.push(match(user, documentId)) > 0);
  return out;
}

/**
 * At most `size` matches after skipping `offset` of them; skipped users cost a comparison each, so a page
 * from the middle of 100,000 users stays cheap. The stored records are returned, not copies: callers only read.
 * @example pageUsers(ns, { organizationId: 'org' }, 1000, 1000).page.length
 */
export function pageUsers(ns: Namespace, query: UserQuery, offset: number, size: number): UserPage {
  const page: UserMatch[] = [];
  let more = false;
  let index = 0;
  walkUsers(ns, query, (user, documentId) => {
    if (index++ < offset) return true;
    if (page.length === size) {
      more = true;
      return false;
    }
    page.push(match(user, documentId));
    return true;
  });
  return { page, more };
}

/** The `{ email, name, userId }` item of get users, in that key order; keys never stored are omitted. */
export function userSummary(user: UserRecord): Record<string, string> {
  const out: Record<string, string> = {};
  if (typeof user.email === 'string') out['email'] = user.email;
  if (typeof user.name === 'string') out['name'] = user.name;
  out['userId'] = user.userId;
  return out;
}
