import type { SuggestResult } from '../memory/suggest.js';
import type { KnowledgeBase } from '../state/records/knowledge.js';

/** The caveat suggest adds while the knowledge base changed recently (service-facts 5.5, emulator wording). */
export const KNOWLEDGE_CAVEAT = 'A knowledge source was updated in the last 48 hours';

/** How recent a knowledge change must be for the caveat: 48 hours. */
export const KNOWLEDGE_CAVEAT_MS = 48 * 60 * 60 * 1000;

/**
 * A suggestion with the knowledge caveat on `primary` when a source completed or was updated in the last 48 hours,
 * after the conflict caveat and before the stale one (the order of service-facts 5.5).
 * @example withKnowledgeCaveat(result, ns.knowledge, clock.now())
 */
export function withKnowledgeCaveat(result: SuggestResult, base: KnowledgeBase | undefined, now: number): SuggestResult {
  const changed = base?.changedAt;
  if (!result.primary || changed === null || changed === undefined || now - changed > KNOWLEDGE_CAVEAT_MS) return result;
  const caveats = [...result.primary.caveats];
  const at = caveats[0]?.startsWith('Conflicting precedent') ? 1 : 0;
  caveats.splice(at, 0, KNOWLEDGE_CAVEAT);
  return { ...result, primary: { ...result.primary, caveats } };
}
