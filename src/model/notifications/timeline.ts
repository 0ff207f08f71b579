import { lowerBound, SortedChunks } from '../../support/sorted-chunks.js';
import { besideIndex } from '../state/beside-indexes.js';
import type { NotificationRecord, OrganizationRecord } from '../state/entities.js';
import { userIdOf } from '../state/record-fields.js';
import type { UndoLog } from '../state/undo-log.js';

/**
 * An organization's notifications ordered by (timestamp, insertion), whole and per document and per recipient,
 * so a page of `notifications/get` costs what it returns plus a binary search, not a sort of every match; and
 * per user in insertion order (acted in or listed), for the user-data export. An index beside the notifications
 * map (`besideIndex`): each write notes it in O(log N), so an undo puts it back entry by entry; a change it cannot
 * follow (an erase) makes the next read rebuild it once, and so does an undo past the point it was built at, or a
 * map whose size no longer matches (a restored copy).
 */
interface Timeline {
  size: number;
  /** Insertion rank of each record, the tie-break of equal timestamps and the order of `involved`. */
  rank: Map<NotificationRecord, number>;
  next: number;
  all: SortedChunks<NotificationRecord>;
  byDocument: Map<string, NotificationRecord[]>;
  /** By userId of a listed recipient. */
  byUser: Map<string, NotificationRecord[]>;
  /** `notifyAll` notifications, whose organization-level recipients are checked per read. */
  everyone: NotificationRecord[];
  /** By userId of the action user or of a listed recipient, in insertion order. */
  involved: Map<string, NotificationRecord[]>;
  /** `everyone`, in insertion order. */
  everyoneByRank: NotificationRecord[];
  /** Every record in insertion order: the notifications map's own order. */
  ranked: SortedChunks<NotificationRecord>;
}

type Compare = (a: NotificationRecord, b: NotificationRecord) => number;

function insert(list: NotificationRecord[], n: NotificationRecord, compare: Compare): void {
  const last = list[list.length - 1];
  if (last === undefined || compare(last, n) < 0) list.push(n);
  else if (last !== n) {
    const at = lowerBound(list, n, compare);
    if (list[at] !== n) list.splice(at, 0, n);
  }
}

function remove(list: NotificationRecord[] | undefined, n: NotificationRecord, compare: Compare): void {
  if (!list) return;
  if (list[list.length - 1] === n) {
    list.pop();
    return;
  }
  const at = lowerBound(list, n, compare);
  if (list[at] === n) list.splice(at, 1);
}

/** The userIds a record is indexed under in `involved`: the action user, then listed recipients, once each. */
function involvedIds(n: NotificationRecord): Set<string> {
  const ids = new Set<string>();
  const actor = userIdOf(n.record['actionUser']);
  if (typeof actor === 'string') ids.add(actor);
  for (const r of n.recipients) if (r.userId !== undefined) ids.add(r.userId);
  return ids;
}

function listOf(map: Map<string, NotificationRecord[]>, key: string): NotificationRecord[] {
  let list = map.get(key);
  if (!list) map.set(key, (list = []));
  return list;
}

/** Puts a record in every list it belongs to, by its current fields. */
function place(t: Timeline, n: NotificationRecord, rank: number): void {
  t.rank.set(n, rank);
  t.size++;
  const byTime = compareIn(t);
  const byRank = rankIn(t);
  t.all.insert(n, byTime);
  t.ranked.insert(n, byRank);
  insert(listOf(t.byDocument, n.documentId), n, byTime);
  for (const r of n.recipients) if (r.userId !== undefined) insert(listOf(t.byUser, r.userId), n, byTime);
  for (const userId of involvedIds(n)) insert(listOf(t.involved, userId), n, byRank);
  if (n.everyone) {
    insert(t.everyone, n, byTime);
    insert(t.everyoneByRank, n, byRank);
  }
}

/** Takes a record out of every list it was placed in; its fields must be those it was placed with. */
function unplace(t: Timeline, n: NotificationRecord): void {
  const byTime = compareIn(t);
  const byRank = rankIn(t);
  t.all.remove(n, byTime);
  t.ranked.remove(n, byRank);
  remove(t.byDocument.get(n.documentId), n, byTime);
  for (const r of n.recipients) if (r.userId !== undefined) remove(t.byUser.get(r.userId), n, byTime);
  for (const userId of involvedIds(n)) remove(t.involved.get(userId), n, byRank);
  if (n.everyone) {
    remove(t.everyone, n, byTime);
    remove(t.everyoneByRank, n, byRank);
  }
  t.rank.delete(n);
  t.size--;
}

function build(notifications: ReadonlyMap<string, NotificationRecord>): Timeline {
  const t: Timeline = {
    size: 0,
    rank: new Map(),
    next: 0,
    all: new SortedChunks(),
    byDocument: new Map(),
    byUser: new Map(),
    everyone: [],
    involved: new Map(),
    everyoneByRank: [],
    ranked: new SortedChunks(),
  };
  let i = 0;
  for (const n of notifications.values()) {
    t.rank.set(n, i++);
    t.ranked.push(n);
  }
  t.next = i;
  // A stable sort by timestamp keeps insertion order among equal timestamps; lists filled in that order stay sorted.
  for (const n of [...notifications.values()].sort((a, b) => a.timestamp - b.timestamp)) {
    t.all.push(n);
    listOf(t.byDocument, n.documentId).push(n);
    for (const r of n.recipients) {
      if (r.userId === undefined) continue;
      const list = listOf(t.byUser, r.userId);
      if (list.at(-1) !== n) list.push(n);
    }
    if (n.everyone) t.everyone.push(n);
  }
  for (const n of notifications.values()) {
    for (const userId of involvedIds(n)) listOf(t.involved, userId).push(n);
    if (n.everyone) t.everyoneByRank.push(n);
  }
  t.size = notifications.size;
  return t;
}

const timelines = besideIndex<ReadonlyMap<string, NotificationRecord>, Timeline>({ build, fits: (t, notifications) => t.size === notifications.size });

/**
 * The organization's timeline, rebuilt first when it cannot follow the state.
 * @example timeline(org).byDocument.get('doc-1')
 */
export function timeline(org: OrganizationRecord): Readonly<Timeline> {
  return timelines.read(org.notifications);
}

/** Records a notification just set in the organization's map (as its newest insertion). */
export function noteNotificationAdded(undo: UndoLog, org: OrganizationRecord, n: NotificationRecord): void {
  const t = timelines.current(org.notifications);
  if (!t || t.rank.has(n)) return;
  const rank = t.next++;
  timelines.note(
    undo,
    org.notifications,
    (t) => place(t, n, rank),
    (t) => unplace(t, n),
  );
}

/**
 * Deletes a notification from the organization's map and the timeline: O(log N), the map's order recorded as the
 * id that follows it rather than as every id.
 * @example removeNotification(undo, org, n);
 */
export function removeNotification(undo: UndoLog, org: OrganizationRecord, n: NotificationRecord): void {
  const t = timelines.read(org.notifications);
  const rank = t.rank.get(n);
  if (rank === undefined || org.notifications.get(n.id) !== n) {
    undo.delete(org.notifications, n.id);
    return;
  }
  const next = t.ranked.after(n, rankIn(t));
  undo.deleteBefore(org.notifications, n.id, next ? next.id : null);
  timelines.note(
    undo,
    org.notifications,
    (t) => unplace(t, n),
    (t) => place(t, n, rank),
  );
}

/**
 * Changes the fields a notification is indexed by (`change` writes through the undo): it leaves its lists
 * before and rejoins them after, keeping its rank.
 * @example reindexNotification(undo, org, n, () => undo.assign(n, 'recipients', []));
 */
export function reindexNotification(undo: UndoLog, org: OrganizationRecord, n: NotificationRecord, change: () => void): void {
  const rank = timelines.current(org.notifications)?.rank.get(n);
  if (rank === undefined) {
    change();
    return;
  }
  timelines.note(
    undo,
    org.notifications,
    (t) => unplace(t, n),
    (t) => place(t, n, rank),
  );
  change();
  timelines.note(
    undo,
    org.notifications,
    (t) => place(t, n, rank),
    (t) => unplace(t, n),
  );
}

/** Records a change the timeline does not follow; the next read rebuilds it (an undo of the change first cancels that). */
export function noteNotificationsChanged(undo: UndoLog, org: OrganizationRecord): void {
  timelines.unfollowed(undo, org.notifications);
}

/** Ascending comparison: timestamp, then insertion. */
export function compareIn(t: Readonly<Timeline>): Compare {
  return (a, b) => a.timestamp - b.timestamp || (t.rank.get(a) ?? 0) - (t.rank.get(b) ?? 0);
}

/** Insertion order. */
function rankIn(t: Readonly<Timeline>): Compare {
  return (a, b) => (t.rank.get(a) ?? 0) - (t.rank.get(b) ?? 0);
}

/**
 * A document's notifications in insertion order (a copy, safe to delete from): O(the document's notifications).
 * @example for (const n of documentNotifications(org, 'doc-1')) removeNotification(undo, org, n);
 */
export function documentNotifications(org: OrganizationRecord, documentId: string): NotificationRecord[] {
  const t = timeline(org);
  return [...(t.byDocument.get(documentId) ?? [])].sort(rankIn(t));
}
