import { besideIndex, unwatchMap, watchMap } from '../state/beside-indexes.js';
import type { DocumentRecord, FolderRecord, OrganizationRecord, UserRecord } from '../state/entities.js';

/**
 * The userIds holding each email (ignoring case) among an organization's users at every level, so a
 * notification recipient named by email alone is found in O(1) instead of by a walk over every user; the
 * organization-level users whose grant can lapse; and the folders and documents each user is attached to. An index
 * beside the state (`besideIndex`) that watches its maps: every write to a users map, and to the folder and document
 * tables that hold them, updates it, and so does each undo.
 */
interface EmailIndex {
  /** Lower-cased email → userId → how many user records (across levels) hold that pair. */
  byEmail: Map<string, Map<string, number>>;
  /** Organization-level users whose grant has an `expiresAt`: the only ones a lapse can lock out. */
  expiring: Set<string>;
  /** The folder and document users maps each userId is attached to. */
  attached: Map<string, Set<Map<string, UserRecord>>>;
}

const emailKey = (user: UserRecord | undefined): string | undefined => (typeof user?.email === 'string' ? user.email.toLowerCase() : undefined);

function count(index: EmailIndex, user: UserRecord | undefined, by: 1 | -1): void {
  const email = emailKey(user);
  if (email === undefined || !user) return;
  let holders = index.byEmail.get(email);
  if (!holders) index.byEmail.set(email, (holders = new Map()));
  const next = (holders.get(user.userId) ?? 0) + by;
  if (next > 0) holders.set(user.userId, next);
  else holders.delete(user.userId);
  if (holders.size === 0) index.byEmail.delete(email);
}

function attach(index: EmailIndex, users: Map<string, UserRecord>, userId: string, present: boolean): void {
  let maps = index.attached.get(userId);
  if (present) {
    if (!maps) index.attached.set(userId, (maps = new Set()));
    maps.add(users);
  } else if (maps) {
    maps.delete(users);
    if (maps.size === 0) index.attached.delete(userId);
  }
}

/** Follows a users map; `level` is 'organization' for the organization's own, whose expiring grants are kept. */
function watchUsers(index: EmailIndex, users: Map<string, UserRecord>, level: 'organization' | 'container'): void {
  const organization = level === 'organization';
  for (const user of users.values()) {
    count(index, user, 1);
    if (organization && user.expiresAt !== undefined) index.expiring.add(user.userId);
    if (!organization) attach(index, users, user.userId, true);
  }
  watchMap(users, (userId, before) => {
    const after = users.get(userId);
    count(index, before, -1);
    count(index, after, 1);
    if (organization) {
      if (after?.expiresAt !== undefined) index.expiring.add(userId);
      else index.expiring.delete(userId);
    } else {
      attach(index, users, userId, after !== undefined);
    }
  });
}

function unwatchUsers(index: EmailIndex, users: Map<string, UserRecord>): void {
  unwatchMap(users);
  for (const user of users.values()) {
    count(index, user, -1);
    attach(index, users, user.userId, false);
  }
}

/** Follows a table of containers (folders or documents): each one's users come and go with it. */
function watchContainers<C extends FolderRecord | DocumentRecord>(index: EmailIndex, table: Map<string, C>): void {
  for (const container of table.values()) watchUsers(index, container.users, 'container');
  watchMap(table, (id, before) => {
    const after = table.get(id);
    if (before === after) return;
    if (before) unwatchUsers(index, before.users);
    if (after) watchUsers(index, after.users, 'container');
  });
}

function build(org: OrganizationRecord): EmailIndex {
  const index: EmailIndex = { byEmail: new Map(), expiring: new Set(), attached: new Map() };
  watchUsers(index, org.users, 'organization');
  watchContainers(index, org.folders);
  watchContainers(index, org.documents);
  return index;
}

const indexes = besideIndex<OrganizationRecord, EmailIndex>({ build, watches: true });

function indexOf(org: OrganizationRecord): EmailIndex {
  return indexes.read(org);
}

/**
 * The organization-level users whose grant carries an `expiresAt` (lapsed or not), in no particular order.
 * @example [...expiringUsers(org)].filter((userId) => lapsed(userId))
 */
export function expiringUsers(org: OrganizationRecord): ReadonlySet<string> {
  return indexOf(org).expiring;
}

/**
 * The folder and document users maps a user is attached to (a copy, safe to delete from): O(those maps).
 * @example for (const users of attachments(org, 'u1')) undo.delete(users, 'u1');
 */
export function attachments(org: OrganizationRecord, userId: string): Map<string, UserRecord>[] {
  return [...(indexOf(org).attached.get(userId) ?? [])];
}

/** Every user record of the organization at any level: organization, then folders, then documents. */
function* everyUser(org: OrganizationRecord): Generator<UserRecord> {
  yield* org.users.values();
  for (const folder of org.folders.values()) yield* folder.users.values();
  for (const doc of org.documents.values()) yield* doc.users.values();
}

/**
 * The userId of a known user of the organization with this email (ignoring case): the first one, organization
 * level first, then folders, then documents. O(1) unless different users share the email, which walks the levels.
 * @example userIdByEmail(org, 'ann@example.com') // 'u1'
 */
export function userIdByEmail(org: OrganizationRecord, email: string | undefined): string | undefined {
  if (email === undefined) return undefined;
  const holders = indexOf(org).byEmail.get(email.toLowerCase());
  if (!holders) return undefined;
  if (holders.size === 1) return holders.keys().next().value as string;
  const wanted = email.toLowerCase();
  for (const user of everyUser(org)) if (emailKey(user) === wanted) return user.userId;
  return undefined;
}
