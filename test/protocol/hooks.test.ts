import { describe, expect, it } from 'vitest';
import { listen } from '../../src/adapters/node-server.js';
import type { ApiCall } from '../../src/protocol/call.js';
import { MAX_BODY_BYTES } from '../../src/protocol/dispatch.js';
import type { CallInfo } from '../../src/protocol/hooks.js';
import { createMockService, serviceHooks as hooksOf } from '../../src/service.js';

const json = { 'content-type': 'application/json' };

describe('dispatch hooks', () => {
  it('run around every reply: API, refused, unknown path, preflight, oversized body and control', async () => {
    const service = createMockService();
    const seen: { path: string; status: number; kind: CallInfo['kind']; hint?: string; operation?: string }[] = [];
    hooksOf(service).after.push((_call, reply, info) =>
      seen.push({
        path: info.path,
        status: reply.status,
        kind: info.kind,
        ...(info.hint ? { hint: info.hint } : {}),
        ...(info.route ? { operation: info.route.operation.summary } : {}),
      }),
    );
    const calls: ApiCall[] = [
      { method: 'POST', path: '/v2/users/get', headers: { ...json, ...service.credentials.headers }, body: '{"data":{"organizationId":"o"}}' },
      { method: 'POST', path: '/v2/users/get', headers: { 'content-type': 'text/plain' }, body: '{"data":{}}' },
      { method: 'POST', path: '/v2/users/gett', headers: json, body: '{"data":{}}' },
      { method: 'OPTIONS', path: '/v2/users/get', headers: {}, body: '' },
      { method: 'POST', path: '/v2/users/get', headers: json, body: '', bodyTooLarge: true },
      { method: 'GET', path: '/__mock/health', headers: {}, body: '' },
    ];
    for (const call of calls) await service.dispatch(call);
    expect(seen).toEqual([
      { path: '/v2/users/get', status: 200, kind: 'api', operation: 'Get users (paged)' },
      { path: '/v2/users/get', status: 400, kind: 'api', hint: 'The content type must be application/json, not text/plain.', operation: 'Get users (paged)' },
      { path: '/v2/users/gett', status: 404, kind: 'api', hint: 'No operation at /v2/users/gett; the nearest path is /v2/users/get.' },
      { path: '/v2/users/get', status: 204, kind: 'preflight' },
      { path: '/v2/users/get', status: 413, kind: 'too-large' },
      { path: '/__mock/health', status: 200, kind: 'control' },
    ]);
  });

  it('let a before hook answer instead of the pipeline, and settle steps run before API-key calls only', async () => {
    const service = createMockService();
    const hooks = hooksOf(service);
    const settled: string[] = [];
    hooks.settle.push((_model, caller) => {
      settled.push(caller.key.apiKey);
    });
    hooks.before.push((call) => (call.path.startsWith('/v2/users/add') ? { status: 503, headers: {}, body: 'down' } : undefined));
    const add = await service.dispatch({ method: 'POST', path: '/v2/users/add', headers: { ...json, ...service.credentials.headers }, body: '{"data":{}}' });
    // The hook's reply reaches a browser like any other: with the caller's CORS headers.
    expect(add).toEqual({ status: 503, headers: { 'access-control-allow-origin': '*' }, body: 'down' });
    await service.dispatch({ method: 'POST', path: '/v2/workspace/get', headers: { ...json, ...service.credentials.workspaceHeaders }, body: '{"data":{}}' });
    expect(settled).toEqual([]);
    await service.dispatch({
      method: 'POST',
      path: '/v2/users/get',
      headers: { ...json, ...service.credentials.headers },
      body: '{"data":{"organizationId":"o"}}',
    });
    expect(settled).toEqual([service.credentials.apiKey]);
  });

  it('see the 413 the server gives for a body over the limit', async () => {
    const service = createMockService();
    const statuses: number[] = [];
    hooksOf(service).after.push((_call, reply, info) => statuses.push(reply.status, info.kind === 'too-large' ? 1 : 0));
    const server = await listen(service, { port: 0 });
    try {
      const response = await fetch(`${server.url}/v2/users/get`, { method: 'POST', headers: json, body: 'x'.repeat(MAX_BODY_BYTES + 10) }).catch(
        () => undefined,
      );
      if (response) expect(response.status).toBe(413);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(statuses).toEqual([413, 1]);
    } finally {
      await server.close();
    }
  });
});
