import { z } from 'zod';
import { addGroups, addMembers, type MemberOutcome, removeMembers } from '../model/groups.js';
import { defineOperation, namespaceOf } from '../protocol/operation.js';
import { perItem, requiredString } from '../protocol/rules.js';
import { md5Hex } from '../support/ids.js';

/** `POST /v2/organizations/usergroups/add` (and v1): add or rename groups. */
export const add = defineOperation({
  auth: 'apiKey',
  summary: 'Add organization user groups',
  message: 'Organization User Groups added successfully.',
  schema: z.object({
    organizationId: requiredString(),
    organizationUserGroups: z.array(z.object({ groupId: requiredString(), groupName: z.string().optional() })).min(1),
  }),
  run({ data, caller, model }) {
    addGroups(model, namespaceOf(caller), { organizationId: data.organizationId, groups: data.organizationUserGroups });
    return {
      data: perItem(data.organizationUserGroups.map((g) => [g.groupId, { success: true, id: md5Hex(g.groupId), message: 'Organization user group added.' }])),
    };
  },
});

const membership = { organizationId: requiredString(), organizationUserGroupId: requiredString() };

const render = (groupId: string, outcomes: Map<string, MemberOutcome>, done: string) =>
  perItem(
    [...outcomes].map(([userId, o]) => [
      userId,
      o.success ? { success: true, organizationUserGroupId: groupId, message: done } : { success: false, organizationUserGroupId: groupId, message: o.message },
    ]),
  );

/** `POST /v1/organizations/usergroups/users/add` (and v2): only organization users can join. */
export const addUsers = defineOperation({
  auth: 'apiKey',
  summary: 'Add users to a user group',
  message: 'Added organization users to group successfully.',
  schema: z.object({ ...membership, userIds: z.array(requiredString()).min(1) }),
  run({ data, caller, model }) {
    const outcomes = addMembers(model, namespaceOf(caller), {
      organizationId: data.organizationId,
      groupId: data.organizationUserGroupId,
      userIds: data.userIds,
    });
    return {
      data: render(data.organizationUserGroupId, outcomes, 'User added to organization user group.'),
    };
  },
});

/** `POST /v1/organizations/usergroups/users/delete` (and v2): some members, or all with `deleteAll`. */
export const removeUsers = defineOperation({
  auth: 'apiKey',
  summary: 'Delete users from a user group',
  message: 'Deleted users from group successfully.',
  schema: z
    .object({ ...membership, userIds: z.array(requiredString()).optional(), deleteAll: z.boolean().optional() })
    .refine((d) => d.deleteAll === true || d.userIds !== undefined, { error: 'userIds or deleteAll is required.' }),
  run({ data, caller, model }) {
    const targets = data.deleteAll ? 'all' : (data.userIds ?? []);
    const outcomes = removeMembers(model, namespaceOf(caller), {
      organizationId: data.organizationId,
      groupId: data.organizationUserGroupId,
      userIds: targets,
    });
    return {
      data: render(data.organizationUserGroupId, outcomes, 'User deleted from organization user group.'),
    };
  },
});
