import { md5Hex } from '../../support/ids.js';
import type { OrganizationRecord, RosterChange, UserRecord } from '../state/entities.js';
import type { UndoLog } from '../state/undo-log.js';
import { compactRosterIfDue } from './roster-compaction.js';

/**
 * Who the organization-level users were when a `notifyAll` notification was added. Such a notification keeps
 * a position in the organization's roster log instead of one record per user; the log starts with the users
 * present when the first one is added and then takes one entry per organization-level change, so writes stay
 * O(1) and each read replays the log once per position (cached), not once per notification.
 */

/** One person of the roster at a position, with both hashes computed when the change was logged. */
export type RosterMember = RosterChange;

/** The organization-level users at one position of the log, first-added first. */
export interface RosterView {
  readonly members: ReadonlyMap<string, RosterMember>;
  /** The members' userIds, userId hashes and email hashes as parallel arrays, for rendering without per-member objects. */
  readonly userIds: readonly string[];
  readonly userIdHashes: readonly string[];
  readonly emailHashes: readonly (string | undefined)[];
  /** Rendered maps of the whole roster less one action user, most recently used last (see `rosterMaps`). */
  readonly rendered: Map<string, RecipientMaps>;
}

/** The two recipient maps of the read shape: by email hash and by userId hash, `{ <hash>: true }` in order. */
export interface RecipientMaps {
  byEmail: Record<string, true>;
  byUserId: Record<string, true>;
}

/** At most this many rendered keys are kept per roster position (a few MB), so a read page repeats cheaply. */
const RENDERED_KEYS = 200_000;

/**
 * Fills the recipient maps with the roster's members, skipping the action user, those who `left`, and taking
 * a request-given email where a member has none (`emails`).
 */
export function fillRosterMaps(view: RosterView, maps: RecipientMaps, except: string, left?: ReadonlySet<string>, emails?: ReadonlyMap<string, string>): void {
  const { userIds, userIdHashes, emailHashes } = view;
  const { byEmail, byUserId } = maps;
  for (let i = 0; i < userIds.length; i++) {
    const userId = userIds[i] as string;
    if (userId === except || left?.has(userId)) continue;
    const emailHash = emailHashes[i] ?? emails?.get(userId);
    if (emailHash !== undefined) byEmail[emailHash] = true;
    byUserId[userIdHashes[i] as string] = true;
  }
}

/**
 * The recipient maps of the whole roster less the action user, built once and shared by the reads that need
 * exactly these (the reply is serialised, never changed); a few are kept per position, least recently used out.
 * @example JSON.stringify(rosterMaps(view, 'u1').byUserId)
 */
export function rosterMaps(view: RosterView, except: string): RecipientMaps {
  const cached = view.rendered.get(except);
  if (cached) {
    view.rendered.delete(except);
    view.rendered.set(except, cached);
    return cached;
  }
  const maps: RecipientMaps = { byEmail: {}, byUserId: {} };
  fillRosterMaps(view, maps, except);
  const limit = Math.max(1, Math.floor(RENDERED_KEYS / Math.max(1, 2 * view.userIds.length)));
  while (view.rendered.size >= limit) view.rendered.delete(view.rendered.keys().next().value as string);
  view.rendered.set(except, maps);
  return maps;
}

const changeOf = (userId: string, user: UserRecord | undefined): RosterChange => {
  if (!user) return { userId, userIdHash: md5Hex(userId), left: true };
  const change: RosterChange = { userId, userIdHash: md5Hex(userId) };
  if (typeof user.email === 'string') change.emailHash = md5Hex(user.email);
  return change;
};

/**
 * The organization's roster log, started from its current users on first use; its length is the position a
 * new notification refers to.
 * @example const at = rosterLog(undo, org).length;
 */
export function rosterLog(undo: UndoLog, org: OrganizationRecord): RosterChange[] {
  if (!org.roster)
    undo.assign(
      org,
      'roster',
      [...org.users.values()].map((user) => changeOf(user.userId, user)),
    );
  return org.roster as RosterChange[];
}

/**
 * Logs a change of one organization-level user (added, updated or removed: read from `org.users`), once a
 * roster log exists. O(1) over time: the log grows with the changes until it is rewritten to what live
 * notifications read (`compactRosterIfDue`), never with the organization.
 * @example noteRosterChange(undo, org, 'u1');
 */
export function noteRosterChange(undo: UndoLog, org: OrganizationRecord, userId: string): void {
  if (!org.roster) return;
  undo.push(org.roster, changeOf(userId, org.users.get(userId)));
  compactRosterIfDue(undo, org);
}

interface Replayed {
  at: number;
  /** The entry at `at - 1` when replayed: a log cut back and appended to in place does not match it. */
  last: RosterChange | undefined;
  view: RosterView;
}

/** Replays by log array; a few positions each, the newest last. */
const replays = new WeakMap<readonly RosterChange[], Replayed[]>();
const KEPT = 4;

/**
 * The roster at a position of the log: replayed once, then served from memory while the log keeps that prefix.
 * @example rosterAt(org.roster, n.everyone.at).members.has('u1')
 */
export function rosterAt(log: readonly RosterChange[], at: number): RosterView {
  let kept = replays.get(log);
  if (!kept) replays.set(log, (kept = []));
  const hit = kept.find((r) => r.at === at && r.last === log[at - 1]);
  if (hit) return hit.view;
  const members = new Map<string, RosterMember>();
  for (let i = 0; i < at && i < log.length; i++) {
    const change = log[i] as RosterChange;
    if (change.left) members.delete(change.userId);
    else members.set(change.userId, change);
  }
  const userIds: string[] = [];
  const userIdHashes: string[] = [];
  const emailHashes: (string | undefined)[] = [];
  for (const member of members.values()) {
    userIds.push(member.userId);
    userIdHashes.push(member.userIdHash);
    emailHashes.push(member.emailHash);
  }
  const replayed: Replayed = { at, last: log[at - 1], view: { members, userIds, userIdHashes, emailHashes, rendered: new Map() } };
  kept.push(replayed);
  if (kept.length > KEPT) kept.shift();
  return replayed.view;
}
