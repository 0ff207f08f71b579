import { describe, expect, it } from 'vitest';
import { listen } from '../../../src/adapters/node-server.js';
import { DELIVERY_MARKER_HEADER } from '../../../src/protocol/origins.js';
import { createMockService } from '../../../src/service.js';
import { expectError, expectSuccess } from '../../support/expect.js';
import { forEachTransport } from '../../support/transports.js';

const CREATE = '/v2/workspace/advancedwebhook/endpoints/create';
const UPDATE = '/v2/workspace/advancedwebhook/endpoints/update';

/** URLs no delivery may go to, each with the part of the message that says why. */
const REFUSED: [string, string][] = [
  ['http://127.0.0.1:4780/__mock/reset', "points at the emulator's control plane (/__mock/...)"],
  ['https://collab-service.test/__mock/state', "points at the emulator's control plane"],
  ['https://api.example.test/collab/__mock/reset', "points at the emulator's control plane"],
  ['http://localhost:4780/%5F%5Fmock/reset', "points at the emulator's control plane"],
  ['http://localhost:4780/v2/../__MOCK/faults', "points at the emulator's control plane"],
  ['http://169.254.169.254/latest/meta-data/', 'is a link-local or cloud metadata address; webhooks are never delivered there.'],
  ['http://[fe80::1]:8080/hooks', 'is a link-local or cloud metadata address'],
  ['http://[::ffff:169.254.169.254]/', 'is a link-local or cloud metadata address'],
  ['http://100.100.100.200/latest/meta-data', 'is a link-local or cloud metadata address'],
  ['http://metadata.google.internal/computeMetadata/v1/', 'a cloud metadata service; webhooks are never delivered there.'],
  ['http://0/', "names 0.0.0.0, which is no host's address; use 127.0.0.1 or localhost for this machine."],
  ['http://[::]:3000/hooks', "is no host's address"],
  ['http://224.0.0.1/hooks', 'is a multicast, broadcast or reserved address'],
  ['http://ada:secret@localhost:3000/hooks', 'carries credentials (user:password@host)'],
  ['http://10.0.0.5/hooks', 'names 10.0.0.5, which is a private network address; start the server with --webhook-allow 10.0.0.5'],
  ['http://192.168.1.20:3000/hooks', 'is a private network address'],
  ['http://[fd12::5]/hooks', 'is a private network address'],
];

/** A message that contains `text` verbatim. */
const containing = (text: string): RegExp => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

const ACCEPTED = ['http://localhost:3000/hooks', 'http://127.0.0.1:9999/x', 'http://[::1]:3000/hooks', 'https://hooks.example.com/x', 'http://receiver.lan/x'];

forEachTransport('webhook target policy', (fresh) => {
  const enabled = async (options?: Parameters<typeof fresh>[0]) => {
    const c = fresh(options);
    expectSuccess(await c.post('/v2/workspace/advancedwebhookconfig/update', { isEnabled: true }));
    return c;
  };

  it('refuses endpoint URLs aimed at the control plane, metadata, link-local, 0.0.0.0, credentials and private ranges', async () => {
    const c = await enabled();
    const before = c.service.exportState();
    for (const [url, why] of REFUSED) {
      const reply = await c.post(CREATE, { url });
      expectError(reply, 400, 'INVALID_ARGUMENT', containing(why));
      expect(reply.body.error.message, url).not.toContain('secret');
    }
    expect(c.service.exportState()).toBe(before);
  });

  it('takes loopback, public hosts and names, and private ranges only when the service allows them', async () => {
    const c = await enabled();
    for (const url of ACCEPTED) expectSuccess(await c.post(CREATE, { url }));
    const allowed = await enabled({ webhooks: { allow: ['10.0.0.0/8', 'fd00::/8', '192.168.1.20'] } });
    for (const url of ['http://10.0.0.5/hooks', 'http://[fd12::5]/hooks', 'http://192.168.1.20:3000/hooks']) expectSuccess(await allowed.post(CREATE, { url }));
    expectError(
      await allowed.post(CREATE, { url: 'http://192.168.1.21/hooks' }),
      400,
      'INVALID_ARGUMENT',
      'Webhook URL http://192.168.1.21/hooks names 192.168.1.21, which is a private network address; start the server with --webhook-allow 192.168.1.21 (or a range such as 10.0.0.0/8; option webhooks.allow) to deliver there.',
    );
    expectError(await allowed.post(CREATE, { url: 'http://169.254.169.254/' }), 400, 'INVALID_ARGUMENT', containing('link-local or cloud metadata'));
  });

  it('refuses the same URLs on endpoint update and in the basic webhook configuration', async () => {
    const c = await enabled();
    const id = expectSuccess(await c.post(CREATE, { url: 'http://localhost:3000/hooks' })).data.id as string;
    const before = c.service.exportState();
    expectError(
      await c.post(UPDATE, { endpointId: id, url: 'http://localhost:4780/__mock/reset' }),
      400,
      'INVALID_ARGUMENT',
      "Webhook URL http://localhost:4780/__mock/reset points at the emulator's control plane (/__mock/...): a delivery there could reset or replace the emulator's state. Point it at your webhook handler.",
    );
    const basic = await c.post('/v2/workspace/webhookconfig/update', {
      useWebhookService: true,
      webhookServiceConfig: { rawNotificationUrl: 'http://169.254.169.254/hooks' },
    });
    expectError(
      basic,
      400,
      'INVALID_ARGUMENT',
      'Webhook URL http://169.254.169.254/hooks names 169.254.169.254, which is a link-local or cloud metadata address; webhooks are never delivered there.',
    );
    expect(c.service.exportState()).toBe(before);
  });

  it('refuses every control call that carries the webhook delivery marker', async () => {
    const c = fresh();
    expectSuccess(await c.post('/v2/users/add', { organizationId: 'org', users: [{ userId: 'ada' }] }));
    const before = c.service.exportState();
    for (const [method, path] of [
      ['POST', '/__mock/reset'],
      ['POST', '/__mock/state'],
      ['GET', '/__mock/credentials'],
    ] as const) {
      const reply = await c.raw({
        method,
        path,
        headers: { 'content-type': 'application/json', [DELIVERY_MARKER_HEADER]: 'msg_1' },
        body: method === 'POST' ? '{}' : '',
      });
      expectError(
        reply,
        403,
        'PERMISSION_DENIED',
        `${method} ${path} came from a webhook delivery (it carries x-mock-webhook-delivery); the control plane never takes calls from deliveries. Point the endpoint at your webhook handler.`,
      );
    }
    expect(c.service.exportState()).toBe(before);
  });
});

describe('webhook deliveries carry the marker and respect the policy at send time', () => {
  it('marks every attempt, and an endpoint written around the create check is never attempted', async () => {
    const sent: { url: string; headers: Record<string, string> }[] = [];
    const service = createMockService({
      webhooks: {
        deliver: async (request) => {
          sent.push(request);
          return { statusCode: 204 };
        },
      },
    });
    const headers = { 'content-type': 'application/json', ...service.credentials.headers };
    const post = (path: string, data: unknown) => service.dispatch({ method: 'POST', path, headers, body: JSON.stringify({ data }) });
    await post('/v2/workspace/advancedwebhookconfig/update', { isEnabled: true });
    await post(CREATE, { url: 'http://localhost:3000/hooks' });
    // A state file may hold any URL: the attempt checks the policy again.
    const endpoint = service.model.store.namespace(service.credentials.apiKey).advancedWebhookEndpoints[0]!;
    await post(CREATE, { url: 'https://hooks.example.com/ok' });
    endpoint.url = 'http://127.0.0.1:4780/__mock/reset';
    await post('/v2/crdt/add', { organizationId: 'org', documentId: 'doc', editorId: 'e', type: 'text', data: 'hi' });
    await service.webhooks.advance(10_000);
    await service.webhooks.flush();
    expect(sent.map((r) => r.url)).toEqual(['https://hooks.example.com/ok']);
    expect(sent[0]!.headers[DELIVERY_MARKER_HEADER]).toMatch(/^msg_/);
    const refused = service.webhooks.deliveries({ endpointId: endpoint.id });
    expect(refused[0]!.attempts[0]).toMatchObject({ statusCode: null, error: expect.stringContaining("points at the emulator's control plane") });
    expect(refused[0]!.request.headers[DELIVERY_MARKER_HEADER]).toBe(refused[0]!.messageId);
  });
});

describe('a delivery that reaches the control plane of a running server', () => {
  it('is refused there and changes nothing, whatever route it took (a proxy, a rewrite)', async () => {
    const service = createMockService({ clock: new Date() });
    const running = await listen(service, { port: 0, webhooks: 'keep' });
    const answers: number[] = [];
    // A receiver behind a proxy that forwards everything to the emulator's own reset.
    service.webhooks.deliverWith(async (request) => {
      const reply = await fetch(`${running.url}/__mock/reset`, { method: 'POST', headers: request.headers, body: request.body });
      answers.push(reply.status);
      return { statusCode: reply.status };
    });
    try {
      const headers = { 'content-type': 'application/json', ...service.credentials.headers };
      const post = (path: string, data: unknown) => fetch(`${running.url}${path}`, { method: 'POST', headers, body: JSON.stringify({ data }) });
      await post('/v2/workspace/advancedwebhookconfig/update', { isEnabled: true });
      await post(CREATE, { url: 'https://hooks.example.com/proxy' });
      await post('/v2/users/add', { organizationId: 'org', users: [{ userId: 'ada' }] });
      service.model.events.emit('comment.add', service.credentials.apiKey, {
        organizationId: 'org',
        documentId: 'doc',
        annotationId: 'ann-1',
        commentId: 1,
        actionUser: { userId: 'u1' },
        commentAnnotation: { annotationId: 'ann-1', comments: [{ commentId: 1, commentText: 'Hello' }] },
        targetComment: { commentId: 1, commentText: 'Hello' },
        triggerNotification: true,
      });
      await service.webhooks.flush();
      expect(answers.length).toBeGreaterThan(0);
      expect(answers.every((status) => status === 403)).toBe(true);
      expect(service.model.store.namespace(service.credentials.apiKey).organizations.get('org')?.users.has('ada')).toBe(true);
    } finally {
      await running.close();
    }
  });
});
