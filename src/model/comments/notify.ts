/** What comment writes announce: domain events always, notifications and activities only when asked (beyond-spec 1.0). */
import { addActivity } from '../activities/activities.js';
import { addNotification } from '../notifications/notifications.js';
import type { ModelContext } from '../state/context.js';
import type { Namespace } from '../state/entities.js';
import type { CommentEventFields, DomainEventType } from '../state/events.js';
import { type ThreadScope, visibleTo } from './access.js';
import { type CommentRecord, mentionedIn, renderComment, renderThread, type ThreadRecord, type ThreadUser } from './records.js';

/** The events whose fields are `CommentEventFields`. */
export type CommentEvent = Extract<DomainEventType, `comment_annotation.${string}` | `comment.${string}`>;

/**
 * Emits a comment-thread or comment event with copies of the records as they are now.
 * @example emitThreadEvent(ctx, ns, 'comment_annotation.add', thread, { actionUser: thread.from })
 */
export function emitThreadEvent(
  ctx: ModelContext,
  ns: Namespace,
  type: CommentEvent,
  thread: ThreadRecord,
  extra: { actionUser?: ThreadUser | undefined; comment?: CommentRecord | undefined; triggerNotification?: boolean | undefined } = {},
): void {
  const metadata = thread.metadata;
  const fields: CommentEventFields = {
    organizationId: String(metadata['organizationId']),
    documentId: String(metadata['documentId']),
    annotationId: thread.annotationId,
    commentAnnotation: renderThread(thread),
  };
  if (extra.comment) {
    fields.commentId = extra.comment.commentId;
    fields.targetComment = renderComment(extra.comment);
  }
  const actor = extra.actionUser ?? extra.comment?.from;
  if (actor) fields.actionUser = structuredClone(actor);
  const visibility = thread['visibilityConfig'] as { type?: string } | undefined;
  if (visibility && visibility.type !== 'public') fields.visibility = structuredClone(visibility);
  if (extra.triggerNotification === true) fields.triggerNotification = true;
  ctx.events.emit(type, ns.apiKey, fields);
}

/** The subscribers of a thread that have not unsubscribed. */
function subscribers(thread: ThreadRecord): string[] {
  const out: string[] = [];
  const gone = thread['unsubscribedUsers'] as Record<string, unknown> | undefined;
  for (const [key, entry] of Object.entries((thread['subscribedUsers'] as Record<string, { user?: { userId?: unknown } }>) ?? {})) {
    const id = entry.user?.userId;
    if (typeof id === 'string' && !(gone && key in gone)) out.push(id);
  }
  return out;
}

/**
 * The side effects of one new comment, each only when its flag is on: notifications for the mentioned users,
 * the assignee and the subscribers (never the author; private threads only to those who can see them), and one
 * activity record when the key's activity log is enabled.
 * @example afterComment(ctx, scope, thread, comment, { first: true })
 */
export function afterComment(
  ctx: ModelContext,
  scope: ThreadScope,
  thread: ThreadRecord,
  comment: CommentRecord,
  how: { first: boolean; triggerNotification?: boolean | undefined; triggerActivities?: boolean | undefined },
): void {
  const { ns, org } = scope;
  const documentId = String(thread.metadata['documentId']);
  const author = comment.from;
  if (how.triggerNotification === true) {
    const assignee = (thread['assignedTo'] as ThreadUser | undefined)?.userId;
    const wanted = [...mentionedIn(comment), ...(assignee ? [assignee] : []), ...subscribers(thread)];
    const recipients = [...new Set(wanted)].filter((id) => id !== author.userId && visibleTo(scope, id, thread));
    if (recipients.length > 0) {
      addNotification(ctx, ns, {
        organizationId: org.organizationId,
        documentId,
        actionUser: structuredClone(author),
        notifyUsers: recipients.map((userId) => ({ userId })),
        notifyAll: false,
        notificationSource: 'comment',
        notificationSourceData: renderThread(thread),
        displayHeadlineMessageTemplate: how.first ? '{actionUser} added a comment' : '{actionUser} replied to a comment',
        displayHeadlineMessageTemplateData: { actionUser: structuredClone(author) },
        displayBodyMessage: typeof comment['commentText'] === 'string' ? comment['commentText'] : '',
        ...(thread['locationId'] !== undefined ? { metadata: { locationId: thread['locationId'] } } : {}),
        ...(thread['location'] !== undefined ? { location: structuredClone(thread['location'] as Record<string, unknown>) } : {}),
        extra: {
          actionType: how.first ? 'newlyAdded' : 'added',
          targetAnnotationId: thread.annotationId,
          isCommentResolverUsed: comment['isCommentResolverUsed'] === true,
        },
      });
    }
  }
  if (how.triggerActivities === true && ns.configs.activity?.isEnabled === true) {
    addActivity(ctx, ns, org.organizationId, {
      featureType: 'comment',
      actionType: how.first ? 'comment_annotation.add' : 'comment.add',
      actionUser: structuredClone(author),
      metadata: { apiKey: ns.apiKey, organizationId: org.organizationId, documentId },
      targetEntityId: thread.annotationId,
      targetSubEntityId: String(comment.commentId),
      entityData: renderComment(comment),
    });
  }
}
