import type { NotificationRecord, OrganizationRecord, RosterChange } from '../state/entities.js';
import type { UndoLog } from '../state/undo-log.js';

/**
 * The roster log grows by one entry per organization-level user change, while only the positions that live
 * `notifyAll` notifications refer to (and the end) are ever read. Once the log is long enough, it is rewritten to
 * those positions alone: between two of them, the changes fold into the fewest that reach the same roster, members
 * in the same order; the notifications are pointed at the new positions. The log then follows the users and the
 * notifications, not the number of user changes.
 */

/** The log length after the last rewrite of each roster log (beside the state; a log never rewritten has none). */
const rewrittenAt = new WeakMap<readonly RosterChange[], number>();

/** The least growth past which a log is rewritten. */
const MIN_GROWTH = 64;

/**
 * Rewrites the roster log when it has outgrown its last rewrite by its own length and by the number of
 * notifications (whose positions a rewrite visits), so a rewrite costs O(1) per logged change over time.
 * @example compactRosterIfDue(undo, org);
 */
export function compactRosterIfDue(undo: UndoLog, org: OrganizationRecord): void {
  const log = org.roster;
  if (!log) return;
  const base = rewrittenAt.get(log) ?? 0;
  if (log.length <= 2 * Math.max(MIN_GROWTH, base) + org.notifications.size) return;
  compactRoster(undo, org);
}

/** What one user's entries between two kept positions came to. */
interface Folded {
  /** The member at the start of the stretch, if any. */
  start: RosterChange | undefined;
}

/**
 * Rewrites the roster log to the positions live notifications refer to, and points them at their new positions.
 * @example compactRoster(undo, org); org.roster.length // at most the members plus what the notifications need
 */
export function compactRoster(undo: UndoLog, org: OrganizationRecord): void {
  const log = org.roster;
  if (!log) return;
  const holders: NotificationRecord[] = [];
  for (const n of org.notifications.values()) if (n.everyone && n.everyone.at <= log.length) holders.push(n);
  const kept = [...new Set([...holders.map((n) => n.everyone?.at as number), log.length])].sort((a, b) => a - b);
  const members = new Map<string, RosterChange>();
  const next: RosterChange[] = [];
  const moved = new Map<number, number>([[0, 0]]);
  let from = 0;
  for (const to of kept) {
    const touched = new Map<string, Folded>();
    // Users (re)joined in this stretch, in the order of their last joining: where the roster puts them.
    const joined = new Map<string, true>();
    for (let i = from; i < to; i++) {
      const change = log[i] as RosterChange;
      if (!touched.has(change.userId)) touched.set(change.userId, { start: members.get(change.userId) });
      if (change.left) {
        members.delete(change.userId);
        joined.delete(change.userId);
      } else {
        if (!members.has(change.userId)) {
          joined.delete(change.userId);
          joined.set(change.userId, true);
        }
        members.set(change.userId, change);
      }
    }
    // Members that stayed in place but changed, then those who left (or left and came back), then who joined.
    for (const [userId, { start }] of touched) {
      const now = members.get(userId);
      if (start && now && !joined.has(userId) && (now.userIdHash !== start.userIdHash || now.emailHash !== start.emailHash)) next.push(now);
    }
    for (const [userId, { start }] of touched) {
      if (start && (!members.has(userId) || joined.has(userId))) next.push({ userId, userIdHash: start.userIdHash, left: true });
    }
    for (const userId of joined.keys()) next.push(members.get(userId) as RosterChange);
    moved.set(to, next.length);
    from = to;
  }
  for (const n of holders) {
    const everyone = n.everyone as NonNullable<NotificationRecord['everyone']>;
    const at = moved.get(everyone.at) as number;
    if (at !== everyone.at) undo.assign(everyone, 'at', at);
  }
  undo.assign(org, 'roster', next);
  rewrittenAt.set(next, next.length);
}
