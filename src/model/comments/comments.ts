/** Writing and reading the comments of one thread (beyond-spec 1.6–1.9). */
import { ServiceError } from '../../errors.js';
import type { ModelContext } from '../state/context.js';
import type { DocumentRecord, Namespace, OrganizationRecord } from '../state/entities.js';
import { visibleTo } from './access.js';
import { buildComment, subscribe } from './build.js';
import type { NewComment } from './inputs.js';
import { afterComment, emitThreadEvent } from './notify.js';
import { type CommentRecord, renderComment, type ThreadRecord, type ThreadUser, threadsForWrite, threadsOf } from './records.js';
import { checkAgents, DENIED } from './threads.js';
import { expandUser } from './users.js';

/** Names one thread. */
export interface ThreadRef {
  organizationId: string;
  documentId: string;
  annotationId: string;
}

interface Found {
  org: OrganizationRecord;
  doc: DocumentRecord;
  thread: ThreadRecord;
}

/** The thread a comment operation names, or `NOT_FOUND` `Annotation not found.` */
function threadOf(ns: Namespace, ref: ThreadRef, writer?: ModelContext): Found {
  const org = ns.organizations.get(ref.organizationId);
  const doc = org?.documents.get(ref.documentId);
  const entry = org ? threadsOf(org, ref.documentId) : undefined;
  // A write works on a copy of the document's threads, so the undo log keeps the original.
  const threads = org && writer && entry?.threads.has(ref.annotationId) ? threadsForWrite(writer, org, ref.documentId) : entry;
  const thread = threads?.threads.get(ref.annotationId);
  if (!org || !doc || !thread) throw new ServiceError('NOT_FOUND', 'Annotation not found.');
  return { org, doc, thread };
}

/**
 * Appends comments to a thread and returns their ids in request order. With `verifyUserPermissions`, one
 * author without access to the document refuses the whole request (`PERMISSION_DENIED`), nothing written.
 * @example addComments(ctx, ns, { organizationId: 'o', documentId: 'd', annotationId: 'a', comments: [{ from: { userId: 'u' }, commentText: 'Hi' }] })
 */
export function addComments(
  ctx: ModelContext,
  ns: Namespace,
  input: ThreadRef & { comments: NewComment[]; verifyUserPermissions?: boolean | undefined },
): number[] {
  const { org, doc, thread } = threadOf(ns, input, ctx);
  checkAgents(ns, [{ comments: input.comments }]);
  if (input.verifyUserPermissions === true) {
    for (const comment of input.comments) {
      if (!visibleTo({ ns, org, doc, now: ctx.clock.now() }, comment.from?.userId ?? '')) throw new ServiceError('PERMISSION_DENIED', DENIED);
    }
  }
  const scope = { ctx, ns, org, doc };
  const ids: number[] = [];
  for (const input_ of input.comments) {
    const comment = buildComment(scope, thread.comments, input_, input_.from ?? thread.from);
    const same = thread.comments.findIndex((c) => c.commentId === comment.commentId);
    if (same >= 0) thread.comments[same] = comment;
    else thread.comments.push(comment);
    ids.push(comment.commentId);
    thread.lastUpdated = ctx.clock.now();
    const joined = ((comment['taggedUserContacts'] as { userId: string }[]) ?? []).filter((t) => subscribe(thread, t.userId));
    emitThreadEvent(ctx, ns, 'comment.add', thread, { comment, triggerNotification: input_.triggerNotification });
    if (joined.length > 0) emitThreadEvent(ctx, ns, 'comment_annotation.subscribe', thread, { actionUser: comment.from });
    afterComment(ctx, { ns, org, doc }, thread, comment, {
      first: false,
      triggerNotification: input_.triggerNotification,
      triggerActivities: input_.triggerActivities,
    });
  }
  return ids;
}

/**
 * The comments of a thread: with `commentIds`, in that order with `null` for missing ones; else in thread order.
 * `userIds` keeps only comments by those authors.
 * @example getComments(ns, { organizationId: 'o', documentId: 'd', annotationId: 'a', commentIds: [1, 2] })
 */
export function getComments(
  ns: Namespace,
  input: ThreadRef & { commentIds?: readonly number[] | undefined; userIds?: readonly string[] | undefined },
): (Record<string, unknown> | null)[] {
  const { thread } = threadOf(ns, input);
  const byAuthor = (c: CommentRecord): boolean => input.userIds === undefined || input.userIds.includes(c.from.userId);
  if (input.commentIds !== undefined) {
    return input.commentIds.map((id) => {
      const comment = thread.comments.find((c) => c.commentId === id);
      return comment && byAuthor(comment) ? renderComment(comment) : null;
    });
  }
  return thread.comments.filter(byAuthor).map(renderComment);
}

/** What update comments may replace; given fields replace, absent ones stay. */
export interface CommentPatch {
  commentText?: string | undefined;
  commentHtml?: string | undefined;
  context?: Record<string, unknown> | undefined;
  isCommentResolverUsed?: boolean | undefined;
  isCommentTextAvailable?: boolean | undefined;
  from?: ThreadUser | undefined;
  taggedUserContacts?: { userId: string; contact?: Record<string, unknown> | undefined; [field: string]: unknown }[] | undefined;
  attachments?: Record<string, unknown>[] | undefined;
}

/** A per-item outcome keyed by comment id. */
export interface CommentOutcome {
  success: boolean;
  id: number;
  message: string;
}

/**
 * Applies the same patch to each named comment: `status` becomes `updated`, `isEdited` true, `editedAt` and
 * `lastUpdated` now; missing comments fail per item.
 * @example updateComments(ctx, ns, { organizationId: 'o', documentId: 'd', annotationId: 'a', commentIds: [1], patch: { commentText: 'x' } })
 */
export function updateComments(
  ctx: ModelContext,
  ns: Namespace,
  input: ThreadRef & { commentIds: readonly number[]; patch: CommentPatch },
): [string, CommentOutcome][] {
  const { org, doc, thread } = threadOf(ns, input, ctx);
  const now = ctx.clock.now();
  const out: [string, CommentOutcome][] = [];
  for (const id of input.commentIds) {
    const comment = thread.comments.find((c) => c.commentId === id);
    if (!comment) {
      out.push([String(id), { success: false, id, message: 'Not found' }]);
      continue;
    }
    const { from, taggedUserContacts, ...plain } = input.patch;
    for (const [key, value] of Object.entries(plain)) if (value !== undefined) comment[key] = structuredClone(value);
    if (from !== undefined) comment.from = expandUser(org, doc, from);
    if (taggedUserContacts !== undefined) {
      comment['taggedUserContacts'] = structuredClone(taggedUserContacts);
      comment['to'] = taggedUserContacts.map((t) => expandUser(org, doc, { ...(t.contact ?? {}), userId: t.userId }));
      for (const t of taggedUserContacts) subscribe(thread, t.userId);
    }
    comment['status'] = 'updated';
    comment['lastUpdated'] = new Date(now).toISOString();
    comment['isEdited'] = true;
    comment['editedAt'] = now;
    thread.lastUpdated = now;
    emitThreadEvent(ctx, ns, 'comment.update', thread, { comment });
    out.push([String(id), { success: true, id, message: 'Updated successfully' }]);
  }
  return out;
}

/**
 * Deletes the named comments (all of them when none are named); the thread stays, possibly with no comments.
 * @example deleteComments(ctx, ns, { organizationId: 'o', documentId: 'd', annotationId: 'a', commentIds: [1] })
 */
export function deleteComments(
  ctx: ModelContext,
  ns: Namespace,
  input: ThreadRef & { commentIds?: readonly number[] | undefined },
): [string, CommentOutcome][] {
  const { org, thread } = threadOf(ns, input, ctx);
  const ids = input.commentIds ?? thread.comments.map((c) => c.commentId);
  const out: [string, CommentOutcome][] = [];
  for (const id of ids) {
    const index = thread.comments.findIndex((c) => c.commentId === id);
    const comment = thread.comments[index];
    if (!comment) {
      out.push([String(id), { success: false, id, message: 'Not found' }]);
      continue;
    }
    thread.comments.splice(index, 1);
    const reactions = new Set((comment['reactionAnnotationIds'] as string[] | undefined) ?? []);
    if (reactions.size > 0) org.reactions = org.reactions.filter((r) => !reactions.has(String(r['annotationId'])));
    thread.lastUpdated = ctx.clock.now();
    emitThreadEvent(ctx, ns, 'comment.delete', thread, { comment });
    out.push([String(id), { success: true, id, message: 'Deleted successfully' }]);
  }
  return out;
}
