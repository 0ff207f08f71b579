/** The stored shapes of comment threads (beyond-spec 1.0, service-facts 6.3–6.4) and where they live. */
import { md5Hex } from '../../support/ids.js';
import { BUILT_IN_AGENT_IDS } from '../agents/catalogue.js';
import { cloneState } from '../state/clone.js';
import type { CommentRecord, DocumentThreads, OrganizationRecord, ThreadRecord } from '../state/entities.js';

export type { CommentRecord, DocumentThreads, ThreadRecord, ThreadUser } from '../state/entities.js';

import type { ModelContext } from '../state/context.js';

/** Stored fields that REST never returns: the viewers behind `unread` (fixtures only). */
const HIDDEN = ['viewedByUserIds', 'viewedBy', 'agentFields'] as const;

/** The status a thread gets when add names none: `OPEN`, in the full form of the documented example. */
export const OPEN_STATUS = {
  id: 'OPEN',
  name: 'Open',
  color: 'var(--service-accent, #625DF5)',
  lightColor: 'var(--service-accent-light, #E7E8FA)',
  type: 'default',
  svg: '\n      <svg\n        width="16"\n        height="16"\n        viewBox="0 0 16 16"\n        fill="none"\n        xmlns="http://www.w3.org/2000/svg"\n      >\n        <path\n          fill-rule="evenodd"\n          clip-rule="evenodd"\n          d="M8.00016 13.3333C10.9457 13.3333 13.3335 10.9455 13.3335 8.00001C13.3335 5.05449 10.9457 2.66668 8.00016 2.66668C5.05464 2.66668 2.66683 5.05449 2.66683 8.00001C2.66683 10.9455 5.05464 13.3333 8.00016 13.3333ZM8.00016 14.6667C11.6821 14.6667 14.6668 11.6819 14.6668 8.00001C14.6668 4.31811 11.6821 1.33334 8.00016 1.33334C4.31826 1.33334 1.3335 4.31811 1.3335 8.00001C1.3335 11.6819 4.31826 14.6667 8.00016 14.6667Z"\n          fill="currentColor"\n        />\n      </svg>\n      ',
} as const;

/** The built-in agents of the service that a `service` agent block may name (others are `custom`, and must exist). */
export const BUILT_IN_AGENTS: readonly string[] = BUILT_IN_AGENT_IDS;

/** The threads of a document, created empty when `create` is set. */
/**
 * The threads of a document, copied into the state before a write: the copy takes the writes and the undo log
 * keeps the untouched original (a write costs the document's threads, not the state).
 */
export function threadsForWrite(ctx: ModelContext, org: OrganizationRecord, documentId: string, create = false): DocumentThreads | undefined {
  const current = org.comments.get(documentId);
  if (!current && !create) return undefined;
  const copy: DocumentThreads = current ? cloneState(current) : { next: 1, threads: new Map() };
  ctx.store.undo.set(org.comments, documentId, copy);
  return copy;
}

export function threadsOf(org: OrganizationRecord, documentId: string, create: true): DocumentThreads;
export function threadsOf(org: OrganizationRecord, documentId: string, create?: boolean): DocumentThreads | undefined;
export function threadsOf(org: OrganizationRecord, documentId: string, create = false): DocumentThreads | undefined {
  let entry = org.comments.get(documentId);
  if (!entry && create) {
    entry = { next: 1, threads: new Map() };
    org.comments.set(documentId, entry);
  }
  return entry;
}

/** A fresh push-style annotation id (`-O0mpUziLcBwzREvZKs6`) that no thread of the document uses. */
export function newAnnotationId(ctx: ModelContext, taken: ReadonlyMap<string, unknown>): string {
  let id = ctx.ids.pushId(ctx.clock.now());
  while (taken.has(id)) id = ctx.ids.pushId(ctx.clock.now());
  return id;
}

/** A fresh 6-digit comment id no comment of the thread uses. */
export function newCommentId(ctx: ModelContext, taken: readonly CommentRecord[]): number {
  let id = 100_000 + ctx.ids.rng.int(900_000);
  while (taken.some((c) => c.commentId === id)) id = 100_000 + ctx.ids.rng.int(900_000);
  return id;
}

/** The 16-digit numeric `locationId` of a location: the same location always gives the same number, below 2^53. */
export function locationNumber(location: Record<string, unknown>): number {
  const key = location['id'] !== undefined ? `id:${String(location['id'])}` : `name:${String(location['locationName'] ?? JSON.stringify(location))}`;
  const n = Number.parseInt(md5Hex(key).slice(0, 13), 16);
  return 1_000_000_000_000_000 + (n % 8_000_000_000_000_000);
}

/** The key of a user in `subscribedUsers` (service-facts 2.5). */
export const subscriberKey = (userId: string): string => md5Hex(userId);

/** A thread as REST returns it: a copy without the stored-only fields. @example renderThread(record).comments */
export function renderThread(record: ThreadRecord): Record<string, unknown> {
  const copy = structuredClone(record) as Record<string, unknown>;
  for (const key of HIDDEN) delete copy[key];
  return copy;
}

/**
 * A thread in its read shape for a reply that is serialised at once: a new top-level object without the hidden
 * fields, whose values are the stored ones (`renderThread` copies them all, for payloads that are kept).
 * @example JSON.stringify(threadReply(record)) === JSON.stringify(renderThread(record))
 */
export function threadReply(record: ThreadRecord): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(record)) if (!(HIDDEN as readonly string[]).includes(key)) out[key] = record[key];
  return out;
}

/** A comment as REST returns it (a copy). */
export function renderComment(comment: CommentRecord): Record<string, unknown> {
  return structuredClone(comment);
}

/** The users a comment mentions: its `to` list, else its tagged contacts. */
export function mentionedIn(comment: CommentRecord): string[] {
  const out: string[] = [];
  for (const list of [comment['to'], comment['taggedUserContacts']]) {
    if (!Array.isArray(list)) continue;
    for (const entry of list) {
      const id = (entry as { userId?: unknown } | null)?.userId;
      if (typeof id === 'string' && !out.includes(id)) out.push(id);
    }
  }
  return out;
}
