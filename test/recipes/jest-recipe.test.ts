// The Jest recipe from the README, line for line; Jest's globals have the same names and meaning as these
// vitest imports, so this file runs the recipe's code under vitest (Jest itself is not a dependency).
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { installMockService } from '../../src/adapters/testing.js';

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
