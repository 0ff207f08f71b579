import type { UserRecord } from '../entities.js';

/**
 * The insertion order of a level's users map as an array, so a page or a handful of ids costs what it returns
 * (O(page), O(ids · log ids)) instead of a walk from the first user. Kept beside the map (never in the state):
 * appends are recorded as they happen, a removal makes the next read rebuild it once, and a map whose size no
 * longer matches (changed elsewhere, or a restored copy) is rebuilt before use.
 */
interface Order {
  keys: string[];
  position: Map<string, number>;
  stale: boolean;
}

const orders = new WeakMap<ReadonlyMap<string, UserRecord>, Order>();

/** Records that `userId` was set in a level's users map (a new key goes last; an existing one keeps its place). */
export function noteUserSet(users: ReadonlyMap<string, UserRecord>, userId: string): void {
  const order = orders.get(users);
  if (!order || order.stale || order.position.has(userId)) return;
  order.position.set(userId, order.keys.length);
  order.keys.push(userId);
}

/** Records that a user left a level's users map; the order is rebuilt on its next read. */
export function noteUserRemoved(users: ReadonlyMap<string, UserRecord>): void {
  const order = orders.get(users);
  if (order) order.stale = true;
}

/**
 * The users map's keys in insertion order, and each key's position.
 * @example const { keys } = userOrder(org.users); keys.slice(1000, 2000);
 */
export function userOrder(users: ReadonlyMap<string, UserRecord>): { readonly keys: readonly string[]; readonly position: ReadonlyMap<string, number> } {
  let order = orders.get(users);
  if (!order || order.stale || order.keys.length !== users.size) {
    const keys = [...users.keys()];
    order = { keys, position: new Map(keys.map((k, i) => [k, i])), stale: false };
    orders.set(users, order);
  }
  return order;
}
