import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpResponse, http } from 'msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUsers } from '../../src/model/users/users.js';
import { useMockService } from '../../src/testing/vitest.js';
import { namespaceOf } from '../support/store.js';

const mock = useMockService({ scenario: 'starter', baseUrl: 'https://api.example.test/collab' });

const post = (path: string, data: unknown) =>
  fetch(`${mock.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...mock.service.credentials.headers },
    body: JSON.stringify({ data }),
  }).then((r) => r.json() as Promise<{ result: { data: { userId: string }[] } }>);

// A local server stands for "another host": the default lets such requests through with a warning.
let otherHost = '';
const other = createServer((_req, res) => res.end('other host'));
beforeAll(async () => {
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  otherHost = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => other.close(() => resolve())));

describe('useMockService', () => {
  it('serves the scenario at the base URL', async () => {
    const body = await post('/v2/users/add', { organizationId: 'starter-org', users: [{ userId: 'added-in-test-1' }] });
    expect(body.result).toBeDefined();
    const users = await post('/v2/users/get', { organizationId: 'starter-org' });
    expect(users.result.data.map((u) => u.userId)).toContain('added-in-test-1');
    mock.server.use(http.post(`${mock.baseUrl}/v2/users/get`, () => HttpResponse.json({ overridden: true })));
  });

  it('starts each test from the scenario state, with per-test overrides dropped', async () => {
    const users = await post('/v2/users/get', { organizationId: 'starter-org' });
    expect(users.result.data.map((u) => u.userId)).toEqual(['user-1', 'user-2', 'user-3', 'user-4', 'user-5', 'user-6', 'user-7', 'user-8']);
  });

  it('fails unhandled requests to the service host and lets other hosts through with a warning', async () => {
    await expect(fetch('https://api.example.test/somewhere-else', { method: 'POST' })).rejects.toThrow();
    expect(await (await fetch(otherHost)).text()).toBe('other host');
  });

  it('exposes the service for in-process setup', async () => {
    addUsers(mock.service.model, namespaceOf(mock.service), { organizationId: 'starter-org', users: [{ userId: 'direct' }], keepAccessRole: true });
    const users = await post('/v2/users/get', { organizationId: 'starter-org' });
    expect(users.result.data.at(-1)?.userId).toBe('direct');
  });
});
