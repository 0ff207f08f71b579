import { explainKeySuggestion, knownNamespace, listKeyJudgments, recordJudgments } from '../harness/memory.js';
import { ServiceError } from '../protocol/errors.js';
import { queryParams, type ControlHandler } from './control.js';

const BODY_SHAPE = 'The body must be {"judgments": [...]}, optionally with "apiKey" (default: the seeded key).';
const EXPLAIN_SHAPE = 'The body must be {"query": "..."}, optionally with "organizationId", "documentId" and "apiKey" (default: the seeded key).';

/**
 * Control routes of decision memory: record judgments (the real service has no such endpoint), list them, and
 * explain a suggestion.
 * @example POST /__mock/memory/judgments {"judgments":[{"content":"...","decision":"rejected","actionUser":{"userId":"u1"}}]}
 */
export const memoryControlRoutes: Readonly<Record<string, ControlHandler>> = {
  'POST /__mock/memory/judgments': (deps, body) => {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new ServiceError('INVALID_ARGUMENT', BODY_SHAPE);
    const { apiKey, judgments } = body as { apiKey?: unknown; judgments?: unknown };
    if (apiKey !== undefined && typeof apiKey !== 'string') throw new ServiceError('INVALID_ARGUMENT', 'apiKey must be a string.');
    if (!Array.isArray(judgments)) throw new ServiceError('INVALID_ARGUMENT', BODY_SHAPE);
    const ns = knownNamespace(deps.model, apiKey ?? deps.credentials().apiKey);
    const recorded = recordJudgments(deps.model, ns, judgments);
    return { recorded: recorded.length, judgments: recorded };
  },
  'POST /__mock/memory/explain': async (deps, body) => {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new ServiceError('INVALID_ARGUMENT', EXPLAIN_SHAPE);
    const { apiKey, ...request } = body as { apiKey?: unknown };
    if (apiKey !== undefined && typeof apiKey !== 'string') throw new ServiceError('INVALID_ARGUMENT', 'apiKey must be a string.');
    return explainKeySuggestion(deps.model, apiKey ?? deps.credentials().apiKey, request);
  },
  'GET /__mock/memory/judgments': (deps, _body, call) => {
    const params = queryParams(call);
    const filter: { organizationId?: string; documentId?: string } = {};
    const organizationId = params.get('organizationId');
    const documentId = params.get('documentId');
    if (organizationId !== null) filter.organizationId = organizationId;
    if (documentId !== null) filter.documentId = documentId;
    return { judgments: listKeyJudgments(deps.model, params.get('apiKey') ?? deps.credentials().apiKey, filter) };
  },
};
