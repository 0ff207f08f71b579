import type { ModelContext } from './context.js';
import { DOCUMENT_SCOPE } from './document-scope.js';
import type { Namespace, OrganizationRecord } from './entities.js';
import type { LocationUpdate } from './record-fields.js';

export type { LocationObject, LocationUpdate } from './record-fields.js';

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
