/** Which threads a get, update, delete or count is about (beyond-spec 1.2–1.5); every given filter narrows. */

import { withoutTrailing } from '../../support/text.js';
import { mentionedIn, type ThreadRecord } from './records.js';

/** The filters of the thread operations; all combine with AND. */
export interface ThreadFilter {
  annotationIds?: readonly string[] | undefined;
  locationIds?: readonly string[] | undefined;
  /** Thread creators (`from.userId`). */
  userIds?: readonly string[] | undefined;
  mentionedUserIds?: readonly string[] | undefined;
  statusIds?: readonly string[] | undefined;
  /** Matches `resolvedByUserId` only. */
  resolvedBy?: string | undefined;
  updatedAfter?: number | undefined;
  updatedBefore?: number | undefined;
  createdAfter?: number | undefined;
  createdBefore?: number | undefined;
  agentId?: string | undefined;
  executionId?: string | undefined;
  agentType?: string | undefined;
  agentSource?: string | undefined;
  /** Only agent suggestions still `pending`. */
  agentSuggestions?: boolean | undefined;
  /** Only agent-authored threads. */
  agentComments?: boolean | undefined;
  /** Only agent threads stamped with one of these pages (scheme, host and path compared). */
  agentUrls?: readonly string[] | undefined;
}

const inList = (list: readonly string[] | undefined, value: unknown): boolean =>
  list === undefined || (value !== undefined && value !== null && list.includes(String(value)));

/** A page URL reduced to what identifies the page: scheme, host and path without a trailing slash; undefined when blank. */
export function pageKey(url: string): string | undefined {
  const trimmed = url.trim();
  if (trimmed === '' || trimmed.startsWith('#')) return undefined;
  const match = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]+)([^?#]*)/i.exec(trimmed);
  if (!match) return undefined;
  const [, scheme = '', host = '', path = ''] = match;
  return `${scheme.toLowerCase()}://${host.toLowerCase()}${withoutTrailing(path, '/')}`;
}

/** Whether a thread passes every filter given. @example threadMatches(thread, { statusIds: ['OPEN'] }) */
export function threadMatches(thread: ThreadRecord, filter: ThreadFilter): boolean {
  if (!inList(filter.annotationIds, thread.annotationId)) return false;
  if (!inList(filter.locationIds, (thread['location'] as { id?: unknown } | undefined)?.id)) return false;
  if (!inList(filter.userIds, thread.from.userId)) return false;
  if (!inList(filter.statusIds, (thread['status'] as { id?: unknown } | undefined)?.id)) return false;
  if (filter.resolvedBy !== undefined && thread['resolvedByUserId'] !== filter.resolvedBy) return false;
  if (filter.updatedAfter !== undefined && !(thread.lastUpdated > filter.updatedAfter)) return false;
  if (filter.updatedBefore !== undefined && !(thread.lastUpdated < filter.updatedBefore)) return false;
  if (filter.createdAfter !== undefined && !(thread.createdAt > filter.createdAfter)) return false;
  if (filter.createdBefore !== undefined && !(thread.createdAt < filter.createdBefore)) return false;
  if (filter.mentionedUserIds !== undefined) {
    const wanted = filter.mentionedUserIds;
    if (!thread.comments.some((c) => mentionedIn(c).some((id) => wanted.includes(id)))) return false;
  }
  return agentMatches(thread, filter);
}

function agentMatches(thread: ThreadRecord, filter: ThreadFilter): boolean {
  const agent = thread['agent'] as { agentId?: unknown; executionId?: unknown; agentType?: unknown; agentSource?: unknown; url?: unknown } | undefined;
  const any =
    [filter.agentId, filter.executionId, filter.agentType, filter.agentSource, filter.agentUrls].some((f) => f !== undefined) ||
    filter.agentSuggestions === true ||
    filter.agentComments === true;
  if (!any) return true;
  if (!agent) return false;
  if (filter.agentId !== undefined && agent.agentId !== filter.agentId) return false;
  if (filter.executionId !== undefined && agent.executionId !== filter.executionId) return false;
  if (filter.agentType !== undefined && agent.agentType !== filter.agentType) return false;
  if (filter.agentSource !== undefined && agent.agentSource !== filter.agentSource) return false;
  if (filter.agentSuggestions === true && (thread['type'] !== 'suggestion' || (thread['suggestion'] as { status?: unknown } | undefined)?.status !== 'pending'))
    return false;
  if (filter.agentUrls !== undefined) {
    const pages = new Set(filter.agentUrls.map(pageKey).filter((k) => k !== undefined));
    const stamped = typeof agent.url === 'string' ? pageKey(agent.url) : undefined;
    if (stamped === undefined || !pages.has(stamped)) return false;
  }
  return true;
}

/** Threads in `lastUpdated` order (`desc` by default), ties by annotation id. */
export function sortThreads(threads: ThreadRecord[], order: 'asc' | 'desc' = 'desc'): ThreadRecord[] {
  const sign = order === 'asc' ? 1 : -1;
  return threads.sort((a, b) => sign * (a.lastUpdated - b.lastUpdated) || (a.annotationId < b.annotationId ? -1 : a.annotationId > b.annotationId ? 1 : 0));
}
