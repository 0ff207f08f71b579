/**
 * Review agents in process (`service.agents`), the twin of `/__mock/agents/*`: per-key settings, the page registry,
 * scripted findings and prompt replies, manual completion, usage records. Every input is checked whole before anything
 * is stored, and a refused call leaves the state as it was.
 */
import type { EXECUTION_ERROR_CODES } from '../model/agents/catalogue.js';
import { loadAgentsEngine } from '../model/agents/load.js';
import { withoutFragment } from '../model/agents/pages.js';
import { addPromptScript } from '../model/agents/scripts.js';
import { agentsForWrite, agentsOf } from '../model/agents/state.js';
import type { ModelContext } from '../model/state/context.js';
import { knownNamespace } from '../model/state/keys.js';
import type { AgentExecutionRecord, AgentPageRecord, AgentsConfig, ScriptedFindingsRecord } from '../model/state/records/agents.js';
import { validate } from '../protocol/validate.js';
import { agentsConfigInput, completeInput, findingsEntryInput, findingsInput, pageInput, pagesInput, scriptsInput, usageInput } from './agents-inputs.js';

/** The `error.code` a page or a scripted run fails with (`CRAWLER_ERROR`, `TIMEOUT`, ...). */
export type ExecutionErrorCode = (typeof EXECUTION_ERROR_CODES)[number];

/** Which API key's agents to touch; default: the service's seeded testing key. */
export interface AgentsTarget {
  apiKey?: string | undefined;
}

/** Settings for `service.agents.configure` (every field optional). */
export interface AgentsConfigInput {
  progression?: 'clock' | 'immediate' | 'manual' | undefined;
  perUrlMs?: number | undefined;
  customAgentLimit?: number | undefined;
  credits?: number | null | undefined;
  defaultProvider?: 'gemini' | 'claude' | 'openai' | undefined;
  profanityWords?: string[] | undefined;
  misspellings?: Record<string, string> | null | undefined;
}

/** One page of the registry: what an agent sees at `url`. */
export interface AgentPageInput {
  url: string;
  html?: string | undefined;
  text?: string | undefined;
  status?: number | undefined;
  /** An `error.code` the URL fails with, e.g. `CRAWLER_ERROR`. */
  fail?: ExecutionErrorCode | undefined;
  contentType?: string | undefined;
}

/** One scripted findings entry: replaces the rules for runs of `agentId` on `url` (any URL when absent). */
export interface ScriptedFindingsInput {
  agentId: string;
  url?: string | undefined;
  findings?: Record<string, unknown>[] | undefined;
  status?: 'passed' | 'failed' | 'partial' | 'error' | undefined;
  fail?: ExecutionErrorCode | undefined;
  once?: boolean | undefined;
}

/** One seeded usage record for analytics. */
export interface AgentUsageInput {
  agentId: string;
  /** `<provider>/<model>`, e.g. `gemini/gemini-3.6-flash`. */
  model: string;
  year: string;
  month: string;
  requestCount?: number | undefined;
  promptTokens?: number | undefined;
  completionTokens?: number | undefined;
  thoughtsTokens?: number | undefined;
}

/** One scripted prompt-tool reply: the `data` to answer, or `{ error: { status, message } }`. */
export interface PromptScriptInput {
  operation: 'enhance' | 'validate' | 'refine' | 'resolve' | 'extract';
  match: Record<string, unknown>;
  reply: Record<string, unknown>;
}

/**
 * The `service.agents` surface.
 * @example service.agents.registerPages({ url: 'https://example.com/a', text: 'We recieve teh order.' });
 */
export interface AgentsApi {
  /** Changes a key's agent settings (progression, perUrlMs, limits, credits, provider, word lists); answers them all. */
  configure(config: AgentsConfigInput, target?: AgentsTarget): AgentsConfig;
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
    outcome?: { findings?: Record<string, unknown>[]; fail?: ExecutionErrorCode; status?: 'passed' | 'failed' | 'partial' | 'error' },
    target?: AgentsTarget,
  ): Promise<AgentExecutionRecord>;
  /** Seeds token usage for analytics; answers how many records were added. */
  recordUsage(records: AgentUsageInput | readonly AgentUsageInput[], target?: AgentsTarget): number;
  /** Adds scripted replies of the prompt tools, matched on their exact input (minus `provider`). */
  script(scripts: PromptScriptInput | readonly PromptScriptInput[], target?: AgentsTarget): number;
  /** One execution after settling the key's clock-driven runs, or undefined. */
  execution(executionId: string, target?: AgentsTarget): Promise<AgentExecutionRecord | undefined>;
}

/** Whether a body is an object with this key (which form of a body it is). */
const hasKey = (body: unknown, key: string): boolean => typeof body === 'object' && body !== null && Object.hasOwn(body, key);

/** Runs a write all-or-nothing: whatever it throws, its writes and drawn ids are undone. */
function atomic<T>(ctx: ModelContext, work: () => T): T {
  const mark = ctx.store.undo.mark();
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
    ctx.store.undo.assign(state, 'config', next);
    return structuredClone(next);
  });
}

/** Stores validated pages. */
export function registerAgentPages(ctx: ModelContext, defaultKey: string, body: unknown): AgentPageRecord[] {
  const input = validate(hasKey(body, 'pages') ? pagesInput : pageInput, body);
  const { apiKey, ...rest } = input as { apiKey?: string } & Record<string, unknown>;
  const list = ('pages' in rest ? rest['pages'] : [rest]) as AgentPageRecord[];
  const ns = knownNamespace(ctx, apiKey ?? defaultKey);
  return atomic(ctx, () => {
    const state = agentsForWrite(ctx, ns);
    return list.map((p) => {
      const record: AgentPageRecord = { ...structuredClone(p), url: withoutFragment(p.url) };
      ctx.store.undo.set(state.pages, record.url, record);
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
    if (url !== undefined) return ctx.store.undo.delete(pages, withoutFragment(url)) ? 1 : 0;
    const n = pages.size;
    ctx.store.undo.clear(pages);
    return n;
  });
}

/** Appends validated scripted findings. */
export function scriptAgentFindings(ctx: ModelContext, defaultKey: string, body: unknown): ScriptedFindingsRecord[] {
  const input = validate(hasKey(body, 'entries') ? findingsInput : findingsEntryInput, body) as {
    apiKey?: string;
    entries?: ScriptedFindingsRecord[];
  } & Record<string, unknown>;
  const { apiKey, ...rest } = input;
  const entries = (rest.entries ?? [rest]) as ScriptedFindingsRecord[];
  const ns = knownNamespace(ctx, apiKey ?? defaultKey);
  return atomic(ctx, () => {
    const state = agentsForWrite(ctx, ns);
    const added = entries.map((e) => structuredClone(e));
    ctx.store.undo.assign(state, 'findings', [...state.findings, ...added]);
    return structuredClone(added);
  });
}

/** Completes an execution by hand. */
export async function completeAgentExecution(ctx: ModelContext, defaultKey: string, body: unknown): Promise<AgentExecutionRecord> {
  const input = validate(completeInput, body);
  const ns = knownNamespace(ctx, input.apiKey ?? defaultKey);
  const { completeExecution } = await loadAgentsEngine();
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
      ctx.store.undo.set(state.usage, key, {
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
    execution: async (executionId, target) => {
      const ns = knownNamespace(ctx, key(target));
      const { settleAgentExecutions } = await loadAgentsEngine();
      return atomic(ctx, () => {
        settleAgentExecutions(ctx, ns);
        const found = agentsOf(ns).executions.get(executionId);
        return found ? structuredClone(found) : undefined;
      });
    },
  };
}
