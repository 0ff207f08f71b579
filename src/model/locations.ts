import { DOCUMENT_SCOPE } from './document-scope.js';
import { documentNotifications, removeNotification } from './notifications/timeline.js';
import type { ModelContext } from './state/context.js';
import type { Namespace, OrganizationRecord } from './state/entities.js';
import { documentOf, type LocationObject, type LocationUpdate, sameLocation } from './state/record-fields.js';

export type { LocationObject, LocationUpdate } from './state/record-fields.js';

/**
 * Rewrites every stored location of a document that matches `oldLocation`, in every kind of `DOCUMENT_SCOPE`
 * that carries locations (notification `location` and `metadata.location`, annotation and activity
 * `location`). Numeric `locationId` fields are left as stored. Returns how many locations changed; none
 * matching is not an error.
 * @example updateLocation(ctx, ns, { documentId: 'd', oldLocation: { id: 0 }, newLocation: { id: 0, locationName: 'B' }, merge: true });
 */
export function updateLocation(ctx: ModelContext, ns: Namespace, update: LocationUpdate): number {
  const orgs =
    update.organizationId !== undefined
      ? [ns.organizations.get(update.organizationId)].filter((org): org is OrganizationRecord => org !== undefined)
      : [...ns.organizations.values()];
  let count = 0;
  for (const org of orgs) {
    let changed = 0;
    for (const kind of DOCUMENT_SCOPE) changed += kind.relocate?.({ ctx, ns, org }, update) ?? 0;
    if (changed > 0) ctx.events.emit('location.update', ns.apiKey, { organizationId: org.organizationId, documentId: update.documentId, changed });
    count += changed;
  }
  return count;
}

type Holder = Record<string, unknown>;
const isObject = (value: unknown): value is Holder => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether a record sits at the location: its own `location` or `metadata.location`. */
function atLocation(record: unknown, location: LocationObject): boolean {
  if (!isObject(record)) return false;
  return sameLocation(record['location'], location) || (isObject(record['metadata']) && sameLocation(record['metadata']['location'], location));
}

/**
 * Deletes every record of a document at one location (beyond-spec 3.12), in each organization of the key that
 * holds the document: comment annotations (with their comments), reactions and recordings there, notifications
 * there, activity records there or about a deleted annotation. No match deletes nothing. Returns how many went.
 * @example deleteLocationData(ctx, ns, { documentId: 'd', location: { id: 'loc1' } })
 */
export function deleteLocationData(ctx: ModelContext, ns: Namespace, input: { documentId: string; location: LocationObject }): number {
  let count = 0;
  for (const org of ns.organizations.values()) {
    const inDocument = (record: Holder): boolean => documentOf(record) === input.documentId;
    const gone = new Set<string>();
    for (const [annotationId, thread] of org.comments.get(input.documentId)?.threads ?? []) {
      if (!atLocation(thread, input.location)) continue;
      const threads = org.comments.get(input.documentId)?.threads;
      if (threads) ctx.store.undo.delete(threads, annotationId);
      gone.add(annotationId);
      count++;
    }
    for (const kind of ['reactions', 'recordings'] as const) {
      const kept = org[kind].filter((record) => {
        if (!inDocument(record) || !atLocation(record, input.location)) return true;
        if (typeof record['annotationId'] === 'string') gone.add(record['annotationId']);
        count++;
        return false;
      });
      if (kept.length !== org[kind].length) ctx.store.undo.assign(org, kind, kept);
    }
    for (const n of documentNotifications(org, input.documentId)) {
      if (!atLocation(n.record, input.location)) continue;
      removeNotification(ctx.store.undo, org, n);
      ctx.events.emit('notification.delete', ns.apiKey, { organizationId: org.organizationId, documentId: n.documentId, notificationId: n.id });
      count++;
    }
    for (const [id, activity] of org.activities) {
      if (!inDocument(activity)) continue;
      if (atLocation(activity, input.location) || (activity.targetEntityId !== undefined && gone.has(activity.targetEntityId))) {
        ctx.store.undo.delete(org.activities, id);
        ctx.events.emit('activity.delete', ns.apiKey, { organizationId: org.organizationId, activityId: id });
        count++;
      }
    }
  }
  return count;
}
