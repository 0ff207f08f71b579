import { DOCUMENT_SCOPE } from '../document-scope.js';
import type { ModelContext } from '../state/context.js';
import type { Namespace, NotificationRecord } from '../state/entities.js';

/** Items per list per page of the user-data export (service-facts 3.21). */
export const USER_DATA_PAGE_SIZE = 100;

/** One page of a user's data: up to `size` items of each list from the same offset. */
export interface UserDataPage {
  comments: Record<string, unknown>[];
  reactions: Record<string, unknown>[];
  recordings: Record<string, unknown>[];
  /** Raw records; the caller renders them in the read shape (service-facts 6.1). */
  notifications: NotificationRecord[];
  /** Whether any of the lists has items beyond this page. */
  more: boolean;
}

type Lists = Omit<UserDataPage, 'more'>;

/**
 * One page of everything a user created or took part in within an organization, in storage order: each kind of
 * `DOCUMENT_SCOPE` that has user data (comment threads, reactions and recordings the user authored,
 * notifications the user acted in or received). One offset advances every list; an exhausted list answers
 * `[]`. An unknown organization or user gives empty lists.
 * @example const page = userDataPage(ctx, ns, { organizationId: 'org', userId: 'u1', offset: 0 }); page.more;
 */
export function userDataPage(ctx: ModelContext, ns: Namespace, query: { organizationId: string; userId: string; offset: number; size?: number }): UserDataPage {
  const { organizationId, userId, offset, size = USER_DATA_PAGE_SIZE } = query;
  const lists: Record<string, unknown[]> = { comments: [], reactions: [], recordings: [], notifications: [] };
  const org = ns.organizations.get(organizationId);
  let more = false;
  if (org) {
    for (const kind of DOCUMENT_SCOPE) {
      const items = kind.userData?.({ ctx, ns, org }, userId);
      if (!items) continue;
      const page: unknown[] = [];
      let index = 0;
      for (const item of items) {
        if (index >= offset + size) {
          more = true;
          break;
        }
        if (index++ >= offset) page.push(kind.renderUserData ? kind.renderUserData(item) : item);
      }
      lists[kind.name] = page;
    }
  }
  return { ...(lists as unknown as Lists), more };
}
