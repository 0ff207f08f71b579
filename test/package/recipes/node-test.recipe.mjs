import assert from 'node:assert/strict';
import { after, before, beforeEach, test } from 'node:test';
import { installMockService } from 'collab-service-mock/testing';

const mock = installMockService({ beforeAll: before, beforeEach, afterAll: after }, { scenario: 'starter' });

test('reads the starter users', async () => {
  const response = await fetch(`${mock.baseUrl}/v2/users/get`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...mock.service.credentials.headers },
    body: JSON.stringify({ data: { organizationId: 'starter-org' } }),
  });
  const body = await response.json();
  assert.equal(body.result.data.length, 8);
});

test('starts from the scenario again', async () => {
  mock.service.reset();
  assert.equal(mock.service.model.store.namespace(mock.service.credentials.apiKey).organizations.get('starter-org').users.size, 8);
});
