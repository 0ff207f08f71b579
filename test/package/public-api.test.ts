import { describe, expect, it } from 'vitest';
import * as api from '../../src/index.js';
import { coverage, createMockService, createScenarioService, createServiceFromState, loadScenario } from '../../src/index.js';
import { namespaceOf } from '../support/store.js';

describe('public surface', () => {
  it('exports factories and views by name, not the raw route table or internal markers', () => {
    expect(Object.keys(api)).toEqual(expect.arrayContaining(['createMockService', 'createScenarioService', 'coverage', 'loadScenario']));
    expect(Object.keys(api)).not.toContain('routes');
    expect(Object.keys(api)).not.toContain('unimplementedPaths');
    expect(Object.keys(api)).not.toContain('markStartingState');
    expect('markStartingState' in createMockService()).toBe(false);
  });

  it('coverage() lists every served path with its version, auth and summary: every documented path of the real service', async () => {
    const { served } = await coverage();
    expect(served.find((p) => p.path === '/v2/users/add')).toEqual({ path: '/v2/users/add', version: 'v2', auth: 'apiKey', summary: 'Add users' });
    expect(served.find((p) => p.path === '/v1/users/add')).toEqual({
      path: '/v1/users/add',
      version: 'v1',
      auth: 'apiKey',
      summary: 'Add users',
      sameAs: '/v2/users/add',
    });
    expect(new Set(served.map((p) => p.path)).size).toBe(served.length);
    expect(served).toHaveLength(201);
  });
});

describe('createMockService({ state })', () => {
  it('starts from an exported state with the seed of the file, and reset returns to it', async () => {
    const built = await createScenarioService({ scenario: 'starter', seed: 7 });
    const text = built.exportState();
    const service = createMockService({ state: text });
    expect(service.seed).toBe(7);
    expect(service.credentials).toEqual(built.credentials);
    expect(service.exportState()).toBe(text);
    const reply = await service.dispatch({
      method: 'POST',
      path: '/v2/users/add',
      headers: { 'content-type': 'application/json', ...service.credentials.headers },
      body: '{"data":{"organizationId":"x","users":[{"userId":"u"}]}}',
    });
    expect(reply.status).toBe(200);
    service.reset();
    expect(service.exportState()).toBe(text);
    expect(createMockService({ state: JSON.parse(text) as object }).exportState()).toBe(text);
    expect(createServiceFromState(text).exportState()).toBe(text);
  });

  it('refuses a seed given beside a state, since the file carries its own', () => {
    const text = createMockService({ seed: 3 }).exportState();
    expect(() => createMockService({ state: text, seed: 3 })).toThrow('createMockService({ state }) takes its seed from the exported state; leave seed out.');
  });

  it('exposes the seed: 1 by default, else as given', () => {
    expect(createMockService().seed).toBe(1);
    expect(createMockService({ seed: 42 }).seed).toBe(42);
  });
});

describe('loadScenario', () => {
  it("draws the scenario's data from the service's own seed unless told otherwise", async () => {
    const service = createMockService({ seed: 7 });
    await loadScenario(service, 'team');
    const expected = await createScenarioService({ scenario: 'team', seed: 7 });
    expect(service.exportState()).toBe(expected.exportState());
    const seedOne = await createScenarioService({ scenario: 'team', seed: 1 });
    const other = createMockService({ seed: 7 });
    await loadScenario(other, 'team', { seed: 1 });
    const users = (s: api.MockService) => [...namespaceOf(s).organizations.values()].map((o) => [...o.users.values()].map((u) => u.name));
    expect(users(other)).toEqual(users(seedOne));
    expect(users(service)).not.toEqual(users(seedOne));
  });
});
