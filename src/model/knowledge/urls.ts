import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import type { ModelContext } from '../state/context.js';

const encoder = new TextEncoder();

/** How long a signed download URL works: 15 minutes. */
export const DOWNLOAD_URL_MS = 15 * 60 * 1000;

/** The two files of a source a signed URL can name. */
export type StoredFile = 'original' | 'canonical';

/** The hex HMAC-SHA256 of `<sourceId>/<kind>/<expires>` under the API key's token-signing secret. */
export function downloadSignature(secretHex: string, sourceId: string, kind: StoredFile, expires: number): string {
  return bytesToHex(hmac(sha256, hexToBytes(secretHex), encoder.encode(`${sourceId}/${kind}/${expires}`)));
}

/**
 * A fresh signed download URL of a source's file, valid 15 minutes on the service clock (beyond-spec-4 4.3.0 C).
 * @example downloadUrl(ctx, apiKey, 'https://collab-service.test', 'src_1a2b3c4d', 'canonical')
 */
export function downloadUrl(ctx: ModelContext, apiKey: string, baseUrl: string, sourceId: string, kind: StoredFile): string {
  const key = ctx.store.tables.apiKeys.get(apiKey);
  if (!key) return '';
  const expires = ctx.clock.now() + DOWNLOAD_URL_MS;
  return `${baseUrl}/__mock/storage/knowledge/${sourceId}/${kind}?expires=${expires}&sig=${downloadSignature(key.signingSecret, sourceId, kind, expires)}`;
}

/** sha256 of bytes as lowercase hex. @example sha256Hex(new Uint8Array()) */
export function sha256Hex(bytes: Uint8Array): string {
  return bytesToHex(sha256(bytes));
}
