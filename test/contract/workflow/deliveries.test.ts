// biome-ignore-all lint/suspicious/noExplicitAny: replies are read as untyped JSON
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { WebhookRequest } from '../../../src/model/webhooks/port.js';
import { createMockService, type MockService } from '../../../src/service.js';

const SECRET = 'receiver-secret-0123456789';
const sign = (body: string) => `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`;

/** Calls the API in process and returns the bare result. */
async function api(service: MockService, path: string, data: unknown): Promise<any> {
  const reply = await service.dispatch({
    method: 'POST',
    path,
    headers: { 'content-type': 'application/json', ...service.credentials.headers },
    body: JSON.stringify({ data }),
  });
  const body = JSON.parse(reply.body);
  if (reply.status !== 200) throw new Error(reply.body);
  return body.result;
}

const definition = (extra: Record<string, unknown> = {}) => ({
  definitionId: 'doc-signoff',
  name: 'Sign-off',
  nodes: [
    { nodeId: 'review', type: 'human', config: { reviewers: [{ userId: 'u1', mandatory: true }] } },
    { nodeId: 'hook', type: 'webhook', config: { url: 'https://hooks.example.com/rejected', method: 'GET', bodyTemplate: 'none' } },
  ],
  edges: [{ from: 'review', to: 'hook', on: 'reject' }],
  ...extra,
});

describe('workflow deliveries (4.2.0 K)', () => {
  it('external events go to the run receiver signed with its secret, with the event id; internal ones never do', async () => {
    const service = createMockService();
    await api(service, '/v2/workflow/definitions/create', definition());
    const { executionId } = await api(service, '/v2/workflow/executions/dispatch', {
      definitionId: 'doc-signoff',
      webhookUrl: 'https://receiver.example.com/events',
      webhookSecret: SECRET,
    });
    const deliveries = service.webhooks.deliveries().filter((d) => d.kind === 'workflow');
    expect(deliveries.map((d) => d.event)).toEqual(['execution.dispatched', 'step.awaiting-approval']);
    const [first] = deliveries;
    const body = first?.request.body as string;
    expect(JSON.parse(body)).toEqual({ ...first?.payload, executionId, definitionId: 'doc-signoff' });
    expect(first?.request.headers).toEqual({
      'content-type': 'application/json',
      'x-service-signature': sign(body),
      'x-service-event-id': first?.messageId,
      'x-service-attempt': '0',
      // The emulator's own marker, which its control plane refuses (docs/webhooks.md).
      'x-mock-webhook-delivery': first?.messageId,
    });
    expect(first?.payload).toMatchObject({ seq: 2, type: 'execution.dispatched', stepId: null, executionId, definitionId: 'doc-signoff' });
    expect(first?.url).toBe('https://receiver.example.com/events');
  });

  it('the definition’s webhookConfig applies with its eventTypes filter; a dispatch receiver replaces it and drops the filter', async () => {
    const service = createMockService();
    await api(
      service,
      '/v2/workflow/definitions/create',
      definition({ webhookConfig: { url: 'https://config.example.com/e', secret: SECRET, eventTypes: ['execution.completed', 'step.awaiting-approval'] } }),
    );
    await api(service, '/v2/workflow/executions/dispatch', { definitionId: 'doc-signoff' });
    expect(service.webhooks.deliveries().map((d) => [d.url, d.event])).toEqual([['https://config.example.com/e', 'step.awaiting-approval']]);
    await api(service, '/v2/workflow/executions/dispatch', {
      definitionId: 'doc-signoff',
      webhookUrl: 'https://override.example.com/e',
      webhookSecret: SECRET,
    });
    expect(
      service.webhooks
        .deliveries()
        .slice(1)
        .map((d) => [d.url, d.event]),
    ).toEqual([
      ['https://override.example.com/e', 'execution.dispatched'],
      ['https://override.example.com/e', 'step.awaiting-approval'],
    ]);
  });

  it('a failing receiver is retried after 2 s, 8 s, 32 s, 2 min and 8 min, counting x-service-attempt, then dead-lettered', async () => {
    const sent: WebhookRequest[] = [];
    const service = createMockService({
      webhooks: {
        deliver: async (request) => {
          sent.push(request);
          return { statusCode: 503 };
        },
      },
    });
    await api(
      service,
      '/v2/workflow/definitions/create',
      definition({ webhookConfig: { url: 'https://receiver.example.com/e', secret: SECRET, eventTypes: ['step.awaiting-approval'] } }),
    );
    await api(service, '/v2/workflow/executions/dispatch', { definitionId: 'doc-signoff' });
    await service.webhooks.flush();
    await service.webhooks.advance(20 * 60_000);
    const [delivery] = service.webhooks.deliveries();
    expect(delivery?.status).toBe('failed');
    const t0 = delivery?.createdAt as number;
    expect(delivery?.attempts.map((a) => a.at - t0)).toEqual([0, 2000, 10_000, 42_000, 162_000, 642_000]);
    expect(sent.map((r) => r.headers['x-service-attempt'])).toEqual(['0', '1', '2', '3', '4', '5']);
    expect(new Set(sent.map((r) => r.headers['x-service-signature'])).size).toBe(1);
  });

  it('a webhook node’s request is delivered as recorded, once, with its method; its outcome stays the scripted one', async () => {
    const sent: WebhookRequest[] = [];
    const service = createMockService({
      webhooks: {
        deliver: async (request) => {
          sent.push(request);
          return { statusCode: 500 };
        },
      },
    });
    await api(service, '/v2/workflow/definitions/create', definition());
    const { executionId } = await api(service, '/v2/workflow/executions/dispatch', { definitionId: 'doc-signoff' });
    const run = await api(service, '/v2/workflow/executions/get', { executionId });
    await api(service, '/v2/workflow/steps/recordReviewerDecision', { executionId, stepId: run.steps[0].stepId, reviewerId: 'u1', decision: 'reject' });
    await service.webhooks.flush();
    const [node] = service.webhooks.deliveries({ event: 'workflow.webhook-node' });
    expect(sent).toEqual([
      { method: 'GET', timeoutMs: 10_000, url: 'https://hooks.example.com/rejected', headers: { 'x-mock-webhook-delivery': node?.messageId }, body: '' },
    ]);
    expect(node).toMatchObject({ kind: 'workflow-node', method: 'GET', status: 'failed', attempts: [{ statusCode: 500 }] });
    expect((await api(service, '/v2/workflow/executions/get', { executionId })).steps[1].status).toBe('completed');
  });

  it('moving the clock with service.webhooks.advance runs workflow timers at their instants, and their events are delivered', async () => {
    const service = createMockService();
    await api(service, '/v2/workflow/definitions/create', {
      ...definition(),
      nodes: [{ ...definition().nodes[0], slaMs: 30_000 }, definition().nodes[1]],
      edges: [...definition().edges, { from: 'review', to: 'hook' }],
      webhookConfig: { url: 'https://receiver.example.com/e', secret: SECRET, eventTypes: ['step.breached'] },
    });
    await api(service, '/v2/workflow/executions/dispatch', { definitionId: 'doc-signoff' });
    const t0 = service.clock.now();
    await service.webhooks.advance(60_000);
    const [breach] = service.webhooks.deliveries();
    expect(breach).toMatchObject({ event: 'step.breached', createdAt: t0 + 30_000, payload: { timestamp: t0 + 30_000, data: { reason: 'sla-exceeded' } } });
  });

  it('on the system clock a timer falling due reaches the receiver by itself, without another call', async () => {
    const service = createMockService({ clock: 'system', webhooks: { deliver: async () => ({ statusCode: 204 }) } });
    await api(service, '/v2/workflow/definitions/create', {
      ...definition(),
      nodes: [{ ...definition().nodes[0], slaMs: 50 }, definition().nodes[1]],
      edges: [...definition().edges, { from: 'review', to: 'hook' }],
      webhookConfig: { url: 'https://receiver.example.com/e', secret: SECRET, eventTypes: ['step.breached'] },
    });
    await api(service, '/v2/workflow/executions/dispatch', { definitionId: 'doc-signoff' });
    const breach = await service.webhooks.waitFor('step.breached', undefined, { timeoutMs: 5000 });
    expect(breach).toMatchObject({ kind: 'workflow', status: 'delivered', payload: { type: 'step.breached', data: { reason: 'sla-exceeded' } } });
  });
});
