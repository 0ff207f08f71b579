import { z } from 'zod';
import { deleteOrganization } from '../model/organizations/delete.js';
import { organizationView, setOrganizationDisabled, updateOrganization, upsertOrganization } from '../model/organizations/organizations.js';
import type { OrganizationRecord } from '../model/state/entities.js';
import { decodePageToken, encodePageToken, takePage } from '../protocol/cursors.js';
import { defineOperation, namespaceOf } from '../protocol/operation.js';
import { idList, perItem, requiredString } from '../protocol/rules.js';
import { md5Hex } from '../support/ids.js';

const PAGE_SIZE = 'pageSize must be a positive integer.';

/** An organization of add/update: `organizationId` required, documented fields type-checked, metadata kept. */
const organizationInput = z.looseObject({
  organizationId: requiredString(),
  organizationName: z.string().optional(),
  disabled: z.boolean().optional(),
});

/** `POST /v2/organizations/add` (and v1): an upsert; every item reads `Added Successfully`. */
export const add = defineOperation({
  auth: 'apiKey',
  summary: 'Add organizations',
  message: 'Organization(s) added successfully.',
  schema: z.object({ organizations: z.array(organizationInput).min(1) }),
  run({ data, caller, model }) {
    const ns = namespaceOf(caller);
    const items = data.organizations.map((org) => {
      upsertOrganization(model, ns, org);
      return [org.organizationId, { success: true, id: md5Hex(org.organizationId), message: 'Added Successfully' }] as const;
    });
    return { data: perItem(items) };
  },
});

/** `POST /v2/organizations/update` (and v1): present fields overwrite; a missing organization fails per item. */
export const update = defineOperation({
  auth: 'apiKey',
  summary: 'Update organizations',
  message: 'Organization(s) updated successfully.',
  schema: z.object({ organizations: z.array(organizationInput).min(1) }),
  run({ data, caller, model }) {
    const ns = namespaceOf(caller);
    const items = data.organizations.map((org) => {
      const found = updateOrganization(model, ns, org) !== undefined;
      const id = md5Hex(org.organizationId);
      return [
        org.organizationId,
        found ? { success: true, id, message: 'Updated Successfully' } : { success: false, id, message: 'Organization does not exist' },
      ] as const;
    });
    return { data: perItem(items) };
  },
});

/** `POST /v2/organizations/delete` (and v1): everything under each organization goes with it. */
export const remove = defineOperation({
  auth: 'apiKey',
  summary: 'Delete organizations',
  message: 'Organization(s) deleted successfully.',
  schema: z.object({ organizationIds: z.array(requiredString()).min(1) }),
  run({ data, caller, model }) {
    const ns = namespaceOf(caller);
    const items = data.organizationIds.map((organizationId) => {
      const found = deleteOrganization(model, ns, organizationId);
      const id = md5Hex(organizationId);
      return [
        organizationId,
        found ? { success: true, id, message: 'Deleted Successfully' } : { success: false, id, message: 'Organization does not exist' },
      ] as const;
    });
    return { data: perItem(items) };
  },
});

/** The named organizations in request order (missing ones omitted, repeats once), or all in creation order. */
function* selected(organizations: Map<string, OrganizationRecord>, ids: string[] | undefined): Generator<OrganizationRecord> {
  if (ids === undefined) {
    yield* organizations.values();
    return;
  }
  for (const id of new Set(ids)) {
    const org = organizations.get(id);
    if (org) yield org;
  }
}

/** `POST /v2/organizations/get`: paged, `nextPageToken` beside `data` (`""` on the last page). v1: unpaged. */
export const get = defineOperation({
  auth: 'apiKey',
  summary: 'Get organizations',
  message: 'Organization(s) retrieved successfully.',
  schema: z.object({
    organizationIds: idList().optional(),
    pageSize: z.number().int({ error: PAGE_SIZE }).positive({ error: PAGE_SIZE }).optional(),
    pageToken: z.string().optional(),
  }),
  run({ data, caller, version }) {
    const all = selected(namespaceOf(caller).organizations, data.organizationIds);
    if (version === 'v1') return { data: [...all].map(organizationView) };
    const offset = decodePageToken(data.pageToken);
    const { page, more } = takePage(all, offset, data.pageSize ?? 1000);
    return { data: page.map(organizationView), beside: { nextPageToken: more ? encodePageToken(offset + page.length) : '' } };
  },
});

/** `POST /v2/organizations/access/disablestate/update`: a missing organization fails per item (D7). */
export const updateDisableState = defineOperation({
  auth: 'apiKey',
  summary: 'Enable or disable organizations',
  message: 'Updated disable state for Organization(s) successfully.',
  schema: z.object({ organizationIds: z.array(requiredString()).min(1), disabled: z.boolean() }),
  run({ data, caller, model }) {
    const ns = namespaceOf(caller);
    const items = data.organizationIds.map((organizationId) => {
      const found = setOrganizationDisabled(model, ns, { organizationId, disabled: data.disabled });
      return [
        organizationId,
        found
          ? { success: true, id: md5Hex(organizationId), message: 'Updated disable state for organization Successfully' }
          : { success: false, id: md5Hex(organizationId), message: 'Organization does not exist' },
      ] as const;
    });
    return { data: perItem(items) };
  },
});
