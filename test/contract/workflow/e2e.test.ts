// biome-ignore-all lint/suspicious/noExplicitAny: replies are read as untyped JSON
import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../../src/adapters/node-server.js';
import { createMockService, type MockService } from '../../../src/service.js';
import { type Receiver, startReceiver } from '../../support/webhook-receiver.js';

const SECRET = 'launch-receiver-secret-01';
const sign = (body: string) => `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`;

let server: RunningServer | undefined;
let receiver: Receiver | undefined;
afterEach(async () => {
  await server?.close();
  await receiver?.close();
  server = receiver = undefined;
});

/** A call of the service's API on the standalone server; answers the parsed body. */
async function api(service: MockService, path: string, data: unknown): Promise<any> {
  const response = await fetch(`${server?.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...service.credentials.headers },
    body: JSON.stringify({ data }),
  });
  const body = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body.result;
}

/** A control call on the standalone server. */
async function control(path: string, body: unknown): Promise<any> {
  const response = await fetch(`${server?.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(response.status).toBe(200);
  return response.json();
}

describe('approval workflow end to end', () => {
  it('a two-reviewer workflow with an agent node: dispatch, the agent passes, both approve, the events read back, and the publish webhook arrives signed', async () => {
    receiver = await startReceiver(204);
    const service = createMockService();
    server = await listen(service, { port: 0 });
    const target = new URL(receiver.url).host;
    const hook = `${receiver.url}/publish`;
    await control('/__mock/workflow/config', { localTargets: [target] });
    await control('/__mock/agents/pages', { url: 'https://example.com/launch', text: 'We receive the order within two days.' });
    await api(service, '/v2/organizations/documents/add', { organizationId: 'acme', documents: [{ documentId: 'launch-copy' }] });
    const definition = await api(service, '/v2/workflow/definitions/create', {
      definitionId: 'launch-approval',
      name: 'Launch approval',
      nodes: [
        { nodeId: 'spell', type: 'agent', config: { agentId: 'spell-check', urlPath: 'pageUrl' } },
        { nodeId: 'legal', type: 'human', config: { reviewers: [{ userId: 'lena', mandatory: true }] } },
        { nodeId: 'brand', type: 'human', config: { reviewers: [{ userId: 'bo', mandatory: true }] } },
        { nodeId: 'publish', type: 'webhook', config: { url: hook } },
        {
          nodeId: 'fix-up',
          type: 'notification',
          config: { channel: 'email', recipients: ['copy@acme.test'], bodyTemplate: 'Rework {{execution.triggerContext.pageUrl}}' },
        },
      ],
      edges: [
        { from: 'spell', to: { kind: 'group', groupId: 'reviewers' }, on: 'approve' },
        { from: 'spell', to: 'fix-up', on: 'reject' },
        { from: { kind: 'group', groupId: 'reviewers' }, to: 'publish', on: 'approve' },
        { from: { kind: 'group', groupId: 'reviewers' }, to: 'fix-up', on: 'reject' },
      ],
      groups: [{ groupId: 'reviewers', memberNodeIds: ['legal', 'brand'], expectedSteps: 2, quorum: 2 }],
      webhookConfig: { url: `${receiver.url}/events`, secret: SECRET, eventTypes: ['execution.completed'] },
    });
    expect(definition.version).toBe(1);

    const { executionId } = await api(service, '/v2/workflow/executions/dispatch', {
      definitionId: 'launch-approval',
      organizationId: 'acme',
      documentId: 'launch-copy',
      correlationId: 'launch-42',
      triggerContext: { pageUrl: 'example.com/launch' },
    });
    await control('/__mock/clock/advance', { ms: 15_000 });
    let run = await api(service, '/v2/workflow/executions/get', { executionId });
    expect(run.steps.map((s: any) => [s.nodeId, s.status])).toEqual([
      ['spell', 'completed'],
      ['legal', 'waiting'],
      ['brand', 'waiting'],
    ]);
    const decide = (step: any, reviewerId: string) =>
      api(service, '/v2/workflow/steps/recordReviewerDecision', { executionId, stepId: step.stepId, reviewerId, decision: 'approve' });
    expect(await decide(run.steps[1], 'lena')).toEqual({ recorded: true, aggregatorStatus: 'resolved', resumeScheduled: true });
    expect(await decide(run.steps[2], 'bo')).toEqual({ recorded: true, aggregatorStatus: 'resolved', resumeScheduled: true });
    run = await api(service, '/v2/workflow/executions/get', { executionId });
    expect(run.status).toBe('completed');
    expect(run.steps.at(-1)).toMatchObject({ stepId: 'group_reviewers__to__publish', status: 'completed', output: { httpStatus: 200 } });

    const page = await api(service, '/v2/workflow/executions/getEvents', { executionId });
    expect(page.events.map((e: any) => e.type)).toEqual([
      'execution.dispatched',
      'step.awaiting-approval',
      'step.completed',
      'step.awaiting-approval',
      'step.awaiting-approval',
      'step.completed',
      'step.completed',
      'group.quorum-met',
      'step.completed',
      'execution.completed',
    ]);
    expect(page.events.every((e: any) => e.correlationId === 'launch-42')).toBe(true);

    await receiver.until(2);
    const publish = receiver.received.find((r) => r.headers['x-service-signature'] !== undefined && !r.headers['x-service-event-id']);
    const request = JSON.parse(publish?.body ?? '{}');
    expect(publish?.headers['x-service-signature']).toBe(sign(publish?.body ?? ''));
    expect(request).toMatchObject({
      executionId,
      nodeId: 'publish',
      definitionId: 'launch-approval',
      correlationId: 'launch-42',
      triggerContext: { pageUrl: 'example.com/launch' },
    });
    expect(request.input).toMatchObject({ groupId: 'reviewers', quorum: 2, totalApproved: 2 });
    const event = receiver.received.find((r) => r.headers['x-service-event-id'] !== undefined);
    expect(event?.headers['x-service-signature']).toBe(sign(event?.body ?? ''));
    expect(event?.headers['x-service-attempt']).toBe('0');
    expect(JSON.parse(event?.body ?? '{}')).toMatchObject({
      type: 'execution.completed',
      executionId,
      definitionId: 'launch-approval',
      eventId: event?.headers['x-service-event-id'],
    });
  });
});
