import { describe, expect, it } from 'vitest';
import { createMockService } from '../../../src/service.js';

// The example of docs/areas/workflow.md, line for line; test/package/readme.test.ts checks the page still shows them.

describe('docs/areas/workflow.md', () => {
  it('runs the service.workflow example: settings, scripted answers, the outbox, a fired trigger', async () => {
    const service = createMockService();
    await service.dispatch({
      method: 'POST',
      path: '/v2/workflow/definitions/create',
      headers: { 'content-type': 'application/json', ...service.credentials.headers },
      body: JSON.stringify({
        data: {
          definitionId: 'launch',
          name: 'Launch',
          nodes: [{ nodeId: 'publish', type: 'webhook', config: { url: 'https://hooks.example.com/publish' } }],
          edges: [],
          triggers: [{ triggerId: 'github', inboundWebhook: { provider: 'github', secret: 'a-secret-of-16-chars', allowedEvents: ['push'] } }],
        },
      }),
    });
    service.workflow.configure({ agentSteps: 'immediate', localTargets: ['127.0.0.1:4100'] });
    service.workflow.scriptResponse({ url: 'https://hooks.example.com/publish', responses: [{ status: 503 }, { status: 200, json: { published: true } }] });
    const fired = await service.workflow.fireTrigger({ definitionId: 'launch', triggerId: 'github', eventName: 'push', payload: { ref: 'main' } });
    const outbox = service.workflow.outbox({ kind: 'webhook' });
    expect(fired).toMatchObject({ fired: true, deduplicated: false });
    expect(outbox.map((entry) => entry.response?.status)).toEqual([503]);
    expect(service.workflow.config()).toMatchObject({ agentSteps: 'immediate', localTargets: ['127.0.0.1:4100'] });
  });
});
