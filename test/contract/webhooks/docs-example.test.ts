import { Webhook } from 'standardwebhooks';
import { expect, it } from 'vitest';
import { createMockService } from '../../../src/index.js';

// The in-process example of docs/webhooks.md ("Testing your webhook handler"), line for line (imports point at the sources).
it('runs the docs/webhooks.md example: a handler verifies the crdt.update_data delivery and answers 204', async () => {
  // Your handler, e.g. a route of your backend: (request: Request) => Promise<Response>.
  let secret = '';
  const handler = async (request: Request): Promise<Response> => {
    const payload = new Webhook(secret).verify(await request.text(), Object.fromEntries(request.headers));
    return new Response(null, { status: (payload as { event?: string }).event ? 204 : 400 });
  };

  const service = createMockService({
    clock: new Date(), // standardwebhooks checks webhook-timestamp against the wall clock
    webhooks: { deliver: async ({ url, headers, body }) => ({ statusCode: (await handler(new Request(url, { method: 'POST', headers, body }))).status }) },
  });
  const call = async (path: string, data: unknown) => {
    const reply = await service.dispatch({
      method: 'POST',
      path,
      headers: { 'content-type': 'application/json', ...service.credentials.headers },
      body: JSON.stringify({ data }),
    });
    const body = JSON.parse(reply.body);
    if (body.error) throw new Error(`${reply.status} ${body.error.status}: ${body.error.message}`);
    return body.result.data;
  };
  await call('/v2/workspace/advancedwebhookconfig/update', { isEnabled: true });
  const endpoint = await call('/v2/workspace/advancedwebhook/endpoints/create', { url: 'https://my-app.test/webhooks' });
  secret = (await call('/v2/workspace/advancedwebhook/endpoints/secret/get', { endpointId: endpoint.id })).key;
  await call('/v2/crdt/add', { organizationId: 'org', documentId: 'doc', editorId: 'notes', type: 'text', data: 'Hi' });
  await service.webhooks.advance(5000); // crdt.update_data waits for 5 s of quiet
  const delivery = await service.webhooks.waitFor('crdt.update_data');
  expect(delivery.status).toBe('delivered');
  expect(delivery.attempts[0]!.statusCode).toBe(204);
});

it('a handler that refuses a forged signature makes the attempt fail and schedules the retry', async () => {
  const service = createMockService({
    webhooks: {
      deliver: async ({ headers, body }) => {
        const forged = { ...headers, 'webhook-signature': 'v1,AAAA' };
        try {
          new Webhook(`whsec_${btoa('x'.repeat(24))}`).verify(body, forged);
          return { statusCode: 204 };
        } catch {
          return { statusCode: 401 };
        }
      },
    },
  });
  const call = (path: string, data: unknown) =>
    service.dispatch({ method: 'POST', path, headers: { 'content-type': 'application/json', ...service.credentials.headers }, body: JSON.stringify({ data }) });
  await call('/v2/workspace/advancedwebhookconfig/update', { isEnabled: true });
  await call('/v2/workspace/advancedwebhook/endpoints/create', { url: 'https://my-app.test/webhooks' });
  await call('/v2/crdt/add', { organizationId: 'org', documentId: 'doc', editorId: 'notes', type: 'text', data: 'Hi' });
  await service.webhooks.advance(5000);
  const [delivery] = service.webhooks.deliveries();
  expect(delivery).toMatchObject({ status: 'pending', attempts: [{ statusCode: 401 }], nextAttemptAt: service.clock.now() + 5000 });
});
