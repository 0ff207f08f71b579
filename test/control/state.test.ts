import { expect, it } from 'vitest';
import { loadScenario } from '../../src/scenarios/index.js';
import { expectError, expectSuccess, fingerprint } from '../support/expect.js';
import { forEachTransport } from '../support/transports.js';

const JSON_TYPE = { 'content-type': 'application/json' };

forEachTransport('control plane: /__mock/state', (fresh) => {
  it('exports the state and imports it back as the starting state', async () => {
    const c = fresh({ seed: 4 });
    await loadScenario(c.service, 'starter', { seed: 4 });
    const exported = await c.raw({ method: 'GET', path: '/__mock/state', headers: {}, body: '' });
    expect(exported.status).toBe(200);
    expect(exported.body).toEqual(JSON.parse(c.service.exportState()));
    await c.post('/v2/users/add', { organizationId: 'starter-org', users: [{ userId: 'late' }] });
    const imported = await c.raw({ method: 'POST', path: '/__mock/state', headers: { 'content-type': 'application/json' }, body: exported.text });
    expect(imported.body).toEqual({ status: 'ok' });
    expect(expectSuccess(await c.post('/v2/users/get', { organizationId: 'starter-org' })).data).toHaveLength(8);
    await c.post('/v2/users/add', { organizationId: 'starter-org', users: [{ userId: 'later' }] });
    await c.raw({ method: 'POST', path: '/__mock/reset', headers: {}, body: '' });
    expect(JSON.parse(c.service.exportState())).toEqual(exported.body);
  });

  it('refuses a newer format and a state of another seed, leaving the state intact', async () => {
    const c = fresh({ seed: 4 });
    const before = fingerprint(c.service);
    const state = JSON.parse(c.service.exportState()) as Record<string, unknown>;
    const newer = await c.raw({ method: 'POST', path: '/__mock/state', headers: JSON_TYPE, body: JSON.stringify({ ...state, version: 2 }) });
    expectError(
      newer,
      400,
      'INVALID_ARGUMENT',
      'This state uses format version 2, newer than version 1 that this collab-service-mock reads; upgrade collab-service-mock to load it.',
    );
    const other = await c.raw({
      method: 'POST',
      path: '/__mock/state',
      headers: JSON_TYPE,
      body: JSON.stringify({ ...state, identity: { seed: 9, workspaceId: 'w', apiKey: 'k' } }),
    });
    expectError(other, 400, 'INVALID_ARGUMENT', /^This state was exported from a service created with seed 9 \(API key k\); this service has seed 4/);
    expectError(
      await c.raw({ method: 'POST', path: '/__mock/state', headers: {}, body: '' }),
      400,
      'INVALID_ARGUMENT',
      /^This is not an exported collab-service-mock state/,
    );
    expect(fingerprint(c.service)).toBe(before);
  });
});
