import { z } from 'zod';
import { renderNotification } from '../../model/notifications/render.js';
import { USER_DATA_PAGE_SIZE, userDataPage } from '../../model/users/data.js';
import { pageUsers, queryUsers, userSummary, userSummaryText } from '../../model/users/query.js';
import { addUsers, deleteUsers, type UserOutcome, updateUsers } from '../../model/users/users.js';
import { decodePageToken, encodePageToken } from '../../protocol/cursors.js';
import { JsonText } from '../../protocol/envelope.js';
import { defineOperation, namespaceOf } from '../../protocol/operation.js';
import { idList, oneContainer, perItem, requiredString, userInput } from '../../protocol/rules.js';
import { md5Hex } from '../../support/ids.js';

const container = {
  organizationId: requiredString(),
  documentId: requiredString().optional(),
  folderId: requiredString().optional(),
};

const PAGE_SIZE = 'pageSize must be a positive integer.';

const withIds = (outcomes: Map<string, UserOutcome>) =>
  perItem([...outcomes].map(([userId, o]) => [userId, { success: o.success, id: md5Hex(userId), message: o.message }]));

/** `POST /v2/users/add` and `/v1/users/add`: attach users at the most specific level given. */
export const add = defineOperation({
  auth: 'apiKey',
  summary: 'Add users',
  message: 'User(s) processed successfully.',
  schema: oneContainer(
    z.object({
      ...container,
      users: z.array(userInput).min(1),
      createOrganization: z.boolean().optional(),
      createDocument: z.boolean().optional(),
      createFolder: z.boolean().optional(),
    }),
  ),
  run({ data, caller, model, version }) {
    // `accessRole` is honoured on the v2 paths only (service-facts 3.16).
    const outcomes = addUsers(model, namespaceOf(caller), { ...data, keepAccessRole: version === 'v2' });
    return { data: withIds(outcomes) };
  },
});

/** `POST /v1/users/update` and `/v2/users/update`: update users already attached at the level. */
export const update = defineOperation({
  auth: 'apiKey',
  summary: 'Update users',
  message: 'User(s) processed successfully.',
  schema: oneContainer(z.object({ ...container, users: z.array(userInput).min(1) })),
  run({ data, caller, model, version }) {
    const outcomes = updateUsers(model, namespaceOf(caller), { ...data, keepAccessRole: version === 'v2' });
    return { data: withIds(outcomes) };
  },
});

/** `POST /v1/users/delete` and `/v2/users/delete`: detach users (organization level cascades). */
export const remove = defineOperation({
  auth: 'apiKey',
  summary: 'Delete users',
  message: 'User(s) deleted successfully.',
  schema: oneContainer(z.object({ ...container, userIds: z.array(requiredString()).min(1) })),
  run({ data, caller, model }) {
    const outcomes = deleteUsers(model, namespaceOf(caller), data);
    return {
      data: perItem([...outcomes].map(([userId, o]) => [userId, { success: o.success, message: o.message }])),
    };
  },
});

/** `POST /v2/users/get`: filtered, paged users; `nextPageToken` always a string, `""` at the end (D9). */
export const get = defineOperation({
  auth: 'apiKey',
  summary: 'Get users (paged)',
  message: 'User(s) retrieved successfully.',
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
      return { data: grouped, beside: { nextPageToken } };
    }
    let items = '';
    for (const match of page) items += items === '' ? userSummaryText(match.user) : `,${userSummaryText(match.user)}`;
    return { data: new JsonText(`[${items}]`), beside: { nextPageToken } };
  },
});

/** `POST /v1/users/get`: every match at once, no page token (D15). */
export const getV1 = defineOperation({
  auth: 'apiKey',
  summary: 'Get users (v1, unpaged)',
  message: 'User(s) retrieved successfully.',
  schema: z.object({
    organizationId: requiredString(),
    documentId: requiredString().optional(),
    userIds: idList().optional(),
    organizationUserGroupIds: idList().optional(),
  }),
  run({ data, caller }) {
    const users = queryUsers(namespaceOf(caller), data).map((m) => userSummary(m.user));
    return { data: users };
  },
});

/**
 * `POST /v1/users/data/get` and `/v2/users/data/get`: a user's comments, reactions, recordings and
 * notifications, 100 per list per page; `nextPageToken` is null once all four lists are exhausted (3.21, D9).
 */
export const getData = defineOperation({
  auth: 'apiKey',
  summary: 'Get all data of a user',
  message: 'Data fetched successfully.',
  schema: z.object({ organizationId: requiredString(), userId: requiredString(), pageToken: z.string().optional() }),
  run({ data, caller, model }) {
    const ns = namespaceOf(caller);
    const offset = decodePageToken(data.pageToken);
    const page = userDataPage(model, ns, { organizationId: data.organizationId, userId: data.userId, offset });
    return {
      data: {
        comments: structuredClone(page.comments),
        reactions: structuredClone(page.reactions),
        recordings: structuredClone(page.recordings),
        notifications: page.notifications.map((n) => renderNotification(ns, n)),
      },
      beside: { nextPageToken: page.more ? encodePageToken(offset + USER_DATA_PAGE_SIZE) : null },
    };
  },
});
