import { ServiceError } from '../../errors.js';
import type { ModelContext } from '../state/context.js';
import type { Namespace } from '../state/entities.js';
import type { KnowledgeLimited } from '../state/records/knowledge.js';
import { knowledgeOf } from './base.js';

/** The refusal of a call over its per-minute limit (the wording of service-facts D12). */
export const RATE_LIMITED = 'Rate limit exceeded. Try again after 1 minute.';

/**
 * Counts a call of a limited knowledge operation against its rolling minute on the service clock, or refuses it with
 * RESOURCE_EXHAUSTED once the minute holds the limit (0: no limit). Only calls that succeed stay counted: a refusal
 * undoes its writes, this one included.
 * @example admitCall(ctx, ns, 'ingest');
 */
export function admitCall(ctx: ModelContext, ns: Namespace, operation: KnowledgeLimited): void {
  const base = knowledgeOf(ctx, ns);
  const limit = base.config.rateLimits[operation];
  if (limit <= 0) return;
  const now = ctx.clock.now();
  const recent = base.calls[operation].filter((at) => at > now - 60_000);
  if (recent.length >= limit) throw new ServiceError('RESOURCE_EXHAUSTED', RATE_LIMITED);
  recent.push(now);
  ctx.store.undo.assign(base.calls, operation, recent);
}
