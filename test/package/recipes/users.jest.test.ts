// users.test.ts
import { afterAll, beforeAll, beforeEach, expect, test } from '@jest/globals';
import { installMockService } from 'collab-service-mock/testing';

const mock = installMockService({ beforeAll, beforeEach, afterAll }, { scenario: 'starter' });

test('reads the starter users', async () => {
  const response = await fetch(`${mock.baseUrl}/v2/users/get`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...mock.service.credentials.headers },
    body: JSON.stringify({ data: { organizationId: 'starter-org' } }),
  });
  const body = await response.json();
  expect(body.result.data).toHaveLength(8);
});

test('starts each test from the scenario', async () => {
  const users = mock.service.model.store.namespace(mock.service.credentials.apiKey).organizations.get('starter-org')?.users;
  expect(users?.size).toBe(8);
});
