import { besideIndex } from '../state/beside-indexes.js';
import type { UserRecord } from '../state/entities.js';
import type { UndoLog } from '../state/undo-log.js';

/**
 * The insertion order of a level's users map as an array, so a page or a handful of ids costs what it returns
 * (O(page), O(ids · log ids)) instead of a walk from the first user. An index beside the map (`besideIndex`): an
 * append is noted (an undo pops it), a removal is not followed and makes the next read rebuild it once (an undo
 * of the removal first cancels that), and so do an undo past the point it was built at and a map whose size no
 * longer matches (a restored copy).
 */
interface Order {
  keys: string[];
  position: Map<string, number>;
}

const orders = besideIndex<ReadonlyMap<string, UserRecord>, Order>({
  build: (users) => {
    const keys = [...users.keys()];
    return { keys, position: new Map(keys.map((k, i) => [k, i])) };
  },
  fits: (order, users) => order.keys.length === users.size,
});

function append(order: Order, userId: string): void {
  order.position.set(userId, order.keys.length);
  order.keys.push(userId);
}

function pop(order: Order, userId: string): void {
  if (order.keys[order.keys.length - 1] !== userId) return;
  order.keys.pop();
  order.position.delete(userId);
}

/** Records that `userId` was just set in a level's users map (a new key goes last; an existing one keeps its place). */
export function noteUserSet(undo: UndoLog, users: ReadonlyMap<string, UserRecord>, userId: string): void {
  const order = orders.current(users);
  if (!order || order.position.has(userId)) return;
  orders.note(
    undo,
    users,
    (order) => append(order, userId),
    (order) => pop(order, userId),
  );
}

/** Records that a user just left a level's users map; the order is rebuilt on its next read. */
export function noteUserRemoved(undo: UndoLog, users: ReadonlyMap<string, UserRecord>): void {
  orders.unfollowed(undo, users);
}

/**
 * The users map's keys in insertion order, and each key's position.
 * @example const { keys } = userOrder(org.users); keys.slice(1000, 2000);
 */
export function userOrder(users: ReadonlyMap<string, UserRecord>): { readonly keys: readonly string[]; readonly position: ReadonlyMap<string, number> } {
  return orders.read(users);
}
