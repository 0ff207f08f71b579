import type { OrganizationRecord } from '../state/entities.js';
import { userIdOf } from '../state/record-fields.js';
import type { UndoLog } from '../state/undo-log.js';
import { noteNotificationsChanged } from './timeline.js';

/**
 * Erases users from an organization's notifications: one they triggered goes, and they leave the recipients and
 * the read lists of the others. Returns whether any notification went or lost a recipient.
 * @example eraseFromNotifications(ctx.store.undo, org, new Set(['u1']))
 */
export function eraseFromNotifications(undo: UndoLog, org: OrganizationRecord, users: ReadonlySet<string>): boolean {
  let touched = false;
  for (const [id, n] of org.notifications) {
    const actor = userIdOf(n.record['actionUser']);
    if (typeof actor === 'string' && users.has(actor)) {
      undo.delete(org.notifications, id);
      touched = true;
      continue;
    }
    const recipients = n.recipients.filter((r) => r.userId === undefined || !users.has(r.userId));
    if (recipients.length !== n.recipients.length) {
      undo.assign(n, 'recipients', recipients);
      touched = true;
    }
    if (n.readBy?.some((u) => users.has(u)))
      undo.assign(
        n,
        'readBy',
        n.readBy.filter((u) => !users.has(u)),
      );
    if (n.persistReadFor?.some((u) => users.has(u)))
      undo.assign(
        n,
        'persistReadFor',
        n.persistReadFor.filter((u) => !users.has(u)),
      );
  }
  if (touched) noteNotificationsChanged(undo, org);
  return touched;
}
