/**
 * Review agents in process (`service.agents`), the twin of `/__mock/agents/*`: per-key settings, the page registry,
 * scripted findings and prompt replies, manual completion, usage records. Every input is checked whole before anything
 * is stored, and a refused call leaves the state as it was.
 */
import { z } from 'zod';
import { EXECUTION_ERROR_CODES } from '../model/agents/catalogue.js';
import { completeExecution, settleAgentExecutions } from '../model/agents/executions.js';
import { withoutFragment } from '../model/agents/pages.js';
import type { AgentExecutionRecord, AgentPageRecord, AgentsConfig, ScriptedFindingsRecord } from '../model/agents/records.js';
import { addPromptScript } from '../model/agents/scripts.js';
import { agentsForWrite, agentsOf } from '../model/agents/state.js';
import type { ModelContext } from '../model/context.js';
import { knownNamespace } from '../model/keys.js';
import { strict } from '../operations/agents/schemas.js';
import { validate } from '../protocol/validate.js';

/** Which API key's agents to touch; default: the service's seeded testing key. */
export interface AgentsTarget {
  apiKey?: string | undefined;
}

const failCode = z.enum(EXECUTION_ERROR_CODES);
const provider = z.enum(['gemini', 'claude', 'openai']);

/** The settings `configure` takes; every field optional. */
export const agentsConfigInput = strict({
  apiKey: z.string().optional(),
  progression: z.enum(['clock', 'immediate', 'manual']).optional(),
  perUrlMs: z.int().min(1).max(86_400_000).optional(),
  customAgentLimit: z.int().min(0).max(100_000).optional(),
  credits: z.int().min(0).nullable().optional(),
  defaultProvider: provider.optional(),
  profanityWords: z.array(z.string().min(1)).max(1000).optional(),
  misspellings: z.record(z.string().min(1), z.string()).nullable().optional(),
});
/** Settings for `service.agents.configure`. */
export type AgentsConfigInput = z.input<typeof agentsConfigInput>;

const page = strict({
  url: z.string().refine((u) => URL.canParse(u), { error: 'url must be a valid absolute URL.' }),
  html: z.string().optional(),
  text: z.string().optional(),
  status: z.int().min(100).max(599).optional(),
  fail: failCode.optional(),
  contentType: z.string().optional(),
});
/** One page of the registry. */
export type AgentPageInput = z.input<typeof page>;
export const pagesInput = z.union([
  strict({ apiKey: z.string().optional(), pages: z.array(page).min(1).max(10_000) }),
  page.extend({ apiKey: z.string().optional() }),
]);

const findingsEntry = strict({
  agentId: z.string().min(1),
  url: z.string().min(1).optional(),
  findings: z.array(z.record(z.string(), z.unknown())).max(1000).default([]),
  status: z.enum(['passed', 'failed', 'partial', 'error']).optional(),
  fail: failCode.optional(),
  once: z.boolean().default(false),
});
/** One scripted findings entry: replaces the rules for runs of `agentId` on `url` (any URL when absent). */
export type ScriptedFindingsInput = z.input<typeof findingsEntry>;
export const findingsInput = z.union([
  strict({ apiKey: z.string().optional(), entries: z.array(findingsEntry).min(1).max(1000) }),
  findingsEntry.extend({ apiKey: z.string().optional() }),
]);

/** A manual completion: the execution, and optionally what its remaining URLs yield. */
export const completeInput = strict({
  apiKey: z.string().optional(),
  executionId: z.string().min(1),
  outcome: strict({
    findings: z.array(z.record(z.string(), z.unknown())).max(1000).optional(),
    fail: failCode.optional(),
    status: z.enum(['passed', 'failed', 'partial', 'error']).optional(),
  }).optional(),
});

const usageRecord = strict({
  agentId: z.string().min(1),
  model: z.string().regex(/^(gemini|claude|openai)\/[^/]+$/, { error: 'model must be <provider>/<model>, e.g. gemini/gemini-3.6-flash.' }),
  year: z.string().regex(/^\d{4}$/, { error: 'year must match ^\\d{4}$.' }),
  month: z.string().regex(/^(0[1-9]|1[0-2])$/, { error: 'month must match ^(0[1-9]|1[0-2])$.' }),
  requestCount: z.int().min(0).default(1),
  promptTokens: z.int().min(0).default(0),
  completionTokens: z.int().min(0).default(0),
  thoughtsTokens: z.int().min(0).default(0),
});
/** One seeded usage record for analytics. */
export type AgentUsageInput = z.input<typeof usageRecord>;
export const usageInput = strict({ apiKey: z.string().optional(), records: z.array(usageRecord).min(1).max(10_000) });

const scriptEntry = strict({
  operation: z.enum(['enhance', 'validate', 'refine', 'resolve', 'extract']),
  match: z.record(z.string(), z.unknown()),
  reply: z.union([
    strict({
      error: strict({
        status: z.enum(['INVALID_ARGUMENT', 'FAILED_PRECONDITION', 'NOT_FOUND', 'RESOURCE_EXHAUSTED', 'INTERNAL', 'UNAVAILABLE', 'DEADLINE_EXCEEDED']),
        message: z.string(),
      }),
    }),
    z.record(z.string(), z.unknown()),
  ]),
});
/** One scripted prompt reply. */
export type PromptScriptInput = z.input<typeof scriptEntry>;
export const scriptsInput = strict({ apiKey: z.string().optional(), scripts: z.array(scriptEntry).min(1).max(1000) });

/**
 * The `service.agents` surface.
 * @example service.agents.registerPages({ url: 'https://example.com/a', text: 'We recieve teh order.' });
 */
export interface AgentsApi {
  /** Changes a key's agent settings (progression, perUrlMs, limits, credits, provider, word lists); answers them all. */
  configure(config: Omit<AgentsConfigInput, 'apiKey'>, target?: AgentsTarget): AgentsConfig;
  /** Registers (or replaces) pages by URL; answers the stored pages. */
  registerPages(pages: AgentPageInput | readonly AgentPageInput[], target?: AgentsTarget): AgentPageRecord[];
  /** The registered pages, in registration order. */
  pages(target?: AgentsTarget): AgentPageRecord[];
  /** Removes one page (or every page without `url`); answers how many went. */
  clearPages(options?: AgentsTarget & { url?: string | undefined }): number;
  /** Adds scripted findings entries (appended; the first matching entry wins). */
  scriptFindings(entries: ScriptedFindingsInput | readonly ScriptedFindingsInput[], target?: AgentsTarget): ScriptedFindingsRecord[];
  /** Finishes a running execution now, optionally with a scripted outcome for its remaining URLs. */
  complete(
    executionId: string,
    outcome?: { findings?: Record<string, unknown>[]; fail?: string; status?: 'passed' | 'failed' | 'partial' | 'error' },
    target?: AgentsTarget,
  ): AgentExecutionRecord;
  /** Seeds token usage for analytics; answers how many records were added. */
  recordUsage(records: AgentUsageInput | readonly AgentUsageInput[], target?: AgentsTarget): number;
  /** Adds scripted replies of the prompt tools, matched on their exact input (minus `provider`). */
  script(scripts: PromptScriptInput | readonly PromptScriptInput[], target?: AgentsTarget): number;
  /** One execution after settling the key's clock-driven runs, or undefined. */
  execution(executionId: string, target?: AgentsTarget): AgentExecutionRecord | undefined;
}

/** Runs a write all-or-nothing: whatever it throws, its writes and drawn ids are undone. */
function atomic<T>(ctx: ModelContext, work: () => T): T {
  const mark = ctx.store.journal.mark();
  const rng = ctx.ids.rng.state();
  try {
    return work();
  } catch (error) {
    ctx.store.rollback(mark);
    ctx.ids.rng.restore(rng);
    throw error;
  }
}

/** Stores validated settings. @example configureAgents(ctx, { apiKey, perUrlMs: 500 }) */
export function configureAgents(ctx: ModelContext, defaultKey: string, body: unknown): AgentsConfig {
  const { apiKey, ...input } = validate(agentsConfigInput, body);
  const ns = knownNamespace(ctx, apiKey ?? defaultKey);
  return atomic(ctx, () => {
    const state = agentsForWrite(ctx, ns);
    const next = { ...state.config };
    for (const [key, value] of Object.entries(input)) if (value !== undefined) (next as Record<string, unknown>)[key] = value;
    ctx.store.journal.assign(state, 'config', next);
    return structuredClone(next);
  });
}

/** Stores validated pages. */
export function registerAgentPages(ctx: ModelContext, defaultKey: string, body: unknown): AgentPageRecord[] {
  const input = validate(pagesInput, body);
  const { apiKey, ...rest } = input as { apiKey?: string } & Record<string, unknown>;
  const list = ('pages' in rest ? rest['pages'] : [rest]) as AgentPageRecord[];
  const ns = knownNamespace(ctx, apiKey ?? defaultKey);
  return atomic(ctx, () => {
    const state = agentsForWrite(ctx, ns);
    return list.map((p) => {
      const record: AgentPageRecord = { ...structuredClone(p), url: withoutFragment(p.url) };
      ctx.store.journal.set(state.pages, record.url, record);
      return structuredClone(record);
    });
  });
}

/** Removes one page, or all. */
export function clearAgentPages(ctx: ModelContext, apiKey: string, url: string | undefined): number {
  const ns = knownNamespace(ctx, apiKey);
  if (!ns.agents) return 0;
  return atomic(ctx, () => {
    const pages = agentsForWrite(ctx, ns).pages;
    if (url !== undefined) return ctx.store.journal.delete(pages, withoutFragment(url)) ? 1 : 0;
    const n = pages.size;
    ctx.store.journal.clear(pages);
    return n;
  });
}

/** Appends validated scripted findings. */
export function scriptAgentFindings(ctx: ModelContext, defaultKey: string, body: unknown): ScriptedFindingsRecord[] {
  const input = validate(findingsInput, body) as { apiKey?: string; entries?: ScriptedFindingsRecord[] } & Record<string, unknown>;
  const { apiKey, ...rest } = input;
  const entries = (rest.entries ?? [rest]) as ScriptedFindingsRecord[];
  const ns = knownNamespace(ctx, apiKey ?? defaultKey);
  return atomic(ctx, () => {
    const state = agentsForWrite(ctx, ns);
    const added = entries.map((e) => structuredClone(e));
    ctx.store.journal.assign(state, 'findings', [...state.findings, ...added]);
    return structuredClone(added);
  });
}

/** Completes an execution by hand. */
export function completeAgentExecution(ctx: ModelContext, defaultKey: string, body: unknown): AgentExecutionRecord {
  const input = validate(completeInput, body);
  const ns = knownNamespace(ctx, input.apiKey ?? defaultKey);
  return atomic(ctx, () => structuredClone(completeExecution(ctx, ns, input.executionId, input.outcome)));
}

/** Adds validated usage records to a key's analytics. */
export function recordAgentUsage(ctx: ModelContext, defaultKey: string, body: unknown): number {
  const input = validate(usageInput, body);
  const ns = knownNamespace(ctx, input.apiKey ?? defaultKey);
  return atomic(ctx, () => {
    const state = agentsForWrite(ctx, ns);
    for (const r of input.records) {
      const modelKey = r.model.replace(/[./]/g, '_');
      const key = `${r.agentId}|${modelKey}|${r.year}|${r.month}`;
      const before = state.usage.get(key);
      const totalTokens = r.promptTokens + r.completionTokens + r.thoughtsTokens;
      ctx.store.journal.set(state.usage, key, {
        agentId: r.agentId,
        modelKey,
        year: r.year,
        month: r.month,
        requestCount: (before?.requestCount ?? 0) + r.requestCount,
        promptTokens: (before?.promptTokens ?? 0) + r.promptTokens,
        completionTokens: (before?.completionTokens ?? 0) + r.completionTokens,
        thoughtsTokens: (before?.thoughtsTokens ?? 0) + r.thoughtsTokens,
        totalTokens: (before?.totalTokens ?? 0) + totalTokens,
      });
    }
    return input.records.length;
  });
}

/** Adds validated prompt scripts. */
export function scriptAgentPrompts(ctx: ModelContext, defaultKey: string, body: unknown): number {
  const input = validate(scriptsInput, body);
  const ns = knownNamespace(ctx, input.apiKey ?? defaultKey);
  return atomic(ctx, () => {
    for (const s of input.scripts) addPromptScript(ctx, ns, s as Parameters<typeof addPromptScript>[2]);
    return input.scripts.length;
  });
}

/** The registered pages of a key. */
export function listAgentPages(ctx: ModelContext, apiKey: string): AgentPageRecord[] {
  const ns = knownNamespace(ctx, apiKey);
  return [...agentsOf(ns).pages.values()].map((p) => structuredClone(p));
}

/**
 * Builds `service.agents` over a model.
 * @example const agents = createAgentsApi(model, () => credentials.apiKey);
 */
export function createAgentsApi(ctx: ModelContext, defaultApiKey: () => string): AgentsApi {
  const key = (target?: AgentsTarget) => target?.apiKey ?? defaultApiKey();
  const many = <T>(input: T | readonly T[]): T[] => (Array.isArray(input) ? [...(input as T[])] : [input as T]);
  return {
    configure: (config, target) => configureAgents(ctx, key(target), { ...config, apiKey: key(target) }),
    registerPages: (pages, target) => registerAgentPages(ctx, key(target), { apiKey: key(target), pages: many(pages) }),
    pages: (target) => listAgentPages(ctx, key(target)),
    clearPages: (options = {}) => clearAgentPages(ctx, key(options), options.url),
    scriptFindings: (entries, target) => scriptAgentFindings(ctx, key(target), { apiKey: key(target), entries: many(entries) }),
    complete: (executionId, outcome, target) => completeAgentExecution(ctx, key(target), { apiKey: key(target), executionId, ...(outcome ? { outcome } : {}) }),
    recordUsage: (records, target) => recordAgentUsage(ctx, key(target), { apiKey: key(target), records: many(records) }),
    script: (scripts, target) => scriptAgentPrompts(ctx, key(target), { apiKey: key(target), scripts: many(scripts) }),
    execution: (executionId, target) => {
      const ns = knownNamespace(ctx, key(target));
      return atomic(ctx, () => {
        settleAgentExecutions(ctx, ns);
        const found = agentsOf(ns).executions.get(executionId);
        return found ? structuredClone(found) : undefined;
      });
    },
  };
}
