import { z } from 'zod';
import { insightsOf, newAlertId } from '../model/memory/insights/state.js';
import type { ModelContext } from '../model/state/context.js';
import type { Namespace } from '../model/state/entities.js';
import type { AlertRecord, EvolvedStandard, PatternRecord, ProfileExtras, ScriptedAnswer } from '../model/state/records/insights.js';
import { requiredString } from '../protocol/rules.js';
import { validate } from '../protocol/validate.js';

/** A pattern to list beside the derived ones, stored as given. */
export interface PatternSeed {
  scope: 'apiKey' | 'org';
  organizationId?: string | undefined;
  description: string;
  confidence: number;
  sourceCount: number;
  contentType: string;
  category: string;
  discoveredAt: number;
  updatedAt?: number | undefined;
  enforcementRate?: number | undefined;
  uniqueReviewers?: number | undefined;
  topSourceRecordIds?: string[] | undefined;
}

/** An alert to store; missing fields default (`active`, created now, a fresh id). */
export interface AlertSeed {
  id?: string | undefined;
  alertType: 'anomaly' | 'configuration_drift' | 'emerging_standard' | 'standards_drift';
  severity: 'high' | 'medium' | 'low';
  title: string;
  description: string;
  evidence?: Record<string, unknown> | undefined;
  suggestedAction?: string | undefined;
  actionUrl?: string | null | undefined;
  status?: 'active' | 'dismissed' | 'actioned' | undefined;
  createdAt?: number | undefined;
  dedupKey?: string | undefined;
}

/** Extras of one reviewer's profile, over the derived values. */
export interface ProfileSeed {
  userId: string;
  twinAccuracy?: number | null | undefined;
  evolvedStandards?: EvolvedStandard[] | undefined;
}

/** A scripted answer of ask for one exact question. */
export interface AnswerSeed {
  question: string;
  answer: string;
  citations?: { recordId: string; snippet: string }[] | undefined;
  /** Default 0.9. */
  confidence?: number | undefined;
}

/** A refinement whose message reads `<path> <phrase>.` (see `validate`). */
const phrase = (text: string) => ({ params: { rule: 'phrase', phrase: text } });
const ms = z.number().check(z.refine((v: number) => Number.isInteger(v) && v >= 0, phrase('must be milliseconds (a whole number of 0 or more)')));
const share = z.number().check(z.refine((v: number) => v >= 0 && v <= 1, phrase('must be a number from 0 to 1')));

const patternSeed = z.lazy(() =>
  z.strictObject({
    scope: z.enum(['apiKey', 'org']),
    organizationId: z.string().min(1).optional(),
    description: z.string(),
    confidence: share,
    sourceCount: z.number().int().nonnegative(),
    contentType: z.string(),
    category: z.string(),
    discoveredAt: ms,
    updatedAt: ms.optional(),
    enforcementRate: share.optional(),
    uniqueReviewers: z.number().int().nonnegative().optional(),
    topSourceRecordIds: z.array(z.string()).optional(),
  }),
);

const METRICS = ['approvalRate', 'volume', 'staleReferences', 'enforcementRate', 'violationRate'] as const;

const alertSeed = z.lazy(() =>
  z.strictObject({
    id: z
      .string()
      .regex(/^alert_[A-Za-z0-9_-]+$/, { error: 'id must look like alert_ followed by letters, digits, _ or -; omit it to have one generated.' })
      .optional(),
    alertType: z.enum(['anomaly', 'configuration_drift', 'emerging_standard', 'standards_drift']),
    severity: z.enum(['high', 'medium', 'low']),
    title: z.string(),
    description: z.string(),
    evidence: z.looseObject({ metric: z.enum(METRICS).optional() }).optional(),
    suggestedAction: z.string().optional(),
    actionUrl: z.string().nullable().optional(),
    status: z.enum(['active', 'dismissed', 'actioned']).optional(),
    createdAt: ms.optional(),
    dedupKey: z.string().optional(),
  }),
);

const profileSeed = z.lazy(() =>
  z.strictObject({
    userId: z.string().min(1),
    twinAccuracy: share.nullable().optional(),
    evolvedStandards: z.array(z.strictObject({ topic: z.string(), shiftDate: ms, oldPattern: z.string(), newPattern: z.string() })).optional(),
  }),
);

const answerSeed = z.lazy(() =>
  z.strictObject({
    question: requiredString(),
    answer: z.string(),
    citations: z.array(z.strictObject({ recordId: z.string().min(1), snippet: z.string() })).optional(),
    confidence: share.optional(),
  }),
);

const listOf = (input: unknown): unknown[] => (Array.isArray(input) ? input : [input]);

/** Validates a list under its name, so a bad item reads `alerts[1].severity ...`. */
function validList<T extends z.ZodType>(name: string, item: T, input: unknown): z.output<T>[] {
  return validate(z.object({ [name]: z.array(item) }), { [name]: listOf(input) })[name] as z.output<T>[];
}

/** Validates patterns (all of them first) and adds them to the ones patterns/get lists. */
export function seedPatterns(ctx: ModelContext, ns: Namespace, input: unknown): { patterns: number } {
  const seeds = validList('patterns', patternSeed, input);
  const insights = insightsOf(ctx, ns);
  // Field order as patterns/get shows it.
  const added = seeds.map((seed): PatternRecord => {
    const pattern: PatternRecord = { scope: seed.scope } as PatternRecord;
    if (seed.organizationId !== undefined) pattern.organizationId = seed.organizationId;
    Object.assign(pattern, {
      description: seed.description,
      confidence: seed.confidence,
      sourceCount: seed.sourceCount,
      contentType: seed.contentType,
      category: seed.category,
      discoveredAt: seed.discoveredAt,
      updatedAt: seed.updatedAt ?? seed.discoveredAt,
    });
    if (seed.enforcementRate !== undefined) pattern.enforcementRate = seed.enforcementRate;
    if (seed.uniqueReviewers !== undefined) pattern.uniqueReviewers = seed.uniqueReviewers;
    if (seed.topSourceRecordIds !== undefined) pattern.topSourceRecordIds = [...seed.topSourceRecordIds];
    return pattern;
  });
  ctx.store.undo.assign(insights, 'patterns', [...insights.patterns, ...added]);
  return { patterns: insights.patterns.length };
}

/** Validates alerts (all of them first) and stores them; an id already stored is replaced. */
export function seedAlerts(ctx: ModelContext, ns: Namespace, input: unknown): AlertRecord[] {
  const seeds = validList('alerts', alertSeed, input);
  const insights = insightsOf(ctx, ns);
  const now = ctx.clock.now();
  return seeds.map((seed) => {
    const status = seed.status ?? 'active';
    const alert: AlertRecord = {
      id: seed.id ?? newAlertId(ctx, ns),
      apiKey: ns.apiKey,
      alertType: seed.alertType,
      severity: seed.severity,
      title: seed.title,
      description: seed.description,
      evidence: { ...(seed.evidence ?? {}) },
      actionUrl: seed.actionUrl ?? null,
      status,
      createdAt: seed.createdAt ?? now,
      dismissedAt: status === 'dismissed' ? now : null,
      dismissedBy: status === 'dismissed' ? '' : null,
      actionedAt: status === 'actioned' ? now : null,
    };
    if (seed.suggestedAction !== undefined) alert.suggestedAction = seed.suggestedAction;
    if (seed.dedupKey !== undefined) alert.dedupKey = seed.dedupKey;
    ctx.store.undo.set(insights.alerts, alert.id, alert);
    return { ...alert, evidence: { ...alert.evidence } };
  });
}

/** Turns the derived approval-rate rule on or off for a key. */
export function setDerivedAlerts(ctx: ModelContext, ns: Namespace, on: boolean): void {
  ctx.store.undo.assign(insightsOf(ctx, ns), 'derivedAlerts', on);
}

/** Validates profile extras (all first) and stores them by reviewer; a later seed for a reviewer replaces the earlier. */
export function seedProfiles(ctx: ModelContext, ns: Namespace, input: unknown): { profiles: number } {
  const seeds = validList('profiles', profileSeed, input);
  const insights = insightsOf(ctx, ns);
  for (const seed of seeds) {
    const extras: ProfileExtras = {};
    if (seed.twinAccuracy !== undefined) extras.twinAccuracy = seed.twinAccuracy;
    if (seed.evolvedStandards !== undefined) extras.evolvedStandards = seed.evolvedStandards;
    ctx.store.undo.set(insights.profiles, seed.userId, extras);
  }
  return { profiles: insights.profiles.size };
}

/** Validates scripted answers (all first) and stores them by exact question. */
export function seedAnswers(ctx: ModelContext, ns: Namespace, input: unknown): { answers: number } {
  const seeds = validList('answers', answerSeed, input);
  const insights = insightsOf(ctx, ns);
  for (const seed of seeds) {
    const answer: ScriptedAnswer = { answer: seed.answer, citations: seed.citations ?? [], confidence: seed.confidence ?? 0.9 };
    ctx.store.undo.set(insights.answers, seed.question, answer);
  }
  return { answers: insights.answers.size };
}
