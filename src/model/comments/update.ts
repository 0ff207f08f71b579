/** Updating comment threads (beyond-spec 1.3): partial updates, the status/resolver rules and user rewrites. */
import type { ModelContext } from '../state/context.js';
import type { DocumentRecord, Namespace, OrganizationRecord } from '../state/entities.js';
import { buildContext, buildVisibility, retokenise, subscribe } from './build.js';
import type { Visibility } from './inputs.js';
import { type CommentEvent, emitThreadEvent } from './notify.js';
import { locationNumber, subscriberKey, type ThreadRecord, type ThreadUser, threadsForWrite } from './records.js';
import type { ThreadFilter } from './selectors.js';
import { matchingThreads, outcomes, type ThreadOutcome } from './threads.js';
import { expandUser } from './users.js';

/** The fields an update may replace; `null` clears the two user-id fields. */
export interface ThreadPatch {
  location?: Record<string, unknown> | undefined;
  targetElement?: Record<string, unknown> | undefined;
  from?: ThreadUser | undefined;
  status?: (Record<string, unknown> & { type?: unknown }) | undefined;
  statusUpdatedByUserId?: string | null | undefined;
  resolvedByUserId?: string | null | undefined;
  assignedTo?: ThreadUser | undefined;
  context?: Record<string, unknown> | undefined;
  priority?: Record<string, unknown> | undefined;
  suggestion?: Record<string, unknown> | undefined;
  visibility?: Visibility | undefined;
  type?: 'comment' | 'suggestion' | undefined;
}

/** One identity rewrite: every place the old user appears gets the new one. */
export interface UserSwap {
  oldUser: ThreadUser;
  newUser: ThreadUser;
}

/** What update comment annotations takes, after validation. */
export interface UpdateThreadsInput {
  organizationId: string;
  documentId: string;
  filter: ThreadFilter;
  updatedData?: ThreadPatch | undefined;
  updateUsers?: UserSwap[] | undefined;
}

/** The organization and document users are expanded against. */
type UserScope = [OrganizationRecord, DocumentRecord | undefined];

const isTerminal = (status: unknown): boolean => (status as { type?: unknown } | undefined)?.type === 'terminal';

/** Applies a patch to one thread; returns the specific events it caused besides `comment_annotation.update`. */
function applyPatch(scope: UserScope, thread: ThreadRecord, patch: ThreadPatch): CommentEvent[] {
  const [org, doc] = scope;
  const events: CommentEvent[] = [];
  const set = (key: string, value: unknown): void => {
    thread[key] = structuredClone(value);
  };
  if (patch.location !== undefined) {
    set('location', patch.location);
    thread['locationId'] = locationNumber(patch.location);
  }
  if (patch.targetElement !== undefined) set('targetElement', patch.targetElement);
  if (patch.from !== undefined) thread.from = expandUser(org, doc, patch.from);
  if (patch.type !== undefined) thread['type'] = patch.type;
  if (patch.visibility !== undefined) {
    const visibility = buildVisibility(patch.visibility, thread.from.userId);
    thread['visibilityConfig'] = visibility;
    thread['context'] = retokenise((thread['context'] as Record<string, unknown>) ?? {}, visibility);
  }
  if (patch.context !== undefined) thread['context'] = buildContext(patch.context, thread['visibilityConfig'] as Visibility);
  if (patch.assignedTo !== undefined) {
    thread['assignedTo'] = expandUser(org, doc, patch.assignedTo);
    events.push('comment_annotation.assign');
    if (subscribe(thread, patch.assignedTo.userId)) events.push('comment_annotation.subscribe');
  }
  if (patch.priority !== undefined) {
    set('priority', patch.priority);
    events.push('comment_annotation.priority_change');
  }
  if (patch.suggestion !== undefined) {
    const before = (thread['suggestion'] as { status?: unknown } | undefined)?.status;
    const next = { ...structuredClone(patch.suggestion), status: patch.suggestion['status'] ?? 'pending' };
    thread['suggestion'] = next;
    if (next.status !== before && next.status === 'accepted') events.push('comment_annotation.accept');
    if (next.status !== before && next.status === 'rejected') events.push('comment_annotation.reject');
  }
  if (patch.statusUpdatedByUserId === null) delete thread['statusUpdatedByUserId'];
  else if (patch.statusUpdatedByUserId !== undefined) thread['statusUpdatedByUserId'] = patch.statusUpdatedByUserId;
  if (patch.resolvedByUserId === null) {
    delete thread['resolvedByUserId'];
    delete thread['resolvedByUser'];
  } else if (patch.resolvedByUserId !== undefined) {
    thread['resolvedByUserId'] = patch.resolvedByUserId;
  }
  if (patch.status !== undefined) {
    set('status', patch.status);
    events.push('comment_annotation.status_change');
  }
  // A status that is not terminal reopens the thread: the resolver goes, whatever the request said.
  if (!isTerminal(thread['status'])) {
    delete thread['resolvedByUserId'];
    delete thread['resolvedByUser'];
  } else if (typeof thread['resolvedByUserId'] === 'string' && (patch.resolvedByUserId !== undefined || patch.status !== undefined)) {
    thread['resolvedByUser'] = expandUser(org, doc, { userId: thread['resolvedByUserId'] });
  }
  return events;
}

/** Replaces one user's identity everywhere in a thread: author, comment authors, assignee, mentions, subscribers. */
function swapUser(scope: UserScope, thread: ThreadRecord, swap: UserSwap): void {
  const [org, doc] = scope;
  const oldId = swap.oldUser.userId;
  const fresh = (): ThreadUser => expandUser(org, doc, swap.newUser);
  const is = (u: unknown): boolean => (u as { userId?: unknown } | null)?.userId === oldId;
  if (is(thread.from)) thread.from = fresh();
  if (is(thread['assignedTo'])) thread['assignedTo'] = fresh();
  if (is(thread['resolvedByUser'])) thread['resolvedByUser'] = fresh();
  if (thread['resolvedByUserId'] === oldId) thread['resolvedByUserId'] = swap.newUser.userId;
  for (const comment of thread.comments) {
    if (is(comment.from)) comment.from = fresh();
    if (Array.isArray(comment['to'])) comment['to'] = (comment['to'] as unknown[]).map((u) => (is(u) ? fresh() : u));
    if (Array.isArray(comment['taggedUserContacts'])) {
      comment['taggedUserContacts'] = (comment['taggedUserContacts'] as Record<string, unknown>[]).map((t) =>
        t['userId'] === oldId ? { ...t, userId: swap.newUser.userId, contact: { ...(t['contact'] as object), ...structuredClone(swap.newUser) } } : t,
      );
    }
  }
  for (const key of ['subscribedUsers', 'unsubscribedUsers'] as const) {
    const map = thread[key] as Record<string, { user: { userId: string } }> | undefined;
    const entry = map?.[subscriberKey(oldId)];
    if (!map || !entry) continue;
    delete map[subscriberKey(oldId)];
    map[subscriberKey(swap.newUser.userId)] = { ...entry, user: { userId: swap.newUser.userId } };
  }
}

/**
 * Updates the threads of a document that pass the filter (every thread when no selector is given); each gets
 * `lastUpdated` = now and emits `comment_annotation.update` plus the specific change events.
 * @example updateThreads(ctx, ns, { organizationId: 'o', documentId: 'd', filter: {}, updatedData: { status } })
 */
export function updateThreads(ctx: ModelContext, ns: Namespace, input: UpdateThreadsInput): [string, ThreadOutcome][] {
  const org = ns.organizations.get(input.organizationId);
  const doc = org?.documents.get(input.documentId);
  if (org) threadsForWrite(ctx, org, input.documentId);
  const matched = matchingThreads(org, input.documentId, input.filter);
  if (org) {
    for (const thread of matched) {
      const events = input.updatedData ? applyPatch([org, doc], thread, input.updatedData) : [];
      for (const swap of input.updateUsers ?? []) swapUser([org, doc], thread, swap);
      thread.lastUpdated = ctx.clock.now();
      emitThreadEvent(ctx, ns, 'comment_annotation.update', thread);
      for (const type of events) emitThreadEvent(ctx, ns, type, thread);
    }
  }
  return outcomes(input.filter.annotationIds, matched, 'Annotations updated successfully');
}
