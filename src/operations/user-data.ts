import { z } from 'zod';
import { renderNotification } from '../model/notifications/notifications.js';
import { USER_DATA_PAGE_SIZE, userDataPage } from '../model/users/data.js';
import { defineOperation, namespaceOf } from '../protocol/operation.js';
import { decodePageToken, encodePageToken } from '../protocol/cursors.js';
import { requiredString } from '../protocol/rules.js';

/**
 * `POST /v1/users/data/get` and `/v2/users/data/get`: a user's comments, reactions, recordings and
 * notifications, 100 per list per page; `nextPageToken` is null once all four lists are exhausted (3.21, D9).
 */
export const getUserDataOp = defineOperation({
  auth: 'apiKey',
  schema: z.object({ organizationId: requiredString(), userId: requiredString(), pageToken: z.string().optional() }),
  run({ data, caller }) {
    const ns = namespaceOf(caller);
    const offset = decodePageToken(data.pageToken);
    const page = userDataPage(ns, data.organizationId, data.userId, offset);
    return {
      message: 'Data fetched successfully.',
      data: {
        comments: structuredClone(page.comments),
        reactions: structuredClone(page.reactions),
        recordings: structuredClone(page.recordings),
        notifications: page.notifications.map((n) => renderNotification(ns.apiKey, n)),
      },
      beside: { nextPageToken: page.more ? encodePageToken(offset + USER_DATA_PAGE_SIZE) : null },
    };
  },
});
