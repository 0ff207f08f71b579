import { expect, it } from 'vitest';
import { expectError, expectSuccess, fingerprint } from '../../support/expect.js';
import { type Client, forEachTransport } from '../../support/transports.js';

const createKey = async (c: Client, apiKeyName?: string) =>
  expectSuccess(
    await c.postWorkspace('/v2/workspace/apikey/create', {
      ownerEmail: 'owner@example.com',
      type: 'testing',
      createAuthToken: true,
      ...(apiKeyName ? { apiKeyName } : {}),
    }),
  ).data;

forEachTransport('workspace domains', (fresh) => {
  it('adds normalised domains, lists them in order, and deletes them', async () => {
    const c = fresh();
    const added = expectSuccess(
      await c.post('/v2/workspace/domains/add', { domains: ['https://www.Google.com/path?q=1', '*.firebase.com', 'http://localhost:3000/', 'google.com'] }),
      'Domain(s) added successfully to allowed domains.',
    );
    expect(added.data).toEqual({ domainsAdded: ['google.com', '*.firebase.com', 'localhost:3000'] });
    expect(expectSuccess(await c.post('/v2/workspace/domains/get', {}), 'Allowed domains retrieved successfully.').data).toEqual({
      allowedDomains: ['google.com', '*.firebase.com', 'localhost:3000'],
    });
    const removed = expectSuccess(
      await c.post('/v1/workspace/domains/delete', { domains: ['www.google.com'] }),
      'Domain(s) removed successfully from allowed domains.',
    );
    expect(removed.data).toEqual({ domainsRemoved: ['google.com'] });
    expect(expectSuccess(await c.post('/v1/workspace/domains/add', { domains: ['example.com'] })).data).toEqual({ domainsAdded: ['example.com'] });
    expect(expectSuccess(await c.post('/v2/workspace/domains/get', {})).data.allowedDomains).toEqual(['*.firebase.com', 'localhost:3000', 'example.com']);
  });

  it('answers the documented 500 with both lists when some domains are skipped, having changed the others', async () => {
    const c = fresh();
    expectSuccess(await c.post('/v2/workspace/domains/add', { domains: ['google.com'] }));
    const add = await c.post('/v2/workspace/domains/add', { domains: ['example.com', 'google.com'] });
    expectError(add, 500, 'INTERNAL', 'Domain(s) added successfully to allowed domains. Skipped existing domains.');
    expect(add.body.error.details).toEqual({ domainsAdded: ['example.com'], skippedDomains: ['google.com'] });
    const del = await c.post('/v2/workspace/domains/delete', { domains: ['example.com', 'nowhere.com'] });
    expectError(del, 500, 'INTERNAL', 'Domain(s) removed successfully from allowed domains. Skipped non-existing domains.');
    expect(del.body.error.details).toEqual({ domainsRemoved: ['example.com'], skippedDomains: ['nowhere.com'] });
    expect(expectSuccess(await c.post('/v2/workspace/domains/get', {})).data.allowedDomains).toEqual(['google.com']);
  });

  it('keeps each key its own list', async () => {
    const c = fresh();
    const other = await createKey(c);
    expectSuccess(await c.post('/v2/workspace/domains/add', { domains: ['a.com'] }));
    const headers = { 'x-service-api-key': other.apiKey, 'x-service-auth-token': other.authToken };
    expect(expectSuccess(await c.post('/v2/workspace/domains/get', {}, headers)).data.allowedDomains).toEqual([]);
  });

  const invalid: [string, string, unknown, string][] = [
    ['add', 'domains missing', {}, 'domains is required.'],
    ['add', 'more than 100 domains', { domains: Array.from({ length: 101 }, (_, i) => `d${i}.com`) }, 'domains can contain at most 100 items.'],
    ['delete', 'a blank domain', { domains: [' '] }, 'domains[0] is required.'],
  ];
  for (const [op, name, data, message] of invalid) {
    it(`${op} refuses ${name} and changes nothing`, async () => {
      const c = fresh();
      const before = fingerprint(c.service);
      expectError(await c.post(`/v2/workspace/domains/${op}`, data), 400, 'INVALID_ARGUMENT', message);
      expect(fingerprint(c.service)).toBe(before);
    });
  }

  it('needs valid API-key headers', async () => {
    const c = fresh();
    expectError(await c.post('/v2/workspace/domains/get', {}, { 'x-service-api-key': 'nope' }), 403, 'PERMISSION_DENIED', 'Invalid API key.');
  });
});

forEachTransport('workspace API keys', (fresh) => {
  it('lists keys in creation order, filters by id, and pages with nextPageToken only while more exist', async () => {
    const c = fresh();
    const first = c.service.credentials.apiKey;
    const second = (await createKey(c, 'Second')).apiKey;
    const third = (await createKey(c, 'Third')).apiKey;
    const all = expectSuccess(await c.postWorkspace('/v2/workspace/apikeys/get', {}), 'API keys retrieved successfully.');
    expect(all.data.map((k: { id: string }) => k.id)).toEqual([first, second, third]);
    expect(all.data[1]).toEqual({ id: second, apiKeyName: 'Second', type: 'testing' });
    expect('nextPageToken' in all).toBe(false);
    const page1 = expectSuccess(await c.postWorkspace('/v2/workspace/apikeys/get', { pageSize: 2 }));
    expect(page1.data).toHaveLength(2);
    expect(JSON.parse(Buffer.from(page1.nextPageToken, 'base64').toString())).toEqual({ lastId: second });
    const page2 = expectSuccess(await c.postWorkspace('/v2/workspace/apikeys/get', { pageSize: 2, pageToken: page1.nextPageToken }));
    expect(page2.data.map((k: { id: string }) => k.id)).toEqual([third]);
    expect('nextPageToken' in page2).toBe(false);
    expect(expectSuccess(await c.postWorkspace('/v2/workspace/apikeys/get', { apiKeys: [third, 'nope'] })).data.map((k: { id: string }) => k.id)).toEqual([
      third,
    ]);
  });

  it('renames a key and resets its auth token, the old one refused at once', async () => {
    const c = fresh();
    const apiKey = c.service.credentials.apiKey;
    expect(
      expectSuccess(await c.postWorkspace('/v2/workspace/apikey/update', { apiKey, apiKeyName: 'Renamed' }), 'API key updated successfully.').data,
    ).toBeNull();
    expect(expectSuccess(await c.postWorkspace('/v2/workspace/get', {})).data.apiKeyList[apiKey].apiKeyName).toBe('Renamed');
    const reset = expectSuccess(await c.postWorkspace('/v2/workspace/authtoken/reset', { apiKey }), 'Auth token reset successfully.');
    expect(reset.data).toEqual({ apiKey, newAuthToken: { token: expect.stringMatching(/^[0-9a-f]{32}$/), name: 'Default Auth Token', domains: [] } });
    expectError(await c.post('/v2/workspace/domains/get', {}), 403, 'PERMISSION_DENIED', 'Invalid auth token for API key.');
    expectSuccess(await c.post('/v2/workspace/domains/get', {}, { 'x-service-auth-token': reset.data.newAuthToken.token }));
  });

  it('a rename is a write like any other: reset and restore undo it', async () => {
    const c = fresh();
    const apiKey = c.service.credentials.apiKey;
    const name = async () => expectSuccess(await c.postWorkspace('/v2/workspace/get', {})).data.apiKeyList[apiKey].apiKeyName;
    const original = await name();
    const saved = c.service.snapshot();
    expectSuccess(await c.postWorkspace('/v2/workspace/apikey/update', { apiKey, apiKeyName: 'Renamed' }));
    c.service.restore(saved);
    expect(await name()).toBe(original);
    expectSuccess(await c.postWorkspace('/v2/workspace/apikey/update', { apiKey, apiKeyName: 'Renamed again' }));
    expect(await name()).toBe('Renamed again');
    const reset = await c.raw({ method: 'POST', path: '/__mock/reset', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(reset.status).toBe(200);
    expect(await name()).toBe(original);
  });

  const invalid: [string, string, unknown, number, string, string][] = [
    ['apikeys/get', 'pageSize above 100', { pageSize: 101 }, 400, 'INVALID_ARGUMENT', 'pageSize must be between 1 and 100.'],
    ['apikeys/get', 'pageSize 0', { pageSize: 0 }, 400, 'INVALID_ARGUMENT', 'pageSize must be between 1 and 100.'],
    ['apikeys/get', 'an unreadable pageToken', { pageToken: 'zzz' }, 400, 'INVALID_ARGUMENT', 'Invalid pageToken.'],
    ['apikey/update', 'a key of no workspace', { apiKey: 'nope', apiKeyName: 'x' }, 404, 'NOT_FOUND', 'API key not found.'],
    ['apikey/update', 'apiKeyName missing', { apiKey: 'nope' }, 400, 'INVALID_ARGUMENT', 'apiKeyName is required.'],
    ['authtoken/reset', 'a key of no workspace', { apiKey: 'nope' }, 404, 'NOT_FOUND', 'API key not found.'],
    ['authtoken/reset', 'apiKey missing', {}, 400, 'INVALID_ARGUMENT', 'apiKey is required.'],
  ];
  for (const [op, name, data, http, status, message] of invalid) {
    it(`${op} refuses ${name} and changes nothing`, async () => {
      const c = fresh();
      const before = fingerprint(c.service);
      expectError(await c.postWorkspace(`/v2/workspace/${op}`, data), http, status, message);
      expect(fingerprint(c.service)).toBe(before);
    });
  }

  it('refuses a key of another workspace and bad workspace credentials', async () => {
    const c = fresh();
    const other = expectSuccess(await c.post('/v2/workspace/create', { ownerEmail: 'else@example.com' })).data;
    const foreignKey = Object.keys(other.apiKeyList)[0];
    expectError(await c.postWorkspace('/v2/workspace/authtoken/reset', { apiKey: foreignKey }), 404, 'NOT_FOUND', 'API key not found.');
    for (const op of ['apikeys/get', 'apikey/update', 'authtoken/reset']) {
      expectError(
        await c.postWorkspace(`/v2/workspace/${op}`, {}, { 'x-service-workspace-auth-token': 'bad' }),
        403,
        'PERMISSION_DENIED',
        'Invalid workspace credentials.',
      );
    }
  });
});
