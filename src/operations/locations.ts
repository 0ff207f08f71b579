import { z } from 'zod';
import { ServiceError } from '../errors.js';
import { deleteLocationData, updateLocation } from '../model/locations.js';
import { type Caller, defineOperation } from '../protocol/operation.js';
import { requiredString } from '../protocol/rules.js';

/** A location object: `id` (string or number, `0` included), `locationName`, optional `version`, extra keys kept. */
const location = z.looseObject({
  id: z.union([z.string(), z.number()]).optional(),
  locationName: requiredString().optional(),
  version: z.looseObject({ id: z.union([z.string(), z.number()]).optional(), name: z.string().optional() }).optional(),
});

/** The body repeats the credentials; they must be the ones the headers authenticated. */
function checkRepeatedCredentials(caller: Caller, data: { apiKey: string; authToken: string }): asserts caller is Extract<Caller, { level: 'apiKey' }> {
  if (caller.level !== 'apiKey' || data.apiKey !== caller.key.apiKey || !caller.key.authTokens.some((t) => t.token === data.authToken)) {
    throw new ServiceError('PERMISSION_DENIED', 'Invalid API key.');
  }
}

/** `POST /v1/organizations/documents/locations/update`: rewrites a location on every record of a document (3.27). */
export const update = defineOperation({
  auth: 'apiKey',
  summary: 'Update a location of a document',
  message: 'Location updated.',
  schema: z.object({
    apiKey: requiredString(),
    authToken: requiredString(),
    organizationId: requiredString().optional(),
    documentId: requiredString(),
    migrate: z.object({
      oldLocation: location.refine((l) => l.id !== undefined || l.locationName !== undefined, {
        error: 'migrate.oldLocation needs an id or a locationName to name the stored location.',
      }),
      newLocation: location,
    }),
    merge: z.boolean().optional(),
  }),
  run({ data, caller, model }) {
    checkRepeatedCredentials(caller, data);
    updateLocation(model, caller.ns, {
      organizationId: data.organizationId,
      documentId: data.documentId,
      oldLocation: data.migrate.oldLocation,
      newLocation: data.migrate.newLocation,
      merge: data.merge ?? false,
    });
    return { data: null };
  },
});

/** `POST /v1/organizations/documents/locations/data/delete`: every record of the document at that location goes. */
export const deleteData = defineOperation({
  auth: 'apiKey',
  summary: 'Delete the data of a location',
  message: 'Data deleted successfully.',
  schema: z.object({
    apiKey: requiredString(),
    authToken: requiredString(),
    documentId: requiredString(),
    location: location.refine((l) => l.id !== undefined || l.locationName !== undefined, {
      error: 'location needs an id or a locationName to name the stored location.',
    }),
  }),
  run({ data, caller, model }) {
    checkRepeatedCredentials(caller, data);
    deleteLocationData(model, caller.ns, { documentId: data.documentId, location: data.location });
    return { data: null };
  },
});
