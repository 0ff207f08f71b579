import { z } from 'zod';
import { explainKeySuggestion, listKeyJudgments, recordJudgments } from '../harness/memory.js';
import { validate } from '../protocol/validate.js';
import { type ControlHandler, namespaceFor } from './context.js';

const BODY_SHAPE = 'The body must be {"judgments": [...]}, optionally with "apiKey" (default: the seeded key).';
const EXPLAIN_SHAPE = 'The body must be {"query": "..."}, optionally with "organizationId", "documentId" and "apiKey" (default: the seeded key).';
const apiKey = z.string({ error: 'apiKey must be a string.' }).optional();
const judgmentsBody = z.object({ apiKey, judgments: z.array(z.unknown(), { error: BODY_SHAPE }) }, { error: BODY_SHAPE });
const explainBody = z.looseObject({ apiKey }, { error: EXPLAIN_SHAPE });

/**
 * `POST /__mock/memory/judgments`: records judgments (the real service has no such endpoint).
 * @example POST /__mock/memory/judgments {"judgments":[{"content":"...","decision":"rejected","actionUser":{"userId":"u1"}}]}
 */
export const recordJudgmentsRoute: ControlHandler = (deps, { body }) => {
  const input = validate(judgmentsBody, body);
  const ns = namespaceFor(deps, input.apiKey);
  const recorded = recordJudgments(deps.model, ns, input.judgments);
  return { recorded: recorded.length, judgments: recorded };
};

/** `POST /__mock/memory/explain` `{ query, organizationId?, documentId?, apiKey? }`: why suggest answers what it answers. */
export const explainRoute: ControlHandler = (deps, { body }) => {
  const { apiKey: key, ...request } = validate(explainBody, body);
  return explainKeySuggestion(deps.model, key ?? deps.credentials().apiKey, request);
};

/** `GET /__mock/memory/judgments?apiKey=&organizationId=&documentId=`: the stored judgments, newest first. */
export const listJudgmentsRoute: ControlHandler = (deps, { query: params }) => {
  const filter: { organizationId?: string; documentId?: string } = {};
  const organizationId = params.get('organizationId');
  const documentId = params.get('documentId');
  if (organizationId !== null) filter.organizationId = organizationId;
  if (documentId !== null) filter.documentId = documentId;
  return { judgments: listKeyJudgments(deps.model, params.get('apiKey') ?? deps.credentials().apiKey, filter) };
};
