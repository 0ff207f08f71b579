import type { ModelContext } from '../state/context.js';
import type { Namespace } from '../state/entities.js';
import type { KnowledgeBase, KnowledgeSource } from '../state/records/knowledge.js';

/**
 * Ends a processing source's ingestion at `at`: `completed` with its converted content, or `failed` with the reason
 * decided at ingest (its content then dropped). Written through the undo log.
 * @example finishIngestion(ctx, base, source, ctx.clock.now());
 */
export function finishIngestion(ctx: ModelContext, base: KnowledgeBase, source: KnowledgeSource, at: number): void {
  const { undo } = ctx.store;
  // Field by field: the source holds its bytes, which a whole-record copy would duplicate.
  if (source.failing !== undefined) {
    undo.assign(source, 'embeddingStatus', 'failed');
    undo.assign(source, 'failureReason', source.failing);
    undo.assign(source, 'markdown', '');
    undo.assign(source, 'rules', []);
    undo.assign(source, 'chunks', []);
    undo.unset(source, 'original');
  } else {
    undo.assign(source, 'embeddingStatus', 'completed');
    undo.assign(base, 'changedAt', Math.max(base.changedAt ?? at, at));
  }
  undo.unset(source, 'failing');
  undo.unset(source, 'dueAt');
  undo.assign(source, 'updatedAt', at);
  undo.assign(
    base,
    'pending',
    base.pending.filter((id) => id !== source.id),
  );
}

/**
 * Brings `clock` ingestions up to date: every processing source due by now ends at its due instant, in due order.
 * Costs the sources still processing.
 * @example settleKnowledge(ctx, caller.ns);
 */
export function settleKnowledge(ctx: ModelContext, ns: Namespace): void {
  const base = ns.knowledge;
  if (!base || base.pending.length === 0 || base.config.progression !== 'clock') return;
  const now = ctx.clock.now();
  const due = base.pending
    .map((id) => base.sources.get(id))
    .filter((s): s is KnowledgeSource => s !== undefined && s.dueAt !== undefined && s.dueAt <= now)
    .sort((a, b) => (a.dueAt as number) - (b.dueAt as number));
  for (const source of due) finishIngestion(ctx, base, source, source.dueAt as number);
}
