import { z } from 'zod';
import { md5Hex } from '../support/ids.js';
import { addUsers, deleteUsers, updateUsers, type UserOutcome } from '../model/users/users.js';
import { pageUsers, queryUsers, userSummary } from '../model/users/query.js';
import { defineOperation, namespaceOf } from '../protocol/operation.js';
import { decodePageToken, encodePageToken } from '../protocol/cursors.js';
import { idList, oneContainer, perItem, requiredString, userInput } from '../protocol/rules.js';

const container = {
  organizationId: requiredString(),
  documentId: requiredString().optional(),
  folderId: requiredString().optional(),
};

const PAGE_SIZE = 'pageSize must be a positive integer.';

/** `accessRole` is honoured on the v2 paths only (service-facts 3.16). */
const isV2 = (path: string): boolean => path.startsWith('/v2/');

const withIds = (outcomes: Map<string, UserOutcome>) =>
  perItem([...outcomes].map(([userId, o]) => [userId, { success: o.success, id: md5Hex(userId), message: o.message }]));

/** `POST /v2/users/add` and `/v1/users/add`: attach users at the most specific level given. */
export const addUsersOp = defineOperation({
  auth: 'apiKey',
  schema: oneContainer(
    z.object({
      ...container,
      users: z.array(userInput).min(1),
      createOrganization: z.boolean().optional(),
      createDocument: z.boolean().optional(),
      createFolder: z.boolean().optional(),
    }),
  ),
  run({ data, caller, model, path }) {
    const outcomes = addUsers(model, namespaceOf(caller), data, data.users, isV2(path));
    return { message: 'User(s) processed successfully.', data: withIds(outcomes) };
  },
});

/** `POST /v1/users/update` and `/v2/users/update`: update users already attached at the level. */
export const updateUsersOp = defineOperation({
  auth: 'apiKey',
  schema: oneContainer(z.object({ ...container, users: z.array(userInput).min(1) })),
  run({ data, caller, path }) {
    const outcomes = updateUsers(namespaceOf(caller), data, data.users, isV2(path));
    return { message: 'User(s) processed successfully.', data: withIds(outcomes) };
  },
});

/** `POST /v1/users/delete` and `/v2/users/delete`: detach users (organization level cascades). */
export const deleteUsersOp = defineOperation({
  auth: 'apiKey',
  schema: oneContainer(z.object({ ...container, userIds: z.array(requiredString()).min(1) })),
  run({ data, caller }) {
    const outcomes = deleteUsers(namespaceOf(caller), data, data.userIds);
    return {
      message: 'User(s) deleted successfully.',
      data: perItem([...outcomes].map(([userId, o]) => [userId, { success: o.success, message: o.message }])),
    };
  },
});

/** `POST /v2/users/get`: filtered, paged users; `nextPageToken` always a string, `""` at the end (D9). */
export const getUsersOp = defineOperation({
  auth: 'apiKey',
  schema: oneContainer(
    z.object({
      ...container,
      userIds: idList().optional(),
      organizationUserGroupIds: idList().optional(),
      allDocuments: z.boolean().optional(),
      groupByDocumentId: z.boolean().optional(),
      pageSize: z.number().int({ error: PAGE_SIZE }).positive({ error: PAGE_SIZE }).optional(),
      pageToken: z.string().optional(),
    }),
  ),
  run({ data, caller }) {
    const offset = decodePageToken(data.pageToken);
    const { page, more } = pageUsers(namespaceOf(caller), data, offset, data.pageSize ?? 1000);
    const nextPageToken = more ? encodePageToken(offset + page.length) : '';
    if (data.allDocuments && data.groupByDocumentId) {
      const grouped = Object.create(null) as Record<string, Record<string, string>[]>;
      for (const match of page) (grouped[match.documentId ?? ''] ??= []).push(userSummary(match.user));
      return { message: 'User(s) retrieved successfully.', data: grouped, beside: { nextPageToken } };
    }
    return { message: 'User(s) retrieved successfully.', data: page.map((m) => userSummary(m.user)), beside: { nextPageToken } };
  },
});

/** `POST /v1/users/get`: every match at once, no page token (D15). */
export const getUsersV1Op = defineOperation({
  auth: 'apiKey',
  schema: z.object({
    organizationId: requiredString(),
    documentId: requiredString().optional(),
    userIds: idList().optional(),
    organizationUserGroupIds: idList().optional(),
  }),
  run({ data, caller }) {
    const users = queryUsers(namespaceOf(caller), data).map((m) => userSummary(m.user));
    return { message: 'User(s) retrieved successfully.', data: users };
  },
});
