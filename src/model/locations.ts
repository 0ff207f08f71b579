import type { Namespace, OrganizationRecord } from './entities.js';
import { documentOf } from './organizations.js';

/** A location object (service-facts 3.27): `id` and/or `locationName`, optional `version`, any extra keys. */
export interface LocationObject {
  id?: string | number | undefined;
  locationName?: string | undefined;
  [field: string]: unknown;
}

/** One location rewrite: which document, which stored location, what it becomes. */
export interface LocationUpdate {
  /** Absent: every organization of the key is searched for the document. */
  organizationId?: string | undefined;
  documentId: string;
  oldLocation: LocationObject;
  newLocation: LocationObject;
  /** `true` merges the new fields over the stored location; `false` replaces it. */
  merge: boolean;
}

type Holder = Record<string, unknown>;

const isObject = (value: unknown): value is Holder => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Whether a stored location is the one named: by `id` when the request gives one (`0` included; a number and
 * its decimal string are the same id), else by `locationName`.
 */
export function sameLocation(stored: unknown, wanted: LocationObject): boolean {
  if (!isObject(stored)) return false;
  if (wanted.id !== undefined) return stored['id'] !== undefined && stored['id'] !== null && String(stored['id']) === String(wanted.id);
  return wanted.locationName !== undefined && stored['locationName'] === wanted.locationName;
}

/** Rewrites `holder[key]` when it is the named location; returns whether it did. */
function rewrite(holder: unknown, key: string, update: LocationUpdate): boolean {
  if (!isObject(holder) || !sameLocation(holder[key], update.oldLocation)) return false;
  const fresh = structuredClone(update.newLocation);
  holder[key] = update.merge ? { ...(holder[key] as Holder), ...fresh } : fresh;
  return true;
}

/** A record's own `location` and its `metadata.location`, the two places records carry one. */
function rewriteRecord(record: unknown, update: LocationUpdate): number {
  if (!isObject(record)) return 0;
  return Number(rewrite(record, 'location', update)) + Number(rewrite(record['metadata'], 'location', update));
}

function rewriteOrganization(org: OrganizationRecord, update: LocationUpdate): number {
  let count = 0;
  for (const notification of org.notifications.values()) {
    const ofDocument = notification.documentId === update.documentId || documentOf(notification.record) === update.documentId;
    if (!ofDocument) continue;
    const changed = rewriteRecord(notification.record, update);
    count += changed;
    // A string locationId mirrors the location's own id and follows it; numeric (internal) ids stay as stored.
    const newId = update.newLocation.id;
    if (changed > 0 && typeof notification.locationId === 'string' && newId !== undefined && sameLocation({ id: notification.locationId }, update.oldLocation)) {
      notification.locationId = newId;
    }
  }
  for (const list of [org.comments, org.reactions, org.recordings, [...org.activities.values()]]) {
    for (const record of list) if (documentOf(record) === update.documentId) count += rewriteRecord(record, update);
  }
  return count;
}

/**
 * Rewrites every stored location of a document that matches `oldLocation` (notification `location` and
 * `metadata.location`, annotation and activity `location`). Numeric `locationId` fields are left as stored.
 * Returns how many locations changed; none matching is not an error.
 * @example updateLocation(ns, { documentId: 'd', oldLocation: { id: 0 }, newLocation: { id: 0, locationName: 'B' }, merge: true });
 */
export function updateLocation(ns: Namespace, update: LocationUpdate): number {
  const orgs =
    update.organizationId !== undefined
      ? [ns.organizations.get(update.organizationId)].filter((org): org is OrganizationRecord => org !== undefined)
      : [...ns.organizations.values()];
  let count = 0;
  for (const org of orgs) count += rewriteOrganization(org, update);
  return count;
}
