// The Playwright recipe of docs/testing.md: the collabMock fixture, run by real @playwright/test in Chromium.
import { expect, test } from 'collab-service-mock/playwright';

test.use({ collabMockOptions: { scenario: 'starter' } });

test('a page adds a user through the emulator', async ({ page, collabMock }) => {
  await page.goto(`${collabMock.url}/`); // any page; the emulator answers pages on loopback origins
  const status = await page.evaluate(
    async ({ url, headers }) => {
      const body = JSON.stringify({ data: { organizationId: 'starter-org', users: [{ userId: 'added-by-the-page' }] } });
      return (await fetch(`${url}/v2/users/add`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body })).status;
    },
    { url: collabMock.url, headers: collabMock.headers },
  );
  expect(status).toBe(200);
  expect(collabMock.service.journal.list({ path: '/v2/users/add' })).toHaveLength(1);
});

test('the next test starts from the scenario again', async ({ request, collabMock }) => {
  const reply = await request.post(`${collabMock.url}/v2/users/get`, { headers: collabMock.headers, data: { data: { organizationId: 'starter-org' } } });
  const users: { userId: string }[] = (await reply.json()).result.data;
  expect(users).toHaveLength(8);
  expect(users.map((user) => user.userId)).not.toContain('added-by-the-page');
});
