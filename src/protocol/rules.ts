import { z } from 'zod';

/** A string that must hold something besides white space; empty reads as missing (service-facts 2.6). */
export const requiredString = (): z.ZodString => z.string().check(z.refine((s: string) => s.trim().length > 0, { params: { rule: 'required' } }));

/** A string with its own verbatim message for every failure (missing, wrong type, blank). */
export const verbatimString = (message: string): z.ZodString =>
  z.string({ error: message }).check(z.refine((s: string) => s.trim().length > 0, { error: message }));

/** An array of ids with the documented ceiling of 30 (the backing store's `in` query limit). */
export const idList = (max = 30): z.ZodArray<z.ZodString> => z.array(requiredString()).max(max);

/** Regions accepted for `persistenceDBRegion` and `realtimeDBRegion` (service-facts 8). */
export const REGIONS = [
  'us-west1',
  'us-west2',
  'us-west3',
  'us-west4',
  'us-central1',
  'us-east1',
  'us-east4',
  'us-east5',
  'us-south1',
  'northamerica-northeast1',
  'northamerica-northeast2',
  'northamerica-south1',
  'southamerica-west1',
  'southamerica-east1',
  'europe-west1',
  'europe-west2',
  'europe-west3',
  'europe-west4',
  'europe-west6',
  'europe-west8',
  'europe-west9',
  'europe-west10',
  'europe-west12',
  'europe-southwest1',
  'europe-north1',
  'europe-north2',
  'europe-central2',
  'me-central1',
  'me-central2',
  'me-west1',
  'asia-south1',
  'asia-south2',
  'asia-southeast1',
  'asia-southeast2',
  'asia-east1',
  'asia-east2',
  'asia-northeast1',
  'asia-northeast2',
  'asia-northeast3',
  'australia-southeast1',
  'australia-southeast2',
  'africa-south1',
  'eur3',
  'nam5',
] as const;

/** A region name, checked against `REGIONS` with one readable message. */
export const region = (field: string): z.ZodType<string> =>
  z.string().refine((r) => (REGIONS as readonly string[]).includes(r), {
    error: (iss) => `${field} ${JSON.stringify(iss.input)} is not a supported region. Use one of ${REGIONS.join(', ')}.`,
  });

/** An access role of a user or a token resource. */
export const accessRole = z.enum(['viewer', 'editor']);

/**
 * A user object of the user operations: `userId` required, documented fields type-checked, any other
 * field stored as given.
 */
export const userInput = z.lazy(() =>
  z.looseObject({
    userId: requiredString(),
    name: z.string().optional(),
    email: z.string().optional(),
    initial: z.string().optional(),
    accessRole: accessRole.optional(),
    isAdmin: z.boolean().optional(),
  }),
);

/**
 * Keys of a per-item result map, in request order; a repeated key keeps its first place and last value.
 * The map has no prototype, so a client id such as `__proto__` is an ordinary key.
 */
export function perItem<T>(entries: Iterable<readonly [string, T]>): Record<string, T> {
  const out = Object.create(null) as Record<string, T>;
  for (const [key, value] of entries) out[key] = value;
  return out;
}

/** Refuses `documentId` together with `folderId`. */
export function oneContainer<T extends { documentId?: string | undefined; folderId?: string | undefined }>(schema: z.ZodType<T>): z.ZodType<T> {
  return schema.refine((d) => !(d.documentId !== undefined && d.folderId !== undefined), {
    error: 'Pass documentId or folderId, not both.',
  });
}
