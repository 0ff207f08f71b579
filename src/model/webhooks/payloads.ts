import { editorSnapshot, findEditor } from '../crdt/registry.js';
import { effectiveNotificationConfig } from '../notifications/config.js';
import type { ModelContext } from '../state/context.js';
import type { Namespace, OrganizationRecord } from '../state/entities.js';
import type { CommentEventFields } from '../state/events.js';

/** Where an event happened: what every payload's `metadata` is built from. */
export interface EventPlace {
  organizationId: string;
  documentId: string;
}

/**
 * The advanced `actionType` of an event: the part after the dot in camelCase (`comment.add` -> `add`,
 * `crdt.update_data` -> `updateData`, as in the service-facts 7.2 example).
 * @example advancedActionType('comment_annotation.status_change') === 'statusChange'
 */
export function advancedActionType(event: string): string {
  const action = event.slice(event.indexOf('.') + 1);
  return action.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
}

/** The basic (v1) `actionType` of each comment event (service-facts 7.6); events missing here send no basic webhook. */
export const BASIC_ACTION_TYPES: Readonly<Record<string, string>> = {
  'comment_annotation.add': 'newlyAdded',
  'comment.add': 'added',
  'comment.update': 'updated',
  'comment.delete': 'deleted',
  'comment_annotation.approve': 'approved',
  'comment_annotation.assign': 'assigned',
  'comment_annotation.status_change': 'statusChanged',
  'comment_annotation.priority_change': 'priorityChanged',
  'comment_annotation.accept': 'accepted',
  'comment_annotation.reject': 'rejected',
  'comment.reaction_add': 'reactionAdded',
  'comment.reaction_delete': 'reactionDeleted',
  'comment_annotation.subscribe': 'subscribed',
  'comment_annotation.unsubscribe': 'unsubscribed',
  'comment_annotation.suggestion_accept': 'suggestionAccepted',
  'comment_annotation.suggestion_reject': 'suggestionRejected',
};

/** The `pageInfo` the annotation was created on, or `{}` when it carries none. */
function pageInfoOf(annotation: Record<string, unknown> | undefined): Record<string, unknown> {
  const info = annotation?.['pageInfo'];
  return typeof info === 'object' && info !== null ? structuredClone(info as Record<string, unknown>) : {};
}

/** Users an event concerns: who acted, the assignee and everyone the comment mentions, in that order. */
function concernedUsers(fields: CommentEventFields): string[] {
  const ids: string[] = [];
  const add = (value: unknown): void => {
    const userId = typeof value === 'object' && value !== null ? (value as { userId?: unknown }).userId : undefined;
    if (typeof userId === 'string' && !ids.includes(userId)) ids.push(userId);
  };
  add(fields.actionUser);
  add(fields.commentAnnotation['assignedTo']);
  const tagged = fields.targetComment?.['taggedUserContacts'];
  if (Array.isArray(tagged)) for (const contact of tagged as { contact?: unknown }[]) add(contact?.contact ?? contact);
  return ids;
}

/** `{ <userId>: { inbox, email } }` for the users an event concerns, from their stored settings or the defaults. */
function notificationConfigs(ns: Namespace, fields: CommentEventFields): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const userId of concernedUsers(fields)) {
    const config = effectiveNotificationConfig(ns, fields.organizationId, userId, fields.documentId);
    out[userId] = { inbox: config.inbox ?? 'ALL', email: config.email ?? 'ALL' };
  }
  return out;
}

function documentName(org: OrganizationRecord | undefined, documentId: string): string | undefined {
  return org?.documents.get(documentId)?.documentName;
}

/**
 * The advanced payload of a comment-thread or comment event (service-facts 7.2): ids nested under `data.metadata`,
 * `visibility` only for private threads.
 * @example commentPayload(ctx, ns, 'comment.add', fields).data.targetComment
 */
export function advancedCommentPayload(ctx: ModelContext, ns: Namespace, event: string, fields: CommentEventFields): Record<string, unknown> {
  const org = ns.organizations.get(fields.organizationId);
  const name = documentName(org, fields.documentId);
  const data: Record<string, unknown> = {};
  if (fields.actionUser) data['actionUser'] = structuredClone(fields.actionUser);
  data['commentAnnotation'] = structuredClone(fields.commentAnnotation);
  if (fields.targetComment) data['targetComment'] = structuredClone(fields.targetComment);
  data['metadata'] = {
    apiKey: ns.apiKey,
    document: { documentId: fields.documentId, ...(name === undefined ? {} : { documentName: name }) },
    organization: { organizationId: fields.organizationId },
    pageInfo: pageInfoOf(fields.commentAnnotation),
  };
  if (fields.visibility) data['visibility'] = structuredClone(fields.visibility);
  return {
    actionType: advancedActionType(event),
    data,
    event,
    platform: 'sdk',
    source: 'comment',
    webhookId: ctx.ids.pushId(ctx.clock.now()),
    usersOrganizationNotificationsConfig: notificationConfigs(ns, fields),
  };
}

/**
 * The basic (v1) payload of a comment event (service-facts 7.6): flat `metadata` with the internal ids, the client
 * ids beside them; `undefined` for events the basic kind does not send.
 * @example basicCommentPayload(ctx, ns, 'comment.add', fields)?.actionType === 'added'
 */
export function basicCommentPayload(ctx: ModelContext, ns: Namespace, event: string, fields: CommentEventFields): Record<string, unknown> | undefined {
  const actionType = BASIC_ACTION_TYPES[event];
  if (actionType === undefined) return undefined;
  const org = ns.organizations.get(fields.organizationId);
  const document = org?.documents.get(fields.documentId);
  const payload: Record<string, unknown> = {
    webhookId: ctx.ids.pushId(ctx.clock.now()),
    commentAnnotation: structuredClone(fields.commentAnnotation),
  };
  if (fields.targetComment) payload['targetComment'] = structuredClone(fields.targetComment);
  payload['actionType'] = actionType;
  payload['notificationSource'] = 'comment';
  if (fields.actionUser) payload['actionUser'] = structuredClone(fields.actionUser);
  payload['metadata'] = {
    apiKey: ns.apiKey,
    clientDocumentId: fields.documentId,
    clientOrganizationId: fields.organizationId,
    documentId: document?.id ?? fields.documentId,
    ...(document?.documentName === undefined ? {} : { documentName: document.documentName }),
    organizationId: org?.id ?? fields.organizationId,
    pageInfo: pageInfoOf(fields.commentAnnotation),
  };
  payload['platform'] = 'sdk';
  payload['usersOrganizationNotificationsConfig'] = notificationConfigs(ns, fields);
  if (fields.visibility) {
    payload['visibility'] = structuredClone(fields.visibility);
    payload['accessDeniedUsers'] = [];
  }
  return payload;
}

/**
 * The advanced `crdt.update_data` payload (service-facts 4.7, 7.2): the entry's current snapshot as `crdtData`;
 * `undefined` when the entry is gone.
 * @example crdtPayload(ctx, ns, { organizationId: 'org', documentId: 'doc', editorId: 'notes' })?.data
 */
export function crdtPayload(ctx: ModelContext, ns: Namespace, at: EventPlace & { editorId: string }): Record<string, unknown> | undefined {
  const record = findEditor(ctx, ns, at);
  if (!record?.stored) return undefined;
  const org = ns.organizations.get(at.organizationId);
  const name = documentName(org, at.documentId);
  const snapshot = structuredClone(editorSnapshot(record));
  const author = record.lastUpdatedBy;
  const user = author === null ? undefined : org?.users.get(author);
  return {
    actionType: 'updateData',
    data: {
      actionUser: user ? structuredClone(user) : { userId: author },
      crdtData: snapshot,
      metadata: {
        apiKey: ns.apiKey,
        document: { documentId: at.documentId, ...(name === undefined ? {} : { documentName: name }) },
        organization: { organizationId: at.organizationId },
        pageInfo: {},
      },
    },
    event: 'crdt.update_data',
    platform: 'sdk',
    source: 'crdt',
    webhookId: ctx.ids.pushId(ctx.clock.now()),
  };
}
