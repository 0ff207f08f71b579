import { withKnowledgeCaveat } from '../model/knowledge/caveat.js';
import type { Explanation } from '../model/memory/explain.js';
import { judgmentIndex } from '../model/memory/index.js';
import { type JudgmentDraft, listJudgments, recordJudgmentDrafts } from '../model/memory/judgments.js';
import { loadSynonyms } from '../model/memory/synonyms.js';
import type { ModelContext } from '../model/state/context.js';
import type { JudgmentRecord, Namespace } from '../model/state/entities.js';
import { assertKnownKey, knownNamespace } from '../model/state/keys.js';
import { emptyNamespace } from '../model/state/store.js';
import { allOrNothing } from '../model/state/transaction.js';
import { type JUDGMENT_DECISIONS, judgmentList, suggestInput } from '../operations/memory.js';
import { validate } from '../protocol/validate.js';

/**
 * A judgment as callers give it: `content`, `decision` and `actionUser.userId` required, the rest defaulted.
 * Written out (a test holds it equal to the schema's input) so the published types carry no zod.
 */
export interface JudgmentInit {
  recordId?: string | undefined;
  content: string;
  reasoning?: string | undefined;
  decision: (typeof JUDGMENT_DECISIONS)[number];
  confidence?: number | undefined;
  judgeType?: 'human' | 'agent' | undefined;
  contentType?: string | undefined;
  actionUser: { userId: string; name?: string | undefined; email?: string | undefined };
  createdAt?: number | undefined;
  organizationId?: string | undefined;
  documentId?: string | undefined;
  agent?: Record<string, unknown> | null | undefined;
  annotationId?: string | undefined;
  flags?: string[] | undefined;
}

/** Which API key's judgments to touch; default: the service's seeded testing key. */
export interface MemoryTarget {
  apiKey?: string;
}

/** Filters of `memory.list`. */
export interface MemoryListOptions extends MemoryTarget {
  organizationId?: string;
  documentId?: string;
}

/** What `memory.explain` is asked: suggest's own fields, and the API key whose judgments to search. */
export interface MemoryExplainRequest extends MemoryTarget {
  query: string;
  organizationId?: string;
  documentId?: string;
}

/**
 * Decision memory in process: the judgments suggest draws on. The real service writes them from review
 * activity; here tests write them directly.
 * @example service.memory.record({ content: 'Ad copy: "cures acne"', decision: 'rejected', actionUser: { userId: 'u1' } })
 */
export interface MemoryApi {
  /** Validates and stores judgments, all or nothing; returns the stored records (ids and times filled in). */
  record(input: JudgmentInit | readonly JudgmentInit[], target?: MemoryTarget): JudgmentRecord[];
  /** The stored judgments of an API key, newest first. */
  list(options?: MemoryListOptions): JudgmentRecord[];
  /**
   * Why `/v2/memory/suggest` answers what it answers for this request: the same result, the judgments that
   * counted (relevance, coverage, matched terms) and the ones that came close. Refuses what suggest refuses.
   */
  explain(request: MemoryExplainRequest): Promise<Explanation>;
}

/**
 * Validates judgments (every record, before anything is stored) and appends them to a namespace; the first
 * bad field refuses the whole batch with INVALID_ARGUMENT naming it, e.g. `judgments[2].decision must be one of ...`.
 * @example recordJudgments(model, model.store.namespace(apiKey), [{ content, decision: 'approved', actionUser: { userId: 'u1' } }])
 */
export function recordJudgments(ctx: ModelContext, ns: Namespace, inputs: unknown): JudgmentRecord[] {
  const { judgments } = validate(judgmentList, { judgments: Array.isArray(inputs) ? inputs : [inputs] });
  const drafts = judgments.map((j): JudgmentDraft => {
    const { recordId, createdAt, organizationId, documentId, actionUser, annotationId, flags, ...rest } = j;
    const user: JudgmentDraft['actionUser'] = { userId: actionUser.userId };
    if (actionUser.name !== undefined) user.name = actionUser.name;
    if (actionUser.email !== undefined) user.email = actionUser.email;
    const draft: JudgmentDraft = { ...rest, actionUser: user };
    if (recordId !== undefined) draft.recordId = recordId;
    if (createdAt !== undefined) draft.createdAt = createdAt;
    if (organizationId !== undefined) draft.organizationId = organizationId;
    if (documentId !== undefined) draft.documentId = documentId;
    if (annotationId !== undefined) draft.annotationId = annotationId;
    if (flags !== undefined) draft.flags = flags;
    return draft;
  });
  return recordJudgmentDrafts(ctx, ns, drafts);
}

/**
 * The judgments of an API key, newest first, without creating its namespace.
 * @example listKeyJudgments(model, apiKey, { organizationId: 'acme' })
 */
export function listKeyJudgments(ctx: ModelContext, apiKey: string, filter: Omit<MemoryListOptions, 'apiKey'> = {}): JudgmentRecord[] {
  assertKnownKey(ctx, apiKey);
  const ns = ctx.store.tables.namespaces.get(apiKey);
  return ns ? listJudgments(ns, filter) : [];
}

/**
 * Validates an explain request as suggest validates its data (INVALID_ARGUMENT `query is required`, `documentId
 * requires organizationId.`) and explains the suggestion over the key's judgments, without creating its namespace.
 * @example await explainKeySuggestion(model, apiKey, { query: 'swear words in a review' })
 */
export async function explainKeySuggestion(ctx: ModelContext, apiKey: string, request: unknown): Promise<Explanation> {
  const data = validate(suggestInput, request, true);
  assertKnownKey(ctx, apiKey);
  const ns = ctx.store.tables.namespaces.get(apiKey) ?? emptyNamespace(apiKey);
  const now = ctx.clock.now();
  // Explaining is a developer's tool: its code loads on first use, like the related-words table.
  const [{ explainDecision }, lexicon] = await Promise.all([import('../model/memory/explain.js'), loadSynonyms()]);
  const explanation = explainDecision(ns, data, now, judgmentIndex(ns.judgments, lexicon));
  return { ...explanation, result: withKnowledgeCaveat(explanation.result, ns.knowledge, now) };
}

/**
 * The `service.memory` surface bound to one service.
 * @example const memory = createMemoryApi(model, () => credentials.apiKey);
 */
export function createMemoryApi(ctx: ModelContext, defaultApiKey: () => string): MemoryApi {
  return {
    record: (input, target = {}) => allOrNothing(ctx, () => recordJudgments(ctx, knownNamespace(ctx, target.apiKey ?? defaultApiKey()), input)),
    list: (options = {}) => {
      const { apiKey, ...filter } = options;
      return listKeyJudgments(ctx, apiKey ?? defaultApiKey(), filter);
    },
    explain: async (request) => {
      const { apiKey, ...rest } = request;
      return explainKeySuggestion(ctx, apiKey ?? defaultApiKey(), rest);
    },
  };
}
