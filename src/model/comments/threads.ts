/** Writing comment threads: add, update, delete (beyond-spec 1.1, 1.3, 1.4). */
import { ServiceError } from '../../errors.js';
import { agentsOf } from '../agents/state.js';
import { ensureDocument, ensureOrganization } from '../organizations/organizations.js';
import type { ModelContext } from '../state/context.js';
import type { DocumentRecord, Namespace, OrganizationRecord } from '../state/entities.js';
import { visibleTo } from './access.js';
import { buildThread } from './build.js';
import type { NewThread, WriteScope } from './inputs.js';
import { afterComment, emitThreadEvent } from './notify.js';
import { BUILT_IN_AGENTS, newAnnotationId, type ThreadRecord, type ThreadUser, threadsForWrite, threadsOf } from './records.js';
import { type ThreadFilter, threadMatches } from './selectors.js';

/** What add comment annotations takes, after validation. */
export interface AddThreadsInput {
  organizationId: string;
  documentId: string;
  threads: NewThread[];
  /** Deny threads whose author may not open the document. */
  verifyUserPermissions?: boolean | undefined;
  /** `rest-api` for REST writes; absent for fixtures. */
  sourceType?: string | undefined;
}

/** One entry of the add result, keyed by annotation id (or the reserved denied key). */
export type AddThreadEntry =
  | { success: true; annotationId: string; commentIds: number[]; message: string; findingId?: string }
  | { success: false; message: string };

/** The add result: entries in completion order, and whether any thread was denied. */
export interface AddThreadsResult {
  entries: [string, AddThreadEntry][];
  denied: boolean;
  threads: ThreadRecord[];
}

/** The message of a denied thread or comment. */
export const DENIED = 'User does not have access to the document.';

/** Refuses a `service` agent id that names no agent of the service (a built-in or one of the key's custom agents), before anything is written. */
export function checkAgents(
  ns: Namespace,
  threads: readonly { comments: readonly { agent?: { agentSource: string; agentId: string } | undefined }[] }[],
): void {
  const custom = agentsOf(ns).custom;
  for (const thread of threads) {
    for (const comment of thread.comments) {
      const agent = comment.agent;
      if (agent?.agentSource === 'service' && !BUILT_IN_AGENTS.includes(agent.agentId) && !custom.has(agent.agentId))
        throw new ServiceError('NOT_FOUND', 'Agent not found.');
    }
  }
}

/**
 * Stores one thread in a document (created with its organization when missing); an existing annotation id is
 * overwritten and keeps its number. Emits `comment_annotation.add` and `comment.add` for each reply, and runs the
 * side effects each comment asks for.
 * @example storeThread(ctx, ns, { organizationId: 'o', documentId: 'd', thread: { comments: [{ from: { userId: 'u' } }] } })
 */
export function storeThread(
  ctx: ModelContext,
  ns: Namespace,
  input: { organizationId: string; documentId: string; thread: NewThread; author: ThreadUser; sourceType?: string | undefined },
): ThreadRecord {
  const org = ensureOrganization(ctx, ns, input.organizationId);
  const doc = ensureDocument(ctx, ns, org, input.documentId);
  return writeThread({ ctx, ns, org, doc }, input.thread, input.author, input.sourceType);
}

function writeThread(scope: WriteScope, input: NewThread, author: ThreadUser, sourceType: string | undefined): ThreadRecord {
  const { ctx, ns, org, doc } = scope;
  const store = threadsForWrite(ctx, org, doc.documentId, true) as NonNullable<ReturnType<typeof threadsForWrite>>;
  const annotationId = input.annotationId ?? newAnnotationId(ctx, store.threads);
  const previous = store.threads.get(annotationId);
  const annotationNumber = previous?.annotationNumber ?? store.next++;
  const thread = buildThread(scope, { annotationId, annotationNumber, sourceType }, input, author);
  store.threads.set(annotationId, thread);
  emitThreadEvent(ctx, ns, 'comment_annotation.add', thread, {
    actionUser: thread.from,
    comment: thread.comments[0],
    triggerNotification: input.comments[0]?.triggerNotification,
  });
  thread.comments.forEach((comment, i) => {
    const asked = input.comments[i];
    if (i > 0) emitThreadEvent(ctx, ns, 'comment.add', thread, { comment, triggerNotification: asked?.triggerNotification });
    afterComment(ctx, { ns, org, doc }, thread, comment, {
      first: i === 0,
      triggerNotification: asked?.triggerNotification,
      triggerActivities: asked?.triggerActivities,
    });
  });
  return thread;
}

/**
 * Adds threads in request order. With `verifyUserPermissions`, a thread whose author may not open the document
 * is denied and recorded under its own id or `__service_denied:<index>`; the others are written.
 * @example addThreads(ctx, ns, { organizationId: 'o', documentId: 'd', threads, sourceType: 'rest-api' })
 */
export function addThreads(ctx: ModelContext, ns: Namespace, input: AddThreadsInput): AddThreadsResult {
  checkAgents(ns, input.threads);
  const org = ensureOrganization(ctx, ns, input.organizationId);
  const doc = ensureDocument(ctx, ns, org, input.documentId);
  const result: AddThreadsResult = { entries: [], denied: false, threads: [] };
  input.threads.forEach((thread, index) => {
    const author = thread.comments[0]?.from ?? { userId: '' };
    if (input.verifyUserPermissions === true && !visibleTo({ ns, org, doc, now: ctx.clock.now() }, author.userId)) {
      result.denied = true;
      result.entries.push([thread.annotationId ?? `__service_denied:${index}`, { success: false, message: DENIED }]);
      return;
    }
    const stored = writeThread({ ctx, ns, org, doc }, thread, author, input.sourceType);
    const entry: AddThreadEntry = {
      success: true,
      annotationId: stored.annotationId,
      commentIds: stored.comments.map((c) => c.commentId),
      message: 'Added Successfully',
    };
    const findingId = thread.comments[0]?.agent?.reason.findingId;
    if (findingId !== undefined) entry.findingId = findingId;
    result.entries.push([stored.annotationId, entry]);
    result.threads.push(stored);
  });
  return result;
}

/** The threads of a document that pass a filter, in storage order. */
export function matchingThreads(org: OrganizationRecord | undefined, documentId: string, filter: ThreadFilter): ThreadRecord[] {
  const store = org ? threadsOf(org, documentId) : undefined;
  if (!store) return [];
  if (filter.annotationIds !== undefined) {
    const out: ThreadRecord[] = [];
    for (const id of new Set(filter.annotationIds)) {
      const thread = store.threads.get(id);
      if (thread && threadMatches(thread, filter)) out.push(thread);
    }
    return out;
  }
  return [...store.threads.values()].filter((t) => threadMatches(t, filter));
}

/** A per-item outcome of a thread update or delete. */
export interface ThreadOutcome {
  success: boolean;
  id: string;
  message: string;
}

/** Outcomes keyed by annotation id: the requested ids in request order (missing ones fail), else every match. */
export function outcomes(requested: readonly string[] | undefined, done: readonly ThreadRecord[], message: string): [string, ThreadOutcome][] {
  const hit = new Set(done.map((t) => t.annotationId));
  const keys = requested ?? done.map((t) => t.annotationId);
  return keys.map((id) => [id, hit.has(id) ? { success: true, id, message } : { success: false, id, message: 'Annotation not found.' }]);
}

/** Where a document is looked up when the organization is not named: the one organization of the key holding it. */
export function findDocument(ns: Namespace, documentId: string, organizationId?: string): { org: OrganizationRecord; doc: DocumentRecord } | undefined {
  if (organizationId !== undefined) {
    const org = ns.organizations.get(organizationId);
    const doc = org?.documents.get(documentId);
    return org && doc ? { org, doc } : undefined;
  }
  const holders = [...ns.organizations.values()].filter((o) => o.documents.has(documentId));
  if (holders.length === 0) return undefined;
  const chosen = holders.length === 1 ? holders[0] : undefined;
  if (!chosen) throw new ServiceError('INVALID_ARGUMENT', 'organizationId is required for this document.');
  const doc = chosen.documents.get(documentId);
  return doc ? { org: chosen, doc } : undefined;
}

/**
 * Deletes the threads of a document that pass the filter, with their comments and reactions; emits
 * `comment_annotation.delete` for each. Notifications already created stay.
 * @example deleteThreads(ctx, ns, { documentId: 'd', filter: { annotationIds: ['a'] } })
 */
export function deleteThreads(
  ctx: ModelContext,
  ns: Namespace,
  input: { organizationId?: string | undefined; documentId: string; filter: ThreadFilter },
): [string, ThreadOutcome][] {
  const found = findDocument(ns, input.documentId, input.organizationId);
  const org = found?.org ?? (input.organizationId !== undefined ? ns.organizations.get(input.organizationId) : undefined);
  if (org) threadsForWrite(ctx, org, input.documentId);
  const matched = matchingThreads(org, input.documentId, input.filter);
  const store = org ? threadsOf(org, input.documentId) : undefined;
  for (const thread of matched) {
    store?.threads.delete(thread.annotationId);
    if (org)
      ctx.store.undo.assign(
        org,
        'reactions',
        org.reactions.filter((r) => r['commentAnnotationId'] !== thread.annotationId),
      );
    emitThreadEvent(ctx, ns, 'comment_annotation.delete', thread, { actionUser: thread.from });
  }
  return outcomes(input.filter.annotationIds, matched, 'Deleted Successfully');
}
