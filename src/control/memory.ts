import { z } from 'zod';
import { listKeyJudgments, recordJudgments } from '../memory-api.js';
import { validate } from '../protocol/validate.js';
import { namespaceFor, type ControlHandler } from './context.js';

const BODY_SHAPE = 'The body must be {"judgments": [...]}, optionally with "apiKey" (default: the seeded key).';
const judgmentsBody = z.object(
  { apiKey: z.string({ error: 'apiKey must be a string.' }).optional(), judgments: z.array(z.unknown(), { error: BODY_SHAPE }) },
  { error: BODY_SHAPE },
);

/**
 * `POST /__mock/memory/judgments`: records judgments (the real service has no such endpoint).
 * @example POST /__mock/memory/judgments {"judgments":[{"content":"...","decision":"rejected","actionUser":{"userId":"u1"}}]}
 */
export const recordJudgmentsRoute: ControlHandler = (deps, { body }) => {
  const { apiKey, judgments } = validate(judgmentsBody, body);
  const ns = namespaceFor(deps, apiKey);
  const recorded = recordJudgments(deps.model, ns, judgments);
  return { recorded: recorded.length, judgments: recorded };
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
