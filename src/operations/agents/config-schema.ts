/** The configuration rules of a custom agent (beyond-spec-4 4.1.0 C, C1–C17), run on create and on a version update's merged result. */
import { z } from 'zod';
import { nonBlank, provider, required, strict } from './schemas.js';

const STRATEGIES = [
  'web-page-text',
  'web-page-screenshot',
  'web-page-html',
  'web-page-css',
  'web-page-links',
  'web-page-accessibility',
  'computed-styles',
  'robots-txt',
  'sitemap-data',
  'lighthouse',
  'rest-api',
  'none',
] as const;
const EXECUTION_STRATEGIES = ['ai', 'service', 'service+ai', 'stagehand-agent', 'mcp-tools'] as const;
const SERVICE_IDS = ['broken-links', 'crawler', 'screenshot', 'accessibility-checker', 'og-image-checker'] as const;
const MANAGED_METADATA = ['type', 'category', 'internal', 'apiKey'];

/** C9: an `aiConfig` block; only `provider` is kept (and `maxToolTurns` where the block is the execution's). */
const aiConfigBase = strict({
  provider: provider.optional(),
  model: z.string().optional(),
  responseMimeType: z.string().optional(),
  maxToolTurns: z.int().min(1).max(16).optional(),
});
const aiConfig = aiConfigBase.transform(({ provider: p }) => (p !== undefined ? { provider: p } : {}));
const executionAiConfig = aiConfigBase.transform(({ provider: p, maxToolTurns }) => ({
  ...(p !== undefined ? { provider: p } : {}),
  ...(maxToolTurns !== undefined ? { maxToolTurns } : {}),
}));

/** C4: the four auth shapes of rest-api endpoints and MCP servers. */
const auth = z.looseObject({ type: z.enum(['none', 'bearer', 'basic', 'header']) }).superRefine((value, ctx) => {
  const need = (field: string, ok: boolean) => {
    if (!ok) ctx.addIssue({ code: 'custom', path: [field], params: { rule: 'required' }, input: value });
  };
  if (value.type === 'bearer') need('token', typeof value['token'] === 'string');
  if (value.type === 'basic') {
    need('username', typeof value['username'] === 'string');
    need('password', typeof value['password'] === 'string');
  }
  if (value.type === 'header') need('headers', typeof value['headers'] === 'object' && value['headers'] !== null && !Array.isArray(value['headers']));
});

/** C3: one rest-api endpoint. */
const endpoint = z.looseObject({
  id: z.string().optional(),
  name: z.string().optional(),
  description: required(),
  url: required(),
  method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']).optional(),
  headers: z.record(z.string(), z.string()).optional(),
  query: z.record(z.string(), z.unknown()).optional(),
  body: z.union([z.record(z.string(), z.unknown()), z.string()]).optional(),
  auth: auth.optional(),
  cacheTtlSeconds: z.int().min(0).max(86400).optional(),
  timeoutMs: z.int().min(1).max(30000).optional(),
  responsePath: z.string().optional(),
});

const contextGathering = z.looseObject({
  strategies: z.array(z.enum(STRATEGIES)).min(1),
  strategyOptions: z
    .looseObject({
      'rest-api': z.looseObject({ endpoints: z.array(endpoint).min(1).max(10), maxResponseBytes: z.int().min(1).max(5_000_000).optional() }).optional(),
      'computed-styles': z.looseObject({ selectors: z.array(z.string()).optional(), properties: z.array(z.string()).optional() }).optional(),
    })
    .optional(),
  aiConfig: aiConfig.optional(),
});

/** C8: one MCP server. */
const mcpServer = strict({
  id: required(),
  url: z.string().refine((u) => /^https?:\/\//i.test(u) || /\{\{[^}]+\}\}/.test(u), {
    params: { rule: 'phrase', phrase: 'must be an http(s) URL or contain a {{template}}' },
  }),
  name: z.string().optional(),
  description: z.string().optional(),
  transport: z.literal('http').optional(),
  auth: auth.optional(),
  allowedTools: z.array(z.string()).optional(),
  timeoutMs: z.int().min(1).max(120000).optional(),
});

const execution = z.looseObject({
  executionStrategy: z.enum(EXECUTION_STRATEGIES).optional(),
  serviceId: z.enum(SERVICE_IDS).optional(),
  aiConfig: executionAiConfig.optional(),
  mcpServers: z.array(mcpServer).min(1).max(5).optional(),
  responseDescriptions: z.looseObject({}).optional(),
  strategyOptions: z.looseObject({}).optional(),
  // C10
  knowledge: strict({
    useMemory: z.boolean().optional(),
    maxChunks: z.int().min(1).max(20).optional(),
    maxPatterns: z.int().min(1).max(20).optional(),
    maxActivities: z.int().min(1).max(20).optional(),
  }).optional(),
});

const stage = strict({ enabled: z.boolean().optional() });
/** C11 */
const postProcess = strict({
  guardrails: stage.optional(),
  deletePreviousSuggestions: stage.optional(),
  analytics: stage.optional(),
  matchAndMerge: stage.optional(),
  annotations: strict({ enabled: z.boolean().optional(), strategy: z.enum(['findings', 'word-level', 'page-level', 'none']).optional() }).optional(),
  customProcessors: z.array(z.string()).optional(),
});

const response = z.looseObject({
  useAiFormatting: z.boolean().optional(),
  formattingPrompt: z.string().optional(),
  responseAdapter: z
    .enum(['broken-links-response', 'crawler-response', 'screenshot-response', 'accessibility-checker-response', 'og-image-checker-response'])
    .optional(),
  aiConfig: aiConfig.optional(),
});

/** C12 */
const input = z.looseObject({
  userContextFields: z
    .array(
      z.looseObject({
        id: required(),
        title: required(),
        type: z.enum(['string', 'number', 'boolean']),
        required: z.boolean().optional(),
        example: z.string().optional(),
        defaultValue: z.union([z.string(), z.number(), z.boolean()]).optional(),
      }),
    )
    .optional(),
  variableKeys: z.array(z.string()).optional(),
  inputRequirements: z.looseObject({ requires: z.array(z.string()).optional(), requiresOneOf: z.array(z.string()).optional() }).optional(),
});

/** C13 */
const scope = z.looseObject({
  pageScope: z.array(z.string()).optional(),
  pageScopeExclude: z.array(z.string()).optional(),
  contentTypes: z.array(z.string()).optional(),
  crossPage: z
    .looseObject({
      enabled: z.boolean(),
      targetProperty: z.string(),
      pageDiscovery: z.enum(['auto', 'manual']),
      pages: z.array(z.string()).optional(),
      sourceOfTruthKnowledgeSourceId: z.string().optional(),
    })
    .optional(),
});

/** C14 */
const setup = z.looseObject({
  setupSamples: z
    .array(
      z.looseObject({
        content: z.string(),
        source: z.enum(['synthetic', 'user-provided']),
        findings: z.array(z.looseObject({ message: z.string(), elementSelector: z.string().optional(), isCorrect: z.boolean().optional() })),
        pmVerdict: z.enum(['correct', 'incorrect']).optional(),
        pmNotes: z.string().optional(),
      }),
    )
    .optional(),
  checklistOrigin: z
    .looseObject({
      checklistId: z.string(),
      checklistVersion: z.int().min(0),
      sectionRefs: z.array(z.string()),
      memoryRuleIds: z.array(z.string()),
      deduplicatedFrom: z.int().min(0).optional(),
    })
    .optional(),
});

/** C16: caller metadata without the keys the service manages. */
const metadata = z.record(z.string(), z.unknown()).superRefine((value, ctx) => {
  const managed = MANAGED_METADATA.find((k) => Object.hasOwn(value, k));
  if (managed !== undefined)
    ctx.addIssue({ code: 'custom', path: [managed], message: `metadata.${managed} is managed by the service and cannot be set.`, input: value });
});

/**
 * A whole agent configuration: identity, behaviour blocks (normalised) and passthrough keys, with the cross-field rules
 * C3, C6, C7, C8 and C16's `managedBy`.
 * @example agentConfig.parse({ name: 'A', description: 'B', enabled: true, instructions: 'Never say "foo".', contextGathering: { strategies: ['web-page-text'] }, execution: {} })
 */
export const agentConfig = z
  .looseObject({
    name: required(),
    description: required(),
    enabled: z.boolean(),
    rawInstructions: z.string().optional(),
    instructions: z.string().optional(),
    phaseTimeoutMs: z.int().positive().optional(),
    metadata: metadata.optional(),
    contextGathering,
    execution,
    response: response.optional(),
    postProcess: postProcess.optional(),
    input: input.optional(),
    scope: scope.optional(),
    setup: setup.optional(),
  })
  .superRefine((value, ctx) => {
    const fail = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message, input: value });
    if (Object.hasOwn(value, 'managedBy')) return fail(['managedBy'], 'managedBy is managed by the service and cannot be set.');
    const strategy = value.execution.executionStrategy ?? 'ai';
    if (value.contextGathering.strategies.includes('rest-api') && value.contextGathering.strategyOptions?.['rest-api'] === undefined) {
      return fail(
        ['contextGathering', 'strategyOptions', 'rest-api'],
        'contextGathering.strategyOptions.rest-api is required when strategies include "rest-api".',
      );
    }
    if ((strategy === 'service' || strategy === 'service+ai') && value.execution.serviceId === undefined) {
      return fail(['execution', 'serviceId'], `execution.serviceId is required for executionStrategy "${strategy}".`);
    }
    if (strategy !== 'service' && (value.instructions ?? '').trim() === '') {
      return fail(['instructions'], `instructions is required for executionStrategy "${strategy}".`);
    }
    if (strategy === 'mcp-tools' && value.execution.mcpServers === undefined) {
      return fail(['execution', 'mcpServers'], 'execution.mcpServers is required for executionStrategy "mcp-tools".');
    }
    if (value.input && Object.hasOwn(value.input, 'supportedVariables')) delete (value.input as Record<string, unknown>)['supportedVariables'];
    return undefined;
  });

/** `agentId` as every single-agent operation takes it. */
export const agentIdField = z.object({ agentId: nonBlank() });
