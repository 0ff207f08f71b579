/** Agent execution operations (beyond-spec-4 4.1.8–4.1.12): run, get, list, count, analytics. */
import { z } from 'zod';
import { MODEL_ALLOWLIST } from '../../model/agents/catalogue.js';
import { loadAgentsEngine } from '../../model/agents/load.js';
import type { AgentProvider } from '../../model/state/records/agents.js';
import { defineOperation, namespaceOf } from '../../protocol/operation.js';
import { nonBlank, provider, required, strict } from './schemas.js';

const allowlisted = (model: string, p?: AgentProvider): boolean =>
  p !== undefined ? MODEL_ALLOWLIST[p] === model : (Object.values(MODEL_ALLOWLIST) as string[]).includes(model);

/** The strict `aiConfig` of a run: at least one field; models from the allowlist. */
const runAiConfig = strict({
  provider: provider.optional(),
  model: z.string().optional(),
  defaultModels: z.partialRecord(provider, z.string()).optional(),
  maxToolTurns: z.int().min(1).max(16).optional(),
}).superRefine((value, ctx) => {
  const fail = (path: string[], message: string) => ctx.addIssue({ code: 'custom', path, message, input: value });
  if (Object.keys(value).length === 0) return fail([], 'aiConfig must set at least one of provider, model, defaultModels, maxToolTurns.');
  if (value.model !== undefined && !allowlisted(value.model, value.provider)) {
    return fail(['model'], `aiConfig.model ${value.model} is not an allowed model${value.provider ? ` for provider ${value.provider}` : ''}.`);
  }
  if (value.defaultModels !== undefined) {
    const entries = Object.entries(value.defaultModels) as [AgentProvider, string][];
    if (entries.length === 0) return fail(['defaultModels'], 'aiConfig.defaultModels must name at least one provider.');
    const bad = entries.find(([p, m]) => MODEL_ALLOWLIST[p] !== m);
    if (bad) return fail(['defaultModels', bad[0]], `aiConfig.defaultModels.${bad[0]} ${bad[1]} is not an allowed model for provider ${bad[0]}.`);
  }
  return undefined;
});

const absoluteUrl = z.string().refine(
  (u) => {
    try {
      return new URL(u).protocol.length > 1;
    } catch {
      return false;
    }
  },
  { error: 'url must be a valid URL.' },
);

/** `POST /v2/agents/execution/run`: starts a run (passthrough body, strict `aiConfig`). */
export const run = defineOperation({
  auth: 'apiKey',
  summary: 'Run agent execution',
  message: 'Agent execution created successfully',
  schema: z.looseObject({
    agentId: nonBlank(),
    url: z.string({ error: (i) => (i.input === undefined ? 'url is required.' : 'url must be a valid URL.') }).pipe(absoluteUrl),
    organizationId: nonBlank(),
    documentId: nonBlank(),
    crossPageExecute: z.boolean().optional(),
    maxUrlsToProcess: z.int().positive().optional(),
    deviceType: z.enum(['mobile', 'desktop']).optional(),
    annotationVisibility: z.enum(['public', 'private']).optional(),
    trigger: z.enum(['standalone', 'workflow']).optional(),
    workflowExecutionId: z.string().optional(),
    ranBy: z.looseObject({ userId: required(), name: z.string().optional(), email: z.string().optional() }).optional(),
    userContext: z.record(z.string(), z.unknown()).optional(),
    aiConfig: runAiConfig.optional(),
  }),
  result: z.object({ executionId: z.string() }),
  run: async ({ data, caller, model }) => {
    const execution = (await loadAgentsEngine()).startExecution(model, namespaceOf(caller), data);
    return { data: { executionId: execution.id } };
  },
});

/** `POST /v2/agents/execution/get`: one execution after settling the clock, with its results when asked. */
export const get = defineOperation({
  auth: 'apiKey',
  summary: 'Get agent execution',
  message: 'Execution fetched successfully',
  schema: z.looseObject({ executionId: nonBlank(), includeResults: z.boolean().optional() }),
  run: async ({ data, caller }) => ({ data: (await loadAgentsEngine()).getExecution(namespaceOf(caller), data.executionId, data.includeResults ?? false) }),
});

const FILTER = 'Filter must be one of {agentId}, {organizationId, documentId}, {agentId, organizationId, documentId}.';

/** `POST /v2/agents/execution/list`: a page of executions, newest first, under one of three filter shapes (strict body). */
export const list = defineOperation({
  auth: 'apiKey',
  summary: 'List agent executions',
  message: 'Executions listed successfully',
  schema: strict({
    agentId: nonBlank().optional(),
    organizationId: nonBlank().optional(),
    documentId: nonBlank().optional(),
    pageSize: z.int().min(1).max(100).optional(),
    pageToken: z.string().optional(),
  }).superRefine((value, ctx) => {
    const hasAgent = value.agentId !== undefined;
    const hasDocument = value.organizationId !== undefined && value.documentId !== undefined;
    const halfDocument = (value.organizationId !== undefined) !== (value.documentId !== undefined);
    if (halfDocument || (!hasAgent && !hasDocument)) ctx.addIssue({ code: 'custom', path: [], message: FILTER, input: value });
  }),
  run: async ({ data, caller }) => {
    const { pageSize, pageToken, ...filter } = data;
    return { data: (await loadAgentsEngine()).listExecutions(namespaceOf(caller), filter, pageSize ?? 20, pageToken) };
  },
});

/** `POST /v2/agents/execution/count`: counts per agent or over the key, by status (strict body). */
export const count = defineOperation({
  auth: 'apiKey',
  summary: 'Count agent executions',
  message: 'Execution count fetched successfully',
  schema: strict({
    agentIds: z.union([nonBlank(), z.array(nonBlank()).min(1).max(200)]).optional(),
    status: z.enum(['running', 'passed', 'failed', 'partial', 'error', 'skipped']).optional(),
  }),
  run: async ({ data, caller }) => {
    const agentIds = data.agentIds === undefined ? undefined : [...new Set(typeof data.agentIds === 'string' ? [data.agentIds] : data.agentIds)];
    return { data: (await loadAgentsEngine()).countExecutions(namespaceOf(caller), { agentIds, status: data.status }) };
  },
});

/** `POST /v2/agents/analytics/get`: token usage and execution counts. */
export const analytics = defineOperation({
  auth: 'apiKey',
  summary: 'Get agent analytics',
  message: 'Analytics fetched successfully',
  schema: z.looseObject({
    agentId: required().optional(),
    year: z
      .string()
      .regex(/^\d{4}$/, { error: 'year must match ^\\d{4}$.' })
      .optional(),
    month: z
      .string()
      .regex(/^(0[1-9]|1[0-2])$/, { error: 'month must match ^(0[1-9]|1[0-2])$.' })
      .optional(),
    model: z.string().optional(),
  }),
  run: async ({ data, caller }) => ({ data: { analytics: (await loadAgentsEngine()).getAnalytics(namespaceOf(caller), data) } }),
});
