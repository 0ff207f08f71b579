import { z } from 'zod';

/**
 * The shapes of the workflow engine's results (beyond-spec-4 4.2.0 D, E, J), for the OpenAPI document. The model builds
 * the values; these only describe them.
 */

const nullable = <T extends z.ZodType>(schema: T) => schema.nullable();
const error = z.object({ code: z.string(), message: z.string() });

/** `DefinitionView`. */
export const definitionView = z.object({
  definitionId: z.string(),
  name: z.string(),
  description: nullable(z.string()),
  version: z.int(),
  scope: z.object({ level: z.enum(['apiKey', 'organization', 'document']), organizationId: nullable(z.string()), documentId: nullable(z.string()) }),
  nodes: z.array(z.record(z.string(), z.unknown())),
  edges: z.array(z.record(z.string(), z.unknown())),
  groups: nullable(z.array(z.record(z.string(), z.unknown()))),
  compiled: z.object({ forwardEdges: z.array(z.record(z.string(), z.unknown())), loops: z.array(z.record(z.string(), z.unknown())) }),
  triggers: nullable(z.array(z.record(z.string(), z.unknown()))),
  tags: nullable(z.array(z.string())),
  custom: nullable(z.record(z.string(), z.unknown())),
  createdAt: z.int(),
  updatedAt: z.int(),
  status: z.enum(['active', 'tombstoned']),
});

const stepView = z.object({
  stepId: z.string(),
  nodeId: z.string(),
  nodeType: z.enum(['agent', 'human', 'notification', 'webhook']),
  status: z.enum(['pending', 'running', 'waiting', 'completed', 'failed', 'skipped', 'cancelled', 'breached']),
  groupId: nullable(z.string()),
  startedAt: nullable(z.int()),
  completedAt: nullable(z.int()),
  output: z.record(z.string(), z.unknown()),
  error: nullable(error),
});

/** `ExecutionView`. */
export const executionView = z.object({
  executionId: z.string(),
  status: z.enum(['pending', 'running', 'completed', 'failed', 'cancelled']),
  startedAt: z.int(),
  completedAt: nullable(z.int()),
  cancelledAt: nullable(z.int()),
  definitionId: z.string(),
  definitionVersion: z.int(),
  correlationId: z.string(),
  idempotencyKey: z.string(),
  failureReason: nullable(error),
  steps: z.array(stepView),
});

/** `{items, nextCursor}` of definitions/list (numeric cursor; `<updatedAt>:<definitionId>` for a key with tie-safe cursors). */
export const definitionPage = z.object({ items: z.array(definitionView), nextCursor: nullable(z.union([z.int(), z.string()])) });

/** `{items, nextCursor}` of executions/list (string cursor). */
export const executionPage = z.object({ items: z.array(executionView), nextCursor: nullable(z.string()) });

/** executions/getEvents. */
export const eventPage = z.object({
  executionId: z.string(),
  events: z.array(
    z.object({
      eventId: z.string(),
      seq: z.int(),
      type: z.string(),
      stepId: nullable(z.string()),
      timestamp: z.int(),
      correlationId: z.string(),
      data: z.unknown().optional(),
    }),
  ),
  nextCursor: z.int(),
  hasMore: z.boolean(),
});

/** definitions/delete. */
export const deleted = z.object({ deleted: z.literal(true), purged: z.boolean(), definitionId: z.string() });

/** executions/dispatch. */
export const dispatched = z.object({ executionId: z.string(), correlationId: z.string(), deduplicated: z.boolean() });

/** executions/cancel. */
export const executionCancelled = z.object({ cancelled: z.boolean(), executionId: z.string() });

/** steps/recordReviewerDecision and steps/recordAgentResolution. */
export const decisionResult = z.object({
  recorded: z.boolean(),
  aggregatorStatus: nullable(z.enum(['pending', 'resolved', 'rejected'])),
  resumeScheduled: z.boolean(),
  rejectionReason: z.enum(['idempotent', 'already-terminal', 'unknown-responder', 'aggregator-missing']).optional(),
});

/** steps/resolve. */
export const resolved = z.object({ resolved: z.literal(true), executionId: z.string(), stepId: z.string(), action: z.string() });

/** steps/cancel. */
export const stepCancelled = z.object({ cancelled: z.literal(true), executionId: z.string(), stepId: z.string() });
