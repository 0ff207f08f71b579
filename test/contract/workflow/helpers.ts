// biome-ignore-all lint/suspicious/noExplicitAny: replies are read as untyped JSON
import { expect } from 'vitest';
import { expectError } from '../../support/expect.js';
import type { Client, Reply } from '../../support/transports.js';

/** The bare `{result}` of a workflow reply (no status, no message). */
export function resultOf(reply: Reply): any {
  expect(reply.status, reply.text).toBe(200);
  expect(Object.keys(reply.body), reply.text).toEqual(['result']);
  return reply.body.result;
}

/** An INVALID_ARGUMENT refusal of the schema or rule stage: message and `details.issues`. */
export function expectInvalid(reply: Reply, message: string | RegExp): any[] {
  expectError(reply, 400, 'INVALID_ARGUMENT', message);
  return reply.body.error.details?.issues;
}

/** A human node with the given reviewers (the first mandatory unless said otherwise). */
export const human = (nodeId: string, reviewers: (string | { userId: string; mandatory: boolean })[] = ['u1'], extra: Record<string, unknown> = {}) => ({
  nodeId,
  type: 'human',
  config: { reviewers: reviewers.map((r, i) => (typeof r === 'string' ? { userId: r, mandatory: i === 0 } : r)) },
  ...extra,
});

/** A notification node by e-mail. */
export const notify = (nodeId: string, bodyTemplate = 'Run {{execution.executionId}}: {{input.decision}}') => ({
  nodeId,
  type: 'notification',
  config: { channel: 'email', recipients: ['team@example.com'], subjectTemplate: 'Step {{step.nodeId}}', bodyTemplate },
});

/** The reserved synthetic agent: completes at once with an approval. */
export const mockAgent = (nodeId: string) => ({ nodeId, type: 'agent', config: { agentId: '__mock__', url: 'https://example.com/page' } });

/** The documented `doc-signoff` walk-through: one manager approval; a rejection notifies the author. */
export const docSignoff = (definitionId = 'doc-signoff') => ({
  definitionId,
  name: 'Document sign-off',
  nodes: [human('manager-approval', ['u_manager']), notify('notify-author')],
  edges: [{ from: 'manager-approval', to: 'notify-author', on: 'reject' }],
});

/** The documented `marketing-copy-approval` example of create (4.2.1). */
export const marketing = () => ({
  definitionId: 'marketing-copy-approval',
  name: 'Marketing copy approval',
  nodes: [
    { nodeId: 'agent-draft', type: 'agent', config: { agentId: 'copy-agent-v1', urlPath: 'documentUrl' } },
    { nodeId: 'human-review', type: 'human', config: { reviewers: [{ userId: 'u_reviewer_01', mandatory: true }] } },
    { nodeId: 'agent-publish', type: 'agent', config: { agentId: 'publish-agent-v1', urlPath: 'documentUrl' } },
    { nodeId: 'agent-rework', type: 'agent', config: { agentId: 'rework-agent-v1', urlPath: 'documentUrl' } },
  ],
  edges: [
    { from: 'agent-draft', to: 'human-review' },
    { from: 'human-review', to: 'agent-publish', on: 'approve' },
    { from: 'human-review', to: 'agent-rework', on: 'reject' },
  ],
});

/** Creates a definition and returns its view. */
export async function define(c: Client, definition: Record<string, unknown>): Promise<any> {
  return resultOf(await c.post('/v2/workflow/definitions/create', definition));
}

/** Dispatches a run and returns `{executionId, correlationId, deduplicated}`. */
export async function dispatch(c: Client, definitionId: string, extra: Record<string, unknown> = {}): Promise<any> {
  return resultOf(await c.post('/v2/workflow/executions/dispatch', { definitionId, ...extra }));
}

/** Reads a run with its steps. */
export async function execution(c: Client, executionId: string): Promise<any> {
  return resultOf(await c.post('/v2/workflow/executions/get', { executionId }));
}

/** The step of a run for a node (the latest one when the node ran more than once). */
export async function stepOf(c: Client, executionId: string, nodeId: string): Promise<any> {
  const run = await execution(c, executionId);
  return [...run.steps].reverse().find((s: any) => s.nodeId === nodeId);
}

/** The external events of a run from `sinceSeq`. */
export async function events(c: Client, executionId: string, sinceSeq = 0, pageSize?: number): Promise<any> {
  return resultOf(await c.post('/v2/workflow/executions/getEvents', { executionId, sinceSeq, ...(pageSize ? { pageSize } : {}) }));
}

/** One reviewer decision. */
export async function decide(
  c: Client,
  executionId: string,
  stepId: string,
  reviewerId: string,
  decision: 'approve' | 'reject',
  reason?: string,
): Promise<any> {
  return resultOf(await c.post('/v2/workflow/steps/recordReviewerDecision', { executionId, stepId, reviewerId, decision, ...(reason ? { reason } : {}) }));
}

/** The headers of a second API key of the seeded workspace (with its own auth token). */
export async function otherKey(c: Client): Promise<Record<string, string>> {
  const reply = await c.postWorkspace('/v2/workspace/apikey/create', { ownerEmail: 'owner@example.com', type: 'testing', createAuthToken: true });
  const created = reply.body.result.data;
  return { 'x-service-api-key': created.apiKey, 'x-service-auth-token': created.authToken };
}

/** A value with every `null` removed, at any depth (what turns a read view back into a write body). */
export function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== null)
      .map(([k, v]) => [k, withoutNulls(v)]),
  );
}
