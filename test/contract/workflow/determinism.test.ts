// biome-ignore-all lint/suspicious/noExplicitAny: replies are read as untyped JSON
import { describe, expect, it } from 'vitest';
import { createMockService, type MockService } from '../../../src/service.js';

/** Calls the API in process; returns the reply text. */
async function call(service: MockService, path: string, data: unknown): Promise<string> {
  const reply = await service.dispatch({
    method: 'POST',
    path,
    headers: { 'content-type': 'application/json', ...service.credentials.headers },
    body: JSON.stringify({ data }),
  });
  return reply.body;
}

const review = (nodeId: string, userId: string) => ({ nodeId, type: 'human', config: { reviewers: [{ userId, mandatory: true }] } });

/** A realistic session: a group review with a loop, a webhook with retries, an SLA, decisions and clock moves. */
async function session(service: MockService): Promise<string[]> {
  const out: string[] = [];
  service.workflow.scriptResponse({ url: 'https://hooks.example.com/publish', responses: [{ status: 503 }, { status: 200, json: { published: true } }] });
  out.push(
    await call(service, '/v2/workflow/definitions/create', {
      definitionId: 'launch',
      name: 'Launch',
      nodes: [
        { nodeId: 'draft', type: 'agent', config: { agentId: '__mock__', url: 'https://example.com/draft' } },
        review('legal', 'lee'),
        { ...review('brand', 'bo'), slaMs: 3_600_000 },
        { nodeId: 'publish', type: 'webhook', config: { url: 'https://hooks.example.com/publish' } },
      ],
      edges: [
        { from: 'draft', to: { kind: 'group', groupId: 'panel' } },
        { from: { kind: 'group', groupId: 'panel' }, to: 'publish' },
        { from: { kind: 'group', groupId: 'panel' }, to: 'draft', on: 'reject', loop: { maxIterations: 3 } },
      ],
      groups: [{ groupId: 'panel', memberNodeIds: ['legal', 'brand'], expectedSteps: 2, quorum: 2, onQuorumMet: 'joinOnQuorum' }],
    }),
  );
  const dispatched = await call(service, '/v2/workflow/executions/dispatch', {
    definitionId: 'launch',
    webhookUrl: 'https://receiver.example.com/e',
    webhookSecret: 'x'.repeat(16),
  });
  out.push(dispatched);
  const { executionId } = JSON.parse(dispatched).result;
  const waitingStep = async (nodeId: string) => {
    const run = JSON.parse(await call(service, '/v2/workflow/executions/get', { executionId })).result;
    return [...run.steps].reverse().find((s: any) => s.nodeId === nodeId && s.status === 'waiting')?.stepId;
  };
  service.clock.advance(1000);
  out.push(
    await call(service, '/v2/workflow/steps/recordReviewerDecision', {
      executionId,
      stepId: await waitingStep('legal'),
      reviewerId: 'lee',
      decision: 'reject',
      reason: 'claims',
    }),
  );
  out.push(
    await call(service, '/v2/workflow/steps/recordReviewerDecision', {
      executionId,
      stepId: await waitingStep('legal'),
      reviewerId: 'lee',
      decision: 'approve',
    }),
  );
  out.push(
    await call(service, '/v2/workflow/steps/recordReviewerDecision', {
      executionId,
      stepId: await waitingStep('brand'),
      reviewerId: 'bo',
      decision: 'approve',
    }),
  );
  await service.webhooks.advance(2 * 3_600_000);
  out.push(await call(service, '/v2/workflow/executions/get', { executionId }));
  out.push(await call(service, '/v2/workflow/executions/getEvents', { executionId }));
  out.push(await call(service, '/v2/workflow/executions/list', {}));
  out.push(JSON.stringify(service.workflow.outbox()));
  out.push(JSON.stringify(service.webhooks.deliveries()));
  return out;
}

describe('workflow determinism', () => {
  it('same seed and same calls give the same bytes: replies, ids, timestamps, event seq, deliveries and the exported state', async () => {
    const one = createMockService({ seed: 11 });
    const two = createMockService({ seed: 11 });
    const a = await session(one);
    const b = await session(two);
    expect(a).toEqual(b);
    expect(one.exportState()).toBe(two.exportState());
    const run = JSON.parse(a[5] as string).result;
    expect(run.status).toBe('completed');
    expect(run.steps.map((s: any) => [s.nodeId, s.status])).toEqual([
      ['draft', 'completed'],
      ['legal', 'completed'],
      ['brand', 'cancelled'],
      ['draft', 'completed'],
      ['legal', 'completed'],
      ['brand', 'completed'],
      ['publish', 'completed'],
    ]);
    const other = await session(createMockService({ seed: 12 }));
    expect(other[1]).not.toBe(a[1]);
  });

  it('reset, restore and an exported state continue exactly where they were', async () => {
    const service = createMockService({ seed: 3 });
    const start = service.exportState();
    const first = await session(service);
    service.reset();
    expect(service.exportState()).toBe(start);
    expect(await session(service)).toEqual(first);

    const original = createMockService({ seed: 5 });
    await call(original, '/v2/workflow/definitions/create', {
      definitionId: 'one-step',
      name: 'One',
      nodes: [review('r', 'u1'), { nodeId: 'n', type: 'notification', config: { channel: 'slack', slackTarget: 'C1', bodyTemplate: 'x' } }],
      edges: [{ from: 'r', to: 'n', on: 'reject' }],
    });
    const { executionId } = JSON.parse(await call(original, '/v2/workflow/executions/dispatch', { definitionId: 'one-step' })).result;
    const snapshot = original.snapshot();
    const copy = createMockService({ state: original.exportState() });
    const stepId = JSON.parse(await call(original, '/v2/workflow/executions/get', { executionId })).result.steps[0].stepId;
    const decision = { executionId, stepId, reviewerId: 'u1', decision: 'reject' };
    const there = await call(original, '/v2/workflow/steps/recordReviewerDecision', decision);
    expect(await call(copy, '/v2/workflow/steps/recordReviewerDecision', decision)).toBe(there);
    expect(copy.exportState()).toBe(original.exportState());
    original.restore(snapshot);
    expect(await call(original, '/v2/workflow/steps/recordReviewerDecision', decision)).toBe(there);
  });

  it('announces domain events for definition writes and every run event', async () => {
    const service = createMockService();
    const seen: string[] = [];
    service.model.events.on('*', (event) => {
      if (event.type.startsWith('workflow'))
        seen.push(event.type === 'workflow_execution.event' ? `${event.type}:${event.eventType}:${event.external}` : event.type);
    });
    await call(service, '/v2/workflow/definitions/create', {
      definitionId: 'one-step',
      name: 'One',
      nodes: [{ nodeId: 'a', type: 'agent', config: { agentId: '__mock__', url: 'https://e.com' } }],
      edges: [],
    });
    await call(service, '/v2/workflow/executions/dispatch', { definitionId: 'one-step' });
    await call(service, '/v2/workflow/definitions/delete', { definitionId: 'one-step' });
    expect(seen).toEqual([
      'workflow_definition.create',
      'workflow_execution.event:step.scheduled:false',
      'workflow_execution.event:execution.dispatched:true',
      'workflow_execution.event:step.started:false',
      'workflow_execution.event:step.completed:true',
      'workflow_execution.event:execution.completed:true',
      'workflow_definition.delete',
    ]);
  });
});
