import type { ModelContext } from '../model/state/context.js';
import { knownNamespace } from '../model/state/keys.js';
import type { AlertRecord } from '../model/state/records/insights.js';
import {
  type AlertSeed,
  type AnswerSeed,
  type PatternSeed,
  type ProfileSeed,
  seedAlerts,
  seedAnswers,
  seedPatterns,
  seedProfiles,
  setDerivedAlerts,
} from './insights.js';
import { createKnowledgeApi, type KnowledgeApi } from './knowledge.js';
import type { MemoryTarget } from './memory.js';

export type { AlertSeed, AnswerSeed, PatternSeed, ProfileSeed } from './insights.js';

/**
 * Decision memory beyond judgments, in process: knowledge sources and the seeds of insights (the twins of
 * `/__mock/memory/knowledge/*`, `/__mock/memory/patterns`, `/alerts`, `/profiles` and `/ask/answers`).
 * @example service.memory.answers({ question: 'May we say "clinically proven"?', answer: 'Only with a citation.' })
 */
export interface MemoryExtrasApi {
  /** Knowledge ingestion settings, conversions, manual completion and uploads. */
  readonly knowledge: KnowledgeApi;
  /** Adds patterns patterns/get lists beside the derived ones. */
  patterns(patterns: PatternSeed | readonly PatternSeed[], target?: MemoryTarget): { patterns: number };
  /** Stores alerts (an id already stored is replaced); returns them as stored. */
  alerts(alerts: AlertSeed | readonly AlertSeed[], target?: MemoryTarget): AlertRecord[];
  /** Turns the derived approval-rate alert rule on (default) or off. */
  derivedAlerts(on: boolean, target?: MemoryTarget): void;
  /** Stores profile extras (`twinAccuracy`, `evolvedStandards`) by reviewer. */
  profiles(profiles: ProfileSeed | readonly ProfileSeed[], target?: MemoryTarget): { profiles: number };
  /** Scripts what ask answers for exact questions. */
  answers(answers: AnswerSeed | readonly AnswerSeed[], target?: MemoryTarget): { answers: number };
}

/**
 * The memory surface beyond judgments, bound to one service.
 * @example const extras = createMemoryExtras(model, () => credentials.apiKey);
 */
export function createMemoryExtras(ctx: ModelContext, defaultApiKey: () => string): MemoryExtrasApi {
  const ns = (target: MemoryTarget | undefined) => knownNamespace(ctx, target?.apiKey ?? defaultApiKey());
  return {
    knowledge: createKnowledgeApi(ctx, defaultApiKey),
    patterns: (patterns, target) => seedPatterns(ctx, ns(target), patterns),
    alerts: (alerts, target) => seedAlerts(ctx, ns(target), alerts),
    derivedAlerts: (on, target) => setDerivedAlerts(ctx, ns(target), on),
    profiles: (profiles, target) => seedProfiles(ctx, ns(target), profiles),
    answers: (answers, target) => seedAnswers(ctx, ns(target), answers),
  };
}
