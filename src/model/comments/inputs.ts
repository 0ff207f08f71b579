/** What a write names to add a thread or a comment (beyond-spec 1.0, 1.1, 1.6), before records are built from it. */

import type { ModelContext } from '../state/context.js';
import type { DocumentRecord, Namespace, OrganizationRecord } from '../state/entities.js';
import type { ThreadUser } from './records.js';

/** A mention: `{ userId, contact: { userId, name?, email? }, text? }`; one per `{{userId}}` token. */
export interface TaggedContact {
  userId: string;
  contact?: { userId: string; name?: string | undefined; email?: string | undefined; [field: string]: unknown } | undefined;
  text?: string | undefined;
  [field: string]: unknown;
}

/** The agent block of a comment (v2): who produced the finding and why. */
export interface AgentBlock {
  agentSource: 'service' | 'external';
  agentId: string;
  executionId?: string | undefined;
  agentName?: string | undefined;
  url?: string | undefined;
  reason: Record<string, unknown> & { severity: string; findingId?: string | undefined };
  /** Written by the service's own agent runs: the block keeps `agentName` (REST writes keep it for external agents only). */
  authored?: boolean | undefined;
}

/** A comment a write adds; fields beyond the documented ones are stored as given (fixtures force them). */
export interface NewComment {
  commentId?: number | undefined;
  commentText?: string | undefined;
  commentHtml?: string | undefined;
  /** Required on REST; fixtures default it to the thread's author. */
  from?: ThreadUser | undefined;
  createdAt?: number | undefined;
  lastUpdated?: number | undefined;
  taggedUserContacts?: TaggedContact[] | undefined;
  attachments?: Record<string, unknown>[] | undefined;
  context?: Record<string, unknown> | undefined;
  isCommentResolverUsed?: boolean | undefined;
  isCommentTextAvailable?: boolean | undefined;
  agent?: AgentBlock | undefined;
  /** Create the SDK-equivalent notifications for this comment (default off). */
  triggerNotification?: boolean | undefined;
  /** Create the SDK-equivalent activity record for this comment (default off). */
  triggerActivities?: boolean | undefined;
  [field: string]: unknown;
}

/** Who may see a thread; `userIds` always gets the author for non-public types. */
export interface Visibility {
  type: 'public' | 'organizationPrivate' | 'restricted';
  organizationId?: string | undefined;
  organizationIds?: string[] | undefined;
  userIds?: string[] | undefined;
}

/** A thread a write adds; fields beyond the documented ones are stored as given (fixtures force them). */
export interface NewThread {
  annotationId?: string | undefined;
  location?: Record<string, unknown> | undefined;
  targetElement?: Record<string, unknown> | undefined;
  comments: NewComment[];
  status?: Record<string, unknown> | undefined;
  assignedTo?: ThreadUser | undefined;
  context?: Record<string, unknown> | undefined;
  createdAt?: number | undefined;
  lastUpdated?: number | undefined;
  priority?: Record<string, unknown> | undefined;
  type?: 'comment' | 'suggestion' | undefined;
  suggestion?: Record<string, unknown> | undefined;
  commentType?: string | undefined;
  visibility?: Visibility | undefined;
  [field: string]: unknown;
}

/** Where a record is built: the namespace, organization and document it goes to. */
export interface WriteScope {
  ctx: ModelContext;
  ns: Namespace;
  org: OrganizationRecord;
  doc: DocumentRecord;
}
