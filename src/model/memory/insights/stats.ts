import type { Namespace } from '../../state/entities.js';
import { judgmentViews } from '../views.js';
import { decisionPatterns } from './patterns.js';

/**
 * The aggregate counts of stats/get: judgments (capped at 10,000), distinct reviewers (500), patterns (100), and every
 * knowledge source, exact.
 * @example memoryStats(ns).totalActivities
 */
export function memoryStats(ns: Namespace): Record<string, number> {
  return {
    totalActivities: Math.min(ns.judgments.length, 10_000),
    totalProfiles: Math.min(judgmentViews(ns.judgments).byReviewer.size, 500),
    totalPatterns: Math.min(decisionPatterns(ns).length, 100),
    totalKnowledgeSources: ns.knowledge?.sources.size ?? 0,
  };
}
