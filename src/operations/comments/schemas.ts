/** Request schemas of the comment operations (beyond-spec 1.1–1.9): one place for every field rule and limit. */
import { z } from 'zod';
import { idList, requiredString } from '../../protocol/rules.js';

type Ctx = z.core.ParsePayload<unknown>;

/** Adds an issue worded after the field's path: `<path> <phrase>.` */
export function phrase(ctx: Ctx, path: PropertyKey[], words: string): void {
  ctx.issues.push({ code: 'custom', input: ctx.value, path, params: { rule: 'phrase', phrase: words } });
}

/** Adds `<path> is required.` */
export function required(ctx: Ctx, path: PropertyKey[]): void {
  ctx.issues.push({ code: 'custom', input: undefined, path, params: { rule: 'required' } });
}

const object = z.record(z.string(), z.unknown());

/** A user a write names: `userId` required, other fields kept. */
export const user = z.looseObject({ userId: requiredString(), name: z.string().optional(), email: z.string().optional() });

/** `context.access` values are strings or numbers, never arrays. */
const access = z.record(z.string(), z.union([z.string(), z.number()]));

/** Thread context: `access` checked, custom fields kept. */
export const context = z.looseObject({ access: access.optional() });

/** A location: `id` (string or number) required inside, `locationName` and custom fields kept. */
export const location = z.looseObject({ id: z.union([requiredString(), z.number()]), locationName: z.string().optional() });

export const targetElement = z.looseObject({
  elementId: z.string().optional(),
  targetText: z.string().optional(),
  occurrence: z.number().optional(),
  selectAllContent: z.boolean().optional(),
});

/** A mention on add comment annotations (v2): `userId` and `contact.userId` required. */
export const tagged = z.looseObject({
  userId: requiredString(),
  contact: z.looseObject({ userId: requiredString(), name: z.string().optional(), email: z.string().optional() }).optional(),
  text: z.string().optional(),
});

/** A mention on the comments operations: `text`, `userId` and a full `contact` all required. */
export const taggedFull = z.looseObject({
  text: requiredString(),
  userId: requiredString(),
  contact: z.looseObject({ email: requiredString(), name: requiredString(), userId: requiredString() }),
});

export const attachment = z.looseObject({
  attachmentId: z.number(),
  name: z.string().optional(),
  bucketPath: z.string().optional(),
  size: z.number().optional(),
  type: z.string().optional(),
  url: z.string().optional(),
  thumbnail: z.string().optional(),
  mimeType: z.string().optional(),
  metadata: object.optional(),
});

const reason = z.looseObject({
  title: z.string().optional(),
  description: z.string().optional(),
  severity: z.enum(['critical', 'high', 'medium', 'low', 'info']),
  findingId: z.string().optional(),
  findingType: z.enum(['text', 'pin', 'page']).optional(),
  issueType: z.string().optional(),
  confidence: z.number().int().min(0).max(100).optional(),
  source: z.enum(['instructions', 'knowledge']).optional(),
});

/** The agent block of a comment (v2): `agentName` required for external agents. */
export const agent = z
  .object({
    agentSource: z.enum(['service', 'external']),
    agentId: requiredString(),
    executionId: z.string().optional(),
    agentName: z.string().optional(),
    url: z.string().optional(),
    reason,
  })
  .check((ctx) => {
    if (ctx.value.agentSource === 'external' && (ctx.value.agentName ?? '').trim() === '') required(ctx, ['agentName']);
  });

/** Text is required unless the comment says there is none or keeps it outside the service. */
function textRule(
  ctx: Ctx & {
    value: {
      commentText?: string | undefined;
      commentHtml?: string | undefined;
      isCommentTextAvailable?: boolean | undefined;
      isCommentResolverUsed?: boolean | undefined;
    };
  },
): void {
  const v = ctx.value;
  if (v.isCommentTextAvailable === false || v.isCommentResolverUsed === true) return;
  if (v.commentText === undefined && v.commentHtml === undefined) phrase(ctx, ['commentText'], 'or commentHtml is required');
}

/** Milliseconds a `Date` holds (±8.64e15); a value beyond them could not become the ISO date a reply shows. */
const millis = () =>
  z
    .number()
    .check(z.refine((n: number) => Math.abs(n) <= 8.64e15, { params: { rule: 'phrase', phrase: 'must be milliseconds within the range of Date (±8.64e15)' } }));

const commentFields = {
  commentId: z.number().int().optional(),
  commentText: z.string().optional(),
  commentHtml: z.string().optional(),
  context: object.optional(),
  isCommentResolverUsed: z.boolean().optional(),
  isCommentTextAvailable: z.boolean().optional(),
  triggerNotification: z.boolean().optional(),
  triggerActivities: z.boolean().optional(),
  from: user,
  createdAt: millis().optional(),
  lastUpdated: millis().optional(),
  agent: agent.optional(),
};

/** A comment item of add comment annotations. */
export const threadComment = z.object({ ...commentFields, taggedUserContacts: z.array(tagged).optional() }).check(textRule);

/** A comment item of add comments: full mentions, attachments. */
export const replyComment = z
  .object({ ...commentFields, taggedUserContacts: z.array(taggedFull).optional(), attachments: z.array(attachment).optional() })
  .check(textRule);

const STATUS_TYPES = ['default', 'ongoing', 'terminal'] as const;

/** A status on add: every field required, and an `svg` or an `iconUrl`. */
export const statusOnAdd = z
  .looseObject({
    id: requiredString(),
    name: requiredString(),
    type: z.enum(STATUS_TYPES),
    color: requiredString(),
    lightColor: requiredString(),
    svg: z.string().optional(),
    iconUrl: z.string().optional(),
  })
  .check((ctx) => {
    if (ctx.value.svg === undefined && ctx.value.iconUrl === undefined) phrase(ctx, ['svg'], 'or iconUrl is required');
  });

/** A status on update: `id`, `name` and `type` required. */
export const statusOnUpdate = z.looseObject({
  id: requiredString(),
  name: requiredString(),
  type: z.enum(STATUS_TYPES),
  color: z.string().optional(),
  lightColor: z.string().optional(),
  svg: z.string().optional(),
  iconUrl: z.string().optional(),
});

export const priorityOnAdd = z.looseObject({ id: requiredString(), color: requiredString(), name: requiredString(), lightColor: requiredString() });
export const priorityOnUpdate = z.looseObject({
  id: requiredString(),
  name: requiredString(),
  color: z.string().optional(),
  lightColor: z.string().optional(),
});

/** Who may see a thread: `restricted` needs users, `organizationPrivate` an organization. */
export const visibility = z
  .object({
    type: z.enum(['public', 'organizationPrivate', 'restricted']),
    organizationId: z.string().optional(),
    organizationIds: z.array(requiredString()).optional(),
    userIds: z.array(requiredString()).optional(),
  })
  .check((ctx) => {
    if (ctx.value.type === 'restricted' && (ctx.value.userIds ?? []).length === 0) required(ctx, ['userIds']);
    if (ctx.value.type === 'organizationPrivate' && (ctx.value.organizationId ?? '').trim() === '') required(ctx, ['organizationId']);
  });

/** A suggestion payload: open schema; `status` honoured on update only. */
export const suggestion = z.looseObject({
  summary: z.string().nullable().optional(),
  driftDetected: z.boolean().optional(),
  status: z.enum(['pending', 'accepted', 'rejected']).optional(),
});

/** An annotation id: never containing `:` (the reserved denied key uses it). */
export const annotationId = requiredString().check(z.refine((s: string) => !s.includes(':'), { params: { rule: 'phrase', phrase: 'must not contain ":"' } }));

/** One thread of add comment annotations. */
export const thread = z.object({
  annotationId: annotationId.optional(),
  location: location.optional(),
  targetElement: targetElement.optional(),
  commentData: z.array(threadComment).min(1),
  status: statusOnAdd.optional(),
  assignedTo: user.optional(),
  context: context.optional(),
  createdAt: millis().optional(),
  lastUpdated: millis().optional(),
  priority: priorityOnAdd.optional(),
  type: z.enum(['comment', 'suggestion']).optional(),
  suggestion: suggestion.optional(),
  commentType: z.enum(['manual', 'chart', 'suggestion']).optional(),
  visibility: visibility.optional(),
});

/** Selector lists of the thread operations. */
export const ids = z.array(requiredString());
export { idList };
