import { ServiceError } from '../../errors.js';
import type { ModelContext } from '../state/context.js';
import type { Namespace } from '../state/entities.js';
import type { UploadSlot } from '../state/records/knowledge.js';

/** How long an upload URL takes bytes: 15 minutes. */
export const UPLOAD_URL_MS = 15 * 60 * 1000;

/** The largest upload: 30 MB (31,457,280 bytes). */
export const UPLOAD_LIMIT_BYTES = 31_457_280;

/** Un-ingested upload slots one key may hold. */
export const OUTSTANDING_SLOTS = 50;

/** The slot of an upload token under any key, with its namespace. */
export function findSlot(ctx: ModelContext, token: string): { ns: Namespace; slot: UploadSlot } | undefined {
  for (const ns of ctx.store.tables.namespaces.values()) {
    const slot = ns.knowledge?.slots.get(token);
    if (slot) return { ns, slot };
  }
  return undefined;
}

/** A refusal of the storage target, with the HTTP status a signed storage URL answers. */
const refuse = (status: 'PERMISSION_DENIED' | 'NOT_FOUND', message: string, http?: number) => new ServiceError(status, message, undefined, http);

/**
 * Stores the bytes PUT to an upload URL: the content type must be the minted one, the slot not expired or ingested,
 * the body at most 30 MB. A later PUT before ingest replaces the bytes.
 * @example storeUpload(ctx, token, 'text/plain', bytes);
 */
export function storeUpload(ctx: ModelContext, token: string, contentType: string | undefined, bytes: Uint8Array): { token: string; bytes: number } {
  const found = findSlot(ctx, token);
  if (!found) throw refuse('NOT_FOUND', `No upload URL has the token ${token}; mint one with /v2/memory/knowledge/upload-url.`);
  const { slot } = found;
  if (slot.ingested) throw refuse('PERMISSION_DENIED', 'This upload URL was already ingested; mint a new one.');
  if (ctx.clock.now() > slot.expiresAt) {
    throw refuse('PERMISSION_DENIED', `This upload URL expired at ${new Date(slot.expiresAt).toISOString()}; mint a new one.`);
  }
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== slot.mimeType) {
    throw refuse('PERMISSION_DENIED', `This upload URL takes Content-Type ${slot.mimeType}, not ${contentType ?? '(none)'}.`);
  }
  if (bytes.length > UPLOAD_LIMIT_BYTES) {
    throw new ServiceError('INVALID_ARGUMENT', `The upload is ${bytes.length} bytes; at most ${UPLOAD_LIMIT_BYTES} (30 MB) are taken.`, undefined, 413);
  }
  ctx.store.undo.assign(slot, 'bytes', bytes);
  return { token, bytes: bytes.length };
}
