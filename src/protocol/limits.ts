import { beforeAny, withoutTrailing } from '../support/text.js';

/**
 * Bounds every request body is checked against before anything reads it (documented in
 * docs/fidelity.md). A body past one is refused with 400 `INVALID_ARGUMENT` naming the path and the limit,
 * so no value the service accepts can break a later read, page or export.
 */

/** Request bodies above this many bytes are refused with 413 by every transport. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** `POST /__mock/state` takes a whole exported state (the `large` scenario's is about 4 MB). */
export const MAX_STATE_BODY_BYTES = 64 * 1024 * 1024;

/** Objects and arrays nested inside `data` (or a control body), counting `data` itself as level 1. */
export const MAX_DEPTH = 64;

/** Keys of any one object. */
export const MAX_KEYS = 1000;

/** Characters of any one string value (a body may be one string up to its byte limit). */
export const MAX_STRING_LENGTH = 1024 * 1024;

/** Characters of any one key. */
export const MAX_KEY_LENGTH = 1024;

/**
 * Characters of any one id: a string (or each string of a list) under a key ending in `Id` or `Ids`, or `contentKey`.
 * Ids become keys of the state, and the state format keeps keys short.
 */
export const MAX_ID_LENGTH = 1024;

/** Keys that name the prototype machinery of a JavaScript object; refused anywhere in a body. */
const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__']);

/** Where the emulator's storage URLs live: upload targets and signed downloads of knowledge files. */
export const STORAGE_PREFIX = '/__mock/storage/';

/** A knowledge upload PUT to its upload URL may be up to 30 MB (beyond-spec-4 4.3.4). */
export const MAX_UPLOAD_BYTES = 31_457_280;

/** The inline knowledge ingest carries a base64 file of up to 5 MB: about 7 MB of JSON. */
export const MAX_INGEST_BODY_BYTES = 8 * 1024 * 1024;

const INGEST_PATH = '/v2/memory/knowledge/ingest';

/** A path without its query string and trailing slashes. */
const bareOf = (path: string): string => withoutTrailing(beforeAny(path, '?'), '/');

/**
 * The most bytes a body may have on a path: the state import takes `MAX_STATE_BODY_BYTES`, an upload to a storage URL
 * `MAX_UPLOAD_BYTES`, the inline knowledge ingest `MAX_INGEST_BODY_BYTES`, every other path `MAX_BODY_BYTES`.
 * @example bodyLimitFor('POST', '/__mock/state') === 64 * 1024 * 1024
 */
export function bodyLimitFor(method: string, path: string): number {
  if (path.startsWith('/__mock/state')) {
    return method.toUpperCase() === 'POST' && bareOf(path) === '/__mock/state' ? MAX_STATE_BODY_BYTES : MAX_BODY_BYTES;
  }
  if (path.startsWith(STORAGE_PREFIX)) return method.toUpperCase() === 'PUT' ? MAX_UPLOAD_BYTES : MAX_BODY_BYTES;
  if (path.startsWith(INGEST_PATH) && bareOf(path) === INGEST_PATH) return MAX_INGEST_BODY_BYTES;
  return MAX_BODY_BYTES;
}

/** The limits of a path's `data`: the inline ingest's base64 file may be as long as its body. @example limitsFor('/v2/users/add') === BODY_LIMITS */
export function limitsFor(path: string): Limits {
  return path === INGEST_PATH ? INGEST_LIMITS : BODY_LIMITS;
}

/** What `checkLimits` measures against; the state import allows deeper nesting and more keys. */
export interface Limits {
  depth: number;
  keys: number;
  stringLength: number;
  keyLength: number;
  /** Characters of an id (see `MAX_ID_LENGTH`). */
  idLength: number;
}

/** The limits of API and control bodies. */
export const BODY_LIMITS: Limits = { depth: MAX_DEPTH, keys: MAX_KEYS, stringLength: MAX_STRING_LENGTH, keyLength: MAX_KEY_LENGTH, idLength: MAX_ID_LENGTH };

/** The limits of the inline knowledge ingest. */
const INGEST_LIMITS: Limits = { ...BODY_LIMITS, stringLength: MAX_INGEST_BODY_BYTES };

/**
 * The limits of an exported state: what the API accepts, plus the levels and fields the state format wraps
 * around it, encoded documents as long as the body, and keys that join several ids (a shared editor's
 * organization, document and editor ids, JSON-escaped).
 */
export const STATE_LIMITS: Limits = {
  depth: MAX_DEPTH + 32,
  keys: 2 * MAX_KEYS,
  stringLength: MAX_STATE_BODY_BYTES,
  keyLength: 32 * MAX_KEY_LENGTH,
  idLength: Number.POSITIVE_INFINITY,
};

/**
 * The first way a parsed body breaks the limits, as a sentence naming the path, or undefined when it keeps
 * them. Walks without recursion, so any depth is measured safely.
 * @example checkLimits({ a: 'x'.repeat(300_000) }, 'data') // 'data.a is longer than 262144 characters.'
 */
export function checkLimits(value: unknown, root: string, limits: Limits = BODY_LIMITS): string | undefined {
  if (keeps(value, 1, false, limits)) return undefined;
  // Each entry names its place by its parent and its own step; a path is spelled out only for a message.
  type Entry = { value: unknown; parent: Entry | undefined; step: string | number; depth: number; id: boolean };
  const pathOf = (entry: Entry): string => {
    const steps: string[] = [];
    for (let at: Entry | undefined = entry; at; at = at.parent) steps.push(typeof at.step === 'number' ? `[${at.step}]` : at.parent ? `.${at.step}` : at.step);
    return steps.reverse().join('');
  };
  const stack: Entry[] = [{ value, parent: undefined, step: root, depth: 1, id: false }];
  while (stack.length > 0) {
    const entry = stack.pop() as Entry;
    const { value: current, depth } = entry;
    if (typeof current === 'string') {
      if (current.length > limits.stringLength) return `${pathOf(entry)} is longer than ${limits.stringLength} characters.`;
      if (entry.id && current.length > limits.idLength)
        return `${shorten(pathOf(entry))} is longer than ${limits.idLength} characters; ids are at most ${limits.idLength}.`;
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    if (depth > limits.depth) return `${shorten(pathOf(entry))} nests deeper than ${limits.depth} levels.`;
    if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push({ value: current[i], parent: entry, step: i, depth: depth + 1, id: entry.id });
      continue;
    }
    const keys = Object.keys(current);
    if (keys.length > limits.keys) return `${pathOf(entry)} has more than ${limits.keys} keys.`;
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i] as string;
      if (FORBIDDEN_KEYS.has(key)) return `${pathOf(entry)} has the key ${key}, which is not accepted.`;
      if (key.length > limits.keyLength) return `${pathOf(entry)} has a key longer than ${limits.keyLength} characters.`;
      stack.push({ value: (current as Record<string, unknown>)[key], parent: entry, step: key, depth: depth + 1, id: isIdKey(key) });
    }
  }
  return undefined;
}

/** How deep `keeps` recurses before it leaves a body to the walk in `checkLimits`. */
const KEEPS_DEPTH = 16;

/**
 * Whether a value clearly keeps the limits, checked without allocating: true only where `checkLimits` finds nothing
 * (it may say false for a value that keeps them, such as one nested deeper than `KEEPS_DEPTH`; the walk then decides).
 */
function keeps(value: unknown, depth: number, id: boolean, limits: Limits): boolean {
  if (typeof value === 'string') return value.length <= limits.stringLength && (!id || value.length <= limits.idLength);
  if (typeof value !== 'object' || value === null) return true;
  if (depth > limits.depth || depth > KEEPS_DEPTH) return false;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (!keeps(value[i], depth + 1, id, limits)) return false;
    return true;
  }
  // `for...in` also visits inherited enumerable keys: more keys than the walk counts, so never a wrong true.
  let count = 0;
  for (const key in value) {
    if (++count > limits.keys || FORBIDDEN_KEYS.has(key) || key.length > limits.keyLength) return false;
    if (!keeps((value as Record<string, unknown>)[key], depth + 1, isIdKey(key), limits)) return false;
  }
  return true;
}

/** Whether a key's values are ids: it ends in `Id` or `Ids`, or is `contentKey`. */
function isIdKey(key: string): boolean {
  return key.endsWith('Id') || key.endsWith('Ids') || key === 'contentKey';
}

/** A path cut to its first and last segments, so a deep one stays readable. */
function shorten(path: string): string {
  return path.length <= 120 ? path : `${path.slice(0, 60)}…${path.slice(-50)}`;
}
