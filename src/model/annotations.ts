import type { NewComment } from './comments/inputs.js';
import { storeThread } from './comments/threads.js';
import { ensureDocument, ensureOrganization } from './organizations/organizations.js';
import type { ModelContext } from './state/context.js';
import type { Namespace, OrganizationRecord } from './state/entities.js';

/** A user as embedded in annotation records (service-facts 6.7); fields beyond `userId` are kept as given. */
export interface AnnotationUser {
  userId: string;
  [field: string]: unknown;
}

/** What every annotation input names: its document (created when missing) and its author. */
export interface AnnotationInput {
  organizationId: string;
  documentId: string;
  from: AnnotationUser;
  /** A 20-character id is drawn when absent. */
  annotationId?: string | undefined;
  /** Any other field of the record shape, stored as given. */
  [field: string]: unknown;
}

/** A comment inside a comment annotation (service-facts 6.4); missing fields get defaults. */
export interface CommentInput {
  /** Defaults to the annotation's author. */
  from?: AnnotationUser | undefined;
  commentText?: string | undefined;
  /** A 6-digit integer is drawn when absent. */
  commentId?: number | undefined;
  [field: string]: unknown;
}

/** A comment annotation input: an annotation plus its comments (default: one empty text comment by the author). */
export interface CommentAnnotationInput extends AnnotationInput {
  comments?: CommentInput[] | undefined;
}

type StoredRecord = Record<string, unknown>;

/** The common head of every annotation record: id, author, metadata naming the key and client ids. */
function base(ctx: ModelContext, ns: Namespace, input: AnnotationInput, type: string): StoredRecord {
  const { organizationId, documentId, from, annotationId, ...rest } = structuredClone(input);
  const now = ctx.clock.now();
  const metadata = { apiKey: ns.apiKey, organizationId, documentId, ...asObject(rest['metadata']) };
  return { annotationId: annotationId ?? ctx.ids.alnum(20), type, from, lastUpdated: now, ...rest, metadata };
}

const asObject = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** The organization holding the annotation, with it and the document created when missing. */
function organizationFor(ctx: ModelContext, ns: Namespace, input: AnnotationInput): OrganizationRecord {
  const org = ensureOrganization(ctx, ns, input.organizationId);
  ensureDocument(ctx, ns, org, input.documentId);
  return org;
}

/**
 * Stores a comment annotation (service-facts 6.3) with its comments (6.4) through the comments model, so fixture
 * threads are the same records REST writes create; fields beyond the documented ones (reactions, viewers, forced
 * timestamps, `locationId`) are stored as given. Returns the stored record.
 * @example addCommentAnnotation(ctx, ns, { organizationId: 'o', documentId: 'd', from: { userId: 'u1' }, comments: [{ commentText: 'Hi' }] });
 */
export function addCommentAnnotation(ctx: ModelContext, ns: Namespace, input: CommentAnnotationInput): StoredRecord {
  const { organizationId, documentId, from, comments, ...rest } = structuredClone(input);
  const thread = { ...rest, comments: (comments ?? [{ commentText: '' }]) as NewComment[] };
  return storeThread(ctx, ns, { organizationId, documentId, thread, author: from });
}

/**
 * Stores a reaction annotation (service-facts 6.5). Returns the stored record.
 * @example addReaction(ctx, ns, { organizationId: 'o', documentId: 'd', from: { userId: 'u1' }, icon: 'HEART_FACE' });
 */
export function addReaction(ctx: ModelContext, ns: Namespace, input: AnnotationInput): StoredRecord {
  const org = organizationFor(ctx, ns, input);
  const record = base(ctx, ns, input, 'reaction');
  ctx.store.undo.push(org.reactions, record);
  return record;
}

/**
 * Stores a recorder annotation (service-facts 6.6). Returns the stored record.
 * @example addRecording(ctx, ns, { organizationId: 'o', documentId: 'd', from: { userId: 'u1' }, recordingType: 'screen' });
 */
export function addRecording(ctx: ModelContext, ns: Namespace, input: AnnotationInput): StoredRecord {
  const org = organizationFor(ctx, ns, input);
  const record = base(ctx, ns, input, 'recorder');
  ctx.store.undo.push(org.recordings, record);
  return record;
}
