/** The stored shapes of notifications, their recipients and notification settings (service-facts 6.1, 3.34, 3.35). */

/** A person holding a notification: a userId, the md5 of an email, or both (no raw email is kept). */
export interface NotificationRecipient {
  userId?: string;
  emailHash?: string;
}

/**
 * One change of an organization's organization-level users, as `notifyAll` notifications see them: the user
 * joined or changed (with the md5 of the userId and of the email, computed once here) or `left`.
 */
export interface RosterChange {
  userId: string;
  userIdHash: string;
  emailHash?: string;
  left?: true;
}

/**
 * The organization-level users a `notifyAll` notification went to: those at position `at` of the roster log,
 * except the action user and those who have since removed it (`left`); `emails` gives a recipient without an
 * email of its own the one the request named (userId, md5 of the email).
 */
export interface EveryoneRecipients {
  at: number;
  except: string;
  emails?: [string, string][];
  left?: string[];
}

/** A stored notification (service-facts 6.1). `documentId`, `locationId` and recipients index it. */
export interface NotificationRecord {
  id: string;
  organizationId: string;
  documentId: string;
  locationId?: string | number;
  timestamp: number;
  /**
   * People still holding the notification beyond `everyone` (a user-scoped delete removes one): with `notifyAll`,
   * only those named in `notifyUsers` who are not organization-level users.
   */
  recipients: NotificationRecipient[];
  /** With `notifyAll`: the organization-level users at the time, kept as one position of the roster log. */
  everyone?: EveryoneRecipients;
  /**
   * The fields as sent (personal data already dropped for resolver notifications). `id`, `timestamp`,
   * `metadata` ids and the recipient maps are rendered from the record on read.
   */
  record: Record<string, unknown>;
  /** Users who marked it read (update notifications), in the order they did. */
  readBy?: string[];
  /** Users whose read copy stays in their list instead of being dropped (`persistReadForUsers`). */
  persistReadFor?: string[];
}

/** A delivery channel of notification settings (service-facts 3.34, 3.35). */
export type NotificationChannel = 'inbox' | 'email' | 'slack';

/** Which notifications a channel delivers. */
export type NotificationSetting = 'ALL' | 'MINE' | 'NONE' | 'MENTIONS_ONLY';

/** Per user and document (or organization default when `documentId` is undefined). */
export interface NotificationConfigRecord {
  userId: string;
  documentId?: string;
  config: Partial<Record<NotificationChannel, NotificationSetting>>;
}
