// The Vitest recipe of docs/testing.md, run by vitest in a project that installed the package.

import { useMockService } from 'collab-service-mock/vitest';
import { expect, it } from 'vitest';

const mock = useMockService({ scenario: 'starter' }); // mock.service, mock.baseUrl (https://collab-service.test)

const post = (path: string, data: unknown) =>
  fetch(`${mock.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...mock.service.credentials.headers },
    body: JSON.stringify({ data }),
  }).then((response) => response.json());

it('reads the starter users, and adds one', async () => {
  expect((await post('/v2/users/get', { organizationId: 'starter-org' })).result.data).toHaveLength(8);
  await post('/v2/users/add', { organizationId: 'starter-org', users: [{ userId: 'added' }] });
  expect((await post('/v2/users/get', { organizationId: 'starter-org' })).result.data).toHaveLength(9);
});

it('starts each test from the scenario', async () => {
  expect((await post('/v2/users/get', { organizationId: 'starter-org' })).result.data).toHaveLength(8);
});
