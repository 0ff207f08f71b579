import type { NotificationRecord, OrganizationRecord } from '../entities.js';

/**
 * An organization's notifications ordered by (timestamp, insertion), whole and per document and per recipient,
 * so a page of `notifications/get` costs what it returns plus a binary search, not a sort of every match.
 * Kept beside the notifications map (never in the state): an add in time order appends, any other change
 * (replace, delete, a user leaving, a move) makes the next read rebuild it once, and a map whose size no longer
 * matches (changed elsewhere, or a restored copy) is rebuilt before use.
 */
interface Timeline {
  size: number;
  stale: boolean;
  /** Insertion rank of each record, the tie-break of equal timestamps. */
  rank: Map<NotificationRecord, number>;
  next: number;
  all: NotificationRecord[];
  byDocument: Map<string, NotificationRecord[]>;
  /** By userId of a listed recipient. */
  byUser: Map<string, NotificationRecord[]>;
  /** `notifyAll` notifications, whose organization-level recipients are checked per read. */
  everyone: NotificationRecord[];
}

const timelines = new WeakMap<ReadonlyMap<string, NotificationRecord>, Timeline>();

/** Puts a record after every record with a timestamp not later than its own (it is the newest insertion). */
function insert(list: NotificationRecord[], n: NotificationRecord): void {
  let lo = 0;
  let hi = list.length;
  if (hi === 0 || (list[hi - 1] as NotificationRecord).timestamp <= n.timestamp) {
    list.push(n);
    return;
  }
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((list[mid] as NotificationRecord).timestamp <= n.timestamp) lo = mid + 1;
    else hi = mid;
  }
  list.splice(lo, 0, n);
}

function place(t: Timeline, n: NotificationRecord, add: (list: NotificationRecord[], n: NotificationRecord) => void): void {
  t.rank.set(n, t.next++);
  add(t.all, n);
  let doc = t.byDocument.get(n.documentId);
  if (!doc) t.byDocument.set(n.documentId, (doc = []));
  add(doc, n);
  for (const r of n.recipients) {
    if (r.userId === undefined) continue;
    let list = t.byUser.get(r.userId);
    if (!list) t.byUser.set(r.userId, (list = []));
    if (list.at(-1) !== n) add(list, n);
  }
  if (n.everyone) add(t.everyone, n);
}

function build(notifications: ReadonlyMap<string, NotificationRecord>): Timeline {
  const t: Timeline = { size: notifications.size, stale: false, rank: new Map(), next: 0, all: [], byDocument: new Map(), byUser: new Map(), everyone: [] };
  // A stable sort by timestamp keeps insertion order among equal timestamps; lists filled in that order stay sorted.
  const sorted = [...notifications.values()].sort((a, b) => a.timestamp - b.timestamp);
  const ranks = new Map<NotificationRecord, number>();
  let i = 0;
  for (const n of notifications.values()) ranks.set(n, i++);
  for (const n of sorted) {
    place(t, n, (list, x) => list.push(x));
    t.rank.set(n, ranks.get(n) as number);
  }
  t.next = i;
  return t;
}

/**
 * The organization's timeline, rebuilt first when a change made it stale.
 * @example timeline(org).byDocument.get('doc-1')
 */
export function timeline(org: OrganizationRecord): Readonly<Timeline> {
  let t = timelines.get(org.notifications);
  if (!t || t.stale || t.size !== org.notifications.size) {
    t = build(org.notifications);
    timelines.set(org.notifications, t);
  }
  return t;
}

/** Records a new notification (not a replacement), already set in the organization's map. */
export function noteNotificationAdded(org: OrganizationRecord, n: NotificationRecord): void {
  const t = timelines.get(org.notifications);
  if (!t || t.stale || t.size + 1 !== org.notifications.size) return;
  place(t, n, insert);
  t.size++;
}

/** Records any other change of an organization's notifications; the next read rebuilds the timeline. */
export function noteNotificationsChanged(org: OrganizationRecord): void {
  const t = timelines.get(org.notifications);
  if (t) t.stale = true;
}

/** Ascending comparison: timestamp, then insertion. */
export function compareIn(t: Readonly<Timeline>): (a: NotificationRecord, b: NotificationRecord) => number {
  return (a, b) => a.timestamp - b.timestamp || (t.rank.get(a) ?? 0) - (t.rank.get(b) ?? 0);
}
