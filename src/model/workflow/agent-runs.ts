import type { ModelContext } from '../state/context.js';
import type { Namespace } from '../state/entities.js';

/**
 * The narrow seam between workflow agent nodes and agent runs (beyond-spec-4 4.2.0 F, 4.1.8): start a run, read where
 * it stands. Everything the engine knows of the agents area goes through these two functions.
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

/**
 * Starts an agent run for a workflow step. Until the agents area serves runs, every agent but the reserved `__mock__`
 * (which the engine handles itself) is unknown, and the step fails before dispatch with the run's refusal.
 * @example startAgentRun(ctx, ns, request)
 */
export function startAgentRun(_ctx: ModelContext, _ns: Namespace, request: AgentRunRequest): AgentRunStart {
  return { ok: false, message: `Agent not found: ${request.agentId}` };
}

/**
 * Where a run stands at `at` (settling it on the clock first), or `undefined` when there is no such run.
 * @example readAgentRun(ctx, ns, 'exe_1', now)?.status
 */
export function readAgentRun(_ctx: ModelContext, _ns: Namespace, _agentExecutionId: string, _at: number): AgentRunState | undefined {
  return undefined;
}
