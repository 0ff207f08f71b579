import { z } from 'zod';
import { suggestDecision } from '../model/memory-suggest.js';
import { defineOperation, namespaceOf } from '../protocol/operation.js';
import { requiredString } from '../protocol/rules.js';

/** Blank reads as missing, so a blank query fails with the same `invalid_type` issue as an absent one. */
const query = z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.string({ error: 'query is required' }));

/** `POST /v2/memory/suggest`: approve or reject, grounded in the caller's judgments (service-facts 3.41, 5). */
export const suggest = defineOperation({
  auth: 'apiKey',
  summary: 'Suggest a decision from recorded judgments',
  message: null,
  issueDetails: true,
  schema: z
    .object({ query, organizationId: requiredString().optional(), documentId: requiredString().optional() })
    .refine((d) => d.documentId === undefined || d.organizationId !== undefined, {
      error: 'documentId requires organizationId.',
      path: ['documentId'],
    }),
  run({ data, caller, model }) {
    return { data: suggestDecision(namespaceOf(caller), data, model.clock.now()) };
  },
});
