import { expect, it } from 'vitest';
import { expectError, expectSuccess, fingerprint } from '../../support/expect.js';
import { type Client, forEachTransport } from '../../support/transports.js';

const CREATE = '/v2/workspace/apikey/create';
const OWNER = 'owner@example.com';
const ALNUM20 = /^[A-Za-z0-9]{20}$/;
const HEX32 = /^[0-9a-f]{32}$/;

/** Section 8 of service-facts, written out independently of the implementation's list. */
const SECTION_8_REGIONS = (
  'us-west1 us-west2 us-west3 us-west4 us-central1 us-east1 us-east4 us-east5 us-south1 northamerica-northeast1 ' +
  'northamerica-northeast2 northamerica-south1 southamerica-west1 southamerica-east1 europe-west1 europe-west2 ' +
  'europe-west3 europe-west4 europe-west6 europe-west8 europe-west9 europe-west10 europe-west12 europe-southwest1 ' +
  'europe-north1 europe-north2 europe-central2 me-central1 me-central2 me-west1 asia-south1 asia-south2 ' +
  'asia-southeast1 asia-southeast2 asia-east1 asia-east2 asia-northeast1 asia-northeast2 asia-northeast3 ' +
  'australia-southeast1 australia-southeast2 africa-south1 eur3 nam5'
).split(' ');

const plan = (p: { paid?: boolean; selfServeProduction?: boolean; maxProductionKeys?: number }) => ({ workspace: { plan: p } });

/** Asserts a refused key creation and that the state did not change. */
async function refuse(c: Client, data: unknown, http: number, status: string, message: string | RegExp): Promise<void> {
  const before = fingerprint(c.service);
  expectError(await c.postWorkspace(CREATE, data), http, status, message);
  expect(fingerprint(c.service)).toBe(before);
}

const apiKeyList = async (c: Client) => expectSuccess(await c.postWorkspace('/v2/workspace/get', {})).data.apiKeyList;
const record = (c: Client, apiKey: string) => c.service.model.store.tables.apiKeys.get(apiKey);

forEachTransport('create API key (3.2)', (fresh) => {
  it('creates a testing key without a token unless createAuthToken is true (D10)', async () => {
    const c = fresh();
    const plain = expectSuccess(await c.postWorkspace(CREATE, { ownerEmail: OWNER, type: 'testing' }), 'API key created successfully.');
    expect(Object.keys(plain.data)).toEqual(['apiKey']);
    expect(plain.data.apiKey).toMatch(ALNUM20);
    const off = expectSuccess(await c.postWorkspace(CREATE, { ownerEmail: OWNER, type: 'testing', createAuthToken: false }));
    expect(Object.keys(off.data)).toEqual(['apiKey']);
    const withToken = expectSuccess(await c.postWorkspace(CREATE, { ownerEmail: OWNER, type: 'testing', createAuthToken: true }));
    expect(withToken.data).toEqual({ apiKey: expect.stringMatching(ALNUM20), authToken: expect.stringMatching(HEX32) });
    const tokens = (apiKey: string) => c.postWorkspace('/v2/workspace/authtokens/get', { apiKey });
    expect(expectSuccess(await tokens(plain.data.apiKey)).data.authTokens).toEqual([]);
    expect(expectSuccess(await tokens(withToken.data.apiKey)).data.authTokens).toEqual([
      { token: withToken.data.authToken, name: 'Default Auth Token', domains: [] },
    ]);
  });

  it('lists new keys in get workspace with default and custom names', async () => {
    const c = fresh();
    const a = expectSuccess(await c.postWorkspace(CREATE, { ownerEmail: 'sam.lee@example.com', type: 'testing' })).data.apiKey;
    const b = expectSuccess(await c.postWorkspace(CREATE, { ownerEmail: OWNER, type: 'testing', apiKeyName: 'CI key' })).data.apiKey;
    const list = await apiKeyList(c);
    expect(Object.keys(list)).toEqual([c.service.credentials.apiKey, a, b]);
    expect(list[a]).toEqual({ apiKeyName: 'Sam.lee Test API Key', id: a, type: 'testing' });
    expect(list[b]).toEqual({ apiKeyName: 'CI key', id: b, type: 'testing' });
  });

  it('gives a key that works for API-key calls and keeps its data apart (D4)', async () => {
    const c = fresh();
    const second = expectSuccess(await c.postWorkspace(CREATE, { ownerEmail: OWNER, type: 'testing', createAuthToken: true })).data;
    const asSecond = { 'x-service-api-key': second.apiKey, 'x-service-auth-token': second.authToken };
    const docs = { organizationId: 'acme', documents: [{ documentId: 'd1' }] };
    expect(expectSuccess(await c.post('/v2/organizations/documents/add', docs)).data.d1).toMatchObject({ success: true });
    expect(expectSuccess(await c.post('/v2/organizations/documents/add', docs)).data.d1).toMatchObject({ success: false });
    // The same document under the second key is new: nothing of the first key's data is visible there.
    expect(expectSuccess(await c.post('/v2/organizations/documents/add', docs, asSecond)).data.d1).toMatchObject({ success: true });
    const disable = { organizationIds: ['other-org'], disabled: true };
    expectSuccess(await c.post('/v2/organizations/documents/add', { organizationId: 'other-org', documents: [{ documentId: 'x' }] }));
    expect(expectSuccess(await c.post('/v2/organizations/access/disablestate/update', disable)).data['other-org'].success).toBe(true);
    const hidden = expectSuccess(await c.post('/v2/organizations/access/disablestate/update', disable, asSecond));
    expect(hidden.data['other-org']).toMatchObject({ success: false, message: 'Organization does not exist' });
  });

  it('validates ownerEmail and type', async () => {
    const c = fresh();
    await refuse(c, { type: 'testing' }, 400, 'INVALID_ARGUMENT', 'ownerEmail is required.');
    await refuse(c, { ownerEmail: '', type: 'testing' }, 400, 'INVALID_ARGUMENT', 'ownerEmail is required.');
    await refuse(c, { ownerEmail: 'owner', type: 'testing' }, 400, 'INVALID_ARGUMENT', 'ownerEmail must be a valid email address.');
    await refuse(c, { ownerEmail: OWNER }, 400, 'INVALID_ARGUMENT', 'type is required.');
    for (const type of ['staging', 'Testing', '', 5]) {
      await refuse(c, { ownerEmail: OWNER, type }, 400, 'INVALID_ARGUMENT', 'type must be one of testing, production.');
    }
  });

  it('type-checks the optional fields', async () => {
    const c = fresh();
    const base = { ownerEmail: OWNER, type: 'testing' };
    const cases: [Record<string, unknown>, string][] = [
      [{ createAuthToken: 'yes' }, 'createAuthToken must be a boolean.'],
      [{ apiKeyName: 5 }, 'apiKeyName must be a string.'],
      [{ allowedDomains: 'example.com' }, 'allowedDomains must be an array.'],
      [{ allowedDomains: ['ok.com', 1] }, 'allowedDomains[1] must be a string.'],
      [{ addLocalHostToAllowedDomains: 1 }, 'addLocalHostToAllowedDomains must be a boolean.'],
      [{ useEmailService: 'true' }, 'useEmailService must be a boolean.'],
      [{ useWebhookService: 0 }, 'useWebhookService must be a boolean.'],
      [{ useNotificationService: 'no' }, 'useNotificationService must be a boolean.'],
      [{ setDefaultNotificationTriggers: 'x' }, 'setDefaultNotificationTriggers must be a boolean.'],
      [{ setDefaultEmailTriggers: 1 }, 'setDefaultEmailTriggers must be a boolean.'],
      [{ requireAutoOrgUser: 'x' }, 'requireAutoOrgUser must be a boolean.'],
      [{ enablePrivateComments: [] }, 'enablePrivateComments must be a boolean.'],
      [{ emailServiceConfig: 'x' }, 'emailServiceConfig must be an object.'],
      [{ emailServiceConfig: { type: 'smtp' } }, 'emailServiceConfig.type must be one of default, external.'],
      [{ emailServiceConfig: { fromEmail: 3 } }, 'emailServiceConfig.fromEmail must be a string.'],
      [{ webhookServiceConfig: { authToken: 5 } }, 'webhookServiceConfig.authToken must be a string.'],
    ];
    for (const [extra, message] of cases) await refuse(c, { ...base, ...extra }, 400, 'INVALID_ARGUMENT', message);
  });

  it('accepts every region of section 8 and rejects anything else, even for testing keys', async () => {
    const c = fresh();
    for (const region of SECTION_8_REGIONS) {
      expectSuccess(await c.postWorkspace(CREATE, { ownerEmail: OWNER, type: 'testing', persistenceDBRegion: region, realtimeDBRegion: region }));
    }
    for (const field of ['persistenceDBRegion', 'realtimeDBRegion']) {
      for (const bad of ['', 'US-CENTRAL1', 'mars-north1', ' nam5']) {
        const message = `${field} ${JSON.stringify(bad)} is not a supported region. Use one of ${SECTION_8_REGIONS.join(', ')}.`;
        await refuse(c, { ownerEmail: OWNER, type: 'testing', [field]: bad }, 400, 'INVALID_ARGUMENT', message);
      }
      await refuse(c, { ownerEmail: OWNER, type: 'testing', [field]: 5 }, 400, 'INVALID_ARGUMENT', `${field} must be a string.`);
    }
  });

  it('gates production keys: 403, then 400 FAILED_PRECONDITION, then 429', async () => {
    const prod = { ownerEmail: OWNER, type: 'production' };
    const notAllowed = 'This workspace is not allowed to create production API keys.';
    await refuse(fresh(), prod, 403, 'PERMISSION_DENIED', notAllowed);
    await refuse(fresh(plan({ paid: true })), prod, 403, 'PERMISSION_DENIED', notAllowed);
    const unpaid = fresh(plan({ selfServeProduction: true }));
    await refuse(unpaid, prod, 400, 'FAILED_PRECONDITION', 'A paid plan is required to create a production API key.');
    const c = fresh(plan({ paid: true, selfServeProduction: true, maxProductionKeys: 2 }));
    expectSuccess(await c.postWorkspace(CREATE, prod));
    expectSuccess(await c.postWorkspace(CREATE, prod));
    await refuse(c, prod, 429, 'RESOURCE_EXHAUSTED', 'Maximum number of production API keys reached.');
    expectSuccess(await c.postWorkspace(CREATE, { ...prod, type: 'testing' }), 'API key created successfully.');
  });

  it('allows 3 production keys by default', async () => {
    const c = fresh(plan({ paid: true, selfServeProduction: true }));
    for (let i = 0; i < 3; i++) expectSuccess(await c.postWorkspace(CREATE, { ownerEmail: OWNER, type: 'production' }));
    await refuse(c, { ownerEmail: OWNER, type: 'production' }, 429, 'RESOURCE_EXHAUSTED', 'Maximum number of production API keys reached.');
  });

  it('validates fields before the production gates', async () => {
    const c = fresh();
    await refuse(
      c,
      { ownerEmail: OWNER, type: 'production', realtimeDBRegion: '' },
      400,
      'INVALID_ARGUMENT',
      /^realtimeDBRegion "" is not a supported region\./,
    );
  });

  it('stores production regions (default North America) and ignores them for testing keys', async () => {
    const c = fresh(plan({ paid: true, selfServeProduction: true }));
    const eu = { ownerEmail: OWNER, type: 'production', persistenceDBRegion: 'eur3', realtimeDBRegion: 'europe-west1', createAuthToken: true };
    const euKey = expectSuccess(await c.postWorkspace(CREATE, eu)).data;
    expect(euKey).toEqual({ apiKey: expect.stringMatching(ALNUM20), authToken: expect.stringMatching(HEX32) });
    expect(record(c, euKey.apiKey)).toMatchObject({ type: 'production', persistenceDBRegion: 'eur3', realtimeDBRegion: 'europe-west1' });
    const plain = expectSuccess(await c.postWorkspace(CREATE, { ownerEmail: OWNER, type: 'production' })).data.apiKey;
    expect(record(c, plain)).toMatchObject({ persistenceDBRegion: 'nam5', realtimeDBRegion: 'us-central1' });
    expect((await apiKeyList(c))[plain]).toEqual({ apiKeyName: 'Owner Production API Key', id: plain, type: 'production' });
    const testing = expectSuccess(await c.postWorkspace(CREATE, { ownerEmail: OWNER, type: 'testing', persistenceDBRegion: 'eur3' })).data.apiKey;
    expect(record(c, testing)?.persistenceDBRegion).toBeUndefined();
  });

  it('adds localhost to allowedDomains once when asked', async () => {
    const c = fresh();
    const body = { ownerEmail: OWNER, type: 'testing', allowedDomains: ['app.example.com'], addLocalHostToAllowedDomains: true };
    const apiKey = expectSuccess(await c.postWorkspace(CREATE, body)).data.apiKey;
    expect(record(c, apiKey)?.allowedDomains).toEqual(['app.example.com', 'localhost']);
    const again = { ...body, allowedDomains: ['localhost'] };
    const second = expectSuccess(await c.postWorkspace(CREATE, again)).data.apiKey;
    expect(record(c, second)?.allowedDomains).toEqual(['localhost']);
  });
});

forEachTransport('get auth tokens (3.4)', (fresh) => {
  it("lists a key's auth tokens", async () => {
    const c = fresh();
    const { apiKey, authToken } = c.service.credentials;
    const result = expectSuccess(await c.postWorkspace('/v2/workspace/authtokens/get', { apiKey }), 'Auth tokens retrieved successfully.');
    expect(result.data).toEqual({ apiKey, authTokens: [{ token: authToken, name: 'Default Auth Token', domains: [] }] });
  });

  it('validates apiKey', async () => {
    const c = fresh();
    for (const apiKey of [undefined, '', '  ']) {
      expectError(await c.postWorkspace('/v2/workspace/authtokens/get', { apiKey }), 400, 'INVALID_ARGUMENT', 'apiKey is required.');
    }
    expectError(await c.postWorkspace('/v2/workspace/authtokens/get', { apiKey: 7 }), 400, 'INVALID_ARGUMENT', 'apiKey must be a string.');
  });

  it('answers 404 for an unknown key or a key of another workspace', async () => {
    const c = fresh();
    const other = expectSuccess(await c.post('/v2/workspace/create', { ownerEmail: 'other@example.com' })).data;
    for (const apiKey of ['NoSuchKey00000000000', Object.keys(other.apiKeyList)[0]]) {
      expectError(await c.postWorkspace('/v2/workspace/authtokens/get', { apiKey }), 404, 'NOT_FOUND', 'API key not found.');
    }
  });
});
