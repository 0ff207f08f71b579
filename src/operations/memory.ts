import { z } from 'zod';
import { withKnowledgeCaveat } from '../model/knowledge/caveat.js';
import { judgmentIndex } from '../model/memory/index.js';
import { suggestDecision } from '../model/memory/suggest.js';
import { loadSynonyms } from '../model/memory/synonyms.js';
import { defineOperation, namespaceOf } from '../protocol/operation.js';
import { requiredString } from '../protocol/rules.js';

/**
 * The longest query suggest reads, in characters: a pasted item with its greetings and deadlines fits many times
 * over, and no query makes the matching's work grow past what this many characters cost.
 */
export const MAX_QUERY_LENGTH = 2000;

/** Blank reads as missing, so a blank query fails with the same `invalid_type` issue as an absent one. */
const query = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z.string({ error: (issue) => (issue.code === 'invalid_type' ? 'query is required' : undefined) }).max(MAX_QUERY_LENGTH),
);

/** What suggest (and its explanation) is asked: `query`, and `organizationId`/`documentId` to narrow precedent. */
export const suggestInput = z.lazy(() =>
  z
    .object({ query, organizationId: requiredString().optional(), documentId: requiredString().optional() })
    .refine((d) => d.documentId === undefined || d.organizationId !== undefined, {
      error: 'documentId requires organizationId.',
      path: ['documentId'],
    }),
);

/** `POST /v2/memory/suggest`: approve or reject, grounded in the caller's judgments (service-facts 3.41, 5). */
export const suggest = defineOperation({
  auth: 'apiKey',
  summary: 'Suggest a decision from recorded judgments',
  message: null,
  issueDetails: true,
  schema: suggestInput,
  async run({ data, caller, model }) {
    const ns = namespaceOf(caller);
    const index = judgmentIndex(ns.judgments, await loadSynonyms());
    const now = model.clock.now();
    return { data: withKnowledgeCaveat(suggestDecision(ns, data, now, index), ns.knowledge, now) };
  },
});

/** Every decision a judgment may carry (service-facts 3.42). */
export const JUDGMENT_DECISIONS = [
  'comment',
  'resolve',
  'approved',
  'rejected',
  'in_progress',
  'agree',
  'disagree',
  'endorse',
  'document_approved',
  'document_rejected',
] as const;

/**
 * One judgment as scenarios, the in-process API and the control plane give it (service-facts 3.42, emulator
 * form, plus the optional fields of beyond-spec-4 4.3.0 A): `content`, `decision` and `actionUser.userId` are
 * required, every other field has a default. A key the form does not know is refused, never dropped.
 */
export const judgmentInput = z.lazy(() =>
  z.strictObject({
    recordId: z.string().optional(),
    content: requiredString(),
    reasoning: z.string().default(''),
    decision: z.enum(JUDGMENT_DECISIONS),
    confidence: z.number().min(0).max(1).default(1),
    judgeType: z.enum(['human', 'agent']).default('human'),
    contentType: z.string().default(''),
    actionUser: z.strictObject({ userId: requiredString(), name: z.string().optional(), email: z.string().optional() }),
    createdAt: z.number().int().nonnegative().optional(),
    organizationId: requiredString().optional(),
    documentId: requiredString().optional(),
    agent: z.record(z.string(), z.unknown()).nullable().default(null),
    annotationId: requiredString().optional(),
    flags: z.array(requiredString()).optional(),
  }),
);

/** A list of judgments; a `recordId` looks like `act_…`, and a `documentId` needs its `organizationId` (the document scope lies inside one). */
export const judgmentList = z.lazy(() =>
  z.object({
    judgments: z.array(judgmentInput).superRefine((list, ctx) => {
      list.forEach((judgment, i) => {
        if (judgment.recordId !== undefined && !/^act_[A-Za-z0-9_-]+$/.test(judgment.recordId)) {
          const message = `judgments[${i}].recordId must look like act_ followed by letters, digits, _ or -; omit it to have one generated.`;
          ctx.addIssue({ code: 'custom', path: [i, 'recordId'], message });
        }
        if (judgment.documentId !== undefined && judgment.organizationId === undefined) {
          ctx.addIssue({ code: 'custom', path: [i, 'documentId'], message: `judgments[${i}].documentId requires organizationId.` });
        }
      });
    }),
  }),
);

/** A validated judgment, defaults applied. */
export type JudgmentInput = z.output<typeof judgmentInput>;
