import { describe, expect, it } from 'vitest';
import { RATE_LIMIT_MESSAGE } from '../../src/harness/faults.js';
import { createMockService } from '../../src/service.js';
import { control } from '../support/control.js';
import { expectError, expectSuccess, fingerprint } from '../support/expect.js';
import { forEachTransport } from '../support/transports.js';

const ORG = { organizationId: 'org1' };
const NOTES = { organizationId: 'org1', userId: 'u1' };

forEachTransport('fault injection', (fresh) => {
  it('answers the given error for the next N matching calls, then lets calls through', async () => {
    const c = fresh();
    const added = await control(c, 'POST', '/__mock/faults', { path: '/v2/users/*', status: 'UNAVAILABLE', message: 'Down for maintenance.', times: 2 });
    expect(added.status).toBe(200);
    expect(added.body).toEqual({
      id: 'fault-1',
      path: '/v2/users/*',
      status: 'UNAVAILABLE',
      message: 'Down for maintenance.',
      times: 2,
      remaining: 2,
      hits: 0,
    });
    const before = fingerprint(c.service);
    expectError(await c.post('/v2/users/add', { ...ORG, users: [{ userId: 'u1' }] }), 503, 'UNAVAILABLE', 'Down for maintenance.');
    expect(fingerprint(c.service)).toBe(before);
    expectSuccess(await c.post('/v2/notifications/get', NOTES));
    expectError(await c.post('/v2/users/get', ORG), 503, 'UNAVAILABLE', 'Down for maintenance.');
    expectSuccess(await c.post('/v2/users/get', ORG));
    expect((await control(c, 'GET', '/__mock/faults')).body).toEqual({ faults: [] });
    expect(c.service.journal.list({ status: 503 }).map((e) => e.hint)).toEqual([
      'Injected: answered by fault fault-1.',
      'Injected: answered by fault fault-1.',
    ]);
  });

  it("simulates a rate limit with the service's own 429 message, for one method and API key only", async () => {
    const c = fresh();
    await control(c, 'POST', '/__mock/faults', { path: '/v2/users/get', method: 'POST', apiKey: c.service.credentials.apiKey, rateLimit: true });
    expectError(await c.post('/v2/users/get', ORG), 429, 'RESOURCE_EXHAUSTED', RATE_LIMIT_MESSAGE);
    expectError(await c.post('/v2/users/get', ORG, { 'x-service-api-key': 'another-key' }), 403, 'PERMISSION_DENIED', /.+/);
    expect((await control(c, 'GET', '/__mock/faults')).body.faults[0].hits).toBe(1);
  });

  it('sets the HTTP code apart from the error status, adds latency, and never faults the control plane', async () => {
    const c = fresh();
    await control(c, 'POST', '/__mock/faults', { path: '/**', latencyMs: 40 });
    await control(c, 'POST', '/__mock/faults', { path: '/v2/users/get', status: 'INTERNAL', message: 'Backend timeout.', httpStatus: 504 });
    const started = performance.now();
    expectError(await c.post('/v2/users/get', ORG), 504, 'INTERNAL', 'Backend timeout.');
    expect(performance.now() - started).toBeGreaterThanOrEqual(35);
    const slow = performance.now();
    expectSuccess(await c.post('/v2/notifications/get', NOTES));
    expect(performance.now() - slow).toBeGreaterThanOrEqual(35);
    expect(c.service.journal.list({ path: '/v2/notifications/get' })[0]?.durationMs).toBeGreaterThanOrEqual(35);
    expect((await control(c, 'GET', '/__mock/health')).status).toBe(200);
    expect((await control(c, 'POST', '/__mock/faults/clear', { id: 'fault-1' })).body).toEqual({ status: 'ok' });
    expect((await control(c, 'GET', '/__mock/faults')).body.faults.map((f: { id: string }) => f.id)).toEqual(['fault-2']);
    expect((await control(c, 'POST', '/__mock/faults/clear')).body).toEqual({ status: 'ok' });
    expectSuccess(await c.post('/v2/users/get', ORG));
  });

  it('refuses rules without an effect or with unknown fields, and clearing an unknown id', async () => {
    const c = fresh();
    expectError(
      await control(c, 'POST', '/__mock/faults', { path: '/v2/users/get' }),
      400,
      'INVALID_ARGUMENT',
      'A fault needs an effect: a status, rateLimit: true, or latencyMs; e.g. {"path": "/v2/users/*", "status": "UNAVAILABLE", "times": 2} or {"path": "/v2/**", "latencyMs": 300}.',
    );
    expectError(
      await control(c, 'POST', '/__mock/faults', { path: 'v2/users', status: 'INTERNAL' }),
      400,
      'INVALID_ARGUMENT',
      'path must start with /, e.g. /v2/users/add or /v2/users/*.',
    );
    expectError(
      await control(c, 'POST', '/__mock/faults', { path: '/v2/x', status: 'NOPE' }),
      400,
      'INVALID_ARGUMENT',
      /^status must be one of INVALID_ARGUMENT, /,
    );
    expectError(
      await control(c, 'POST', '/__mock/faults', [1]),
      400,
      'INVALID_ARGUMENT',
      'The body must be one fault rule, e.g. {"path": "/v2/users/*", "status": "UNAVAILABLE", "times": 2}.',
    );
    expectError(
      await control(c, 'POST', '/__mock/faults/clear', { id: 'fault-9' }),
      404,
      'NOT_FOUND',
      'No fault rule has id "fault-9"; GET /__mock/faults lists them.',
    );
    expect(c.service.faults.list()).toEqual([]);
  });
});

describe('fault injection (in process)', () => {
  const call = { method: 'POST', path: '/v2/notifications/get', headers: { 'content-type': 'application/json' }, body: '{"data":{"organizationId":"o"}}' };

  it('draws probabilities from the service seed: same seed, same failures', async () => {
    const run = async (seed: number) => {
      const service = createMockService({ seed });
      const id = service.faults.add({ path: '/v2/notifications/get', status: 'UNAVAILABLE', probability: 0.5 });
      expect(id).toBe('fault-1');
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++) statuses.push((await service.dispatch({ ...call, headers: { ...call.headers, ...service.credentials.headers } })).status);
      return statuses;
    };
    const first = await run(3);
    expect(await run(3)).toEqual(first);
    const failed = first.filter((s) => s === 503).length;
    expect(failed).toBeGreaterThan(8);
    expect(failed).toBeLessThan(32);
  });

  it('throws a ServiceError for an invalid rule and removes rules by id', () => {
    const service = createMockService();
    expect(() => service.faults.add({ path: '/x', status: 'INTERNAL', extra: 1 } as never)).toThrow("Unrecognized key(s) in object: 'extra'");
    const id = service.faults.add({ path: '/x', latencyMs: 1 });
    expect(service.faults.remove(id)).toBe(true);
    expect(service.faults.remove(id)).toBe(false);
  });
});
