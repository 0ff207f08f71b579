import type { Namespace, NotificationRecord } from '../entities.js';

/** Items per list per page of the user-data export (service-facts 3.21). */
export const USER_DATA_PAGE_SIZE = 100;

/** One page of a user's data: up to `size` items of each list from the same offset. */
export interface UserDataPage {
  comments: Record<string, unknown>[];
  reactions: Record<string, unknown>[];
  recordings: Record<string, unknown>[];
  /** Raw records; the caller renders them in the read shape (service-facts 6.1). */
  notifications: NotificationRecord[];
  /** Whether any of the four lists has items beyond this page. */
  more: boolean;
}

const userIdOf = (user: unknown): unknown => (user && typeof user === 'object' ? (user as Record<string, unknown>)['userId'] : undefined);

/** The comment annotation was created by the user, or holds a comment the user wrote. */
function inThread(annotation: Record<string, unknown>, userId: string): boolean {
  if (userIdOf(annotation['from']) === userId) return true;
  const comments = annotation['comments'];
  return Array.isArray(comments) && comments.some((comment: unknown) => userIdOf((comment as Record<string, unknown> | null)?.['from']) === userId);
}

/** The user acted (action user) or holds the notification (a recipient). */
function involved(notification: NotificationRecord, userId: string): boolean {
  return userIdOf(notification.record['actionUser']) === userId || notification.recipients.some((r) => r.userId === userId);
}

function slicePage<T>(items: T[], offset: number, size: number): { page: T[]; more: boolean } {
  return { page: items.slice(offset, offset + size), more: items.length > offset + size };
}

/**
 * One page of everything a user created or took part in within an organization, in storage order: comment
 * threads, reactions and recordings the user authored, notifications the user acted in or received. One offset
 * advances all four lists; an exhausted list answers `[]`. An unknown organization or user gives four empty lists.
 * @example const page = userDataPage(ns, 'org', 'u1', 0, 100); page.more;
 */
export function userDataPage(ns: Namespace, organizationId: string, userId: string, offset: number, size = USER_DATA_PAGE_SIZE): UserDataPage {
  const org = ns.organizations.get(organizationId);
  if (!org) return { comments: [], reactions: [], recordings: [], notifications: [], more: false };
  const comments = slicePage(org.comments.filter((a) => inThread(a, userId)), offset, size);
  const reactions = slicePage(org.reactions.filter((r) => userIdOf(r['from']) === userId), offset, size);
  const recordings = slicePage(org.recordings.filter((r) => userIdOf(r['from']) === userId), offset, size);
  const notifications = slicePage([...org.notifications.values()].filter((n) => involved(n, userId)), offset, size);
  return {
    comments: comments.page,
    reactions: reactions.page,
    recordings: recordings.page,
    notifications: notifications.page,
    more: comments.more || reactions.more || recordings.more || notifications.more,
  };
}
