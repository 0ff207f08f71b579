import type * as Y from 'yjs';
import { ServiceError } from '../../errors.js';
import { ensureDocument, ensureOrganization } from '../organizations/organizations.js';
import type { ModelContext } from '../state/context.js';
import type { CrdtType, EditorRecord, Namespace } from '../state/entities.js';
import { yjs } from '../state/yjs.js';
import { type CrdtContent, replaceContent, type SharedType, sharedTypeOf, viewOf } from './kinds.js';

/** Where one entry lives inside a namespace. */
export interface EditorAddress {
  organizationId: string;
  documentId: string;
  editorId: string;
}

/** Who made a change, as a transaction origin: sync connections pass one of these. */
export interface CrdtAuthor {
  readonly userId: string;
  readonly sessionId: string | null;
}

/** `lastUpdatedBy` of every REST write (service-facts 4.4). */
export const REST_AUTHOR: CrdtAuthor = Object.freeze({ userId: 'rest-api', sessionId: null });

/** `lastUpdatedBy` of an in-process edit whose transaction origin names nobody. */
export const IN_PROCESS_USER = 'in-process';

/** The snapshot the get operation returns for one entry (service-facts 4.5). */
export interface EditorSnapshot {
  data: unknown;
  id: string;
  lastUpdate: string;
  lastUpdatedBy: string | null;
  sessionId: string | null;
}

/** Documents whose update observer is attached; a restored copy is a new document and gets its own. */
const observed = new WeakSet<Y.Doc>();

/** Where each observed entry lives now (a completed migration moves it), for the events its edits emit. */
const placed = new WeakMap<EditorRecord, { apiKey: string } & EditorAddress>();

/** A REST write of one entry: `add` creates it, `update` replaces its content. */
export interface EditorWrite extends EditorAddress {
  contentKey: string;
  content: CrdtContent;
  mode: 'add' | 'update';
}

const iso = (ctx: ModelContext): string => new Date(ctx.clock.now()).toISOString();

function editorsOf(ns: Namespace, organizationId: string, documentId: string): Map<string, EditorRecord> | undefined {
  return ns.editors.get(organizationId)?.get(documentId);
}

function editorsForWrite(ctx: ModelContext, ns: Namespace, organizationId: string, documentId: string): Map<string, EditorRecord> {
  let documents = ns.editors.get(organizationId);
  if (!documents) ctx.store.undo.set(ns.editors, organizationId, (documents = new Map()));
  let editors = documents.get(documentId);
  if (!editors) ctx.store.undo.set(documents, documentId, (editors = new Map()));
  return editors;
}

/** A stored entry (with its observer attached), or undefined. @example findEditor(ctx, ns, { organizationId, documentId, editorId }) */
export function findEditor(ctx: ModelContext, ns: Namespace, at: EditorAddress): EditorRecord | undefined {
  const record = editorsOf(ns, at.organizationId, at.documentId)?.get(at.editorId);
  if (!record?.stored) return undefined;
  observe(ctx, ns, at, record);
  return record;
}

/** Every stored entry of a document, in creation order. @example listEditors(ctx, ns, 'org', 'doc') */
export function listEditors(ctx: ModelContext, ns: Namespace, organizationId: string, documentId: string): EditorRecord[] {
  const out: EditorRecord[] = [];
  for (const record of editorsOf(ns, organizationId, documentId)?.values() ?? []) {
    if (!record.stored) continue;
    observe(ctx, ns, { organizationId, documentId, editorId: record.editorId }, record);
    out.push(record);
  }
  return out;
}

/**
 * The entry at an address for live use (sync clients, in-process callers), opened empty when missing. An
 * empty entry is invisible to REST until someone writes to it.
 * @example const { doc } = openEditor(ctx, ns, address);
 */
export function openEditor(ctx: ModelContext, ns: Namespace, at: EditorAddress): EditorRecord {
  const editors = editorsForWrite(ctx, ns, at.organizationId, at.documentId);
  let record = editors.get(at.editorId);
  if (!record) {
    record = newRecord(ctx, ns, at);
    ctx.store.undo.set(editors, at.editorId, record);
  }
  observe(ctx, ns, at, record);
  return record;
}

/** An entry opened for a live session, and how to let it go when the session ends. */
export interface LiveEditor {
  readonly record: EditorRecord;
  /** Drops the entry again if this session opened it and nobody wrote to it; otherwise does nothing. */
  release(): void;
}

/**
 * The entry at an address for a live session: an existing one (stored, or already open), or, with `create`, a new
 * empty one that `release` drops again unless someone wrote to it, so sessions on names that never become entries
 * leave nothing behind. Undefined when the entry does not exist and `create` is false.
 * @example const live = openLiveEditor(ctx, ns, address, { create: true }); ...; live?.release();
 */
export function openLiveEditor(ctx: ModelContext, ns: Namespace, at: EditorAddress, options: { create: boolean }): LiveEditor | undefined {
  const existing = editorsOf(ns, at.organizationId, at.documentId)?.get(at.editorId);
  if (existing) {
    observe(ctx, ns, at, existing);
    return { record: existing, release: () => undefined };
  }
  if (!options.create) return undefined;
  const record = openEditor(ctx, ns, at);
  return {
    record,
    release: () => {
      const editors = editorsOf(ns, at.organizationId, at.documentId);
      if (record.stored || editors?.get(at.editorId) !== record) return;
      ctx.store.undo.delete(editors, at.editorId);
      record.doc.destroy();
      prune(ctx, ns, at.organizationId, at.documentId);
    },
  };
}

function newRecord(ctx: ModelContext, ns: Namespace, at: EditorAddress): EditorRecord {
  const doc = new (yjs().Doc)({ guid: [ns.apiKey, at.organizationId, at.documentId, at.editorId].join('/') });
  // Seeded, so the same calls give the same document bytes; fresh per document, so a deleted entry's
  // history never shares a client id with its successor.
  doc.clientID = ctx.ids.rng.int(0x1_0000_0000);
  return { editorId: at.editorId, doc, stored: false, types: {}, contentKey: null, data: null, lastUpdate: iso(ctx), lastUpdatedBy: null, sessionId: null };
}

/**
 * Writes content through REST: `add` creates the entry (and its organization and document when missing),
 * `update` replaces the content of an existing one, both inside one transaction of delete-then-insert
 * operations so connected clients converge to exactly the new content.
 * @example writeEditor(ctx, ns, { ...address, contentKey: 'content', content: { type: 'text', value: 'Hi' }, mode: 'update' });
 */
export function writeEditor(ctx: ModelContext, ns: Namespace, write: EditorWrite): void {
  const { contentKey, content, mode, ...at } = write;
  const existing = editorsOf(ns, at.organizationId, at.documentId)?.get(at.editorId);
  if (mode === 'update' && !existing?.stored) throw new ServiceError('NOT_FOUND', 'No CRDT data found for this editor ID.');
  if (mode === 'add' && existing?.stored) throw new ServiceError('ALREADY_EXISTS', 'CRDT data already exists for this editor ID.');
  if (existing) {
    observe(ctx, ns, at, existing);
    const held = typeOfKey(existing, contentKey);
    if (held !== undefined && held !== content.type) {
      throw new ServiceError('INVALID_ARGUMENT', `contentKey ${contentKey} already holds a ${held} value.`);
    }
  }
  if (mode === 'add') {
    const org = ensureOrganization(ctx, ns, at.organizationId);
    ensureDocument(ctx, ns, org, at.documentId);
  }
  const record = existing ?? openEditor(ctx, ns, at);
  ctx.store.undo.touch(record);
  record.doc.transact(() => replaceContent(record.doc, contentKey, content), REST_AUTHOR);
  record.types[contentKey] = content.type;
  record.stored = true;
  record.contentKey = contentKey;
  record.data = viewOf(record.doc, contentKey, content.type);
  record.lastUpdate = iso(ctx);
  record.lastUpdatedBy = REST_AUTHOR.userId;
  record.sessionId = null;
  ctx.events.emit('crdt.update_data', ns.apiKey, { ...at });
}

/** The type a content key of an entry holds: as recorded, else read from the document. */
function typeOfKey(record: EditorRecord, key: string): CrdtType | undefined {
  return (Object.hasOwn(record.types, key) ? record.types[key] : undefined) ?? sharedTypeOf(record.doc.share.get(key));
}

/** The get operation's view of one entry. @example editorSnapshot(record).data */
export function editorSnapshot(record: EditorRecord): EditorSnapshot {
  return { data: record.data, id: record.editorId, lastUpdate: record.lastUpdate, lastUpdatedBy: record.lastUpdatedBy, sessionId: record.sessionId };
}

/**
 * Deletes entries of a document (all of them when `editorIds` is undefined); unknown ids are skipped. The
 * documents are destroyed, which disconnects their sync clients.
 * @example deleteEditors(ns, 'org', 'doc', ['notes']);
 */
export function deleteEditors(
  ctx: ModelContext,
  ns: Namespace,
  input: { organizationId: string; documentId: string; editorIds?: readonly string[] | undefined },
): void {
  const { organizationId, documentId, editorIds } = input;
  const editors = editorsOf(ns, organizationId, documentId);
  if (!editors) return;
  for (const editorId of editorIds ?? [...editors.keys()]) {
    const record = editors.get(editorId);
    if (!record) continue;
    ctx.store.undo.delete(editors, editorId);
    record.doc.destroy();
    if (record.stored) ctx.events.emit('crdt.delete_data', ns.apiKey, { organizationId, documentId, editorId });
  }
  prune(ctx, ns, organizationId, documentId);
}

/**
 * Moves every entry of one document to another of the same organization (a completed migration). An entry
 * of the target with the same editor id is replaced. Documents keep their identity, so connected clients
 * keep editing the moved content.
 * @example moveEditors(ctx, ns, 'org', 'old-doc', 'new-doc');
 */
export function moveEditors(ctx: ModelContext, ns: Namespace, organizationId: string, fromDocumentId: string, toDocumentId: string): void {
  if (fromDocumentId === toDocumentId) return;
  const source = editorsOf(ns, organizationId, fromDocumentId);
  if (!source || source.size === 0) return;
  const target = editorsForWrite(ctx, ns, organizationId, toDocumentId);
  const { undo } = ctx.store;
  for (const [editorId, record] of source) {
    const replaced = target.get(editorId);
    undo.set(target, editorId, record);
    if (replaced && replaced.doc !== record.doc) replaced.doc.destroy();
    if (placed.has(record)) placed.set(record, { apiKey: ns.apiKey, organizationId, documentId: toDocumentId, editorId });
  }
  undo.clear(source);
  prune(ctx, ns, organizationId, fromDocumentId);
}

function prune(ctx: ModelContext, ns: Namespace, organizationId: string, documentId: string): void {
  const documents = ns.editors.get(organizationId);
  if (!documents) return;
  if (documents.get(documentId)?.size === 0) ctx.store.undo.delete(documents, documentId);
  if (documents.size === 0) ctx.store.undo.delete(ns.editors, organizationId);
}

/**
 * Keeps an entry's snapshot and metadata current for edits that do not come through REST (sync clients, a
 * test's own edits): the content key changed last becomes the snapshot's key.
 */
function observe(ctx: ModelContext, ns: Namespace, at: EditorAddress, record: EditorRecord): void {
  const { doc } = record;
  if (!placed.has(record)) placed.set(record, { apiKey: ns.apiKey, organizationId: at.organizationId, documentId: at.documentId, editorId: record.editorId });
  if (observed.has(doc)) return;
  observed.add(doc);
  // Edits from sync clients and in-process callers are writes too: the entry is saved before each one.
  doc.on('beforeTransaction', () => {
    if (!doc.isDestroyed) ctx.store.undo.touch(record);
  });
  doc.on('update', (_update: Uint8Array, origin: unknown, _doc: Y.Doc, transaction: Y.Transaction) => {
    if (origin === REST_AUTHOR) return;
    const key = changedKey(doc, transaction, record.contentKey);
    if (key === undefined) return;
    const type = typeOfKey(record, key);
    if (type !== undefined) record.types[key] = type;
    const author = authorOf(origin);
    record.stored = true;
    record.contentKey = key;
    record.data = viewOf(doc, key, type);
    record.lastUpdate = iso(ctx);
    record.lastUpdatedBy = author.userId;
    record.sessionId = author.sessionId;
    const where = placed.get(record);
    if (where)
      ctx.events.emit('crdt.update_data', where.apiKey, { organizationId: where.organizationId, documentId: where.documentId, editorId: where.editorId });
  });
}

function changedKey(doc: Y.Doc, transaction: Y.Transaction, preferred: string | null): string | undefined {
  const keys = new Set<string>();
  const { AbstractType } = yjs();
  for (const type of transaction.changed.keys()) {
    let root: SharedType = type;
    while (root._item !== null && root._item.parent instanceof AbstractType) root = root._item.parent;
    for (const [key, shared] of doc.share) if (shared === root) keys.add(key);
  }
  if (preferred !== null && keys.has(preferred)) return preferred;
  return keys.values().next().value;
}

function authorOf(origin: unknown): CrdtAuthor {
  if (typeof origin === 'string' && origin !== '') return { userId: origin, sessionId: null };
  if (typeof origin === 'object' && origin !== null) {
    const { userId, sessionId } = origin as Partial<CrdtAuthor>;
    if (typeof userId === 'string' && (typeof sessionId === 'string' || sessionId === null)) return { userId, sessionId };
  }
  return { userId: IN_PROCESS_USER, sessionId: null };
}
