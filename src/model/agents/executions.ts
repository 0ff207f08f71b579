/**
 * Agent executions as a state machine on the service clock (beyond-spec-4 4.1.0 F, G, 4.1.8): starting a run,
 * settling what fell due, manual completion, and the two functions the approval workflow engine starts and reads runs with.
 */
import { ServiceError } from '../../errors.js';
import type { ModelContext } from '../state/context.js';
import type { Namespace } from '../state/entities.js';
import type { AgentExecutionRecord, AgentExecutionStatus, AgentProvider, AgentResultRow, ExecutionPlan, ResultsSummary } from '../state/records/agents.js';
import { builtInEnabled } from './agents.js';
import { builtInAgent, MODEL_ALLOWLIST } from './catalogue.js';
import { noteExecution } from './execution-index.js';
import { planUrls } from './pages.js';
import { finishRemaining, processDueUrls, skipReason } from './process.js';
import { agentDocumentKey, agentsForWrite, agentsOf, documentKey } from './state.js';
import { currentVersion } from './versions.js';

/** What starts a run: run's `data` after validation, or a workflow agent node's plumbing. */
export interface AgentRunRequest {
  agentId: string;
  url: string;
  organizationId: string;
  documentId: string;
  crossPageExecute?: boolean | undefined;
  maxUrlsToProcess?: number | undefined;
  deviceType?: 'desktop' | 'mobile' | undefined;
  annotationVisibility?: 'public' | 'private' | undefined;
  trigger?: 'standalone' | 'workflow' | undefined;
  workflowExecutionId?: string | undefined;
  ranBy?: { userId: string; name?: string | undefined; email?: string | undefined } | undefined;
  userContext?: Record<string, unknown> | undefined;
  aiConfig?: { provider?: AgentProvider | undefined } | undefined;
  /** A workflow agent node's `promptOverride`, read as the run's instructions by the custom rules. */
  promptOverride?: string | undefined;
}

/** `Execution not found: <executionId>` (404). */
export const executionNotFound = (executionId: string): ServiceError => new ServiceError('NOT_FOUND', `Execution not found: ${executionId}`);

const EMPTY_SUMMARY = (): ResultsSummary => ({
  totalFindings: 0,
  totalAnnotationsCreated: 0,
  urlsProcessed: 0,
  urlsWithFindings: 0,
  issuesCreated: 0,
  summary: null,
});

/** The id of a new execution: `exec_<startedAt>_<agentId>`, then `_2`, `_3` … on a collision. */
function executionId(executions: ReadonlyMap<string, unknown>, startedAt: number, agentId: string): string {
  const base = `exec_${startedAt}_${agentId}`;
  if (!executions.has(base)) return base;
  let n = 2;
  while (executions.has(`${base}_${n}`)) n++;
  return `${base}_${n}`;
}

/** The behaviour, name, version and model use of the agent a run names, or NOT_FOUND. */
function resolveAgent(
  ns: Namespace,
  agentId: string,
): { name: string; version: number | undefined; enabled: boolean; usesModel: boolean; behaviour: Record<string, unknown> } {
  const state = agentsOf(ns);
  const builtIn = builtInAgent(agentId);
  if (builtIn) {
    return {
      name: builtIn.name,
      version: undefined,
      enabled: builtInEnabled(state, agentId),
      usesModel: builtIn.strategy === 'ai',
      behaviour: { builtIn: builtIn.id },
    };
  }
  const record = state.custom.get(agentId);
  if (!record) throw new ServiceError('NOT_FOUND', `Agent not found: ${agentId}`);
  const { id: _id, createdAt: _c, ...behaviour } = currentVersion(record);
  const strategy = (behaviour['execution'] as { executionStrategy?: string } | undefined)?.executionStrategy ?? 'ai';
  return { name: record.name, version: record.version, enabled: record.enabled, usesModel: strategy !== 'service', behaviour };
}

/**
 * Starts an agent run on a document: checks the agent, the document, that no run of the agent is running there and
 * the credits, then stores the execution (`running`, or `skipped` at once) and, in `immediate` mode, runs it to the end.
 * Throws the run's documented errors (NOT_FOUND, ALREADY_EXISTS, RESOURCE_EXHAUSTED).
 * @example const { id } = startExecution(ctx, ns, { agentId: 'spell-check', url: 'https://example.com/a', organizationId: 'org', documentId: 'doc' });
 */
export function startExecution(ctx: ModelContext, ns: Namespace, request: AgentRunRequest): AgentExecutionRecord {
  const agent = resolveAgent(ns, request.agentId);
  if (!ns.organizations.get(request.organizationId)?.documents.has(request.documentId)) {
    throw new ServiceError('NOT_FOUND', `Document not found: ${request.documentId}`);
  }
  const current = agentsOf(ns);
  const triple = current.byAgentDocument.get(agentDocumentKey(request.agentId, request.organizationId, request.documentId));
  const latestId = triple?.[triple.length - 1];
  const latest = latestId === undefined ? undefined : current.executions.get(latestId);
  if (latest?.status === 'running') {
    throw new ServiceError('ALREADY_EXISTS', `An execution is already running for this agent and document: ${latest.id}`);
  }
  const state = agentsForWrite(ctx, ns);
  const { config } = state;
  if (agent.usesModel && config.credits !== null) {
    if (config.credits <= 0) throw new ServiceError('RESOURCE_EXHAUSTED', 'AI credits exhausted.');
    ctx.store.undo.assign(config, 'credits', config.credits - 1);
  }
  const startedAt = ctx.clock.now();
  const id = executionId(state.executions, startedAt, request.agentId);
  const provider: AgentProvider =
    request.aiConfig?.provider ??
    (agent.behaviour['execution'] as { aiConfig?: { provider?: AgentProvider } } | undefined)?.aiConfig?.provider ??
    config.defaultProvider;
  const crossPage = request.crossPageExecute ?? false;
  const maxUrls = request.maxUrlsToProcess ?? 50;
  const record: AgentExecutionRecord = {
    id,
    agentId: request.agentId,
    agentName: agent.name,
    ...(agent.version !== undefined ? { agentVersion: agent.version } : {}),
    metadata: { organizationId: request.organizationId, documentId: request.documentId },
    config: {
      seedUrl: request.url,
      crossPageExecute: crossPage,
      maxUrlsToProcess: maxUrls,
      deviceType: request.deviceType ?? 'desktop',
      ...(crossPage ? { crawlerConfig: { maxPages: 100, timeout: 300000, maxDepth: 0 } } : {}),
    },
    status: 'running',
    startedAt,
    completedAt: null,
    durationMs: null,
    trigger: request.trigger ?? 'standalone',
    workflowExecutionId: request.workflowExecutionId ?? null,
    previousExecutionId: latest?.id ?? null,
    ranBy: { userId: request.ranBy?.userId ?? '', name: request.ranBy?.name ?? '', email: request.ranBy?.email ?? '' },
    resultsSummary: EMPTY_SUMMARY(),
    tokenUsage: { promptTokens: 0, completionTokens: 0, thoughtsTokens: 0, totalTokens: 0 },
  };
  const urls = planUrls(state, agent.behaviour, request.url, crossPage, maxUrls);
  if (crossPage) record.crawlerResults = { status: 'completed', totalUrlsFound: urls.found, duration: 0, pagesVisited: urls.list.length };
  if (agent.usesModel) record.llmModel = `${provider}/${MODEL_ALLOWLIST[provider]}`;
  const skipped = skipReason(agent.enabled, agent.behaviour, request);
  if (skipped !== undefined) {
    Object.assign(record, { status: 'skipped', completedAt: startedAt, durationMs: 0 });
    record.resultsSummary.summary = `Execution skipped: ${skipped}`;
  }
  noteExecution(ctx, state, record);
  ctx.events.emit('agent_execution.start', ns.apiKey, {
    executionId: id,
    agentId: request.agentId,
    organizationId: request.organizationId,
    documentId: request.documentId,
    status: record.status,
  });
  if (record.status === 'running') {
    const plan: ExecutionPlan = {
      executionId: id,
      urls: urls.list,
      done: 0,
      mode: config.progression,
      perUrlMs: config.perUrlMs,
      model: record.llmModel ?? null,
      annotationVisibility: request.annotationVisibility ?? 'private',
      behaviour: agent.behaviour,
      ...(request.promptOverride !== undefined ? { promptOverride: request.promptOverride } : {}),
    };
    ctx.store.undo.set(state.plans, id, plan);
    if (plan.mode === 'immediate') finishRemaining(ctx, ns, state, plan, startedAt);
  }
  return state.executions.get(id) as AgentExecutionRecord;
}

/**
 * Brings every clock-driven execution of a key up to the service time: each URL completes at its own instant
 * (`startedAt + (i + 1) × perUrlMs`), in chronological order across executions. The pipeline's settle seam runs it
 * before every API-key call.
 * @example settleAgentExecutions(ctx, ns);
 */
export function settleAgentExecutions(ctx: ModelContext, ns: Namespace): void {
  const state = ns.agents;
  if (!state || state.plans.size === 0) return;
  const now = ctx.clock.now();
  for (;;) {
    let next: { plan: ExecutionPlan; at: number } | undefined;
    for (const plan of state.plans.values()) {
      if (plan.mode !== 'clock') continue;
      const startedAt = state.executions.get(plan.executionId)?.startedAt ?? now;
      const at = startedAt + (plan.done + 1) * plan.perUrlMs;
      if (at <= now && (next === undefined || at < next.at)) next = { plan, at };
    }
    if (!next) return;
    processDueUrls(ctx, ns, state, next.plan, next.at);
  }
}

/**
 * Finishes a running execution now (manual progression, or any mode), every remaining URL at the current instant,
 * optionally with a scripted outcome for each of them.
 * @example completeExecution(ctx, ns, executionId, { findings: [{ title: 'Wrong logo' }] });
 */
export function completeExecution(
  ctx: ModelContext,
  ns: Namespace,
  executionId: string,
  outcome?: { findings?: Record<string, unknown>[] | undefined; fail?: string | undefined; status?: AgentExecutionStatus | undefined },
): AgentExecutionRecord {
  settleAgentExecutions(ctx, ns);
  const state = agentsOf(ns);
  const record = state.executions.get(executionId);
  if (!record) throw executionNotFound(executionId);
  const plan = state.plans.get(executionId);
  if (!plan) throw new ServiceError('FAILED_PRECONDITION', `Execution ${executionId} is already ${record.status}; only a running execution can be completed.`);
  finishRemaining(ctx, ns, agentsForWrite(ctx, ns), plan, ctx.clock.now(), outcome);
  return agentsOf(ns).executions.get(executionId) as AgentExecutionRecord;
}

/** What the approval workflow engine reads of a run it started. */
export interface AgentRunOutcome {
  executionId: string;
  agentId: string;
  status: AgentExecutionStatus;
  /** `true` once the run is terminal (any status but `running`). */
  terminal: boolean;
  startedAt: number;
  completedAt: number | null;
  durationMs: number | null;
  resultsSummary: ResultsSummary;
  /** The per-URL results with their findings, in processing order. */
  results: AgentResultRow[];
}

/**
 * Starts an agent run for a workflow agent node and answers its execution id; throws the run's own errors
 * (`Agent not found: …`, `Document not found: …`, `An execution is already running …`, `AI credits exhausted.`),
 * whose messages become the step's `agent-dispatch-failed` error. Leaves nothing behind when it throws.
 * @example const id = startAgentRun(ctx, ns, { agentId: 'spell-check', url, organizationId, documentId, workflowExecutionId });
 */
export function startAgentRun(ctx: ModelContext, ns: Namespace, request: Omit<AgentRunRequest, 'trigger'> & { workflowExecutionId: string }): string {
  const mark = ctx.store.undo.mark();
  const rng = ctx.ids.rng.state();
  try {
    return startExecution(ctx, ns, { ...request, trigger: 'workflow' }).id;
  } catch (error) {
    ctx.store.rollback(mark);
    ctx.ids.rng.restore(rng);
    throw error;
  }
}

/**
 * The state of a run after settling the key's executions to the service time: status, timing, summary and findings.
 * Undefined for an id the key does not hold.
 * @example const outcome = agentRunOutcome(ctx, ns, id); if (outcome?.terminal) decide(outcome.status);
 */
export function agentRunOutcome(ctx: ModelContext, ns: Namespace, executionId: string): AgentRunOutcome | undefined {
  settleAgentExecutions(ctx, ns);
  const state = agentsOf(ns);
  const record = state.executions.get(executionId);
  if (!record) return undefined;
  return {
    executionId,
    agentId: record.agentId,
    status: record.status,
    terminal: record.status !== 'running',
    startedAt: record.startedAt,
    completedAt: record.completedAt,
    durationMs: record.durationMs,
    resultsSummary: structuredClone(record.resultsSummary),
    results: structuredClone(state.results.get(executionId) ?? []),
  };
}

/** The key of a document in the index, re-exported for queries. */
export { documentKey };
