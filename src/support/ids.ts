import { md5 } from '@noble/hashes/legacy.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { createRng, type Rng } from './rng.js';

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const PUSH = '-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz';
const HEX = '0123456789abcdef';
const encoder = new TextEncoder();

/**
 * Every generated identifier of the service, drawn from one seeded source (service-facts D13).
 * @example const ids = createIds(1); ids.apiKey(); // 20 alphanumeric characters
 */
export interface Ids {
  readonly rng: Rng;
  /** `n` characters of `[A-Za-z0-9]`. */
  alnum(n: number): string;
  /** `n` lowercase hex characters. */
  hex(n: number): string;
  /** A 20-character API key. */
  apiKey(): string;
  /** A 32-hex auth token (API-key or workspace). */
  authToken(): string;
  /** A 16-digit numeric string with no leading zero (document ids, notification ids). */
  numeric16(): string;
  /** A 16-digit number below 2^53 (location ids). */
  safeNumeric16(): number;
  /** A push-style id: `-` and 19 characters of `[A-Za-z0-9_-]`, ordered by `timeMs`. */
  pushId(timeMs: number): string;
  /** 32 random bytes, for per-key token-signing secrets. */
  bytes(n: number): Uint8Array;
}

/** Creates the id source for one service. @example createIds(7).numeric16() */
export function createIds(seed: number): Ids {
  const rng = createRng(seed);
  const pick = (alphabet: string, n: number): string => {
    let out = '';
    for (let i = 0; i < n; i++) out += alphabet[rng.int(alphabet.length)];
    return out;
  };
  return {
    rng,
    alnum: (n) => pick(ALNUM, n),
    hex: (n) => pick(HEX, n),
    apiKey: () => pick(ALNUM, 20),
    authToken: () => pick(HEX, 32),
    numeric16: () => String(1 + rng.int(9)) + pick('0123456789', 15),
    safeNumeric16: () => 1_000_000_000_000_000 + rng.int(8_000_000_000_000_000 / 1_000_000) * 1_000_000 + rng.int(1_000_000),
    pushId(timeMs) {
      let time = '';
      let t = Math.floor(timeMs);
      for (let i = 0; i < 8; i++) {
        time = PUSH.charAt(t % 64) + time;
        t = Math.floor(t / 64);
      }
      return `-${time.slice(1)}${pick(PUSH, 12)}`;
    },
    bytes(n) {
      const out = new Uint8Array(n);
      for (let i = 0; i < n; i++) out[i] = rng.int(256);
      return out;
    },
  };
}

/** How many recent short inputs `md5Hex` remembers; the whole memo is dropped when it fills, so it stays this small. */
const MD5_MEMO_SIZE = 1024;
/** Inputs longer than this are hashed every time (they are rarely hashed twice, and would weigh on the memo). */
const MD5_MEMO_LENGTH = 256;
const md5Memo = new Map<string, string>();

/**
 * Lowercase hex md5 of a string (per-item ids of users, organizations and groups). The ids and emails a client sends
 * again on every page load are hashed once: recent short inputs are remembered, at most `MD5_MEMO_SIZE` of them.
 * @example md5Hex('yourUserId1')
 */
export function md5Hex(value: string): string {
  if (value.length > MD5_MEMO_LENGTH) return bytesToHex(md5(encoder.encode(value)));
  let hex = md5Memo.get(value);
  if (hex === undefined) {
    if (md5Memo.size >= MD5_MEMO_SIZE) md5Memo.clear();
    hex = bytesToHex(md5(encoder.encode(value)));
    md5Memo.set(value, hex);
  }
  return hex;
}
