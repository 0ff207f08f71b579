import { ServiceError } from '../../errors.js';
import { loadAgentsEngine, loadedAgentsEngine } from '../agents/load.js';
import type { ModelContext } from '../state/context.js';
import type { Namespace } from '../state/entities.js';

/**
 * The narrow seam between workflow agent nodes and agent runs (beyond-spec-4 4.2.0 F, 4.1.8): start a run, read where
 * it stands. Everything the engine knows of the agents area goes through these functions; the agents engine is loaded
 * on first use (`ensureAgentRuns`) before any workflow pass that may start or read a run.
 */

/** What an agent node asks for when it starts a run. */
export interface AgentRunRequest {
  agentId: string;
  url: string;
  organizationId: string | null;
  documentId: string | null;
  workflowExecutionId: string;
  crossPageExecute: boolean;
  maxUrlsToProcess: number | null;
  userContext: Record<string, unknown>;
  promptOverride: string | null;
  /** Finish the run before the starting call returns (the `immediate` agent-step progression). */
  immediate: boolean;
}

/** Where a run stands, as an agent step polls it. */
export interface AgentRunState {
  status: string;
  /** The instant the run reached a terminal status, or `null` while it runs. */
  completedAt: number | null;
  startedAt: number;
  resultsSummary: unknown;
}

/** A started run, or why it could not start (the run's own error message). */
export type AgentRunStart = { ok: true; agentExecutionId: string } | { ok: false; message: string };

/** Run statuses a finished run ends in. */
export const AGENT_RUN_TERMINAL: ReadonlySet<string> = new Set(['passed', 'skipped', 'failed', 'partial', 'error']);

/** Whether a key's definitions name agents other than the reserved `__mock__` (then its passes need the agents engine). */
export function usesAgentRuns(ns: Namespace): boolean {
  return ns.workflow?.agentNodes === true;
}

/**
 * Loads the agents engine when a key's workflow may start or read agent runs; nothing to wait for otherwise.
 * @example await ensureAgentRuns(ns);
 */
export function ensureAgentRuns(ns: Namespace): Promise<unknown> | undefined {
  return usesAgentRuns(ns) && loadedAgentsEngine() === undefined ? loadAgentsEngine() : undefined;
}

function engine(): NonNullable<ReturnType<typeof loadedAgentsEngine>> {
  const loaded = loadedAgentsEngine();
  if (!loaded) throw new Error('A workflow agent step needs the agents engine: call ensureAgentRuns(ns) before the pass.');
  return loaded;
}

/**
 * Starts an agent run for a workflow step (`trigger: "workflow"`), finished at once for the `immediate` progression.
 * A run that cannot start answers the run's own message (`Agent not found: …`, `Document not found: …`, …).
 * @example startAgentRun(ctx, ns, request)
 */
export function startAgentRun(ctx: ModelContext, ns: Namespace, request: AgentRunRequest): AgentRunStart {
  if (request.organizationId === null) return { ok: false, message: 'organizationId is required.' };
  if (request.documentId === null) return { ok: false, message: 'documentId is required.' };
  const agents = engine();
  try {
    const agentExecutionId = agents.startAgentRun(ctx, ns, {
      agentId: request.agentId,
      url: request.url,
      organizationId: request.organizationId,
      documentId: request.documentId,
      workflowExecutionId: request.workflowExecutionId,
      crossPageExecute: request.crossPageExecute,
      ...(request.maxUrlsToProcess === null ? {} : { maxUrlsToProcess: request.maxUrlsToProcess }),
      userContext: request.userContext,
      ...(request.promptOverride === null ? {} : { promptOverride: request.promptOverride }),
    });
    if (request.immediate && agents.agentRunOutcome(ctx, ns, agentExecutionId)?.terminal === false) agents.completeExecution(ctx, ns, agentExecutionId);
    return { ok: true, agentExecutionId };
  } catch (error) {
    if (error instanceof ServiceError) return { ok: false, message: error.message };
    throw error;
  }
}

/**
 * Where a run stands (its key's runs settled to the service time first), or `undefined` when there is no such run.
 * @example readAgentRun(ctx, ns, 'exec_1_spell-check')?.status
 */
export function readAgentRun(ctx: ModelContext, ns: Namespace, agentExecutionId: string): AgentRunState | undefined {
  const outcome = engine().agentRunOutcome(ctx, ns, agentExecutionId);
  if (!outcome) return undefined;
  return {
    status: outcome.status,
    completedAt: outcome.terminal ? outcome.completedAt : null,
    startedAt: outcome.startedAt,
    resultsSummary: outcome.resultsSummary,
  };
}
