import type { Namespace, OrganizationRecord, UserRecord } from '../state/entities.js';
import { userOrder } from './order.js';
import { type Level, usersAt } from './users.js';

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
  const members = query.organizationUserGroupIds ? groupMembers(org, query.organizationUserGroupIds) : undefined;
  if (!ids && !members) return undefined;
  return (userId) => (!ids || ids.has(userId)) && (!members || members.has(userId));
}

/** The members of any of the listed groups. */
function groupMembers(org: OrganizationRecord, groupIds: readonly string[]): Set<string> {
  const members = new Set<string>();
  for (const groupId of groupIds) for (const member of org.groups.get(groupId)?.members ?? []) members.add(member);
  return members;
}

/**
 * The users of one level that a query keeps, in insertion order, as positions into `userOrder`: from the
 * listed ids or the listed groups' members (whichever is given, the smaller when both), so the cost follows
 * those lists, never the size of the level.
 */
function filteredPositions(org: OrganizationRecord, users: Map<string, UserRecord>, query: UserQuery): number[] {
  const { position } = userOrder(users);
  const keep = filterOf(org, query);
  const ids = query.userIds;
  const members = query.organizationUserGroupIds ? groupMembers(org, query.organizationUserGroupIds) : undefined;
  const candidates: Iterable<string> = ids && (!members || ids.length <= members.size) ? ids : (members ?? []);
  const out = new Set<number>();
  for (const userId of candidates) {
    const at = position.get(userId);
    if (at !== undefined && (!keep || keep(userId))) out.add(at);
  }
  return [...out].sort((a, b) => a - b);
}

/**
 * Visits the users matching a query, first-added first, from the `skip`-th match on, without copying or
 * allocating per user. A level's users are reached through their insertion order, so skipping is free and a
 * filtered query touches only its ids or group members. With `allDocuments` the documents are walked in
 * creation order: grouped queries visit every (document, user) pair, flat ones each user once (at its first
 * document); organization-level users are not visited.
 */
function walkUsers(ns: Namespace, query: UserQuery, skip: number, visit: Visit): void {
  const org = ns.organizations.get(query.organizationId);
  if (!org) return;
  if (query.allDocuments) {
    const keep = filterOf(org, query);
    const seen = query.groupByDocumentId ? undefined : new Set<string>();
    let index = 0;
    for (const doc of org.documents.values()) {
      for (const user of doc.users.values()) {
        if ((keep && !keep(user.userId)) || seen?.has(user.userId)) continue;
        seen?.add(user.userId);
        if (index++ < skip) continue;
        if (!visit(user, doc.documentId)) return;
      }
    }
    return;
  }
  const users = usersAt(org, query);
  if (!users) return;
  const { keys } = userOrder(users);
  if (!query.userIds && !query.organizationUserGroupIds) {
    for (let i = skip; i < keys.length; i++) if (!visit(users.get(keys[i] as string) as UserRecord, undefined)) return;
    return;
  }
  const positions = filteredPositions(org, users, query);
  for (let i = skip; i < positions.length; i++) {
    if (!visit(users.get(keys[positions[i] as number] as string) as UserRecord, undefined)) return;
  }
}

const match = (user: UserRecord, documentId: string | undefined): UserMatch => (documentId === undefined ? { user } : { documentId, user });

/**
 * Every match of a query, in order (v1 get users has no paging). Filters are ANDed; the group filter keeps
 * members of any listed group.
 * @example queryUsers(ns, { organizationId: 'org', documentId: 'doc' }).map((m) => m.user.userId)
 */
export function queryUsers(ns: Namespace, query: UserQuery): UserMatch[] {
  const out: UserMatch[] = [];
  walkUsers(ns, query, 0, (user, documentId) => out.push(match(user, documentId)) > 0);
  return out;
}

/**
 * At most `size` matches after skipping `offset` of them: O(page) at a level (plus O(ids · log ids) with a
 * filter), a comparison per skipped user with `allDocuments`. The stored records are returned, not copies:
 * callers only read.
 * @example pageUsers(ns, { organizationId: 'org' }, 1000, 1000).page.length
 */
export function pageUsers(ns: Namespace, query: UserQuery, offset: number, size: number): UserPage {
  const page: UserMatch[] = [];
  let more = false;
  walkUsers(ns, query, offset, (user, documentId) => {
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

/** A user's get-users item as JSON text, with the fields it was written from (a record changed in place is written again). */
interface SummaryText {
  email: unknown;
  name: unknown;
  userId: string;
  text: string;
}

const summaryTexts = new WeakMap<UserRecord, SummaryText>();

/**
 * `JSON.stringify(userSummary(user))`, kept beside the record while its fields stay the same, so a read of many
 * users writes each one once rather than on every call.
 * @example userSummaryText(user) // '{"email":"ada@example.com","name":"Ada","userId":"u1"}'
 */
export function userSummaryText(user: UserRecord): string {
  const kept = summaryTexts.get(user);
  if (kept !== undefined && kept.email === user.email && kept.name === user.name && kept.userId === user.userId) return kept.text;
  const text = JSON.stringify(userSummary(user));
  summaryTexts.set(user, { email: user.email, name: user.name, userId: user.userId, text });
  return text;
}
