import { describe, expect, it } from 'vitest';
import { hostAllowed, hostOfHeader, isLoopbackName, LOOPBACK_POLICY, originAllowed } from '../../src/protocol/origins.js';
import { createMockService } from '../../src/service.js';

describe('API CORS: a frontend on another port', () => {
  const service = createMockService();

  it('echoes the requested headers and allows credentials for an explicit origin', async () => {
    const reply = await service.dispatch({
      method: 'OPTIONS',
      path: '/v2/users/get',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, x-service-api-key, x-trace-id',
      },
      body: '',
    });
    expect(reply).toEqual({
      status: 204,
      body: '',
      headers: {
        'access-control-allow-origin': 'http://localhost:5173',
        'access-control-allow-credentials': 'true',
        'access-control-allow-methods': 'POST, GET, OPTIONS',
        'access-control-allow-headers': 'content-type, x-service-api-key, x-trace-id',
        'access-control-max-age': '86400',
        vary: 'Origin, Access-Control-Request-Headers',
      },
    });
  });

  it('does not echo a header list that is not a list of names', async () => {
    const reply = await service.dispatch({
      method: 'OPTIONS',
      path: '/v2/users/get',
      headers: { 'access-control-request-headers': 'x-a\r\nset-cookie: b' },
      body: '',
    });
    expect(reply.headers['access-control-allow-headers']).toBe(
      'content-type, x-service-api-key, x-service-auth-token, x-service-workspace-id, x-service-workspace-auth-token',
    );
    expect(reply.headers['access-control-allow-origin']).toBe('*');
    expect(reply.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('gives a loopback page its origin with credentials, * to a call without an origin, and nothing to other pages', async () => {
    const call = { method: 'POST', path: '/v2/workspace/get', body: '{"data":{}}' };
    const headers = { 'content-type': 'application/json', ...service.credentials.workspaceHeaders };
    const local = await service.dispatch({ ...call, headers: { ...headers, origin: 'http://127.0.0.1:5173' } });
    expect(local.status).toBe(200);
    expect(local.headers).toMatchObject({ 'access-control-allow-origin': 'http://127.0.0.1:5173', 'access-control-allow-credentials': 'true', vary: 'Origin' });
    const bare = await service.dispatch({ ...call, headers });
    expect(bare.headers['access-control-allow-origin']).toBe('*');
    expect(bare.headers['access-control-allow-credentials']).toBeUndefined();
    for (const origin of ['https://app.example', 'null', 'http://localhost.attacker.example', 'chrome-extension://abc']) {
      const foreign = await service.dispatch({ ...call, headers: { ...headers, origin } });
      expect(foreign.headers['access-control-allow-origin'], origin).toBeUndefined();
      expect(foreign.headers['access-control-allow-credentials'], origin).toBeUndefined();
      expect(foreign.headers.vary).toBe('Origin');
    }
  });

  it('refuses a text/plain control body in process too, and never sends control CORS to a foreign page', async () => {
    const reply = await service.dispatch({
      method: 'POST',
      path: '/__mock/clock/advance',
      headers: { 'content-type': 'text/plain', origin: 'https://attacker.example' },
      body: '{"ms":1}',
    });
    expect(reply.status).toBe(415);
    expect(reply.headers['access-control-allow-origin']).toBeUndefined();
    expect(service.clock.now()).toBe(Date.UTC(2026, 0, 1));
  });
});

describe('origin and host names', () => {
  it('knows loopback names', () => {
    for (const name of ['localhost', 'LOCALHOST.', 'app.localhost', '127.0.0.1', '127.8.9.10', '::1', '[::1]', '::ffff:127.0.0.1'])
      expect(isLoopbackName(name), name).toBe(true);
    for (const name of ['0.0.0.0', '::', '10.0.0.1', 'localhost.example', '128.0.0.1', 'example.com']) expect(isLoopbackName(name), name).toBe(false);
  });

  it('reads Host headers, refusing anything that is not a host and port', () => {
    expect(hostOfHeader('Example.COM:80')).toBe('example.com');
    expect(hostOfHeader('[::1]:4780')).toBe('::1');
    for (const bad of [undefined, '', 'a b', 'user@host', 'host:port:1', 'http://x']) expect(hostOfHeader(bad), String(bad)).toBeUndefined();
    expect(hostAllowed(undefined, LOOPBACK_POLICY)).toBe(false);
    expect(hostAllowed('10.1.2.3:80', LOOPBACK_POLICY)).toBe(true);
    expect(hostAllowed('rebind.attacker.example', LOOPBACK_POLICY)).toBe(false);
  });

  it('allows origins on loopback, the bound host and allowed hosts only', () => {
    const policy = { host: '192.168.1.5', allowedHosts: ['mock'] };
    expect(originAllowed(undefined, policy)).toBe(true);
    for (const origin of ['http://localhost:3000', 'https://127.0.0.1', 'http://192.168.1.5:5173', 'http://mock:8080'])
      expect(originAllowed(origin, policy), origin).toBe(true);
    for (const origin of ['null', 'http://192.168.1.6', 'https://localhost.attacker.example', 'chrome-extension://abc', 'not a url'])
      expect(originAllowed(origin, policy), origin).toBe(false);
  });
});
