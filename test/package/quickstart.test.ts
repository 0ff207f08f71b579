import { setupServer } from 'msw/node';
import { afterAll, expect, it } from 'vitest';
import { createHandlers } from '../../src/adapters/msw.js';
import { listen } from '../../src/adapters/node-server.js';
import { createMockService } from '../../src/index.js';

// The README's two quick starts, line for line (imports point at the sources instead of the package).
const service = createMockService({ seed: 1 });
const server = setupServer(...createHandlers(service)); // answers https://collab-service.test/*
server.listen();
afterAll(() => server.close());

it('runs the msw quick start: a user added through fetch is stored', async () => {
  const res = await fetch('https://collab-service.test/v2/users/add', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...service.credentials.headers },
    body: JSON.stringify({ data: { organizationId: 'org-1', users: [{ userId: 'u1', name: 'Ada', email: 'ada@example.com' }] } }),
  });
  expect(res.status).toBe(200);
  const got = await service.dispatch({
    method: 'POST',
    path: '/v2/users/get',
    headers: { 'content-type': 'application/json', ...service.credentials.headers },
    body: JSON.stringify({ data: { organizationId: 'org-1' } }),
  });
  expect(JSON.parse(got.body).result.data).toEqual([{ email: 'ada@example.com', name: 'Ada', userId: 'u1' }]);
});

it('runs the standalone-server quick start: create a workspace, then read users with the printed credentials', async () => {
  const running = await listen(createMockService(), { port: 0 });
  try {
    const created = await fetch(`${running.url}/v2/workspace/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: { ownerEmail: 'owner@example.com' } }),
    });
    expect((await created.json()).result.message).toBe('Workspace created successfully');
    const credentials = await (await fetch(`${running.url}/__mock/credentials`)).json();
    const users = await fetch(`${running.url}/v2/users/get`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-service-api-key': credentials.apiKey, 'x-service-auth-token': credentials.authToken },
      body: JSON.stringify({ data: { organizationId: 'org-1' } }),
    });
    expect(await users.json()).toEqual({ result: { status: 'success', message: 'User(s) retrieved successfully.', data: [], nextPageToken: '' } });
  } finally {
    await running.close();
  }
});
