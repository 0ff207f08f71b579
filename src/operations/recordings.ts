import { z } from 'zod';
import { queryRecordings } from '../model/recordings.js';
import { decodePageToken, encodePageToken, takePage } from '../protocol/cursors.js';
import { defineOperation, namespaceOf } from '../protocol/operation.js';
import { idList, requiredString } from '../protocol/rules.js';

/** `POST /v2/recordings/get`: recorder annotations, newest first, paged by `pageToken` (`""` on the last page). */
export const get = defineOperation({
  auth: 'apiKey',
  summary: 'Get recordings',
  message: 'Recorder annotations retrieved successfully.',
  schema: z.object({
    organizationId: requiredString(),
    documentId: requiredString().optional(),
    recordingIds: idList().optional(),
    pageSize: z.number().int().min(1, { error: 'pageSize must be at least 1.' }).optional(),
    pageToken: z.string().optional(),
  }),
  run({ data, caller }) {
    const offset = decodePageToken(data.pageToken);
    const { page, more } = takePage(queryRecordings(namespaceOf(caller), data), offset, data.pageSize ?? 1000);
    return { data: page, beside: { pageToken: more ? encodePageToken(offset + page.length) : '' } };
  },
});
