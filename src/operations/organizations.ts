import { z } from 'zod';
import { md5Hex } from '../support/ids.js';
import { setOrganizationDisabled } from '../model/organizations.js';
import { defineOperation, namespaceOf } from '../protocol/operation.js';
import { perItem, requiredString } from '../protocol/rules.js';

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
