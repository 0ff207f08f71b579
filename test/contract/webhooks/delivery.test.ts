// biome-ignore-all lint/suspicious/noExplicitAny: replies are read as untyped JSON

import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../../src/adapters/node-server.js';
import { RETRY_DELAYS_MS } from '../../../src/model/webhooks/schedule.js';
import { createMockService, type MockService } from '../../../src/service.js';
import { coverage } from '../../../src/surface.js';
import { plainHeaders, type Receiver, startReceiver } from '../../support/webhook-receiver.js';

const COMMENTS_SERVED = (await coverage()).served.some((p) => p.path === '/v2/commentannotations/add');

let running: RunningServer | undefined;
let receiver: Receiver | undefined;
afterEach(async () => {
  await running?.close();
  await receiver?.close();
  running = receiver = undefined;
});

/** POSTs `{ data }` to the standalone server with the service's API-key headers. */
async function post(service: MockService, path: string, data: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`${running!.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...service.credentials.headers },
    body: JSON.stringify({ data }),
  });
  return { status: response.status, body: await response.json() };
}

/** A control call on the standalone server. */
async function control(method: 'GET' | 'POST', path: string, body?: unknown): Promise<any> {
  const response = await fetch(`${running!.url}${path}`, {
    method,
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  expect(response.status).toBe(200);
  return response.json();
}

/** Starts the standalone server for a service and configures one endpoint at the receiver; returns its secret. */
async function configure(service: MockService, endpoint: Record<string, unknown> = {}): Promise<{ endpointId: string; secret: string }> {
  running = await listen(service, { port: 0 });
  expect((await post(service, '/v2/workspace/advancedwebhookconfig/update', { isEnabled: true })).status).toBe(200);
  const created = await post(service, '/v2/workspace/advancedwebhook/endpoints/create', { url: receiver!.url, ...endpoint });
  const endpointId = created.body.result.data.id as string;
  const secret = (await post(service, '/v2/workspace/advancedwebhook/endpoints/secret/get', { endpointId })).body.result.data.key as string;
  return { endpointId, secret };
}

const emitComment = (service: MockService, type: 'comment.add' | 'comment_annotation.add' = 'comment.add') =>
  service.model.events.emit(type, service.credentials.apiKey, {
    organizationId: 'org',
    documentId: 'doc',
    annotationId: 'ann-1',
    commentId: 1,
    actionUser: { userId: 'u1' },
    commentAnnotation: { annotationId: 'ann-1', comments: [{ commentId: 1, commentText: 'Hello' }] },
    targetComment: { commentId: 1, commentText: 'Hello' },
    triggerNotification: true,
  });

describe('webhook delivery over HTTP', () => {
  // The verifier compares webhook-timestamp with the wall clock, so these services start their virtual clock now.
  it('the standalone server POSTs each message to a real receiver, and standardwebhooks verifies it', async () => {
    receiver = await startReceiver(204);
    const service = createMockService({ clock: new Date() });
    const { secret } = await configure(service);
    emitComment(service);
    await receiver.until(1);
    const [request] = receiver.received;
    const payload = new Webhook(secret).verify(request!.body, plainHeaders(request!.headers)) as Record<string, any>;
    expect(payload).toMatchObject({ event: 'comment.add', actionType: 'add', data: { targetComment: { commentText: 'Hello' } } });
    expect(request!.headers['content-type']).toBe('application/json');
    const listed = await control('GET', '/__mock/webhooks/deliveries?event=comment.add');
    expect(listed.mode).toBe('custom');
    expect(listed.deliveries).toHaveLength(1);
    expect(listed.deliveries[0]).toMatchObject({ status: 'delivered', attempts: [{ statusCode: 204 }], messageId: request!.headers['webhook-id'] });
  });

  it('a failing receiver sees the retry schedule as the virtual clock advances', async () => {
    receiver = await startReceiver(500);
    const service = createMockService();
    await configure(service);
    const start = service.clock.now();
    emitComment(service);
    await receiver.until(1);
    // 36 minutes: the attempts at +5 s, +5 min 5 s and +35 min 5 s fall due, the 2 h one does not.
    await control('POST', '/__mock/clock/advance', { ms: 36 * 60_000 });
    const timestamps = receiver.received.map((r) => Number(r.headers['webhook-timestamp']) * 1000 - start);
    expect(timestamps).toEqual([0, 5_000, 305_000, 2_105_000]);
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
    const [delivery] = (await control('GET', '/__mock/webhooks/deliveries')).deliveries;
    expect(delivery).toMatchObject({ status: 'pending', nextAttemptAt: start + 2_105_000 + RETRY_DELAYS_MS[4]! });
    expect(delivery.attempts.map((a: { statusCode: number }) => a.statusCode)).toEqual([500, 500, 500, 500]);
  });

  it('flush runs due attempts; deleting the endpoint stops them', async () => {
    receiver = await startReceiver(503);
    const service = createMockService();
    const { endpointId } = await configure(service);
    emitComment(service);
    await receiver.until(1);
    service.clock.advance(5_000);
    const flushed = await control('POST', '/__mock/webhooks/flush');
    expect(flushed.attempted).toHaveLength(1);
    expect(receiver.received).toHaveLength(2);
    expect((await control('POST', '/__mock/webhooks/flush')).attempted).toEqual([]);
    expect((await post(service, '/v2/workspace/advancedwebhook/endpoints/delete', { endpointId })).status).toBe(200);
    await control('POST', '/__mock/clock/advance', { ms: 24 * 3600_000 });
    expect(receiver.received).toHaveLength(2);
    expect((await control('GET', '/__mock/webhooks/deliveries')).deliveries[0].status).toBe('cancelled');
  });

  it("deliver: 'fetch' sends from an in-process service", async () => {
    receiver = await startReceiver(200);
    const service = createMockService({ clock: new Date(), webhooks: { deliver: 'fetch' } });
    const { secret } = await configure(service);
    expect(service.webhooks.mode).toBe('fetch');
    emitComment(service, 'comment_annotation.add');
    const delivery = await service.webhooks.waitFor('comment_annotation.add');
    expect(delivery.status).toBe('delivered');
    expect(() => new Webhook(secret).verify(receiver!.received[0]!.body, plainHeaders(receiver!.received[0]!.headers))).not.toThrow();
  });

  it('shared-editor writes send one crdt.update_data after 5 s of quiet, with the latest snapshot', async () => {
    receiver = await startReceiver(204);
    const service = createMockService({ clock: new Date() });
    const { secret } = await configure(service, { filterTypes: ['crdt.update_data'] });
    const at = { organizationId: 'org', documentId: 'doc', editorId: 'notes' };
    expect((await post(service, '/v2/crdt/add', { ...at, type: 'text', data: 'one' })).status).toBe(200);
    await control('POST', '/__mock/clock/advance', { ms: 4_000 });
    expect((await post(service, '/v2/crdt/update', { ...at, type: 'text', data: 'two' })).status).toBe(200);
    await control('POST', '/__mock/clock/advance', { ms: 4_000 });
    expect(receiver.received).toHaveLength(0);
    await control('POST', '/__mock/clock/advance', { ms: 1_000 });
    await receiver.until(1);
    expect(receiver.received).toHaveLength(1);
    const payload = new Webhook(secret).verify(receiver.received[0]!.body, plainHeaders(receiver.received[0]!.headers));
    expect(payload).toMatchObject({ event: 'crdt.update_data', actionType: 'updateData', source: 'crdt', data: { crdtData: { id: 'notes', data: 'two' } } });
  });

  it.runIf(COMMENTS_SERVED)('a comment added through REST with triggerNotification reaches the receiver, verified', async () => {
    receiver = await startReceiver(204);
    const service = createMockService({ clock: new Date() });
    const { secret } = await configure(service, { filterTypes: ['comment_annotation.add', 'comment.add'] });
    const added = await post(service, '/v2/commentannotations/add', {
      organizationId: 'org',
      documentId: 'doc',
      createOrganization: true,
      createDocument: true,
      commentAnnotations: [{ commentData: [{ commentText: 'Ship it', from: { userId: 'u1' }, triggerNotification: true }] }],
    });
    expect(added.status).toBe(200);
    await receiver.until(1);
    const payload = new Webhook(secret).verify(receiver.received[0]!.body, plainHeaders(receiver.received[0]!.headers)) as Record<string, any>;
    expect(payload).toMatchObject({ event: 'comment_annotation.add', actionType: 'add', data: { metadata: { organization: { organizationId: 'org' } } } });
    expect(JSON.stringify(payload['data'])).toContain('Ship it');
    // Without triggerNotification a REST write sends nothing.
    const silent = await post(service, '/v2/commentannotations/add', {
      organizationId: 'org',
      documentId: 'doc',
      commentAnnotations: [{ commentData: [{ commentText: 'Quietly', from: { userId: 'u1' } }] }],
    });
    expect(silent.status).toBe(200);
    await control('POST', '/__mock/webhooks/flush');
    expect(receiver.received).toHaveLength(1);
    expect((await control('GET', '/__mock/webhooks/deliveries')).deliveries).toHaveLength(1);
  });
});
