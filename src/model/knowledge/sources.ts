import { ServiceError } from '../../errors.js';
import type { ModelContext } from '../state/context.js';
import type { Namespace } from '../state/entities.js';
import type { KnowledgeBase, KnowledgeMimeType, KnowledgeRule, KnowledgeSource } from '../state/records/knowledge.js';
import { liveSource, readKnowledge, sourceNotFound } from './base.js';
import { normaliseText } from './convert.js';
import { ingestFile } from './ingest.js';
import { finishIngestion } from './progress.js';
import { extractFromText, ruleRecords } from './rules.js';
import { downloadUrl } from './urls.js';

export { normaliseText as canonicalText } from './convert.js';
export { isRuleLine } from './rules.js';

/** The file name of a source added without one, by its type. */
const UNNAMED: Readonly<Record<string, string>> = { 'text/csv': 'upload.csv', 'text/markdown': 'upload.md', 'text/plain': 'upload.txt' };

/**
 * Adds a file another area already converted (agents extract) as a completed source with that markdown, whatever the
 * key's progression; bytes that duplicate a live source make a duplicate of it.
 * @example addKnowledgeSource(ctx, ns, { fileName: 'rules.md', mimeType: 'text/markdown', bytes, markdown }).id
 */
export function addKnowledgeSource(
  ctx: ModelContext,
  ns: Namespace,
  input: { fileName?: string | undefined; mimeType: string; bytes: Uint8Array; markdown: string },
): KnowledgeSource {
  const mimeType = input.mimeType as KnowledgeMimeType;
  const fileName = input.fileName ?? UNNAMED[mimeType] ?? 'upload';
  return ingestFile(ctx, ns, { fileName, mimeType, bytes: input.bytes }, { markdown: input.markdown, complete: true });
}

/**
 * Every extracted rule of the key's completed rule-based sources, in ingest order, at most `max`.
 * @example knowledgeRules(ns, 20).map((r) => r.content)
 */
export function knowledgeRules(ns: Namespace, max: number): KnowledgeRule[] {
  const out: KnowledgeRule[] = [];
  for (const source of readKnowledge(ns).sources.values()) {
    if (source.embeddingStatus !== 'completed' || !source.isRuleBased) continue;
    for (const rule of source.rules) {
      if (out.length >= max) return out;
      out.push(rule);
    }
  }
  return out;
}

/** Where signed URLs point: the origin the caller reached the service at. */
export interface UrlContext {
  ctx: ModelContext;
  ns: Namespace;
  baseUrl: string;
}

/** The two signed URLs of a completed source (a duplicate's are its winner's). */
function urls(at: UrlContext, live: KnowledgeSource): { originalDownloadUrl: string; canonicalMdDownloadUrl: string } {
  return {
    originalDownloadUrl: downloadUrl(at.ctx, at.ns.apiKey, at.baseUrl, live.id, 'original'),
    canonicalMdDownloadUrl: downloadUrl(at.ctx, at.ns.apiKey, at.baseUrl, live.id, 'canonical'),
  };
}

/** The state a source shows: its winner's for a duplicate (`failed` when the winner is gone). */
function statusOf(base: KnowledgeBase, source: KnowledgeSource): { live: KnowledgeSource | undefined; status: KnowledgeSource['embeddingStatus'] } {
  const live = liveSource(base, source);
  return { live, status: live?.embeddingStatus ?? 'failed' };
}

/**
 * A key's 100 newest sources as knowledge/list shows them: persisted fields, status, and signed URLs when completed;
 * a duplicate mirrors its winner's status, counts and URLs.
 * @example listSources({ ctx, ns, baseUrl })[0].embeddingStatus
 */
export function listSources(at: UrlContext): Record<string, unknown>[] {
  const base = readKnowledge(at.ns);
  const sources = [...base.sources.values()].reverse();
  // Newest first; ingests of one instant keep their reverse ingest order (the sort is stable).
  sources.sort((a, b) => b.uploadedAt - a.uploadedAt);
  return sources.slice(0, 100).map((source) => {
    const { live, status } = statusOf(base, source);
    const done = status === 'completed' && live !== undefined;
    const item: Record<string, unknown> = {
      id: source.id,
      sourceType: source.sourceType,
      fileName: source.fileName,
      uploadedAt: source.uploadedAt,
      ruleCount: done ? live.rules.length : 0,
      chunkCount: done ? live.chunks.length : 0,
      version: source.version,
    };
    if (source.organizationId !== undefined) item['organizationId'] = source.organizationId;
    if (source.documentId !== undefined) item['documentId'] = source.documentId;
    item['embeddingStatus'] = status;
    item['mimeType'] = source.mimeType;
    const reason = live?.failureReason ?? (live === undefined ? 'workspace-deleted-mid-flow' : undefined);
    if (status === 'failed' && reason !== undefined) item['failureReason'] = reason;
    if (source.dedupOf !== undefined) item['dedupOf'] = source.dedupOf;
    item['sha256'] = source.sha256;
    if (done && live.usedRawFallback) item['metadata'] = { usedRawFallback: true };
    if (done) Object.assign(item, urls(at, live));
    return item;
  });
}

/**
 * A source's ingestion status; in `poll` progression a read of a processing source answers `processing` and then ends
 * its ingestion, so the next read sees the terminal state.
 * @example ingestStatus({ ctx, ns, baseUrl }, 'src_1a2b3c4d').status
 */
export function ingestStatus(at: UrlContext, sourceId: string): Record<string, unknown> {
  const base = readKnowledge(at.ns);
  const source = base.sources.get(sourceId);
  if (!source) throw sourceNotFound(sourceId);
  const { live, status } = statusOf(base, source);
  const out: Record<string, unknown> = { status, sourceId, startedAt: source.startedAt, updatedAt: source.updatedAt, mimeType: source.mimeType };
  if (source.dedupOf !== undefined) out['dedupOf'] = source.dedupOf;
  if (status === 'failed') out['failureReason'] = live?.failureReason ?? 'workspace-deleted-mid-flow';
  if (status === 'completed' && live) {
    out['extractedRulesCount'] = live.rules.length;
    out['chunkCount'] = live.chunks.length;
    Object.assign(out, urls(at, live));
    if (live.usedRawFallback) out['metadata'] = { usedRawFallback: true };
  }
  if (live && live.embeddingStatus === 'processing' && base.config.progression === 'poll') finishIngestion(at.ctx, base, live, at.ctx.clock.now());
  return out;
}

/** The canonical markdown of a completed source (its winner's for a duplicate); null for anything else. */
export function downloadMarkdown(ns: Namespace, sourceId: string): string | null {
  const base = readKnowledge(ns);
  const source = base.sources.get(sourceId);
  const live = source && liveSource(base, source);
  return live?.embeddingStatus === 'completed' ? live.markdown : null;
}

/** The rules of a source in index order: its winner's for a duplicate, none while processing, failed or prose. */
export function sourceRules(ns: Namespace, sourceId: string): KnowledgeRule[] {
  const base = readKnowledge(ns);
  const source = base.sources.get(sourceId);
  if (!source) throw sourceNotFound(sourceId);
  const live = liveSource(base, source);
  return live?.embeddingStatus === 'completed' ? live.rules.map((r) => ({ ...r })) : [];
}

/** What an update changed: rule contents added and removed (in index order) and how many stayed. */
export interface RuleDiff {
  diff: { added: string[]; removed: string[]; unchanged: number };
  newVersion: number;
}

const RULE_BASED_ONLY = 'Version diff is only supported for rule-based knowledge sources.';

/**
 * Replaces a completed rule-based source's markdown, extracts its rules again (every listed directive line, whatever
 * their share), keeps its chunks, and bumps its version.
 * @example updateSource(ctx, ns, 'src_1a2b3c4d', '# Claims\n- Never promise cures\n').newVersion // 2
 */
export function updateSource(ctx: ModelContext, ns: Namespace, sourceId: string, newContent: string): RuleDiff {
  const base = readKnowledge(ns);
  const source = base.sources.get(sourceId);
  if (!source) throw sourceNotFound(sourceId);
  if (source.dedupOf !== undefined) throw new ServiceError('FAILED_PRECONDITION', RULE_BASED_ONLY);
  if (source.embeddingStatus === 'processing') throw new ServiceError('FAILED_PRECONDITION', 'Knowledge source is still processing.');
  if (source.embeddingStatus === 'failed') {
    throw new ServiceError('FAILED_PRECONDITION', `Knowledge source failed to ingest (${source.failureReason ?? 'unknown'}); ingest the file again.`);
  }
  if (!source.isRuleBased) throw new ServiceError('FAILED_PRECONDITION', RULE_BASED_ONLY);
  const markdown = normaliseText(newContent);
  const rules = ruleRecords(source.id, extractFromText(markdown).rules);
  const before = new Set(source.rules.map((r) => r.content));
  const after = new Set(rules.map((r) => r.content));
  const diff = {
    added: rules.filter((r) => !before.has(r.content)).map((r) => r.content),
    removed: source.rules.filter((r) => !after.has(r.content)).map((r) => r.content),
    unchanged: rules.filter((r) => before.has(r.content)).length,
  };
  const now = ctx.clock.now();
  const { undo } = ctx.store;
  undo.assign(source, 'markdown', markdown);
  undo.assign(source, 'rules', rules);
  undo.assign(source, 'version', source.version + 1);
  undo.assign(source, 'updatedAt', now);
  undo.assign(base, 'changedAt', now);
  return { diff, newVersion: source.version };
}

/** The reply of knowledge/delete. */
export interface Deleted {
  status: 'deleted';
  sourceId: string;
  deletedChunks: number;
  deletedRules: number;
}

/**
 * Hard-deletes a source with its bytes, markdown, rules and chunks; refuses (ABORTED) while it (or its winner) is
 * processing, or while duplicates depend on it. A duplicate deletes nothing of its winner's.
 * @example deleteSource(ctx, ns, 'src_1a2b3c4d').deletedRules
 */
export function deleteSource(ctx: ModelContext, ns: Namespace, sourceId: string): Deleted {
  const base = readKnowledge(ns);
  const source = base.sources.get(sourceId);
  if (!source) throw sourceNotFound(sourceId);
  if (statusOf(base, source).status === 'processing') throw new ServiceError('ABORTED', 'Knowledge source is still processing.');
  let dependents = 0;
  for (const other of base.sources.values()) if (other.dedupOf === sourceId) dependents++;
  if (dependents > 0) throw new ServiceError('ABORTED', 'Knowledge source has dependent duplicates.', { dependentCount: dependents });
  ctx.store.undo.delete(base.sources, sourceId);
  const own = source.dedupOf === undefined;
  return { status: 'deleted', sourceId, deletedChunks: own ? source.chunks.length : 0, deletedRules: own ? source.rules.length : 0 };
}
