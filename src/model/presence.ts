import type { ModelContext } from './state/context.js';
import type { LiveStateRecord, Namespace, PresenceRecord } from './state/entities.js';

/** How long a presence entry lasts after its last add or update, in service time (emulator choice: 5 minutes). */
export const PRESENCE_TTL_MS = 300_000;

/** The table key of one document. @example documentKey('org', 'doc') */
export function documentKey(organizationId: string, documentId: string): string {
  return JSON.stringify([organizationId, documentId]);
}

/** A document of an organization. */
export interface DocumentRef {
  organizationId: string;
  documentId: string;
}

/** A participant as the presence operations send it. */
export interface PresenceInput {
  userId: string;
  name?: string | undefined;
  email?: string | undefined;
  status?: string | undefined;
  [field: string]: unknown;
}

/** Drops the document's expired entries; returns its table (undefined when it has none). */
function livePresence(ctx: ModelContext, ns: Namespace, ref: DocumentRef): Map<string, PresenceRecord> | undefined {
  const key = documentKey(ref.organizationId, ref.documentId);
  const table = ns.presence?.get(key);
  if (!table) return undefined;
  const oldest = ctx.clock.now() - PRESENCE_TTL_MS;
  const { undo } = ctx.store;
  for (const [userId, entry] of table) if (entry.lastUpdated <= oldest) undo.delete(table, userId);
  if (table.size === 0) {
    if (ns.presence) undo.delete(ns.presence, key);
    return undefined;
  }
  return table;
}

function record(input: PresenceInput, base: PresenceRecord | undefined, now: number): PresenceRecord {
  const out: PresenceRecord = { ...structuredClone(base ?? { userId: input.userId, status: 'online', lastUpdated: now }) };
  for (const [field, value] of Object.entries(input)) if (value !== undefined) out[field] = structuredClone(value);
  out.lastUpdated = now;
  return out;
}

/**
 * Shows users on a document (beyond-spec 3.14): a re-added user replaces its entry; `status` defaults to `online`.
 * @example addPresence(ctx, ns, { organizationId: 'org', documentId: 'doc' }, [{ userId: 'bot' }]);
 */
export function addPresence(ctx: ModelContext, ns: Namespace, ref: DocumentRef, users: readonly PresenceInput[]): void {
  livePresence(ctx, ns, ref);
  const key = documentKey(ref.organizationId, ref.documentId);
  const { undo } = ctx.store;
  if (!ns.presence) undo.assign(ns, 'presence', new Map());
  const presence = ns.presence as Map<string, Map<string, PresenceRecord>>;
  let table = presence.get(key);
  if (!table) undo.set(presence, key, (table = new Map()));
  const now = ctx.clock.now();
  for (const user of users) undo.set(table, user.userId, record(user, undefined, now));
  ctx.events.emit('presence.change', ns.apiKey, { ...ref });
}

/** Overwrites the given fields of present users; users with no (live) entry are ignored (beyond-spec 3.15). */
export function updatePresence(ctx: ModelContext, ns: Namespace, ref: DocumentRef, users: readonly PresenceInput[]): void {
  const table = livePresence(ctx, ns, ref);
  const now = ctx.clock.now();
  let changed = false;
  for (const user of users) {
    const current = table?.get(user.userId);
    if (!table || !current) continue;
    ctx.store.undo.set(table, user.userId, record(user, current, now));
    changed = true;
  }
  if (changed) ctx.events.emit('presence.change', ns.apiKey, { ...ref });
}

/** Removes users from a document's presence; unknown ids are ignored (beyond-spec 3.16). */
export function deletePresence(ctx: ModelContext, ns: Namespace, ref: DocumentRef, userIds: readonly string[]): void {
  const table = livePresence(ctx, ns, ref);
  let changed = false;
  const { undo } = ctx.store;
  for (const userId of userIds) if (table && undo.delete(table, userId)) changed = true;
  if (table?.size === 0 && ns.presence) undo.delete(ns.presence, documentKey(ref.organizationId, ref.documentId));
  if (changed) ctx.events.emit('presence.change', ns.apiKey, { ...ref });
}

/** The live presence of a document, oldest entry first; expired entries are dropped. @example listPresence(ctx, ns, ref) */
export function listPresence(ctx: ModelContext, ns: Namespace, ref: DocumentRef): PresenceRecord[] {
  return [...(livePresence(ctx, ns, ref)?.values() ?? [])].map((entry) => structuredClone(entry));
}

/**
 * Stores a live-state value (beyond-spec 3.13): replaced, or with `merge` merged key by key into the previous one.
 * @example broadcastLiveState(ctx, ns, { organizationId: 'o', documentId: 'd', liveStateDataId: 'k', data: { a: 1 }, merge: false });
 */
export function broadcastLiveState(
  ctx: ModelContext,
  ns: Namespace,
  input: DocumentRef & { liveStateDataId: string; data: Record<string, unknown>; merge: boolean },
): LiveStateRecord {
  const key = documentKey(input.organizationId, input.documentId);
  const { undo } = ctx.store;
  if (!ns.liveState) undo.assign(ns, 'liveState', new Map());
  const states = ns.liveState as Map<string, Map<string, LiveStateRecord>>;
  let table = states.get(key);
  if (!table) undo.set(states, key, (table = new Map()));
  const previous = table.get(input.liveStateDataId);
  const data = input.merge && previous ? { ...previous.data, ...structuredClone(input.data) } : structuredClone(input.data);
  const next: LiveStateRecord = { liveStateDataId: input.liveStateDataId, data, updatedAt: ctx.clock.now(), broadcasts: (previous?.broadcasts ?? 0) + 1 };
  undo.set(table, input.liveStateDataId, next);
  ctx.events.emit('livestate.broadcast', ns.apiKey, {
    organizationId: input.organizationId,
    documentId: input.documentId,
    liveStateDataId: input.liveStateDataId,
  });
  return structuredClone(next);
}

/** The live-state values of a document by key. @example listLiveState(ns, ref)[0]?.data */
export function listLiveState(ns: Namespace, ref: DocumentRef): LiveStateRecord[] {
  return [...(ns.liveState?.get(documentKey(ref.organizationId, ref.documentId))?.values() ?? [])].map((entry) => structuredClone(entry));
}
