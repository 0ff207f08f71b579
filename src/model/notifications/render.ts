/** A stored notification in the shape get notifications returns (service-facts 6.1). */
import { md5Hex } from '../../support/ids.js';
import type { Namespace, NotificationRecipient, NotificationRecord, OrganizationRecord } from '../state/entities.js';
import { keptText } from '../state/kept-text.js';
import { fillRosterMaps, type RecipientMaps, rosterAt, rosterMaps } from './roster.js';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** md5 of a listed recipient's userId, computed once per stored recipient. */
const userIdHashes = new WeakMap<NotificationRecipient, string>();

function userIdHashOf(recipient: NotificationRecipient & { userId: string }): string {
  let hash = userIdHashes.get(recipient);
  if (hash === undefined) userIdHashes.set(recipient, (hash = md5Hex(recipient.userId)));
  return hash;
}

/** `notifyUsers` (by email hash) and `notifyUsersByUserId` (by userId hash) in recipient order; a plain `notifyAll` one is shared. */
function recipientMaps(org: OrganizationRecord | undefined, n: NotificationRecord): RecipientMaps {
  const everyone = n.everyone;
  const view = everyone && org?.roster ? rosterAt(org.roster, everyone.at) : undefined;
  const left = everyone?.left && everyone.left.length > 0 ? new Set(everyone.left) : undefined;
  if (view && everyone && !left && !everyone.emails && n.recipients.length === 0) return rosterMaps(view, everyone.except);
  const maps: RecipientMaps = { byEmail: {}, byUserId: {} };
  if (view && everyone) fillRosterMaps(view, maps, everyone.except, left, everyone.emails ? new Map(everyone.emails) : undefined);
  for (const r of n.recipients) {
    if (r.emailHash !== undefined) maps.byEmail[r.emailHash] = true;
    if (r.userId !== undefined) maps.byUserId[userIdHashOf(r as NotificationRecipient & { userId: string })] = true;
  }
  return maps;
}

/** Keys of the read shape in order; `timestamp`, `metadata` and the recipient maps are rendered. */
const READ_ORDER = [
  'notificationSource',
  'notificationSourceData',
  'actionUser',
  'timestamp',
  'displayHeadlineMessageTemplate',
  'displayHeadlineMessageTemplateData',
  'displayHeadlineMessage',
  'displayBodyMessage',
  'displayBodyMessageTemplate',
  'displayBodyMessageTemplateData',
  'metadata',
  'notifyUsers',
  'notifyUsersByUserId',
  'context',
  'location',
  'isNotificationResolverUsed',
  'isCrossOrganizationEnabled',
];

/**
 * A notification as get notifications returns it (service-facts 6.1): client ids in `metadata`,
 * `notifyUsers` keyed by md5(email), `notifyUsersByUserId` keyed by md5(userId); fixture extras last. A copy.
 * @example renderNotification(ns, record).notifyUsersByUserId
 */
export function renderNotification(ns: Namespace, n: NotificationRecord): Record<string, unknown> {
  return readShape(ns, n, structuredClone(n.record));
}

/**
 * `renderNotification` for a reply that is serialised at once: the same keys in the same order, but the values are
 * the stored ones, not copies; a caller may add keys to it, never change what it holds.
 * @example JSON.stringify(notificationReply(ns, record)) === JSON.stringify(renderNotification(ns, record))
 */
export function notificationReply(ns: Namespace, n: NotificationRecord): Record<string, unknown> {
  return readShape(ns, n, n.record);
}

/**
 * `JSON.stringify(notificationReply(ns, n))` without its closing `}`, so a caller can add keys after the last one;
 * kept beside the record while the state is unchanged (`keptText`). A notification to a large organization lists
 * every member twice (10,000 members: about 1 MB), so one past 8 KB is written on every read.
 * @example `${notificationReplyHead(record, ns)},"isUnread":true}`
 */
export const notificationReplyHead = keptText(
  (n: NotificationRecord, ns: Namespace): string => JSON.stringify(notificationReply(ns, n)).slice(0, -1),
  8 * 1024,
);

/** A notification in its read shape, with the stored fields `fields` (the record's own, or a copy of them). */
function readShape(ns: Namespace, n: NotificationRecord, fields: Record<string, unknown>): Record<string, unknown> {
  const apiKey = ns.apiKey;
  const sent: Record<string, unknown> = {};
  // The service's own ids win over same-named keys a client put in `metadata`.
  for (const [key, value] of Object.entries(isRecord(fields['metadata']) ? fields['metadata'] : {})) {
    if (key !== 'apiKey' && key !== 'documentId' && key !== 'organizationId') sent[key] = value;
  }
  const rendered: Record<string, unknown> = {
    timestamp: n.timestamp,
    metadata: { apiKey, documentId: n.documentId, organizationId: n.organizationId, ...sent },
  };
  const maps = recipientMaps(ns.organizations.get(n.organizationId), n);
  rendered['notifyUsers'] = maps.byEmail;
  rendered['notifyUsersByUserId'] = maps.byUserId;
  const out: Record<string, unknown> = { id: n.id };
  for (const key of READ_ORDER) {
    const value = key in rendered ? rendered[key] : fields[key];
    if (value !== undefined) out[key] = value;
  }
  for (const [key, value] of Object.entries(fields)) if (!(key in out)) out[key] = value;
  return out;
}
