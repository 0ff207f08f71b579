// The webServer recipe of docs/testing.md: one server for the run, reset before each test through the control plane.
import { expect, test } from '@playwright/test';

test.beforeEach(async ({ request }) => {
  await request.post('/__mock/reset');
});

test('adds a user', async ({ request }) => {
  const { headers } = await (await request.get('/__mock/credentials')).json();
  const added = await request.post('/v2/users/add', { headers, data: { data: { organizationId: 'starter-org', users: [{ userId: 'new' }] } } });
  expect(added.status()).toBe(200);
});

test('starts from the scenario again', async ({ request }) => {
  const { headers } = await (await request.get('/__mock/credentials')).json();
  const users = await request.post('/v2/users/get', { headers, data: { data: { organizationId: 'starter-org' } } });
  expect((await users.json()).result.data).toHaveLength(8);
});
