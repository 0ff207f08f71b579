import { besideIndex } from '../state/beside-indexes.js';
import type { ActivityRecord } from '../state/entities.js';
import type { UndoLog } from '../state/undo-log.js';

/**
 * An organization's activities ordered by (timestamp, storage order), so a page of `activities/get` walks what it
 * returns (plus what its filters skip) instead of sorting and copying every activity on each call. An index beside
 * the activities map (`besideIndex`). Timestamps never change in place; a new record (always last in storage order)
 * is placed by `noteActivityAdded`, a deleted one dropped by `noteActivityRemoved`, and an undo of either makes the
 * next read rebuild once, as does anything this module is not told of (a size mismatch). A restored or reset state
 * has new maps, so new orders.
 */
interface ActivityOrder {
  /** Records in (timestamp, storage) order; a removed record stays until the next rebuild, skipped by `live`. */
  list: ActivityRecord[];
  live: Set<ActivityRecord>;
}

function build(activities: ReadonlyMap<string, ActivityRecord>): ActivityOrder {
  const list = [...activities.values()];
  const position = new Map(list.map((a, i) => [a, i]));
  list.sort((a, b) => a.timestamp - b.timestamp || (position.get(a) as number) - (position.get(b) as number));
  return { list, live: new Set(list) };
}

const orders = besideIndex<ReadonlyMap<string, ActivityRecord>, ActivityOrder>({ build, fits: (order, activities) => order.live.size === activities.size });

/** The order of a map, rebuilt when it may have missed a change. */
function orderOf(activities: ReadonlyMap<string, ActivityRecord>): ActivityOrder {
  return orders.read(activities);
}

/**
 * Places a record just stored in `activities` (after `undo.set`), replacing `replaced` if it stood for the same
 * id. Does nothing when no order was built yet.
 * @example noteActivityAdded(ctx.store.undo, org.activities, record, previous);
 */
export function noteActivityAdded(undo: UndoLog, activities: ReadonlyMap<string, ActivityRecord>, record: ActivityRecord, replaced?: ActivityRecord): void {
  orders.note(undo, activities, (order) => place(order, record, replaced));
}

function place(order: ActivityOrder, record: ActivityRecord, replaced: ActivityRecord | undefined): void {
  if (replaced) order.live.delete(replaced);
  const { list } = order;
  // After every record not later than it: it is the newest in storage order.
  const last = list[list.length - 1];
  if (last === undefined || last.timestamp <= record.timestamp) list.push(record);
  else list.splice(boundary(list, record.timestamp, true), 0, record);
  order.live.add(record);
  compact(order);
}

/** Drops removed records from the list once they outnumber the live ones (amortised O(1) per change). */
function compact(order: ActivityOrder): void {
  if (order.list.length > 2 * order.live.size + 64) order.list = order.list.filter((a) => order.live.has(a));
}

/** Forgets a record just deleted from `activities` (after `undo.delete`). @example noteActivityRemoved(ctx.store.undo, org.activities, record); */
export function noteActivityRemoved(undo: UndoLog, activities: ReadonlyMap<string, ActivityRecord>, record: ActivityRecord): void {
  orders.note(undo, activities, (order) => {
    order.live.delete(record);
    compact(order);
  });
}

/**
 * The activities of a map in timestamp order (`desc`: newest first, ties in reverse storage order), lazily, so a
 * caller that stops early pays for what it read. Read-only: the records are the stored ones.
 * @example for (const a of orderedActivities(org.activities, 'desc')) if (matches(a)) page.push(a);
 */
export function* orderedActivities(activities: ReadonlyMap<string, ActivityRecord>, order: 'asc' | 'desc'): Generator<ActivityRecord> {
  const { list, live } = orderOf(activities);
  if (order === 'asc') {
    for (const a of list) if (live.has(a) && activities.get(a.id) === a) yield a;
  } else {
    for (let i = list.length - 1; i >= 0; i--) {
      const a = list[i] as ActivityRecord;
      if (live.has(a) && activities.get(a.id) === a) yield a;
    }
  }
}

/** The first index whose timestamp is later than `timestamp` (`after`), or not earlier than it. */
function boundary(list: readonly ActivityRecord[], timestamp: number, after: boolean): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const at = (list[mid] as ActivityRecord).timestamp;
    if (at < timestamp || (after && at === timestamp)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Where a stored record stands in the order: a binary search on its timestamp, then a walk over equal ones. */
function rankOf(list: readonly ActivityRecord[], record: ActivityRecord): number {
  let at = boundary(list, record.timestamp, false);
  while (at < list.length && list[at] !== record) at++;
  return at;
}

/**
 * A few stored records (e.g. the ≤ 30 requested by id) sorted as `orderedActivities` would yield them, at the cost
 * of a binary search each.
 * @example inActivityOrder(org.activities, found, 'asc')
 */
export function inActivityOrder(activities: ReadonlyMap<string, ActivityRecord>, records: readonly ActivityRecord[], order: 'asc' | 'desc'): ActivityRecord[] {
  const { list } = orderOf(activities);
  const ranked = records.map((r) => [rankOf(list, r), r] as const).sort((a, b) => a[0] - b[0]);
  const sorted = ranked.map(([, r]) => r);
  return order === 'asc' ? sorted : sorted.reverse();
}
