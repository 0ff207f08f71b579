// The README's msw quick start against the installed package, then a check that the user was stored.
import assert from 'node:assert/strict';
import { createMockService } from 'collab-service-mock';
import { createHandlers } from 'collab-service-mock/msw';
import { setupServer } from 'msw/node';

const service = createMockService({ seed: 1 });
const server = setupServer(...createHandlers(service)); // answers https://collab-service.test/*
server.listen();
const res = await fetch('https://collab-service.test/v2/users/add', {
  method: 'POST',
  headers: { 'content-type': 'application/json', ...service.credentials.headers },
  body: JSON.stringify({ data: { organizationId: 'org-1', users: [{ userId: 'u1', name: 'Ada', email: 'ada@example.com' }] } }),
});

assert.equal(res.status, 200);
const got = await fetch('https://collab-service.test/v2/users/get', {
  method: 'POST',
  headers: { 'content-type': 'application/json', ...service.credentials.headers },
  body: JSON.stringify({ data: { organizationId: 'org-1' } }),
});
assert.deepEqual((await got.json()).result.data, [{ email: 'ada@example.com', name: 'Ada', userId: 'u1' }]);
server.close();
console.log('quick start ok');
