import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { listen } from '../../src/adapters/node-server.js';
import { createMockService } from '../../src/service.js';
import { expectError, fingerprint } from '../support/expect.js';
import { useLoopbackServer } from '../support/loopback.js';
import type { Reply } from '../support/transports.js';

const loopback = useLoopbackServer();
const { start } = loopback;

/** One request through node:http, which (unlike fetch) lets a test set `Host` as a rebinding page's browser would. */
function send(method: string, path: string, headers: Record<string, string> = {}, body = ''): Promise<Reply> {
  const server = loopback.running;
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.port, method, path, headers: { host: `127.0.0.1:${server.port}`, ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        const out: Record<string, string> = {};
        for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') out[k] = v;
        resolve({ status: res.statusCode ?? 0, text, body: text === '' ? undefined : JSON.parse(text), headers: out });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

const JSON_TYPE = { 'content-type': 'application/json' };

describe('control plane on a loopback server: DNS rebinding and cross-origin pages', () => {
  it('refuses a Host name that is not this machine (a rebound DNS name), and changes nothing', async () => {
    const { port } = await start();
    const before = fingerprint(loopback.service);
    const rebound = await send('POST', '/__mock/reset', { host: `attacker.example:${port}` });
    expectError(
      rebound,
      403,
      'PERMISSION_DENIED',
      `The control plane answers only requests addressed to this machine by a loopback name, 127.0.0.1 or an allowed host; got Host attacker.example:${port}. Start the server with --allowed-host <name> to add a name.`,
    );
    const secrets = await send('GET', '/__mock/credentials', { host: `attacker.example:${port}` });
    expect(secrets.status).toBe(403);
    expect(secrets.text).not.toContain(loopback.service.credentials.authToken);
    expect(fingerprint(loopback.service)).toBe(before);
  });

  it('answers loopback names and IP literals as Host', async () => {
    const { port } = await start();
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`, `app.localhost:${port}`, `192.168.1.20:${port}`]) {
      expect((await send('GET', '/__mock/health', { host })).status, host).toBe(200);
    }
  });

  it('refuses a page on another origin, null origins included, and changes nothing', async () => {
    await start();
    loopback.service.clock.advance(1000);
    const before = fingerprint(loopback.service);
    for (const origin of ['https://attacker.example', 'null', 'http://192.168.1.20:8080', 'file://']) {
      const reply = await send('POST', '/__mock/reset', { origin });
      expect(reply.status, origin).toBe(403);
      expect(reply.body.error.status).toBe('PERMISSION_DENIED');
      expect(reply.headers['access-control-allow-origin']).toBeUndefined();
    }
    expectError(
      await send('POST', '/__mock/reset', { origin: 'https://attacker.example' }),
      403,
      'PERMISSION_DENIED',
      'The control plane refuses calls from the page at https://attacker.example: only pages on loopback origins, 127.0.0.1 or an allowed host may use it.',
    );
    expect(fingerprint(loopback.service)).toBe(before);
  });

  it('refuses a control body that is not application/json (a simple cross-site request), and changes nothing', async () => {
    await start();
    const before = fingerprint(loopback.service);
    const reply = await send('POST', '/__mock/clock/advance', { 'content-type': 'text/plain;charset=UTF-8' }, '{"ms":60000}');
    expectError(reply, 415, 'INVALID_ARGUMENT', 'The body of POST /__mock/clock/advance must be sent as application/json, not text/plain;charset=UTF-8.');
    const form = await send('POST', '/__mock/state', { 'content-type': 'application/x-www-form-urlencoded' }, 'a=1');
    expect(form.status).toBe(415);
    expect(fingerprint(loopback.service)).toBe(before);
    expect((await send('POST', '/__mock/clock/advance', JSON_TYPE, '{"ms":60000}')).status).toBe(200);
  });

  it('never sends a wildcard CORS header on control replies; a loopback page gets its origin back', async () => {
    await start();
    const plain = await send('GET', '/__mock/credentials');
    expect(plain.status).toBe(200);
    expect(plain.headers['access-control-allow-origin']).toBeUndefined();
    const local = await send('GET', '/__mock/credentials', { origin: 'http://localhost:5173' });
    expect(local.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(local.headers['vary']).toBe('Origin');
    const notFound = await send('GET', '/__mock/nope');
    expect(notFound.status).toBe(404);
    expect(notFound.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers a control preflight from a loopback page and refuses one from elsewhere', async () => {
    await start();
    const preflight = { 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' };
    const local = await send('OPTIONS', '/__mock/reset', { origin: 'http://127.0.0.1:3000', ...preflight });
    expect(local.status).toBe(204);
    expect(local.headers['access-control-allow-origin']).toBe('http://127.0.0.1:3000');
    expect(local.headers['access-control-allow-headers']).toBe('content-type, x-mock-control-token');
    const foreign = await send('OPTIONS', '/__mock/reset', { origin: 'https://attacker.example', ...preflight });
    expectError(
      foreign,
      403,
      'PERMISSION_DENIED',
      'The control plane refuses calls from the page at https://attacker.example: only pages on loopback origins, 127.0.0.1 or an allowed host may use it.',
    );
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers names given as allowed hosts, for Host and Origin', async () => {
    const { port } = await start({ allowedHosts: ['mock.internal'] });
    expect((await send('GET', '/__mock/health', { host: `mock.internal:${port}`, origin: 'http://mock.internal:8080' })).status).toBe(200);
    expect((await send('GET', '/__mock/health', { host: `other.internal:${port}` })).status).toBe(403);
  });

  it('refuses a sync upgrade from a rebound name or a foreign page', async () => {
    const { port } = await start();
    const statusOf = (headers: Record<string, string>): Promise<number> =>
      new Promise((resolve) => {
        const ws = new WebSocket(`ws://127.0.0.1:${port}/__mock/yjs/${loopback.service.credentials.apiKey}/org/doc/ed`, { headers });
        ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        ws.on('open', () => {
          ws.close();
          resolve(101);
        });
        ws.on('error', () => undefined);
      });
    expect(await statusOf({ host: `attacker.example:${port}` })).toBe(403);
    expect(await statusOf({ origin: 'https://attacker.example' })).toBe(403);
    expect(await statusOf({ origin: 'http://localhost:5173' })).toBe(101);
  });

  it('shares API replies with loopback pages of any port, and with no other page', async () => {
    await start();
    const body = JSON.stringify({ data: { organizationId: 'org' } });
    const local = await send('POST', '/v2/users/get', { ...JSON_TYPE, ...loopback.service.credentials.headers, origin: 'http://localhost:5173' }, body);
    expect(local.status).toBe(200);
    expect(local.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(local.headers['access-control-allow-credentials']).toBe('true');
    const foreign = await send('POST', '/v2/users/get', { ...JSON_TYPE, ...loopback.service.credentials.headers, origin: 'https://app.example' }, body);
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    expect(foreign.headers['access-control-allow-credentials']).toBeUndefined();
  });
});

describe('control plane on a server bound beyond loopback', () => {
  it('generates a control token and asks every control call for it, leaving the API as it is', async () => {
    const server = await start({ host: '0.0.0.0' });
    expect(server.controlToken).toMatch(/^[0-9a-f]{48}$/);
    const before = fingerprint(loopback.service);
    const message =
      'This server is bound to 0.0.0.0: control calls need its control token in the x-mock-control-token header (printed at start, or set with --control-token).';
    expectError(await send('POST', '/__mock/reset'), 401, 'UNAUTHENTICATED', message);
    expectError(await send('GET', '/__mock/credentials', { 'x-mock-control-token': `${server.controlToken!.slice(1)}0` }), 401, 'UNAUTHENTICATED', message);
    expect(fingerprint(loopback.service)).toBe(before);
    const granted = await send('GET', '/__mock/credentials', { 'x-mock-control-token': server.controlToken! });
    expect(granted.body.apiKey).toBe(loopback.service.credentials.apiKey);
    const api = await send(
      'POST',
      '/v2/users/get',
      { ...JSON_TYPE, ...loopback.service.credentials.headers },
      JSON.stringify({ data: { organizationId: 'org' } }),
    );
    expect(api.status).toBe(200);
  });

  it('uses the token it is given, on any interface', async () => {
    const token = 'a-chosen-control-token';
    const server = await start({ host: '127.0.0.1', controlToken: token });
    expect(server.controlToken).toBe(token);
    expect((await send('GET', '/__mock/health')).status).toBe(401);
    expect((await send('GET', '/__mock/health', { 'x-mock-control-token': token })).status).toBe(200);
  });

  it('refuses a guessable token', async () => {
    for (const controlToken of ['', 'short', 'has spaces in the token']) {
      await expect(listen(createMockService(), { port: 0, controlToken })).rejects.toThrow(
        'listen(): controlToken must be at least 16 printable characters without spaces.',
      );
    }
  });

  it('a fresh server draws a fresh token: the seed does not give it away', async () => {
    const first = (await start({ host: '0.0.0.0' })).controlToken;
    await loopback.running.close();
    const second = (await start({ host: '0.0.0.0' })).controlToken;
    expect(second).not.toBe(first);
  });
});
