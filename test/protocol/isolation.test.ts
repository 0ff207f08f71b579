import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandlers } from '../../src/adapters/msw.js';
import { createScenarioService } from '../../src/scenarios/index.js';
import type { MockService } from '../../src/service.js';

// Two services in one process, each answering its own base URL through one msw server.
let one: MockService;
let two: MockService;
let server: ReturnType<typeof setupServer>;
beforeAll(async () => {
  [one, two] = await Promise.all([createScenarioService({ scenario: 'starter' }), createScenarioService({ scenario: 'starter' })]);
  server = setupServer(
    ...createHandlers(one, { baseUrl: 'https://one.collab-service.test' }),
    ...createHandlers(two, { baseUrl: 'https://two.collab-service.test' }),
  );
  const listenOptions = { onUnhandledRequest: 'error', onUnhandledFrame: 'error' } as const; // msw 2 and msw 3 names
  server.listen(listenOptions);
});
afterAll(() => server.close());

const call = (service: MockService, base: string, path: string, data: unknown) =>
  fetch(`https://${base}.collab-service.test${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...service.credentials.headers },
    body: JSON.stringify({ data }),
  }).then((r) => r.json() as Promise<{ result: { data: { userId: string }[] } }>);

const userIds = async (service: MockService, base: string) =>
  (await call(service, base, '/v2/users/get', { organizationId: 'starter-org' })).result.data.map((u) => u.userId);

describe('two services in one process', () => {
  it('never see each other’s data, even with the same seed, scenario, credentials and organization ids', async () => {
    expect(one.credentials).toEqual(two.credentials);
    await call(one, 'one', '/v2/users/add', { organizationId: 'starter-org', users: [{ userId: 'only-in-one' }] });
    await call(two, 'two', '/v1/users/delete', { organizationId: 'starter-org', userIds: ['user-1'] });
    const inOne = await userIds(one, 'one');
    const inTwo = await userIds(two, 'two');
    expect(inOne).toContain('only-in-one');
    expect(inOne).toContain('user-1');
    expect(inTwo).not.toContain('only-in-one');
    expect(inTwo).not.toContain('user-1');
  });

  it('reset one without touching the other', async () => {
    const before = two.exportState();
    one.reset();
    expect(await userIds(one, 'one')).not.toContain('only-in-one');
    expect(two.exportState()).toBe(before);
    expect(await userIds(two, 'two')).not.toContain('user-1');
  });

  it('services built concurrently stay independent and deterministic', async () => {
    const [a, b] = await Promise.all([createScenarioService({ scenario: 'team', seed: 3 }), createScenarioService({ scenario: 'team', seed: 3 })]);
    expect(a.model.store).not.toBe(b.model.store);
    expect(a.exportState()).toBe(b.exportState());
  });
});
