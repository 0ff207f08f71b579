import { takePage } from '../../support/paging.js';
import type { Namespace, NotificationRecord, OrganizationRecord } from '../state/entities.js';
import { heldByEveryone, type NotificationSelector } from './notifications.js';
import { compareIn, timeline } from './timeline.js';

/** One page of notifications and whether any match follows it. */
export interface NotificationPage {
  page: NotificationRecord[];
  more: boolean;
}

const listedFor = (n: NotificationRecord, userId: string): boolean => n.recipients.some((r) => r.userId === userId);

/** An ascending list read by index: an array, or the organization's whole timeline. */
type OrderedList = Iterable<NotificationRecord> & { readonly length: number; at(index: number): NotificationRecord | undefined };

/** Ascending candidates: the smallest ordered list that holds every match, or an iterator merging two of them. */
function candidates(
  org: OrganizationRecord,
  selector: NotificationSelector,
): { list: OrderedList } | { merged: (desc: boolean) => Iterable<NotificationRecord> } {
  const t = timeline(org);
  if (selector.notificationIds) {
    const found = new Set<NotificationRecord>();
    for (const id of selector.notificationIds) {
      const n = org.notifications.get(id);
      if (n) found.add(n);
    }
    return { list: [...found].sort(compareIn(t)) };
  }
  if (selector.documentId !== undefined) return { list: t.byDocument.get(selector.documentId) ?? [] };
  const userId = selector.userId;
  if (userId === undefined) return { list: t.all };
  const listed = t.byUser.get(userId) ?? [];
  if (t.everyone.length === 0) return { list: listed };
  const compare = compareIn(t);
  // Listed recipients and notifyAll notifications, merged in order; one listed in both comes from `listed`.
  const merged = function* (desc: boolean): Generator<NotificationRecord> {
    const a = listed;
    const b = t.everyone;
    let i = desc ? a.length - 1 : 0;
    let j = desc ? b.length - 1 : 0;
    const step = desc ? -1 : 1;
    const inA = (k: number) => k >= 0 && k < a.length;
    const inB = (k: number) => k >= 0 && k < b.length;
    while (inA(i) || inB(j)) {
      const x = a[i];
      const y = b[j];
      const takeA = x !== undefined && (y === undefined || (desc ? compare(x, y) > 0 : compare(x, y) < 0));
      if (takeA) {
        yield x;
        i += step;
      } else {
        if (y !== undefined && !listedFor(y, userId) && heldByEveryone(org, y, userId)) yield y;
        j += step;
      }
    }
  };
  return { merged };
}

function* inOrder(list: OrderedList, desc: boolean): Generator<NotificationRecord> {
  if (desc) for (let k = list.length - 1; k >= 0; k--) yield list.at(k) as NotificationRecord;
  else yield* list;
}

/**
 * At most `size` notifications matching every filter after skipping `offset` matches, ordered by timestamp
 * (`desc` by default; ties in insertion order, reversed for `desc`). Reads an ordered list (the document's, the
 * user's, the requested ids') instead of sorting every match: O(page + log N) when that list is the whole
 * answer, plus one check per skipped or filtered-out candidate otherwise.
 * @example pageNotifications(ns, { organizationId: 'org', documentId: 'doc' }, 'desc', 0, 10).page
 */
export function pageNotifications(ns: Namespace, selector: NotificationSelector, order: 'asc' | 'desc', offset: number, size: number): NotificationPage {
  const org = ns.organizations.get(selector.organizationId);
  if (!org) return { page: [], more: false };
  const desc = order !== 'asc';
  const source = candidates(org, selector);
  const { documentId, locationId, userId } = selector;
  const byDocument = selector.notificationIds !== undefined && documentId !== undefined;
  const byUser = userId !== undefined && (selector.notificationIds !== undefined || documentId !== undefined);
  const keep = (n: NotificationRecord): boolean =>
    (!byDocument || n.documentId === documentId) &&
    (locationId === undefined || (n.locationId !== undefined && String(n.locationId) === locationId)) &&
    (!byUser || listedFor(n, userId as string) || heldByEveryone(org, n, userId as string));
  const filtered = byDocument || byUser || locationId !== undefined;
  if ('list' in source && !filtered) {
    const list = source.list;
    const page: NotificationRecord[] = [];
    for (let k = offset; k < list.length && page.length < size; k++) page.push(list.at(desc ? list.length - 1 - k : k) as NotificationRecord);
    return { page, more: list.length > offset + size };
  }
  const items: Iterable<NotificationRecord> = 'list' in source ? inOrder(source.list, desc) : source.merged(desc);
  return takePage(filtered ? kept(items, keep) : items, offset, size);
}

/**
 * The notifications a user acted in or holds, in insertion order (the user-data export): the user's own list of
 * the timeline merged with the `notifyAll` notifications the user is still among, so the cost follows the
 * user's notifications and the organization's `notifyAll` ones, never the rest.
 * @example [...involvedNotifications(org, 'u1')].length
 */
export function* involvedNotifications(org: OrganizationRecord, userId: string): Generator<NotificationRecord> {
  const t = timeline(org);
  const own = t.involved.get(userId) ?? [];
  const everyone = t.everyoneByRank;
  const rank = (n: NotificationRecord): number => t.rank.get(n) ?? 0;
  let i = 0;
  let j = 0;
  while (i < own.length || j < everyone.length) {
    const x = own[i];
    const y = everyone[j];
    if (x !== undefined && (y === undefined || rank(x) <= rank(y))) {
      if (x === y) j++;
      i++;
      yield x;
      continue;
    }
    j++;
    if (y !== undefined && heldByEveryone(org, y, userId)) yield y;
  }
}

/** The items `keep` accepts, lazily. */
function* kept<T>(items: Iterable<T>, keep: (item: T) => boolean): Generator<T> {
  for (const item of items) if (keep(item)) yield item;
}
