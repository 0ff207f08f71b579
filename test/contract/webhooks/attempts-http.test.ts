import { createServer, type ServerResponse } from 'node:http';
import { type AddressInfo, createServer as createTcpServer, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpSender } from '../../../src/adapters/webhook-sender.js';
import { fetchSender } from '../../../src/harness/fetch-sender.js';
import { createMockService, type MockService } from '../../../src/service.js';
import { startReceiver } from '../../support/webhook-receiver.js';

const closers: (() => void)[] = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

/** A service that sends with real HTTP, a short total deadline per attempt, and advanced webhooks on. */
async function sendingService(deadlineMs = 400): Promise<{ service: MockService; endpoint(url: string): Promise<string> }> {
  const service = createMockService({ webhooks: { deliver: createHttpSender({ deadlineMs }) } });
  const post = async (path: string, data: unknown) =>
    JSON.parse(
      (
        await service.dispatch({
          method: 'POST',
          path,
          headers: { 'content-type': 'application/json', ...service.credentials.headers },
          body: JSON.stringify({ data }),
        })
      ).body,
    );
  await post('/v2/workspace/advancedwebhookconfig/update', { isEnabled: true });
  return { service, endpoint: async (url) => (await post('/v2/workspace/advancedwebhook/endpoints/create', { url })).result.data.id };
}

const emit = (service: MockService) =>
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

/** An HTTP server on loopback whose handler is given; closed after the test. */
async function serve(handler: (res: ServerResponse) => void): Promise<{ url: string; requests: () => number }> {
  let requests = 0;
  const server = createServer((req, res) => {
    requests += 1;
    req.resume();
    req.on('end', () => handler(res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => {
    server.closeAllConnections();
    server.close();
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests: () => requests };
}

describe('webhook attempts over HTTP', () => {
  it('20 endpoints that never answer do not hold back a healthy one, and each ends at its deadline', async () => {
    const hanging = await serve(() => undefined);
    const healthy = await startReceiver(204);
    closers.push(() => void healthy.close());
    const { service, endpoint } = await sendingService();
    // The hanging endpoints come first, so their deliveries are due first.
    for (let i = 0; i < 20; i++) await endpoint(`${hanging.url}/hang/${i}`);
    const ok = await endpoint(healthy.url);
    emit(service);
    await healthy.until(1);
    // The healthy receiver has its delivery while no hanging attempt has ended.
    const early = service.webhooks.deliveries({ event: 'comment.add' }).filter((d) => d.endpointId !== ok);
    expect(early.map((d) => d.attempts.length)).toEqual(new Array(20).fill(0));
    const tried = await service.webhooks.flush();
    expect(tried).toHaveLength(21);
    const views = service.webhooks.deliveries({ event: 'comment.add' });
    expect(views.find((d) => d.endpointId === ok)).toMatchObject({ status: 'delivered', attempts: [{ statusCode: 204 }] });
    const failed = views.filter((d) => d.endpointId !== ok);
    expect(failed).toHaveLength(20);
    for (const d of failed) expect(d.attempts).toEqual([expect.objectContaining({ statusCode: null, error: 'no answer within 400 ms' })]);
    expect(hanging.requests()).toBe(20);
  });

  it('a receiver that drips its answer a byte at a time fails at the total deadline', async () => {
    const sockets: Socket[] = [];
    const drip = createTcpServer((socket) => {
      sockets.push(socket);
      socket.on('error', () => undefined);
      const bytes = Buffer.from(`HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\nx-padding: ${'a'.repeat(10_000)}`);
      let i = 0;
      const timer = setInterval(() => {
        if (socket.destroyed) clearInterval(timer);
        else socket.write(bytes.subarray(i, ++i));
      }, 20);
      socket.on('close', () => clearInterval(timer));
    });
    await new Promise<void>((resolve) => drip.listen(0, '127.0.0.1', resolve));
    closers.push(() => {
      for (const socket of sockets) socket.destroy();
      drip.close();
    });
    const { service, endpoint } = await sendingService();
    await endpoint(`http://127.0.0.1:${(drip.address() as AddressInfo).port}/hooks`);
    emit(service);
    const [tried] = await service.webhooks.flush();
    expect(tried?.attempts).toEqual([expect.objectContaining({ statusCode: null, error: 'no answer within 400 ms' })]);
  });

  it('reads at most 64 KiB of a reply that never ends, and counts its status', async () => {
    let closed = false;
    const endless = await serve((res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      const chunk = Buffer.alloc(16 * 1024, 97);
      const pump = (): void => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once('drain', pump);
      };
      res.on('close', () => {
        closed = true;
      });
      pump();
    });
    // A deadline far beyond the test's: only the cap on bytes read can end this attempt.
    const { service, endpoint } = await sendingService(600_000);
    await endpoint(`${endless.url}/hooks`);
    emit(service);
    const [tried] = await service.webhooks.flush();
    expect(tried).toMatchObject({ status: 'delivered', attempts: [{ statusCode: 200, error: null }] });
    for (let i = 0; i < 50 && !closed; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(closed).toBe(true);
  });
  it('a request that asks for less time than the deadline gets it, never more (a workflow receiver has 10 s)', async () => {
    const hanging = await serve(() => undefined);
    const request = { url: `${hanging.url}/hook`, headers: {}, body: '{}' };
    expect(await createHttpSender({ deadlineMs: 5_000 })({ ...request, timeoutMs: 300 })).toEqual({ statusCode: null, error: 'no answer within 300 ms' });
    expect(await createHttpSender({ deadlineMs: 300 })({ ...request, timeoutMs: 60_000 })).toEqual({ statusCode: null, error: 'no answer within 300 ms' });
    expect(await fetchSender({ ...request, timeoutMs: 300 })).toEqual({ statusCode: null, error: 'no answer within 300 ms' });
  });
});
