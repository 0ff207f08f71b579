import type { WorkflowDefinitionRecord, WorkflowEventRecord, WorkflowExecutionRecord, WorkflowStepRecord } from '../state/records/workflow.js';

/** Event types returned by `getEvents` and delivered to receivers; every other type is internal (4.2.0 J). */
export const EXTERNAL_EVENTS: ReadonlySet<string> = new Set([
  'execution.dispatched',
  'execution.completed',
  'execution.failed',
  'execution.cancelled',
  'step.awaiting-approval',
  'step.completed',
  'step.failed',
  'step.breached',
  'step.cancelled',
  'group.quorum-met',
  'loop.iteration-started',
  'loop.exhausted',
]);

/**
 * A definition as reads return it (4.2.0 D): optional fields as `null`, the compiled graph without the roots, and
 * never the receiver's `webhookConfig`.
 * @example definitionView(record).version
 */
export function definitionView(record: WorkflowDefinitionRecord): Record<string, unknown> {
  const { content, compiled } = record.current;
  return structuredClone({
    definitionId: record.definitionId,
    name: content.name,
    description: content.description,
    version: record.version,
    scope: content.scope,
    nodes: content.nodes,
    edges: content.edges,
    groups: content.groups,
    compiled: {
      forwardEdges: compiled.forwardEdges,
      loops: compiled.loops.map(({ loopId, entryNodeId, bodyNodeIds, maxIterations, onExhausted }) => ({
        loopId,
        entryNodeId,
        bodyNodeIds,
        maxIterations,
        onExhausted,
      })),
    },
    triggers: content.triggers,
    tags: content.tags,
    custom: content.custom,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    status: record.status,
  });
}

/** A step as `StepView` (4.2.0 E). */
export function stepView(step: WorkflowStepRecord): Record<string, unknown> {
  return {
    stepId: step.stepId,
    nodeId: step.nodeId,
    nodeType: step.nodeType,
    status: step.status,
    groupId: step.groupId,
    startedAt: step.startedAt,
    completedAt: step.completedAt,
    output: structuredClone(step.output),
    error: step.error === null ? null : { ...step.error },
  };
}

/**
 * A run as `ExecutionView` (4.2.0 E), with its steps in creation order or (lists) none.
 * @example executionView(run, { steps: true }).steps
 */
export function executionView(run: WorkflowExecutionRecord, options: { steps: boolean }): Record<string, unknown> {
  return {
    executionId: run.executionId,
    status: run.status,
    startedAt: run.startedAt,
    completedAt: run.completedAt,
    cancelledAt: run.cancelledAt,
    definitionId: run.definitionId,
    definitionVersion: run.definitionVersion,
    correlationId: run.correlationId,
    idempotencyKey: run.idempotencyKey,
    failureReason: run.failureReason === null ? null : { ...run.failureReason },
    steps: options.steps ? [...run.steps.values()].map(stepView) : [],
  };
}

/** An event as `ApprovalEventView` (4.2.0 J); `data` only when the event carries it. */
export function eventView(run: WorkflowExecutionRecord, event: WorkflowEventRecord): Record<string, unknown> {
  const view: Record<string, unknown> = {
    eventId: event.eventId,
    seq: event.seq,
    type: event.type,
    stepId: event.stepId,
    timestamp: event.timestamp,
    correlationId: run.correlationId,
  };
  if (event.data !== undefined) view['data'] = structuredClone(event.data);
  return view;
}
