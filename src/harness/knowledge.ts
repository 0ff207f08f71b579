import { z } from 'zod';
import { ServiceError } from '../errors.js';
import { knowledgeOf, readKnowledge, sourceNotFound } from '../model/knowledge/base.js';
import { finishIngestion } from '../model/knowledge/progress.js';
import { storeUpload } from '../model/knowledge/uploads.js';
import type { ModelContext } from '../model/state/context.js';
import type { Namespace } from '../model/state/entities.js';
import { knownNamespace } from '../model/state/keys.js';
import type { IngestProgression, KnowledgeLimited } from '../model/state/records/knowledge.js';
import { validate } from '../protocol/validate.js';
import type { MemoryTarget } from './memory.js';

/** The failure reasons an ingestion can end with (beyond-spec-4 4.3.0 C). */
export const FAILURE_REASONS = [
  'pdf-llm-conversion-failed',
  'storage-upload-failed',
  'cloud-tasks-enqueue-failed',
  'embedding-failed',
  'unsupported-mime-detected-post-validation',
  'workspace-deleted-mid-flow',
] as const;

/** Settings of a key's knowledge base; each one given replaces the stored one. */
export interface KnowledgeSettings {
  /** `poll` (default): one state per ingest-status read; `immediate`; `clock` (after `ingestMs`); `manual` (`complete`). */
  progression?: IngestProgression | undefined;
  /** `clock` progression: milliseconds from ingest to the terminal state (default 1000). */
  ingestMs?: number | undefined;
  /** The next ingestion fails with this reason; `null` clears it. */
  failNext?: (typeof FAILURE_REASONS)[number] | null | undefined;
  /** Calls per rolling minute of the limited operations; 0 lifts a limit (defaults 30, 600, 100, 120, 30). */
  rateLimits?: Partial<Record<KnowledgeLimited, number>> | undefined;
}

/** Canonical markdown for an opaque file (PDF, XLSX), matched by the file's sha256 or else its name. */
export interface KnowledgeConversion {
  sha256?: string | undefined;
  fileName?: string | undefined;
  markdown: string;
}

/** Knowledge sources in process (`service.memory.knowledge`): the twins of `/__mock/memory/knowledge/*` and the storage routes. */
export interface KnowledgeApi {
  /** Changes how ingestion progresses, fails and is rate limited for a key; returns the settings now in force. */
  config(
    settings: KnowledgeSettings,
    target?: MemoryTarget,
  ): Required<Omit<KnowledgeSettings, 'rateLimits'>> & { rateLimits: Record<KnowledgeLimited, number> };
  /** Registers canonical markdown for opaque files, used by ingestions that start afterwards. */
  conversions(conversions: KnowledgeConversion | readonly KnowledgeConversion[], target?: MemoryTarget): { registered: number };
  /** Ends a processing ingestion now (any progression): completed, or failed with `failureReason`. */
  complete(
    request: { sourceId: string; failureReason?: (typeof FAILURE_REASONS)[number] | undefined },
    target?: MemoryTarget,
  ): { sourceId: string; status: string };
  /** Stores bytes at an upload URL (or its token), as `PUT` to that URL does. */
  upload(uploadUrl: string, bytes: Uint8Array, contentType: string): { token: string; bytes: number };
}

const rateLimit = z.number().int().min(0);
const settingsBody = z.lazy(() =>
  z.strictObject({
    progression: z.enum(['poll', 'immediate', 'clock', 'manual']).optional(),
    ingestMs: z.number().int().min(0).optional(),
    failNext: z.enum(FAILURE_REASONS).nullable().optional(),
    rateLimits: z
      .strictObject({
        ingest: rateLimit.optional(),
        ingestStatus: rateLimit.optional(),
        uploadUrl: rateLimit.optional(),
        search: rateLimit.optional(),
        delete: rateLimit.optional(),
      })
      .optional(),
  }),
);

const conversionBody = z.lazy(() =>
  z
    .strictObject({
      sha256: z
        .string()
        .regex(/^[0-9a-f]{64}$/, { error: 'sha256 must be 64 lowercase hex characters.' })
        .optional(),
      fileName: z.string().min(1).optional(),
      markdown: z.string(),
    })
    .refine((c) => c.sha256 !== undefined || c.fileName !== undefined, { error: 'A conversion needs sha256 or fileName.' }),
);

const completeBody = z.lazy(() => z.strictObject({ sourceId: z.string().min(1), failureReason: z.enum(FAILURE_REASONS).optional() }));

/**
 * Validates and applies knowledge settings to a key; refuses a bad field before changing anything.
 * @example configureKnowledge(model, ns, { progression: 'immediate' });
 */
export function configureKnowledge(ctx: ModelContext, ns: Namespace, input: unknown): ReturnType<KnowledgeApi['config']> {
  const settings = validate(settingsBody, input);
  const base = knowledgeOf(ctx, ns);
  const { undo } = ctx.store;
  if (settings.progression !== undefined) undo.assign(base.config, 'progression', settings.progression);
  if (settings.ingestMs !== undefined) undo.assign(base.config, 'ingestMs', settings.ingestMs);
  if (settings.failNext !== undefined) undo.assign(base.config, 'failNext', settings.failNext);
  if (settings.rateLimits !== undefined) {
    const limits = { ...base.config.rateLimits };
    for (const [operation, limit] of Object.entries(settings.rateLimits)) if (limit !== undefined) limits[operation as KnowledgeLimited] = limit;
    undo.assign(base.config, 'rateLimits', limits);
  }
  const { progression, ingestMs, failNext, rateLimits } = base.config;
  return { progression, ingestMs, failNext: failNext as KnowledgeSettings['failNext'] & {}, rateLimits: { ...rateLimits } };
}

/** Validates conversions (every one, before any is stored) and registers them. */
export function registerConversions(ctx: ModelContext, ns: Namespace, input: unknown): { registered: number } {
  const { conversions: list } = validate(z.object({ conversions: z.array(conversionBody) }), { conversions: Array.isArray(input) ? input : [input] });
  const base = knowledgeOf(ctx, ns);
  for (const c of list) {
    if (c.sha256 !== undefined) ctx.store.undo.set(base.conversions, `sha256:${c.sha256}`, c.markdown);
    if (c.fileName !== undefined) ctx.store.undo.set(base.conversions, `fileName:${c.fileName}`, c.markdown);
  }
  return { registered: list.length };
}

/** Ends a processing ingestion now; refuses an unknown source and one that is not processing. */
export function completeIngestion(ctx: ModelContext, ns: Namespace, input: unknown): { sourceId: string; status: string } {
  const request = validate(completeBody, input);
  const base = readKnowledge(ns);
  const source = base.sources.get(request.sourceId);
  if (!source) throw sourceNotFound(request.sourceId);
  if (source.dedupOf !== undefined || source.embeddingStatus !== 'processing') {
    throw new ServiceError(
      'FAILED_PRECONDITION',
      `Knowledge source ${request.sourceId} is not processing (its status is ${source.dedupOf ? 'its winner’s' : source.embeddingStatus}).`,
    );
  }
  if (request.failureReason !== undefined) ctx.store.undo.assign(source, 'failing', request.failureReason);
  finishIngestion(ctx, knowledgeOf(ctx, ns), source, ctx.clock.now());
  return { sourceId: source.id, status: source.embeddingStatus };
}

/** The token of an upload URL (or the token itself). */
export function uploadToken(urlOrToken: string): string {
  const at = urlOrToken.lastIndexOf('/__mock/storage/uploads/');
  return at === -1 ? urlOrToken : (urlOrToken.slice(at + '/__mock/storage/uploads/'.length).split(/[?#]/)[0] ?? '');
}

/**
 * The `service.memory.knowledge` surface bound to one service.
 * @example createKnowledgeApi(model, () => credentials.apiKey).config({ progression: 'immediate' })
 */
export function createKnowledgeApi(ctx: ModelContext, defaultApiKey: () => string): KnowledgeApi {
  const ns = (target: MemoryTarget | undefined) => knownNamespace(ctx, target?.apiKey ?? defaultApiKey());
  return {
    config: (settings, target) => configureKnowledge(ctx, ns(target), settings),
    conversions: (conversions, target) => registerConversions(ctx, ns(target), conversions),
    complete: (request, target) => completeIngestion(ctx, ns(target), request),
    upload: (uploadUrl, bytes, contentType) => storeUpload(ctx, uploadToken(uploadUrl), contentType, bytes),
  };
}
