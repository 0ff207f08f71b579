/** Reading comment threads: get with selectors and paging, and per-document counts (beyond-spec 1.2, 1.5). */
import type { Namespace } from '../state/entities.js';
import { keptText } from '../state/kept-text.js';
import { visibleTo } from './access.js';
import { type ThreadRecord, threadReply, threadsOf } from './records.js';
import { sortThreads, type ThreadFilter, threadMatches } from './selectors.js';

/** Which threads a get is about: documents (one, several, a folder's, or all of the organization) and filters. */
export interface ThreadQuery extends ThreadFilter {
  organizationId: string;
  documentId?: string | undefined;
  documentIds?: readonly string[] | undefined;
  folderId?: string | undefined;
  order?: 'asc' | 'desc' | undefined;
}

/** The documents a query reads, in the order they were named (or stored). */
function documentsOf(ns: Namespace, query: ThreadQuery): string[] {
  const org = ns.organizations.get(query.organizationId);
  if (!org) return [];
  let ids: string[];
  if (query.documentId !== undefined || query.documentIds !== undefined) {
    ids = [...new Set([...(query.documentId !== undefined ? [query.documentId] : []), ...(query.documentIds ?? [])])];
  } else ids = [...org.comments.keys()];
  if (query.folderId !== undefined) ids = ids.filter((id) => org.documents.get(id)?.folderId === query.folderId);
  return ids;
}

/**
 * The threads a get returns, as stored records: with `annotationIds`, in that order with `null` for ids that
 * match nothing (no sorting); otherwise sorted by `lastUpdated` (`order`, default `desc`), ties by id.
 * @example queryThreads(ns, { organizationId: 'o', documentId: 'd', statusIds: ['OPEN'] })
 */
export function queryThreads(ns: Namespace, query: ThreadQuery): (ThreadRecord | null)[] {
  const org = ns.organizations.get(query.organizationId);
  if (!org) return query.annotationIds ? query.annotationIds.map(() => null) : [];
  const { annotationIds, ...rest } = query;
  const found: ThreadRecord[] = [];
  for (const documentId of documentsOf(ns, query)) {
    const store = threadsOf(org, documentId);
    if (!store) continue;
    if (annotationIds) {
      for (const id of annotationIds) {
        const thread = store.threads.get(id);
        if (thread) found.push(thread);
      }
    } else found.push(...store.threads.values());
  }
  const kept = found.filter((t) => threadMatches(t, rest));
  if (!annotationIds) return sortThreads(kept, query.order);
  return annotationIds.map((id) => kept.find((t) => t.annotationId === id) ?? null);
}

/** A thread in its read shape for a reply, `null` kept. */
export const renderOrNull = (thread: ThreadRecord | null): Record<string, unknown> | null => (thread ? threadReply(thread) : null);

/**
 * The JSON text of a list of threads as get comment annotations returns it (`null` for a listed id that is not
 * found), each thread's text kept beside its record while the state is unchanged (`keptText`); one past 16 KB (a
 * long discussion) is written on every read.
 * @example new JsonText(threadsText(page)) // '[{"annotationId":"a1",...},null]'
 */
export function threadsText(threads: readonly (ThreadRecord | null)[]): string {
  return `[${threads.map((thread) => (thread ? threadText(thread) : 'null')).join(',')}]`;
}

const threadText = keptText((thread: ThreadRecord): string => JSON.stringify(threadReply(thread)), 16 * 1024);

/** Threads and unread threads of one document for one user. */
export interface ThreadCount {
  total: number;
  unread: number;
}

/**
 * Per requested document: the threads (not comments) after the status filter that the user may see, and how many
 * of them are unread for the user (not the author, not among the stored viewers). Unknown documents count 0.
 * @example countThreads(ns, { organizationId: 'o', documentIds: ['d'], userId: 'u' }).get('d')
 */
export function countThreads(
  ns: Namespace,
  input: { organizationId: string; documentIds: readonly string[]; userId: string; statusIds?: readonly string[] | undefined },
): Map<string, ThreadCount> {
  const org = ns.organizations.get(input.organizationId);
  const out = new Map<string, ThreadCount>();
  for (const documentId of input.documentIds) {
    const count = { total: 0, unread: 0 };
    const store = org ? threadsOf(org, documentId) : undefined;
    if (org && store) {
      const scope = { ns, org, doc: org.documents.get(documentId) };
      for (const thread of store.threads.values()) {
        if (!threadMatches(thread, { statusIds: input.statusIds })) continue;
        if (!visibleTo(scope, input.userId, thread)) continue;
        count.total++;
        const viewers = Array.isArray(thread['viewedByUserIds']) ? (thread['viewedByUserIds'] as unknown[]) : [];
        if (thread.from.userId !== input.userId && !viewers.includes(input.userId)) count.unread++;
      }
    }
    out.set(documentId, count);
  }
  return out;
}
