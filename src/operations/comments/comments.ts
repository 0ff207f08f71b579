/** The comment operations inside one thread (beyond-spec 1.6–1.9): add, get, update, delete. */
import { z } from 'zod';
import { addComments, type CommentPatch, deleteComments, getComments, updateComments } from '../../model/comments/comments.js';
import { defineOperation, namespaceOf } from '../../protocol/operation.js';
import { perItem, requiredString } from '../../protocol/rules.js';
import * as s from './schemas.js';
import { toComment } from './threads.js';

const thread = { organizationId: requiredString(), documentId: requiredString(), annotationId: requiredString() };
const commentIds = z.array(z.number().int());

/** `POST /v2/commentannotations/comments/add`: append comments to a thread; `data` is the bare array of new ids. */
export const add = defineOperation({
  auth: 'apiKey',
  summary: 'Add comments',
  message: 'Comment(s) added successfully.',
  schema: z.object({
    ...thread,
    createOrganization: z.boolean().optional(),
    createDocument: z.boolean().optional(),
    verifyUserPermissions: z.boolean().optional(),
    commentData: z.array(s.replyComment).min(1),
  }),
  run({ data, caller, model, version }) {
    const { organizationId, documentId, annotationId } = data;
    const comments = data.commentData.map((c) => toComment(c, version));
    const verifyUserPermissions = version === 'v2' && data.verifyUserPermissions === true;
    return { data: addComments(model, namespaceOf(caller), { organizationId, documentId, annotationId, comments, verifyUserPermissions }) };
  },
});

/** `POST /v2/commentannotations/comments/get`: a thread's comments; `null` for requested ids that do not exist. */
export const get = defineOperation({
  auth: 'apiKey',
  summary: 'Get comments',
  message: 'Comments retrieved successfully.',
  schema: z.object({ ...thread, userIds: s.ids.optional(), commentIds: commentIds.optional() }),
  run({ data, caller, version }) {
    const found = getComments(namespaceOf(caller), data);
    return version === 'v1' ? { data: found, message: 'Comments(s) retrieved successfully.' } : { data: found };
  },
});

/** `POST /v2/commentannotations/comments/update`: the same patch applied to each named comment. */
export const update = defineOperation({
  auth: 'apiKey',
  summary: 'Update comments',
  message: 'Comment updated successfully.',
  schema: z.object({
    ...thread,
    commentIds: commentIds.min(1),
    updatedData: z.object({
      commentText: z.string().optional(),
      commentHtml: z.string().optional(),
      context: z.record(z.string(), z.unknown()).optional(),
      isCommentResolverUsed: z.boolean().optional(),
      isCommentTextAvailable: z.boolean().optional(),
      from: s.user.optional(),
      taggedUserContacts: z.array(s.taggedFull).optional(),
      attachments: z.array(s.attachment).optional(),
    }),
  }),
  run({ data, caller, model }) {
    const { updatedData, ...ref } = data;
    return { data: perItem(updateComments(model, namespaceOf(caller), { ...ref, patch: updatedData as CommentPatch })) };
  },
});

/** `POST /v2/commentannotations/comments/delete`: delete the named comments, or all of them; the thread stays. */
export const remove = defineOperation({
  auth: 'apiKey',
  summary: 'Delete comments',
  message: 'Comments(s) deleted successfully.',
  schema: z.object({ ...thread, commentIds: commentIds.optional() }),
  run({ data, caller, model }) {
    return { data: perItem(deleteComments(model, namespaceOf(caller), data)) };
  },
});
