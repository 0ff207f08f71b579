import { ServiceError } from '../../errors.js';
import { md5Hex } from '../../support/ids.js';
import type { ModelContext } from '../state/context.js';
import type { Namespace } from '../state/entities.js';
import type { KnowledgeBase, KnowledgeConfig, KnowledgeLimited, KnowledgeMimeType, KnowledgeSource } from '../state/records/knowledge.js';

/** The MIME types an upload may declare (beyond-spec-4 4.3.4). */
export const UPLOAD_MIME_TYPES = [
  'application/pdf',
  'text/csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'text/plain',
] as const satisfies readonly KnowledgeMimeType[];

/** The documented per-minute limits of the knowledge operations (beyond-spec-4 0.2.6). */
export const DEFAULT_RATE_LIMITS: Readonly<Record<KnowledgeLimited, number>> = { ingest: 30, ingestStatus: 600, uploadUrl: 100, search: 120, delete: 30 };

/** The settings a key's knowledge base starts with: ingestion advances one state per status poll. */
export function defaultKnowledgeConfig(): KnowledgeConfig {
  return { progression: 'poll', ingestMs: 1000, failNext: null, rateLimits: { ...DEFAULT_RATE_LIMITS } };
}

/** An empty knowledge base with the default settings. */
export function emptyKnowledgeBase(): KnowledgeBase {
  return {
    config: defaultKnowledgeConfig(),
    sources: new Map(),
    slots: new Map(),
    conversions: new Map(),
    pending: [],
    calls: { ingest: [], ingestStatus: [], uploadUrl: [], search: [], delete: [] },
    changedAt: null,
  };
}

/**
 * The knowledge base of a namespace, created (through the undo log) on first write.
 * @example const base = knowledgeOf(ctx, ns); base.sources.size
 */
export function knowledgeOf(ctx: ModelContext, ns: Namespace): KnowledgeBase {
  if (!ns.knowledge) ctx.store.undo.assign(ns, 'knowledge', emptyKnowledgeBase());
  return ns.knowledge as KnowledgeBase;
}

/** Knowledge reads of a key that never wrote any see this: no sources, default settings. */
const NOTHING: KnowledgeBase = emptyKnowledgeBase();

/** The knowledge base of a namespace for reading; never creates one. @example readKnowledge(ns).sources.get(id) */
export function readKnowledge(ns: Namespace): KnowledgeBase {
  return ns.knowledge ?? NOTHING;
}

/** The source a duplicate reads through (itself when it is no duplicate); undefined when its winner is gone. */
export function liveSource(base: KnowledgeBase, source: KnowledgeSource): KnowledgeSource | undefined {
  return source.dedupOf === undefined ? source : base.sources.get(source.dedupOf);
}

/** The first 12 hex of md5(apiKey): the folder of a key's uploads in `fileRef`s. */
export const apiKeyHash = (apiKey: string): string => md5Hex(apiKey).slice(0, 12);

/** The refusal of every operation that finds no source by its id (unknown, or another key's). */
export function sourceNotFound(sourceId: string): ServiceError {
  return new ServiceError('NOT_FOUND', `Knowledge source not found: ${sourceId}`);
}
