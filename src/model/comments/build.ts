/** Building thread and comment records from what a write names (beyond-spec 1.0, 1.1, 1.6). */

import type { AgentBlock, NewComment, NewThread, TaggedContact, Visibility, WriteScope } from './inputs.js';
import {
  BUILT_IN_AGENTS,
  type CommentRecord,
  locationNumber,
  newCommentId,
  OPEN_STATUS,
  subscriberKey,
  type ThreadRecord,
  type ThreadUser,
} from './records.js';
import { expandUser } from './users.js';

const COMMENT_KEYS = new Set([
  'commentId',
  'commentText',
  'commentHtml',
  'from',
  'createdAt',
  'lastUpdated',
  'taggedUserContacts',
  'attachments',
  'context',
  'isCommentResolverUsed',
  'isCommentTextAvailable',
  'agent',
  'triggerNotification',
  'triggerActivities',
]);
const THREAD_KEYS = new Set([
  'annotationId',
  'location',
  'targetElement',
  'comments',
  'status',
  'assignedTo',
  'context',
  'createdAt',
  'lastUpdated',
  'priority',
  'type',
  'suggestion',
  'commentType',
  'visibility',
  'organizationId',
  'documentId',
  'from',
]);

/** Fields a fixture sent beyond the documented ones; they are stored as given, over the built values. */
function extras(input: Record<string, unknown>, known: ReadonlySet<string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) if (!known.has(key) && value !== undefined) out[key] = structuredClone(value);
  return out;
}

/** `context.access` as `key:value` tokens (string and number values only). */
export function accessTokens(access: unknown): string[] {
  if (typeof access !== 'object' || access === null) return [];
  return Object.entries(access)
    .filter(([, v]) => typeof v === 'string' || typeof v === 'number')
    .map(([k, v]) => `${k}:${String(v)}`);
}

/** Visibility tokens carried in `accessFields` beside the access tokens. */
function visibilityTokens(config: Visibility): string[] {
  if (config.type === 'organizationPrivate') return [`organizationPrivate:${config.organizationId ?? ''}`];
  if (config.type === 'restricted') return (config.userIds ?? []).map((id) => `__service_private_self:${id}`);
  return [];
}

const isVisibilityToken = (token: string): boolean => token.startsWith('organizationPrivate:') || token.startsWith('__service_private_self:');

/** The stored context of a thread: custom fields, `access` and its tokens (the default access when none is given). */
export function buildContext(context: Record<string, unknown> | undefined, visibility: Visibility): Record<string, unknown> {
  const base = structuredClone(context ?? {});
  const access = (base['access'] as Record<string, unknown> | undefined) ?? { default: 'service' };
  return { ...base, access, accessFields: [...accessTokens(access), ...visibilityTokens(visibility)] };
}

/** Replaces the visibility tokens of a stored context after a visibility change. */
export function retokenise(context: Record<string, unknown>, visibility: Visibility): Record<string, unknown> {
  const fields = Array.isArray(context['accessFields']) ? (context['accessFields'] as string[]).filter((t) => !isVisibilityToken(t)) : [];
  return { ...context, accessFields: [...fields, ...visibilityTokens(visibility)] };
}

/** The stored visibility: public by default; the author joins `userIds` of private types. */
export function buildVisibility(given: Visibility | undefined, authorId: string): Visibility {
  if (!given || given.type === 'public') return { type: 'public' };
  const out: Visibility = { type: given.type };
  if (given.organizationId !== undefined) out.organizationId = given.organizationId;
  if (given.organizationIds !== undefined) out.organizationIds = [...given.organizationIds];
  const users = [...(given.userIds ?? [])];
  if (!users.includes(authorId)) users.push(authorId);
  out.userIds = users;
  return out;
}

/** `built-in`, `custom` or `external`, from the agent's source and id. */
const agentType = (agent: AgentBlock): string =>
  agent.agentSource === 'external' ? 'external' : BUILT_IN_AGENTS.includes(agent.agentId) ? 'built-in' : 'custom';

/** The agent block as stored: `agentName` only for external agents and the service's own runs. */
export function agentBlock(agent: AgentBlock, annotationLevel: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = { agentId: agent.agentId };
  if (annotationLevel) out['agentType'] = agentType(agent);
  out['agentSource'] = agent.agentSource;
  if (agent.executionId !== undefined) out['executionId'] = agent.executionId;
  if ((agent.agentSource === 'external' || agent.authored === true) && agent.agentName !== undefined) out['agentName'] = agent.agentName;
  if (agent.url !== undefined) out['url'] = agent.url;
  out['reason'] = structuredClone(agent.reason);
  return out;
}

/** The users a comment's tagged contacts name, as the `to` list. */
function recipientsOf(scope: WriteScope, tagged: readonly TaggedContact[]): ThreadUser[] {
  const seen = new Set<string>();
  const out: ThreadUser[] = [];
  for (const t of tagged) {
    if (seen.has(t.userId)) continue;
    seen.add(t.userId);
    out.push(expandUser(scope.org, scope.doc, { ...(t.contact ?? {}), userId: t.userId }));
  }
  return out;
}

/**
 * A comment record (service-facts 6.4) with its id drawn when absent; `createdAt` in ms, `lastUpdated` as ISO.
 * @example buildComment(scope, thread.comments, { from: { userId: 'u1' }, commentText: 'Hi' }, author)
 */
export function buildComment(scope: WriteScope, siblings: readonly CommentRecord[], input: NewComment, author: ThreadUser): CommentRecord {
  const now = scope.ctx.clock.now();
  const from = expandUser(scope.org, scope.doc, input.from ?? author);
  const tagged = structuredClone(input.taggedUserContacts ?? []);
  const record: Record<string, unknown> = {
    commentId: input.commentId ?? newCommentId(scope.ctx, siblings),
    type: 'text',
    status: 'added',
    isDraft: false,
    isCommentTextAvailable: input.isCommentTextAvailable ?? true,
  };
  if (input.commentText !== undefined) record['commentText'] = input.commentText;
  if (input.commentHtml !== undefined) record['commentHtml'] = input.commentHtml;
  record['createdAt'] = input.createdAt ?? now;
  record['lastUpdated'] = new Date(input.lastUpdated ?? input.createdAt ?? now).toISOString();
  record['to'] = recipientsOf(scope, tagged);
  record['toOrganizationUserGroup'] = [];
  record['taggedUserContacts'] = tagged;
  record['attachments'] = structuredClone(input.attachments ?? []);
  record['recorders'] = [];
  record['customList'] = [];
  record['reactionAnnotationIds'] = [];
  record['reactionAnnotations'] = [];
  if (input.context !== undefined) record['context'] = structuredClone(input.context);
  if (input.isCommentResolverUsed !== undefined) record['isCommentResolverUsed'] = input.isCommentResolverUsed;
  record['from'] = from;
  if (input.agent) {
    record['sourceType'] = 'agent';
    record['agent'] = agentBlock(input.agent, false);
  }
  return { ...record, ...extras(input, COMMENT_KEYS) } as CommentRecord;
}

/** Auto-subscribes a user; returns whether the user was not subscribed before. */
export function subscribe(thread: ThreadRecord, userId: string): boolean {
  const subscribed = thread['subscribedUsers'] as Record<string, unknown>;
  const key = subscriberKey(userId);
  if (key in subscribed) return false;
  subscribed[key] = { user: { userId }, type: 'auto' };
  return true;
}

/**
 * A thread record in the documented field order (beyond-spec 1.0): defaults for status (`OPEN`), context and
 * visibility; the author, tagged users and assignee subscribed; `sourceType` as given (`rest-api`, or `agent`
 * when the root comment carries an agent block).
 * @example buildThread(scope, { annotationId, annotationNumber: 1, sourceType: 'rest-api' }, input, author)
 */
export function buildThread(
  scope: WriteScope,
  ids: { annotationId: string; annotationNumber: number; sourceType?: string | undefined },
  input: NewThread,
  author: ThreadUser,
): ThreadRecord {
  const { ctx, ns, org, doc } = scope;
  const now = ctx.clock.now();
  const from = expandUser(org, doc, author);
  const visibility = buildVisibility(input.visibility, from.userId);
  const record: Record<string, unknown> = {
    annotationId: ids.annotationId,
    annotationNumber: ids.annotationNumber,
    type: input.type ?? 'comment',
    createdAt: input.createdAt ?? now,
    lastUpdated: input.lastUpdated ?? input.createdAt ?? now,
    hasDraftComments: false,
  };
  if (input.location !== undefined) {
    record['locationId'] = locationNumber(input.location);
    record['location'] = structuredClone(input.location);
  }
  if (input.targetElement !== undefined) record['targetElement'] = structuredClone(input.targetElement);
  record['context'] = buildContext(input.context, visibility);
  record['visibilityConfig'] = visibility;
  const metadata: Record<string, unknown> = { apiKey: ns.apiKey, organizationId: org.organizationId, documentId: doc.documentId };
  if (doc.folderId !== undefined) metadata['folderId'] = doc.folderId;
  record['metadata'] = metadata;
  record['from'] = from;
  record['subscribedUsers'] = {};
  record['unsubscribedUsers'] = {};
  record['subscribedGroups'] = {};
  record['customList'] = [];
  record['comments'] = [];
  record['status'] = structuredClone(input.status ?? OPEN_STATUS);
  if (input.priority !== undefined) record['priority'] = structuredClone(input.priority);
  if (input.assignedTo !== undefined) record['assignedTo'] = expandUser(org, doc, input.assignedTo);
  if (input.commentType !== undefined) record['commentType'] = input.commentType;
  if (input.type === 'suggestion') record['suggestion'] = { ...structuredClone(input.suggestion ?? {}), status: 'pending' };
  const rootAgent = input.comments[0]?.agent;
  const sourceType = rootAgent ? 'agent' : ids.sourceType;
  if (sourceType !== undefined) record['sourceType'] = sourceType;
  if (rootAgent) record['agent'] = agentBlock(rootAgent, true);
  const thread = { ...record, ...extras(input, THREAD_KEYS) } as ThreadRecord;
  // A forced metadata (fixtures) still names this key and document.
  thread.metadata = { ...(thread.metadata as Record<string, unknown>), apiKey: ns.apiKey, organizationId: org.organizationId, documentId: doc.documentId };
  const comments: CommentRecord[] = [];
  for (const comment of input.comments) {
    const built = buildComment(scope, comments, comment, author);
    const same = comments.findIndex((c) => c.commentId === built.commentId);
    if (same >= 0) comments[same] = built;
    else comments.push(built);
  }
  thread.comments = comments;
  subscribe(thread, from.userId);
  for (const comment of comments) for (const t of (comment['taggedUserContacts'] as TaggedContact[]) ?? []) subscribe(thread, t.userId);
  if (input.assignedTo !== undefined) subscribe(thread, input.assignedTo.userId);
  return thread;
}
