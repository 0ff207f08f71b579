/** The comment-annotation operations (beyond-spec 1.1–1.5): add, get (v2 and v1), update, delete, count. */
import { z } from 'zod';
import { PartialFailure, ServiceError } from '../../errors.js';
import type { NewComment, NewThread } from '../../model/comments/inputs.js';
import { countThreads, queryThreads, renderOrNull, threadsText } from '../../model/comments/queries.js';
import { pageKey } from '../../model/comments/selectors.js';
import { addThreads, deleteThreads } from '../../model/comments/threads.js';
import { type ThreadPatch, updateThreads } from '../../model/comments/update.js';
import { decodePageToken, encodePageToken, takePage } from '../../protocol/cursors.js';
import { JsonText } from '../../protocol/envelope.js';
import { type ApiVersion, defineOperation, namespaceOf } from '../../protocol/operation.js';
import { perItem, requiredString } from '../../protocol/rules.js';
import * as s from './schemas.js';

/** A request comment in the model's terms; v1 knows no agent blocks. */
export function toComment(input: Record<string, unknown> & { agent?: unknown }, version: ApiVersion): NewComment {
  const { agent, ...rest } = input;
  return (version === 'v1' || agent === undefined ? rest : { ...rest, agent }) as NewComment;
}

/** `POST /v2/commentannotations/add`: add threads; any denied author turns the reply into `PERMISSION_DENIED` with the map in `details`. */
export const add = defineOperation({
  auth: 'apiKey',
  summary: 'Add comment annotations',
  message: 'Comment Annotation(s) added successfully.',
  schema: z.object({
    organizationId: requiredString(),
    documentId: requiredString(),
    createOrganization: z.boolean().optional(),
    createDocument: z.boolean().optional(),
    verifyUserPermissions: z.boolean().optional(),
    commentAnnotations: z.array(s.thread).min(1),
  }),
  run({ data, caller, model, version }) {
    const threads: NewThread[] = data.commentAnnotations.map(({ commentData, ...rest }) => ({
      ...rest,
      comments: commentData.map((c) => toComment(c, version)),
    }));
    const result = addThreads(model, namespaceOf(caller), {
      organizationId: data.organizationId,
      documentId: data.documentId,
      threads,
      verifyUserPermissions: version === 'v2' && data.verifyUserPermissions === true,
      sourceType: 'rest-api',
    });
    const map = perItem(result.entries);
    if (result.denied)
      throw new PartialFailure('PERMISSION_DENIED', 'One or more comment annotations were not added: their author does not have access to the document.', map);
    return { data: map };
  },
});

const AGENT_FILTERS = ['agentId', 'executionId', 'agentType', 'agentSource'] as const;

const getSchema = z
  .object({
    organizationId: requiredString(),
    documentId: requiredString().optional(),
    documentIds: s.idList().optional(),
    groupByDocumentId: z.boolean().optional(),
    locationIds: s.idList().optional(),
    folderId: requiredString().optional(),
    annotationIds: s.idList().optional(),
    userIds: s.idList().optional(),
    mentionedUserIds: s.idList().optional(),
    resolvedBy: requiredString().optional(),
    agentId: requiredString().optional(),
    executionId: requiredString().optional(),
    agentType: z.enum(['built-in', 'custom', 'external']).optional(),
    agentSource: z.enum(['service', 'external']).optional(),
    agentSuggestions: z.boolean().optional(),
    agentComments: z.boolean().optional(),
    order: z.enum(['asc', 'desc']).optional(),
    statusIds: s.ids.optional(),
    updatedAfter: z.number().optional(),
    updatedBefore: z.number().optional(),
    createdAfter: z.number().optional(),
    createdBefore: z.number().optional(),
    pageSize: z.number().int().positive().optional(),
    pageToken: z.string().optional(),
  })
  .refine((d) => AGENT_FILTERS.filter((k) => d[k] !== undefined).length + Number(d.agentSuggestions === true) + Number(d.agentComments === true) <= 1, {
    error: 'Only one agent filter may be supplied.',
  });

/** `POST /v2/commentannotations/get`: threads by selectors, paged with `nextPageToken` (`""` on the last page). */
export const get = defineOperation({
  auth: 'apiKey',
  summary: 'Get comment annotations',
  message: 'Annotation(s) fetched successfully.',
  schema: getSchema,
  run({ data, caller }) {
    const ns = namespaceOf(caller);
    const { pageSize, pageToken, groupByDocumentId, ...query } = data;
    const offset = decodePageToken(pageToken);
    const { page, more } = takePage(queryThreads(ns, query), offset, pageSize ?? 1000);
    const beside = { nextPageToken: more ? encodePageToken(offset + page.length) : '' };
    if (groupByDocumentId !== true) return { data: new JsonText(threadsText(page)), beside };
    const grouped = perItem<Record<string, unknown>[]>([]);
    for (const thread of page) {
      if (!thread) continue;
      const documentId = String(thread.metadata['documentId']);
      const list = grouped[documentId] ?? [];
      list.push(renderOrNull(thread) as Record<string, unknown>);
      grouped[documentId] = list;
    }
    return { data: grouped, beside, message: 'Annotations fetched successfully.' };
  },
});

/** `POST /v1/commentannotations/get`: one document, three selectors, no paging. */
export const getV1 = defineOperation({
  auth: 'apiKey',
  summary: 'Get comment annotations (v1)',
  message: 'Annotations fetched successfully.',
  schema: z.object({
    organizationId: requiredString(),
    documentId: requiredString(),
    locationIds: s.idList().optional(),
    annotationIds: s.idList().optional(),
    userIds: s.idList().optional(),
  }),
  run({ data, caller }) {
    return { data: new JsonText(threadsText(queryThreads(namespaceOf(caller), data))) };
  },
});

const patch = z.object({
  location: s.location.optional(),
  targetElement: s.targetElement.optional(),
  from: s.user.optional(),
  status: s.statusOnUpdate.optional(),
  statusUpdatedByUserId: requiredString().nullable().optional(),
  resolvedByUserId: requiredString().nullable().optional(),
  assignedTo: s.user.optional(),
  context: s.context.optional(),
  priority: s.priorityOnUpdate.optional(),
  suggestion: s.suggestion.optional(),
  visibility: s.visibility.optional(),
  type: z.enum(['comment', 'suggestion']).optional(),
});

/** `POST /v2/commentannotations/update`: patch the selected threads (all of the document when no selector is given). */
export const update = defineOperation({
  auth: 'apiKey',
  summary: 'Update comment annotations',
  message: 'Annotations updated successfully.',
  schema: z
    .object({
      organizationId: requiredString(),
      documentId: requiredString(),
      locationIds: s.ids.optional(),
      userIds: s.ids.optional(),
      annotationIds: s.ids.optional(),
      // Typed `object[]` in one place of the reference, an object everywhere else: a one-element array is accepted.
      updatedData: z.preprocess((v) => (Array.isArray(v) ? v[0] : v), patch).optional(),
      updateUsers: z.array(z.object({ oldUser: s.user, newUser: s.user })).optional(),
    })
    .refine((d) => d.updatedData !== undefined || d.updateUsers !== undefined, { error: 'updatedData or updateUsers is required.' }),
  run({ data, caller, model }) {
    const { organizationId, documentId, locationIds, userIds, annotationIds, updatedData, updateUsers } = data;
    const entries = updateThreads(model, namespaceOf(caller), {
      organizationId,
      documentId,
      filter: { locationIds, userIds, annotationIds },
      updatedData: updatedData as ThreadPatch | undefined,
      updateUsers,
    });
    return { data: perItem(entries) };
  },
});

/** `POST /v2/commentannotations/delete`: delete the selected threads; agent filters (v2) narrow with AND. */
export const remove = defineOperation({
  auth: 'apiKey',
  summary: 'Delete comment annotations',
  message: 'Annotations deleted successfully.',
  schema: z.object({
    organizationId: requiredString().optional(),
    documentId: requiredString(),
    locationIds: s.ids.optional(),
    annotationIds: s.ids.optional(),
    userIds: s.ids.optional(),
    agentId: requiredString().optional(),
    agentSuggestions: z.boolean().optional(),
    agentUrls: z.array(z.string()).min(1).optional(),
  }),
  run({ data, caller, model, version }) {
    const { organizationId, documentId, agentId, agentSuggestions, agentUrls, ...selectors } = data;
    const agentFilters = version === 'v2' ? { agentId, agentSuggestions, agentUrls } : {};
    if (agentFilters.agentUrls?.every((url) => pageKey(url) === undefined)) {
      throw new ServiceError('INVALID_ARGUMENT', 'agentUrls must contain at least one valid page URL.');
    }
    const entries = deleteThreads(model, namespaceOf(caller), { organizationId, documentId, filter: { ...selectors, ...agentFilters } });
    return { data: perItem(entries) };
  },
});

/** `POST /v2/commentannotations/count/get`: threads and unread threads per requested document. */
export const count = defineOperation({
  auth: 'apiKey',
  summary: 'Get comment annotations count',
  message: 'Comment count retrieved successfully.',
  schema: z.object({
    organizationId: requiredString(),
    documentIds: s.idList(),
    userId: requiredString(),
    statusIds: s.ids.optional(),
  }),
  run({ data, caller }) {
    return { data: perItem(countThreads(namespaceOf(caller), data)) };
  },
});
