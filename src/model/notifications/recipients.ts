import { md5Hex } from '../../support/ids.js';
import { documentAccess, documentAccessType, folderChain } from '../access.js';
import type { DocumentRecord, EveryoneRecipients, NotificationRecipient, OrganizationRecord } from '../state/entities.js';
import type { UndoLog } from '../state/undo-log.js';
import { expiringUsers, userIdByEmail } from '../users/emails.js';
import { userOrder } from '../users/order.js';
import { rosterLog } from './roster.js';

/** The part of an add-notification request that decides who receives it. */
export interface RecipientRequest {
  actionUser: { userId: string };
  notifyUsers: { userId?: string | undefined; email?: string | undefined }[];
  notifyAll?: boolean | undefined;
  verifyUserPermissions?: boolean | undefined;
}

interface Person {
  userId?: string | undefined;
  email?: string | undefined;
  /** An organization-level user of the roster: rendered from the roster, not listed. */
  rostered?: true;
}

/**
 * Whether a user may open the document, by the access model (`model/access.ts`): a grant on the document or its
 * folders, else the organization under its access type; disabled organizations and documents admit no one.
 * `now` (service clock, ms) lets grants with an `expiresAt` lapse; without it they count as live.
 */
export function canAccess(org: OrganizationRecord, doc: DocumentRecord, userId: string, now = 0): boolean {
  return documentAccess(org, doc, { userId, now }).role !== null;
}

/** Who a new notification goes to: the organization-level users as a roster position, and everyone else named. */
export interface Recipients {
  recipients: NotificationRecipient[];
  everyone?: EveryoneRecipients;
}

/**
 * The organization-level users granted the document itself or a folder of it, in the organization's order: under
 * `restricted` the only ones the access model can admit. Costs those grants, not the organization.
 */
function grantedMembers(org: OrganizationRecord, doc: DocumentRecord): string[] {
  const ids = new Set<string>();
  for (const userId of doc.users.keys()) if (org.users.has(userId)) ids.add(userId);
  for (const folder of folderChain(org, doc.folderId)) for (const userId of folder.users.keys()) if (org.users.has(userId)) ids.add(userId);
  const { position } = userOrder(org.users);
  return [...ids].sort((a, b) => (position.get(a) ?? 0) - (position.get(b) ?? 0));
}

/**
 * The recipients of a new notification (service-facts 3.31): with `notifyAll` (default) every
 * organization-level user except the action user, plus `notifyUsers`; with `verifyUserPermissions`, only
 * those with access to the document. One entry per person (same userId, or same email ignoring case).
 * The organization-level users are kept as a roster position, so this costs O(notifyUsers), not O(users).
 * With `verifyUserPermissions` the access model decides who stays, and only a few can differ from the roster:
 * none pass in a disabled organization or document; under `restricted` only those granted the document or a
 * folder of it (listed one by one); otherwise every organization-level user passes except one whose grant
 * lapsed without a closer grant (kept as `left` of the roster position).
 * @example recipientsOf(ctx.store.undo, org, doc, { actionUser: { userId: 'a' }, notifyUsers: [{ userId: 'b' }] })
 */
export function recipientsOf(undo: UndoLog, org: OrganizationRecord, doc: DocumentRecord, request: RecipientRequest, now = 0): Recipients {
  const everyone = request.notifyAll !== false;
  const verify = request.verifyUserPermissions === true;
  const closed = org.disabled === true || doc.disabled === true;
  // Verification under `restricted` (or a disabled organization or document) admits few or none: list those.
  const listed = everyone && verify && (closed || documentAccessType(org, doc) === 'restricted');
  const except = request.actionUser.userId;
  const people: Person[] = [];
  const byUserId = new Map<string, Person>();
  const byEmail = new Map<string, Person>();
  /** An organization-level user of the roster, as a person that `notifyUsers` entries may merge into. */
  const rostered = (userId: string | undefined): Person | undefined => {
    if (!everyone || listed || userId === undefined || userId === except) return undefined;
    const user = org.users.get(userId);
    if (!user) return undefined;
    const person: Person = { userId, email: typeof user.email === 'string' ? user.email : undefined, rostered: true };
    byUserId.set(userId, person);
    return person;
  };
  const add = (person: Person): void => {
    const email = person.email?.toLowerCase();
    let same = person.userId === undefined ? undefined : (byUserId.get(person.userId) ?? rostered(person.userId));
    if (!same && email !== undefined) {
      // No organization-level user holds an email that found no userId, so only people named here can match.
      const candidate = byEmail.get(email);
      // An email names the same person only when no userId says otherwise.
      if (candidate && (candidate.userId === undefined || person.userId === undefined)) same = candidate;
    }
    if (!same) {
      same = { ...person };
      people.push(same);
    } else {
      same.userId ??= person.userId;
      same.email ??= person.email;
    }
    if (same.userId !== undefined) byUserId.set(same.userId, same);
    if (email !== undefined && !byEmail.has(email)) byEmail.set(email, same);
  };
  if (listed && !closed) {
    for (const userId of grantedMembers(org, doc)) if (userId !== except) add({ userId, email: org.users.get(userId)?.email });
  }
  for (const entry of request.notifyUsers) add({ userId: entry.userId ?? userIdByEmail(org, entry.email), email: entry.email });
  const kept = verify ? people.filter((p) => p.userId !== undefined && canAccess(org, doc, p.userId, now)) : people;
  const out: Recipients = { recipients: kept.map(recipientOf) };
  if (everyone && !listed) {
    const log = rosterLog(undo, org);
    out.everyone = { at: log.length, except };
    const emails: [string, string][] = [];
    for (const person of byUserId.values()) {
      // A rostered person without an email of its own takes the first one a request entry gave it.
      if (person.rostered && person.email !== undefined && typeof org.users.get(person.userId as string)?.email !== 'string') {
        emails.push([person.userId as string, md5Hex(person.email)]);
      }
    }
    if (emails.length > 0) out.everyone.emails = emails;
    if (verify) {
      // Only a lapsed organization grant, with no grant on the document or its folders, shuts a member out.
      const shut = [...expiringUsers(org)].filter((userId) => userId !== except && !canAccess(org, doc, userId, now)).sort();
      if (shut.length > 0) out.everyone.left = shut;
    }
  }
  return out;
}

function recipientOf(p: Person): NotificationRecipient {
  const recipient: NotificationRecipient = {};
  if (p.userId !== undefined) recipient.userId = p.userId;
  if (p.email !== undefined) recipient.emailHash = md5Hex(p.email);
  return recipient;
}
