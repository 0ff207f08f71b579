import type { ModelContext } from '../context.js';
import type { Namespace } from '../entities.js';
import type { KnowledgeBase, KnowledgeSource } from './records.js';

/**
 * Ends a processing source's ingestion at `at`: `completed` with its converted content, or `failed` with the reason
 * decided at ingest (its content then dropped). Written through the undo log.
 * @example finishIngestion(ctx, base, source, ctx.clock.now());
 */
export function finishIngestion(ctx: ModelContext, base: KnowledgeBase, source: KnowledgeSource, at: number): void {
  const { journal } = ctx.store;
  // Field by field: the source holds its bytes, which a whole-record copy would duplicate.
  if (source.failing !== undefined) {
    journal.assign(source, 'embeddingStatus', 'failed');
    journal.assign(source, 'failureReason', source.failing);
    journal.assign(source, 'markdown', '');
    journal.assign(source, 'rules', []);
    journal.assign(source, 'chunks', []);
    journal.unset(source, 'original');
  } else {
    journal.assign(source, 'embeddingStatus', 'completed');
    journal.assign(base, 'changedAt', Math.max(base.changedAt ?? at, at));
  }
  journal.unset(source, 'failing');
  journal.unset(source, 'dueAt');
  journal.assign(source, 'updatedAt', at);
  journal.assign(
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
