import { z } from 'zod';
import { ServiceError } from '../../errors.js';
import { pollUserDataDeletion, startUserDataDeletion } from '../../model/users/erase-jobs.js';
import { defineOperation, migrationPolicy, namespaceOf } from '../../protocol/operation.js';
import { requiredString } from '../../protocol/rules.js';

const INITIATED = 'Data deletion process has been initiated.';

/**
 * `POST /v2/users/data/delete`: deletes the users' data at once and answers the documented non-envelope 202
 * `{ status, message, data: { jobId, tasksCount }, statusCode }` (the 200 envelope with `userDataDeleteAccepted: false`).
 */
export const remove = defineOperation({
  auth: 'apiKey',
  summary: 'Delete all data of users',
  message: INITIATED,
  schema: z.object({
    userIds: z.array(requiredString()).min(1),
    organizationIds: z.array(requiredString()).optional(),
  }),
  run({ data, caller, model, settings }) {
    const job = startUserDataDeletion(model, namespaceOf(caller), migrationPolicy(settings), data);
    const body = { jobId: job.jobId, tasksCount: job.tasksCount };
    if (!settings.userDataDeleteAccepted) return { data: body };
    return { unwrapped: { status: 202, body: { status: 'success', message: INITIATED, data: body, statusCode: 202 } } };
  },
});

/** `POST /v2/users/data/delete/status`: tasks left of a job of this key; each poll (or the clock) finishes tasks. */
export const status = defineOperation({
  auth: 'apiKey',
  summary: 'Get the status of a user-data deletion',
  message: 'Data fetched successfully.',
  schema: z.object({ jobId: requiredString() }),
  run({ data, caller, model, settings }) {
    const answer = pollUserDataDeletion(model, namespaceOf(caller), migrationPolicy(settings), data.jobId);
    if (!answer) throw new ServiceError('NOT_FOUND', 'Job not found.');
    return { data: answer };
  },
});
