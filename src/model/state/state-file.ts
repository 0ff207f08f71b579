import { fromBase64, toBase64 } from '../../support/base64.js';
import { isInstant } from '../../support/clock.js';
import { setOwn } from './clone.js';
import { stateShapeProblem } from './state-shape.js';
import type { Tables } from './store.js';
import { loadedYjs, yjs } from './yjs.js';

/** The `format` field every exported state carries. */
export const STATE_FORMAT = 'collab-service-mock/state';

/** The newest state format this version writes and reads. */
export const STATE_VERSION = 1;

/** The default credentials a state was exported with, so an import can check it lands on a matching service. */
export interface StateIdentity {
  seed: number;
  workspaceId: string;
  apiKey: string;
}

/**
 * A service's whole state as plain JSON: Maps, Sets, byte arrays and Yjs documents are tagged objects
 * (`{"$map": [[k, v]]}`, `{"$set": []}`, `{"$bytes": "base64"}`, `{"$ydoc": "base64"}`).
 * @example const file: StateFile = JSON.parse(service.exportState());
 */
export interface StateFile {
  format: typeof STATE_FORMAT;
  version: number;
  identity: StateIdentity;
  now: number;
  rng: [number, number, number, number];
  tables: unknown;
}

/** What a decoded state file restores: the tables, the id source's position and the clock. */
export interface DecodedState {
  identity: StateIdentity;
  tables: Tables;
  rng: [number, number, number, number];
  now: number;
}

/**
 * Encodes tables, rng position and clock into a `StateFile` (deterministic: same state, same bytes).
 * @example JSON.stringify(encodeState(snapshot.tables, snapshot.rng, snapshot.now, identity))
 */
export function encodeState(tables: Tables, rng: [number, number, number, number], now: number, identity: StateIdentity): StateFile {
  return { format: STATE_FORMAT, version: STATE_VERSION, identity: { ...identity }, now, rng: [...rng], tables: encode(tables) };
}

/**
 * Parses and checks the header of an exported state (format, version, identity) without decoding its tables;
 * refuses other formats and versions newer than this one.
 * @example const { identity } = readStateHeader(text);
 */
export function readStateHeader(input: string | StateFile): { file: StateFile; identity: StateIdentity } {
  let file: unknown = input;
  if (typeof input === 'string') {
    try {
      file = JSON.parse(input);
    } catch (error) {
      throw new Error(`This is not an exported collab-service-mock state: the text is not valid JSON (${(error as Error).message}).`);
    }
  }
  const f = file as Partial<StateFile> | null;
  if (!f || typeof f !== 'object' || f.format !== STATE_FORMAT) {
    throw new Error(`This is not an exported collab-service-mock state: expected "format": "${STATE_FORMAT}".`);
  }
  if (typeof f.version !== 'number' || !Number.isInteger(f.version) || f.version < 1) {
    throw new Error(`This state has no valid "version" (got ${JSON.stringify(f.version)}); export it again with service.exportState().`);
  }
  if (f.version > STATE_VERSION) {
    throw new Error(
      `This state uses format version ${f.version}, newer than version ${STATE_VERSION} that this collab-service-mock reads; upgrade collab-service-mock to load it.`,
    );
  }
  const identity = f.identity;
  if (!identity || typeof identity.seed !== 'number' || typeof identity.apiKey !== 'string' || typeof identity.workspaceId !== 'string') {
    throw new Error('This state has no valid "identity" {seed, workspaceId, apiKey}; export it again with service.exportState().');
  }
  if (!Array.isArray(f.rng) || f.rng.length !== 4 || !f.rng.every((n) => Number.isInteger(n)) || typeof f.now !== 'number' || !isInstant(f.now)) {
    throw new Error('This state has no valid "rng" (four numbers) or "now" (milliseconds); export it again with service.exportState().');
  }
  return { file: f as StateFile, identity: { ...identity } };
}

/** An encoded table's entries (`{"$map": [[key, record]]}`), or none when the file holds something else there. */
function encodedEntries(tables: unknown, name: string): unknown[][] {
  const table = (tables as Record<string, unknown> | null)?.[name] as { $map?: unknown } | undefined;
  return Array.isArray(table?.$map) ? table.$map.filter(Array.isArray) : [];
}

/**
 * The seeded credentials a state was exported with: the identity's workspace and API key, and their tokens as the
 * file holds them (the workspace's token, the key's first auth token), read without decoding the tables.
 * @example createMockService({ seed: identity.seed, credentials: stateCredentials(file) })
 */
export function stateCredentials(file: StateFile): { workspaceId: string; apiKey: string; workspaceAuthToken?: string; authToken?: string } {
  const { workspaceId, apiKey } = file.identity;
  const out: ReturnType<typeof stateCredentials> = { workspaceId, apiKey };
  const workspace = encodedEntries(file.tables, 'workspaces').find(([key]) => key === workspaceId)?.[1] as { authToken?: unknown } | undefined;
  if (typeof workspace?.authToken === 'string') out.workspaceAuthToken = workspace.authToken;
  const key = encodedEntries(file.tables, 'apiKeys').find(([id]) => id === apiKey)?.[1] as { authTokens?: Array<{ token?: unknown }> } | undefined;
  const token = Array.isArray(key?.authTokens) ? key.authTokens[0]?.token : undefined;
  if (typeof token === 'string') out.authToken = token;
  return out;
}

/**
 * Decodes an exported state (text or parsed) after `readStateHeader`'s checks.
 * @example const state = decodeState(readFileSync('state.json', 'utf8'));
 */
export function decodeState(input: string | StateFile): DecodedState {
  const { file, identity } = readStateHeader(input);
  const tables = decode(file.tables, 'tables');
  const problem = stateShapeProblem(tables);
  if (problem !== undefined) throw new Error(`This state does not fit the state format: ${problem}`);
  return { identity, tables: tables as Tables, rng: [...file.rng] as DecodedState['rng'], now: file.now };
}

/**
 * Writes a state file as text: one-space-indented JSON in insertion order, so fixtures diff line by line and stay byte-stable.
 * @example writeFileSync('state.json', stateToText(file));
 */
export function stateToText(file: StateFile): string {
  return `${JSON.stringify(file, null, 1)}\n`;
}

function encode(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  // guid and the seeded clientID travel with the content, as in cloneState: an imported document then
  // writes exactly as the original would have.
  const Y = loadedYjs();
  if (Y && value instanceof Y.Doc) return { $ydoc: toBase64(Y.encodeStateAsUpdate(value)), guid: value.guid, clientID: value.clientID, gc: value.gc };
  if (Array.isArray(value)) return value.map(encode);
  if (value instanceof Map) return { $map: [...value].map(([k, v]) => [encode(k), encode(v)]) };
  if (value instanceof Set) return { $set: [...value].map(encode) };
  if (value instanceof Uint8Array) return { $bytes: toBase64(value) };
  const out: Record<string, unknown> = {};
  let tagged = false;
  for (const key of Object.keys(value)) {
    const v = (value as Record<string, unknown>)[key];
    if (v === undefined) continue;
    if (key.startsWith('$')) tagged = true;
    out[key] = encode(v);
  }
  // A stored object whose own keys start with `$` is wrapped so it never reads back as a tag.
  return tagged ? { $object: out } : out;
}

function malformed(path: string, what: string): Error {
  return new Error(`This state does not fit the state format: ${path} ${what}.`);
}

function decode(value: unknown, path: string): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((item, i) => decode(item, `${path}[${i}]`));
  const v = value as Record<string, unknown>;
  if (Object.hasOwn(v, '$ydoc')) {
    if (typeof v['$ydoc'] !== 'string') throw malformed(path, '($ydoc) must hold a base64 string');
    const Y = yjs();
    const doc = new Y.Doc({ gc: v['gc'] !== false, ...(typeof v['guid'] === 'string' ? { guid: v['guid'] } : {}) });
    try {
      Y.applyUpdate(doc, fromBase64(v['$ydoc']));
    } catch {
      throw malformed(path, '($ydoc) is not an encoded Yjs document');
    }
    // After the update: Yjs draws a new client id when a remote update carries the document's own one.
    if (typeof v['clientID'] === 'number') doc.clientID = v['clientID'];
    return doc;
  }
  if (Object.hasOwn(v, '$map')) {
    const pairs = v['$map'];
    if (!Array.isArray(pairs) || !pairs.every((pair) => Array.isArray(pair) && pair.length === 2)) throw malformed(path, '($map) must hold [key, value] pairs');
    return new Map((pairs as [unknown, unknown][]).map(([k, x]) => [decode(k, path), decode(x, `${path}[${JSON.stringify(k)}]`)]));
  }
  if (Object.hasOwn(v, '$set')) {
    if (!Array.isArray(v['$set'])) throw malformed(path, '($set) must hold an array');
    return new Set(v['$set'].map((item, i) => decode(item, `${path}{${i}}`)));
  }
  if (Object.hasOwn(v, '$bytes')) {
    if (typeof v['$bytes'] !== 'string') throw malformed(path, '($bytes) must hold a base64 string');
    return fromBase64(v['$bytes']);
  }
  const source = Object.hasOwn(v, '$object') ? v['$object'] : v;
  if (typeof source !== 'object' || source === null || Array.isArray(source)) throw malformed(path, '($object) must hold an object');
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(source)) setOwn(out, key, decode((source as Record<string, unknown>)[key], `${path}.${key}`));
  return out;
}
