/** Reading and rewriting the fields that tie a stored record to a document, a location and a user. */

type Holder = Record<string, unknown>;

const isObject = (value: unknown): value is Holder => typeof value === 'object' && value !== null && !Array.isArray(value);

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

/** Where a document's data goes when a migration completes. */
export interface DocumentMove {
  organizationId: string;
  documentId: string;
  newDocumentId: string;
}

/** The client document id a record (annotation, reaction, recording, activity) names in `metadata.documentId`. */
export function documentOf(record: Holder): string | undefined {
  const metadata = record['metadata'];
  if (isObject(metadata)) {
    const id = metadata['documentId'];
    if (typeof id === 'string') return id;
  }
  return undefined;
}

/** The `userId` of an embedded user object, if it is one. */
export function userIdOf(user: unknown): unknown {
  return isObject(user) ? user['userId'] : undefined;
}

/** Points a record's `metadata.documentId` at the target when it names the source. */
export function retargetDocument(record: Holder, move: DocumentMove): void {
  const metadata = record['metadata'];
  if (isObject(metadata) && metadata['documentId'] === move.documentId) metadata['documentId'] = move.newDocumentId;
}

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

/** Rewrites a record's own `location` and its `metadata.location`, the two places records carry one; returns how many changed. */
export function relocateRecord(record: unknown, update: LocationUpdate): number {
  if (!isObject(record)) return 0;
  return Number(rewrite(record, 'location', update)) + Number(rewrite(record['metadata'], 'location', update));
}
