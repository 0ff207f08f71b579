/** Processing an execution's URLs and finishing it (beyond-spec-4 4.1.0 G–K): results, annotations, usage, the terminal status. */
import { md5Hex } from '../../support/ids.js';
import { knowledgeRules } from '../knowledge/sources.js';
import type { ModelContext } from '../state/context.js';
import type { Namespace } from '../state/entities.js';
import type {
  AgentExecutionRecord,
  AgentExecutionStatus,
  AgentFinding,
  AgentResultRow,
  AgentsState,
  ExecutionPlan,
  TokenUsage,
} from '../state/records/agents.js';
import { writeFindingAnnotations } from './annotations.js';
import { replaceExecution } from './execution-index.js';
import { guard, ruleFindings, scriptedFinding, scriptFor } from './findings.js';
import { inScope as inScopeOf, seePage } from './pages.js';
import type { DraftFinding } from './rules.js';

/** A scripted outcome given when an execution is completed by hand. */
export interface ForcedOutcome {
  findings?: Record<string, unknown>[] | undefined;
  fail?: string | undefined;
  status?: AgentExecutionStatus | undefined;
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** `Found {F} issue{s} across {U} page{s}. {A} annotation{s} created.` */
export function summaryLine(findings: number, pages: number, annotations: number): string {
  return `Found ${plural(findings, 'issue')} across ${plural(pages, 'page')}. ${plural(annotations, 'annotation')} created.`;
}

/**
 * Why a run is skipped at start, or undefined: the agent disabled, the seed URL out of scope, a required user-context
 * field missing (without a default), or an unmet input requirement.
 * @example skipReason(false, {}, request) === 'agent is disabled'
 */
export function skipReason(
  enabled: boolean,
  behaviour: Record<string, unknown>,
  request: { url: string; userContext?: Record<string, unknown> | undefined },
): string | undefined {
  if (!enabled) return 'agent is disabled';
  const scope = behaviour['scope'] as { pageScope?: unknown; pageScopeExclude?: unknown } | undefined;
  if (scope && !inScopeOf(behaviour, request.url)) return `${request.url} is outside the agent's page scope`;
  const input = behaviour['input'] as
    | { userContextFields?: { id: string; required?: boolean; defaultValue?: unknown }[]; inputRequirements?: { requires?: string[] } }
    | undefined;
  const context = request.userContext ?? {};
  for (const field of input?.userContextFields ?? []) {
    if (field.required === true && field.defaultValue === undefined && context[field.id] === undefined) return `required user context "${field.id}" is missing`;
  }
  for (const requirement of input?.inputRequirements?.requires ?? []) {
    if (requirement !== 'url' && context[requirement] === undefined) return `input requirement "${requirement}" is not met`;
  }
  return undefined;
}

/** Token counts of one processed URL of a model-using run. */
function urlTokens(textLength: number, findings: number): TokenUsage {
  const promptTokens = 500 + Math.ceil(textLength / 4);
  const completionTokens = 50 + 40 * findings;
  return { promptTokens, completionTokens, thoughtsTokens: 0, totalTokens: promptTokens + completionTokens };
}

/** Adds one URL's tokens to the key's usage of (agent, model, UTC month of `at`). */
function recordUsage(ctx: ModelContext, state: AgentsState, agentId: string, model: string, at: number, tokens: TokenUsage): void {
  const date = new Date(at);
  const year = String(date.getUTCFullYear()).padStart(4, '0');
  const month = String(date.getUTCMonth() + 1).padStart(2, '0');
  const modelKey = model.replace(/[./]/g, '_');
  const key = `${agentId}|${modelKey}|${year}|${month}`;
  const before = state.usage.get(key);
  ctx.store.undo.set(state.usage, key, {
    agentId,
    modelKey,
    year,
    month,
    requestCount: (before?.requestCount ?? 0) + 1,
    promptTokens: (before?.promptTokens ?? 0) + tokens.promptTokens,
    completionTokens: (before?.completionTokens ?? 0) + tokens.completionTokens,
    thoughtsTokens: (before?.thoughtsTokens ?? 0) + tokens.thoughtsTokens,
    totalTokens: (before?.totalTokens ?? 0) + tokens.totalTokens,
  });
}

/** The findings of one URL and how it fails: a forced outcome, a scripted one (consumed when `once`), or the rules. */
function outcomeFor(
  ctx: ModelContext,
  ns: Namespace,
  state: AgentsState,
  record: AgentExecutionRecord,
  plan: ExecutionPlan,
  page: { url: string; text: string; html?: string | undefined; fail?: string | undefined },
  forced: ForcedOutcome | undefined,
): { drafts: DraftFinding[]; fail?: string | undefined; status?: AgentExecutionStatus | undefined } {
  if (forced) return { drafts: (forced.findings ?? []).map((f) => scriptedFinding(page.url, f)), fail: forced.fail ?? page.fail, status: forced.status };
  const script = scriptFor(state, record.agentId, page.url);
  if (script) {
    if (script.entry.once) {
      ctx.store.undo.assign(
        state,
        'findings',
        state.findings.filter((_, i) => i !== script.index),
      );
    }
    return { drafts: script.entry.findings.map((f) => scriptedFinding(page.url, f)), fail: script.entry.fail ?? page.fail, status: script.entry.status };
  }
  if (page.fail !== undefined) return { drafts: [], fail: page.fail };
  const knowledge = (plan.behaviour['execution'] as { knowledge?: { useMemory?: boolean; maxChunks?: number } } | undefined)?.knowledge;
  const rules = knowledge?.useMemory === true ? knowledgeRules(ns, knowledge.maxChunks ?? 20) : [];
  return { drafts: ruleFindings(state, record.agentId, plan.behaviour, page, { promptOverride: plan.promptOverride, knowledge: rules }) };
}

/** Processes the next URL of a plan at instant `at`; finishes the execution after its last URL. */
function processNext(ctx: ModelContext, ns: Namespace, state: AgentsState, plan: ExecutionPlan, at: number, forced?: ForcedOutcome): ExecutionPlan | undefined {
  const record = state.executions.get(plan.executionId) as AgentExecutionRecord;
  const index = plan.done;
  const url = plan.urls[index] as string;
  const page = { url, ...seePage(ns, state, url, index === 0, record.metadata) };
  if (record.config.crossPageExecute && index === 0 && page.fail !== undefined && !forced) {
    finish(ctx, ns, state, plan, at, { code: 'CRAWLER_ERROR', message: `The crawl could not start: ${url} could not be processed.` });
    return undefined;
  }
  const outcome = outcomeFor(ctx, ns, state, record, plan, page, forced);
  const postProcess = (plan.behaviour['postProcess'] ?? {}) as Record<string, { enabled?: boolean; strategy?: string } | undefined>;
  let findings: AgentFinding[] = [];
  if (outcome.fail === undefined) {
    const drafts = postProcess['guardrails']?.enabled === false ? outcome.drafts : guard(outcome.drafts);
    findings = drafts.map((f, i) => ({ id: `finding-${i + 1}`, ...f }));
    writeFindingAnnotations(ctx, ns, { record, plan, url, at, findings, postProcess });
  }
  const summary = { ...record.resultsSummary };
  const row: AgentResultRow = {
    id: md5Hex(url),
    url,
    urlHash: md5Hex(url),
    agentId: record.agentId,
    agentName: record.agentName,
    agentResult: {
      status: outcome.fail === undefined ? 'completed' : 'failed',
      agentId: record.agentId,
      agentName: record.agentName,
      issueCount: findings.length,
      findingsCount: findings.length,
      findings,
      error: outcome.fail === undefined ? null : `${outcome.fail}: page could not be processed`,
    },
    findingCount: findings.length,
    processedAt: at,
  };
  let rows = state.results.get(record.id);
  if (!rows) {
    rows = [];
    ctx.store.undo.set(state.results, record.id, rows);
  }
  ctx.store.undo.push(rows, row);
  summary.urlsProcessed += 1;
  summary.totalFindings += findings.length;
  summary.issuesCreated = summary.totalFindings;
  summary.totalAnnotationsCreated += findings.filter((f) => f.commentId !== undefined).length;
  if (findings.length > 0) summary.urlsWithFindings += 1;
  if (outcome.fail !== undefined) {
    summary.urlsErrored = (summary.urlsErrored ?? 0) + 1;
    summary.erroredUrls = [...(summary.erroredUrls ?? []), { url, message: `${outcome.fail}: page could not be processed` }].slice(0, 50);
  }
  const counts = { ...(summary.severityCounts ?? {}) };
  for (const f of findings) counts[f.severity] = (counts[f.severity] ?? 0) + 1;
  if (Object.keys(counts).length > 0) summary.severityCounts = counts;
  const tokenUsage = { ...record.tokenUsage };
  if (plan.model !== null && outcome.fail === undefined) {
    const tokens = urlTokens(page.text.length, findings.length);
    for (const k of ['promptTokens', 'completionTokens', 'thoughtsTokens', 'totalTokens'] as const) tokenUsage[k] += tokens[k];
    recordUsage(ctx, state, record.agentId, plan.model, at, tokens);
  }
  replaceExecution(ctx, state, orderedSummary({ ...record, tokenUsage }, summary));
  const next: ExecutionPlan = { ...plan, done: plan.done + 1 };
  if (next.done >= next.urls.length) {
    finish(ctx, ns, state, next, at, undefined, outcome.status);
    return undefined;
  }
  ctx.store.undo.set(state.plans, plan.executionId, next);
  return next;
}

/** A record with its summary's keys in the documented order. */
function orderedSummary(record: AgentExecutionRecord, s: AgentExecutionRecord['resultsSummary']): AgentExecutionRecord {
  const summary: AgentExecutionRecord['resultsSummary'] = {
    totalFindings: s.totalFindings,
    totalAnnotationsCreated: s.totalAnnotationsCreated,
    urlsProcessed: s.urlsProcessed,
    urlsWithFindings: s.urlsWithFindings,
    ...(s.urlsErrored !== undefined ? { urlsErrored: s.urlsErrored } : {}),
    ...(s.erroredUrls !== undefined ? { erroredUrls: s.erroredUrls } : {}),
    issuesCreated: s.issuesCreated,
    ...(s.severityCounts !== undefined ? { severityCounts: s.severityCounts } : {}),
    ...(s.findings !== undefined ? { findings: s.findings } : {}),
    summary: s.summary,
  };
  return { ...record, resultsSummary: summary };
}

/** Ends an execution at `at`: its terminal status by precedence (error > partial > failed > passed), summary, error block. */
function finish(
  ctx: ModelContext,
  ns: Namespace,
  state: AgentsState,
  plan: ExecutionPlan,
  at: number,
  fatal?: { code: string; message: string },
  forcedStatus?: AgentExecutionStatus,
): void {
  const record = state.executions.get(plan.executionId) as AgentExecutionRecord;
  const rows = state.results.get(record.id) ?? [];
  const s = record.resultsSummary;
  const errored = s.urlsErrored ?? 0;
  let status: AgentExecutionStatus;
  if (fatal || (errored >= s.urlsProcessed && s.urlsProcessed >= 1)) status = 'error';
  else if (errored > 0) status = 'partial';
  else if (s.totalFindings > 0) status = 'failed';
  else status = 'passed';
  if (forcedStatus !== undefined && forcedStatus !== 'running' && forcedStatus !== 'skipped') status = forcedStatus;
  const line = summaryLine(s.totalFindings, s.urlsProcessed, s.totalAnnotationsCreated);
  const findings = rows.flatMap((r) =>
    r.agentResult.findings.map((f) => ({
      title: f.title,
      description: f.description,
      severity: f.severity,
      sourceUrl: f.sourceUrl,
      issueType: f.issueType,
      url: r.url,
    })),
  );
  const next = orderedSummary(
    { ...record, status, completedAt: at, durationMs: at - record.startedAt },
    { ...s, findings: findings.slice(0, 50), summary: line },
  );
  const firstFailure = rows.find((r) => r.agentResult.error !== null)?.agentResult.error?.split(':')[0];
  if (fatal) next.error = { code: fatal.code, message: fatal.message, retryable: true, occurredAt: at };
  else if (errored > 0)
    next.error = {
      code: firstFailure ?? 'INTERNAL',
      message: `${errored} of ${plural(s.urlsProcessed, 'URL')} could not be processed.`,
      retryable: true,
      occurredAt: at,
    };
  replaceExecution(ctx, state, next);
  if (rows.length > 0) {
    const withSummary = rows.map((r) => {
      const { status: st, agentId, agentName, ...rest } = r.agentResult;
      return { ...r, agentResult: { status: st, agentId, agentName, summary: line, ...rest } };
    });
    ctx.store.undo.set(state.results, record.id, withSummary);
  }
  ctx.store.undo.delete(state.plans, plan.executionId);
  ctx.events.emit('agent_execution.complete', ns.apiKey, {
    executionId: record.id,
    agentId: record.agentId,
    organizationId: record.metadata.organizationId,
    documentId: record.metadata.documentId,
    status,
  });
}

/**
 * Processes the next due URL of a clock-driven plan at its instant.
 * @example processDueUrls(ctx, ns, state, plan, startedAt + 1000);
 */
export function processDueUrls(ctx: ModelContext, ns: Namespace, state: AgentsState, plan: ExecutionPlan, at: number): void {
  processNext(ctx, ns, state, plan, at);
}

/**
 * Processes every remaining URL of a plan at instant `at` (immediate and manual progression, or a forced outcome).
 * @example finishRemaining(ctx, ns, state, plan, ctx.clock.now());
 */
export function finishRemaining(ctx: ModelContext, ns: Namespace, state: AgentsState, plan: ExecutionPlan, at: number, forced?: ForcedOutcome): void {
  let current: ExecutionPlan | undefined = plan;
  while (current) current = processNext(ctx, ns, state, current, at, forced);
}
