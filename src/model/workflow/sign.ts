import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';

/** The header that carries an async webhook step's callback token. */
export const CALLBACK_TOKEN_HEADER = 'x-service-callback-token';

const encoder = new TextEncoder();

/** Lowercase hex HMAC-SHA256: `x-service-signature` values and callback tokens. @example hmacHex('secret', 'body') */
export function hmacHex(secret: string, text: string): string {
  return bytesToHex(hmac(sha256, encoder.encode(secret), encoder.encode(text)));
}
