import type { Namespace } from '../model/state/entities.js';

/** How many rows of each workflow list the overview shows; the counts are always whole. */
const ROWS = 100;

/**
 * What the inspector shows of a key's approval workflows: active definitions and the newest runs (first rows, whole
 * counts), each run with its open steps.
 * @example workflowOverview(ns).workflowExecutions[0]?.status
 */
export function workflowOverview(ns: Namespace): Record<string, unknown> {
  const wf = ns.workflow;
  const definitions = [...(wf?.definitions.values() ?? [])].filter((d) => d.status === 'active');
  const order = wf?.executionOrder ?? [];
  const executions: Record<string, unknown>[] = [];
  for (let i = order.length - 1; i >= 0 && executions.length < ROWS; i--) {
    const run = wf?.executions.get(order[i] as string);
    if (!run) continue;
    const open = [...run.steps.values()].filter((s) => s.status === 'pending' || s.status === 'running' || s.status === 'waiting');
    executions.push({
      executionId: run.executionId,
      definitionId: run.definitionId,
      version: run.definitionVersion,
      status: run.status,
      startedAt: new Date(run.startedAt).toISOString(),
      steps: run.steps.size,
      open: open.map((s) => `${s.nodeId} (${s.status})`).join(', '),
      events: run.events.length,
    });
  }
  return {
    workflowCounts: { definitions: definitions.length, executions: order.length, outbox: wf?.outbox.length ?? 0 },
    workflowDefinitions: definitions.slice(0, ROWS).map((d) => ({
      definitionId: d.definitionId,
      name: d.current.content.name,
      version: d.version,
      nodes: d.current.content.nodes.length,
      updatedAt: new Date(d.updatedAt).toISOString(),
    })),
    workflowExecutions: executions,
  };
}
