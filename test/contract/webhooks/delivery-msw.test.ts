import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMockService } from '../../../src/service.js';

// deliver: 'fetch' goes through the global fetch, so a test's own msw handler can play the receiver.
const received: { headers: Record<string, string>; body: string }[] = [];
const server = setupServer(
  http.post('https://hooks.example.test/collab', async ({ request }) => {
    received.push({ headers: Object.fromEntries(request.headers), body: await request.text() });
    return new HttpResponse(null, { status: received.length === 1 ? 503 : 204 });
  }),
);
beforeAll(() => server.listen());
afterAll(() => server.close());

it("deliver: 'fetch' is answered by a test's msw handler: a 503, then the 5 s retry delivers", async () => {
  const service = createMockService({ clock: new Date(), webhooks: { deliver: 'fetch' } });
  const call = async (path: string, data: unknown) => {
    const reply = await service.dispatch({
      method: 'POST',
      path,
      headers: { 'content-type': 'application/json', ...service.credentials.headers },
      body: JSON.stringify({ data }),
    });
    return JSON.parse(reply.body).result.data;
  };
  await call('/v2/workspace/advancedwebhookconfig/update', { isEnabled: true });
  const endpoint = await call('/v2/workspace/advancedwebhook/endpoints/create', { url: 'https://hooks.example.test/collab' });
  const { key } = await call('/v2/workspace/advancedwebhook/endpoints/secret/get', { endpointId: endpoint.id });
  service.model.events.emit('comment.add', service.credentials.apiKey, {
    organizationId: 'org',
    documentId: 'doc',
    annotationId: 'a1',
    commentAnnotation: { annotationId: 'a1', comments: [] },
    triggerNotification: true,
  });
  await service.webhooks.waitFor('comment.add');
  await service.webhooks.advance(5000);
  const [delivery] = service.webhooks.deliveries();
  expect(delivery).toMatchObject({ status: 'delivered', attempts: [{ statusCode: 503 }, { statusCode: 204 }] });
  expect(received).toHaveLength(2);
  for (const request of received) expect(() => new Webhook(key).verify(request.body, request.headers)).not.toThrow();
  expect(received[1]!.headers['webhook-timestamp']).toBe(String(Number(received[0]!.headers['webhook-timestamp']) + 5));
});
