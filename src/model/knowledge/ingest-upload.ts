import { ServiceError } from '../../errors.js';
import type { ModelContext } from '../state/context.js';
import type { Namespace } from '../state/entities.js';
import type { KnowledgeMimeType, KnowledgeSource, UploadSlot } from '../state/records/knowledge.js';
import { apiKeyHash, knowledgeOf } from './base.js';
import { ingestFile } from './ingest.js';
import { findSlot, OUTSTANDING_SLOTS, UPLOAD_URL_MS } from './uploads.js';

/** An upload slot to mint (beyond-spec-4 4.3.4), validated. */
export interface SlotRequest {
  mimeType: KnowledgeMimeType;
  fileSize: number;
  fileName?: string | undefined;
  organizationId?: string | undefined;
  documentId?: string | undefined;
}

/** The reply of upload-url. */
export interface MintedSlot {
  uploadUrl: string;
  fileRef: string;
  expiresAt: number;
}

/**
 * Mints a 15-minute upload slot served by the emulator's own storage route; refuses a 51st un-ingested slot (expired
 * ones count until ingested).
 * @example mintUploadSlot(ctx, ns, { mimeType: 'text/plain', fileSize: 120 }, 'https://collab-service.test').uploadUrl
 */
export function mintUploadSlot(ctx: ModelContext, ns: Namespace, request: SlotRequest, baseUrl: string): MintedSlot {
  const base = knowledgeOf(ctx, ns);
  let outstanding = 0;
  for (const slot of base.slots.values()) if (!slot.ingested) outstanding++;
  if (outstanding >= OUTSTANDING_SLOTS) throw new ServiceError('RESOURCE_EXHAUSTED', `Too many outstanding upload URLs (${OUTSTANDING_SLOTS}).`);
  let token = ctx.ids.alnum(32);
  while (findSlot(ctx, token)) token = ctx.ids.alnum(32);
  const expiresAt = ctx.clock.now() + UPLOAD_URL_MS;
  const slot: UploadSlot = {
    token,
    fileRef: `gs://emulator-knowledge/${apiKeyHash(ns.apiKey)}/${token}/original`,
    mimeType: request.mimeType,
    fileSize: request.fileSize,
    expiresAt,
    ingested: false,
  };
  if (request.fileName !== undefined) slot.fileName = request.fileName;
  if (request.organizationId !== undefined) slot.organizationId = request.organizationId;
  if (request.documentId !== undefined) slot.documentId = request.documentId;
  ctx.store.undo.set(base.slots, token, slot);
  return { uploadUrl: `${baseUrl}/__mock/storage/uploads/${token}`, fileRef: slot.fileRef, expiresAt };
}

/** A by-reference ingest (beyond-spec-4 4.3.5), validated. */
export interface RefIngest {
  fileRef: string;
  mimeType: KnowledgeMimeType;
  organizationId?: string | undefined;
  documentId?: string | undefined;
}

const NOT_UPLOADED = 'Upload URL expired or file not uploaded.';
const NOT_YOURS = 'fileRef does not belong to this workspace or scope.';

/**
 * The uploaded file a `fileRef` names, for ingesting: refuses a ref of another key (PERMISSION_DENIED), one never
 * minted or not uploaded (FAILED_PRECONDITION), one already ingested, a different scope, or a different MIME type.
 * Marks the slot ingested (which frees it) and drops its copy of the bytes.
 * @example const file = takeUpload(ctx, ns, { fileRef, mimeType: 'text/plain' });
 */
export function takeUpload(ctx: ModelContext, ns: Namespace, request: RefIngest): { slot: UploadSlot; bytes: Uint8Array } {
  const match = /^gs:\/\/emulator-knowledge\/([0-9a-f]{12})\/([A-Za-z0-9]+)\/original$/.exec(request.fileRef);
  if (match && match[1] !== apiKeyHash(ns.apiKey)) throw new ServiceError('PERMISSION_DENIED', NOT_YOURS);
  const slot = match ? ns.knowledge?.slots.get(match[2] as string) : undefined;
  if (!slot || slot.fileRef !== request.fileRef) throw new ServiceError('FAILED_PRECONDITION', NOT_UPLOADED);
  if (slot.ingested) throw new ServiceError('FAILED_PRECONDITION', 'fileRef was already ingested.');
  if (slot.bytes === undefined) throw new ServiceError('FAILED_PRECONDITION', NOT_UPLOADED);
  const differs = (asked: string | undefined, minted: string | undefined) => asked !== undefined && asked !== minted;
  if (differs(request.organizationId, slot.organizationId) || differs(request.documentId, slot.documentId)) {
    throw new ServiceError('PERMISSION_DENIED', NOT_YOURS);
  }
  if (request.mimeType !== slot.mimeType) {
    throw new ServiceError('INVALID_ARGUMENT', `mimeType must be ${slot.mimeType}, the type the upload URL was minted for.`, {
      issues: [{ code: 'custom', path: ['mimeType'], message: `mimeType must be ${slot.mimeType}, the type the upload URL was minted for.` }],
    });
  }
  const bytes = slot.bytes;
  ctx.store.undo.assign(slot, 'ingested', true);
  ctx.store.undo.unset(slot, 'bytes');
  return { slot, bytes };
}

/**
 * Ingests an uploaded file by its `fileRef`, in the scope it was minted for.
 * @example ingestUpload(ctx, ns, { fileRef, mimeType: 'text/plain' }, sniff).id
 */
export function ingestUpload(
  ctx: ModelContext,
  ns: Namespace,
  request: RefIngest,
  check: (bytes: Uint8Array, mimeType: KnowledgeMimeType) => void,
): KnowledgeSource {
  const { slot, bytes } = takeUpload(ctx, ns, request);
  check(bytes, slot.mimeType);
  return ingestFile(ctx, ns, {
    fileName: slot.fileName ?? `upload-${slot.token.slice(0, 8)}`,
    mimeType: slot.mimeType,
    bytes,
    organizationId: slot.organizationId,
    documentId: slot.documentId,
  });
}
