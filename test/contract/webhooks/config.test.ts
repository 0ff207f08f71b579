import { expect, it } from 'vitest';
import { createAdvancedWebhookEndpoint } from '../../../src/model/webhooks/config.js';
import { expectError, expectSuccess, fingerprint } from '../../support/expect.js';
import { namespaceOf } from '../../support/store.js';
import { type Client, forEachTransport } from '../../support/transports.js';

const CONFIG_GET = '/v2/workspace/advancedwebhookconfig/get';
const CONFIG_UPDATE = '/v2/workspace/advancedwebhookconfig/update';
const LIST = '/v2/workspace/advancedwebhook/endpoints/get';
const CREATE = '/v2/workspace/advancedwebhook/endpoints/create';

const NOT_CONFIGURED =
  'Advanced webhooks are not configured for this workspace. Enable them first via POST /v2/workspace/advancedwebhookconfig/update with { "isEnabled": true }.';
const DISABLED =
  'Advanced webhooks are disabled for this workspace. Enable them via POST /v2/workspace/advancedwebhookconfig/update with { "isEnabled": true }.';
const UNAVAILABLE = 'Advanced webhooks are not available for this workspace.';
const AT_LEAST_ONE = 'At least one of isEnabled, encryptData, encodeData, publicKey or enableDataProtection must be provided.';
const BAD_URL = 'url must be a valid http(s) URL.';
const BAD_LIMIT = 'limit must be an integer between 1 and 250.';
const OFF = { isEnabled: false, encryptData: false, encodeData: false, publicKey: '', enableDataProtection: false };

const enable = async (c: Client) => expectSuccess(await c.post(CONFIG_UPDATE, { isEnabled: true }));
const create = async (c: Client, data: unknown) => expectSuccess(await c.post(CREATE, data), 'Advanced webhook endpoint created successfully.').data;
const page = async (c: Client, data: unknown) => expectSuccess(await c.post(LIST, data), 'Advanced webhook endpoints retrieved successfully.').data;

forEachTransport('advanced webhook config', (fresh) => {
  it('reads everything off when never configured', async () => {
    const c = fresh();
    expect(expectSuccess(await c.post(CONFIG_GET, {}), 'Advanced webhook configuration retrieved successfully.').data).toEqual(OFF);
  });

  it('enables first, then updates partially and returns the full state', async () => {
    const c = fresh();
    const first = expectSuccess(await c.post(CONFIG_UPDATE, { isEnabled: true, encodeData: false }), 'Advanced webhook configuration updated successfully.');
    expect(first.data).toEqual({ ...OFF, isEnabled: true });
    const second = expectSuccess(await c.post(CONFIG_UPDATE, { encryptData: true, publicKey: 'MIIBIjAN' }));
    expect(second.data).toEqual({ ...OFF, isEnabled: true, encryptData: true, publicKey: 'MIIBIjAN' });
    expectSuccess(await c.post(CONFIG_UPDATE, { isEnabled: false, enableDataProtection: true }));
    expect(expectSuccess(await c.post(CONFIG_GET, {})).data).toEqual({ ...OFF, encryptData: true, publicKey: 'MIIBIjAN', enableDataProtection: true });
  });

  for (const [name, data] of [
    ['without isEnabled', { encodeData: true }],
    ['with isEnabled false', { isEnabled: false }],
  ] as const) {
    it(`refuses a first update ${name} and stores nothing`, async () => {
      const c = fresh();
      const before = fingerprint(c.service);
      expectError(await c.post(CONFIG_UPDATE, data), 400, 'FAILED_PRECONDITION', NOT_CONFIGURED);
      expect(fingerprint(c.service)).toBe(before);
    });
  }

  const invalid: [string, unknown, string][] = [
    ['no field', {}, AT_LEAST_ONE],
    ['only unknown fields', { enabled: true }, AT_LEAST_ONE],
    ['a non-boolean isEnabled', { isEnabled: 'true' }, 'isEnabled must be a boolean.'],
    ['a non-string publicKey', { publicKey: 1 }, 'publicKey must be a string.'],
    ['a null encryptData', { isEnabled: true, encryptData: null }, 'encryptData is required.'],
  ];
  for (const [name, data, message] of invalid) {
    it(`refuses ${name} and changes nothing`, async () => {
      const c = fresh();
      await enable(c);
      const before = fingerprint(c.service);
      expectError(await c.post(CONFIG_UPDATE, data), 400, 'INVALID_ARGUMENT', message);
      expect(fingerprint(c.service)).toBe(before);
    });
  }

  it('refuses every advanced-webhook operation when the workspace plan lacks the feature', async () => {
    const c = fresh({ workspace: { plan: { advancedWebhooksAvailable: false } } });
    const before = fingerprint(c.service);
    expectError(await c.post(CONFIG_GET, {}), 400, 'FAILED_PRECONDITION', UNAVAILABLE);
    expectError(await c.post(CONFIG_UPDATE, { isEnabled: true }), 400, 'FAILED_PRECONDITION', UNAVAILABLE);
    expectError(await c.post(LIST, {}), 400, 'FAILED_PRECONDITION', UNAVAILABLE);
    expectError(await c.post(CREATE, { url: 'https://example.com/hook' }), 400, 'FAILED_PRECONDITION', UNAVAILABLE);
    expect(fingerprint(c.service)).toBe(before);
  });

  it('authenticates with the API-key headers', async () => {
    const c = fresh();
    expectError(await c.post(CONFIG_GET, {}, { 'x-service-api-key': 'nope' }), 403, 'PERMISSION_DENIED', 'Invalid API key.');
    expectError(await c.post(LIST, {}, { 'x-service-auth-token': 'bad' }), 403, 'PERMISSION_DENIED', 'Invalid auth token for API key.');
  });
});

forEachTransport('advanced webhook endpoints', (fresh) => {
  it('refuses listing and creating until delivery is configured and while it is disabled, keeping endpoints', async () => {
    const c = fresh();
    const before = fingerprint(c.service);
    expectError(await c.post(LIST, {}), 400, 'FAILED_PRECONDITION', NOT_CONFIGURED);
    expectError(await c.post(CREATE, { url: 'https://example.com/hook' }), 400, 'FAILED_PRECONDITION', NOT_CONFIGURED);
    expect(fingerprint(c.service)).toBe(before);
    await enable(c);
    const made = await create(c, { url: 'https://example.com/hook' });
    expectSuccess(await c.post(CONFIG_UPDATE, { isEnabled: false }));
    const disabled = fingerprint(c.service);
    expectError(await c.post(LIST, {}), 400, 'FAILED_PRECONDITION', DISABLED);
    expectError(await c.post(CREATE, { url: 'https://example.com/other' }), 400, 'FAILED_PRECONDITION', DISABLED);
    expect(fingerprint(c.service)).toBe(disabled);
    await enable(c);
    expect((await page(c, {})).endpoints).toEqual([made]);
  });

  it('creates an endpoint with explicit nulls, a seeded id and a hidden secret', async () => {
    const c = fresh({ clock: '2026-06-01T10:15:30Z' });
    await enable(c);
    const minimal = await create(c, {
      url: 'https://example.com/webhooks/collab',
      description: 'Primary endpoint',
      filterTypes: ['comment.add', 'comment.update'],
    });
    expect(minimal).toEqual({
      id: expect.stringMatching(/^ep_[A-Za-z0-9]{27}$/),
      url: 'https://example.com/webhooks/collab',
      description: 'Primary endpoint',
      filterTypes: ['comment.add', 'comment.update'],
      channels: null,
      disabled: false,
      rateLimit: null,
      uid: null,
      createdAt: '2026-06-01T10:15:30.000Z',
      updatedAt: '2026-06-01T10:15:30.000Z',
    });
    const full = await create(c, {
      url: 'http://localhost:8080/hook',
      channels: ['project-1'],
      disabled: true,
      rateLimit: 5,
      uid: 'mine',
      metadata: { team: 'a' },
      secret: 'ignored',
    });
    expect(full).toMatchObject({ description: null, filterTypes: null, channels: ['project-1'], disabled: true, rateLimit: 5, uid: 'mine' });
    expect(Object.keys(full)).not.toContain('metadata');
    expect(Object.keys(full)).not.toContain('secret');
    const stored = namespaceOf(c.service).advancedWebhookEndpoints;
    expect(stored.map((e) => e.secret)).toEqual([expect.stringMatching(/^whsec_[A-Za-z0-9+/]{32}$/), expect.stringMatching(/^whsec_[A-Za-z0-9+/]{32}$/)]);
    expect(stored[0]?.secret).not.toBe(stored[1]?.secret);
    expect(stored[1]?.metadata).toEqual({ team: 'a' });
  });

  it('draws the same ids and secrets for the same seed', async () => {
    const run = async () => {
      const c = fresh({ seed: 42 });
      await enable(c);
      const made = await create(c, { url: 'https://example.com/hook' });
      return { id: made.id, secret: namespaceOf(c.service).advancedWebhookEndpoints[0]?.secret };
    };
    expect(await run()).toEqual(await run());
  });

  const invalidCreate: [string, unknown, string][] = [
    ['a missing url', {}, BAD_URL],
    ['a non-string url', { url: 7 }, BAD_URL],
    ['a url that is not a URL', { url: 'example.com/hook' }, BAD_URL],
    ['a non-http url', { url: 'ftp://example.com/hook' }, BAD_URL],
    ['an empty filterTypes', { url: 'https://example.com/hook', filterTypes: [] }, 'filterTypes must contain at least 1 item.'],
    ['a blank filter type', { url: 'https://example.com/hook', filterTypes: ['comment.add', ''] }, 'filterTypes[1] is required.'],
    ['an empty channels', { url: 'https://example.com/hook', channels: [] }, 'channels must contain at least 1 item.'],
    ['a zero rateLimit', { url: 'https://example.com/hook', rateLimit: 0 }, 'rateLimit must be a positive integer (deliveries per second).'],
    ['a fractional rateLimit', { url: 'https://example.com/hook', rateLimit: 2.5 }, 'rateLimit must be a positive integer (deliveries per second).'],
    ['a string rateLimit', { url: 'https://example.com/hook', rateLimit: '5' }, 'rateLimit must be a number.'],
    ['a non-boolean disabled', { url: 'https://example.com/hook', disabled: 'no' }, 'disabled must be a boolean.'],
    ['a non-string description', { url: 'https://example.com/hook', description: 5 }, 'description must be a string.'],
    ['a non-string metadata value', { url: 'https://example.com/hook', metadata: { a: 1 } }, 'metadata.a must be a string.'],
  ];
  for (const [name, data, message] of invalidCreate) {
    it(`refuses to create with ${name} and changes nothing`, async () => {
      const c = fresh();
      await enable(c);
      const before = fingerprint(c.service);
      expectError(await c.post(CREATE, data), 400, 'INVALID_ARGUMENT', message);
      expect(fingerprint(c.service)).toBe(before);
    });
  }

  it('checks fields before the delivery precondition', async () => {
    const c = fresh();
    expectError(await c.post(CREATE, { url: 'nope' }), 400, 'INVALID_ARGUMENT', BAD_URL);
    expectError(await c.post(LIST, { limit: 0 }), 400, 'INVALID_ARGUMENT', BAD_LIMIT);
  });

  it('pages in creation order with iterator, prevIterator and done', async () => {
    const c = fresh();
    await enable(c);
    const urls = ['a', 'b', 'c', 'd', 'e'].map((x) => `https://example.com/${x}`);
    for (const url of urls) await create(c, { url });
    const first = await page(c, { limit: 2 });
    expect(first.endpoints.map((e: { url: string }) => e.url)).toEqual(urls.slice(0, 2));
    expect(first).toMatchObject({ prevIterator: null, done: false, iterator: expect.any(String) });
    const second = await page(c, { limit: 2, iterator: first.iterator });
    expect(second.endpoints.map((e: { url: string }) => e.url)).toEqual(urls.slice(2, 4));
    expect(second.done).toBe(false);
    const third = await page(c, { limit: 2, iterator: second.iterator });
    expect(third.endpoints.map((e: { url: string }) => e.url)).toEqual(urls.slice(4));
    expect(third).toMatchObject({ iterator: null, done: true });
    expect(await page(c, { limit: 2, iterator: third.prevIterator })).toEqual(second);
    expect(await page(c, { limit: 2, iterator: second.prevIterator })).toEqual(first);
    expect(await page(c, { iterator: null })).toEqual({ endpoints: (await page(c, {})).endpoints, iterator: null, prevIterator: null, done: true });
  });

  it('returns 50 endpoints per page by default and at most 250', async () => {
    const c = fresh();
    await enable(c);
    const ns = namespaceOf(c.service);
    for (let i = 0; i < 251; i++) createAdvancedWebhookEndpoint(c.service.model, ns, { url: `https://example.com/${i}` });
    const first = await page(c, {});
    expect(first.endpoints).toHaveLength(50);
    expect(first.done).toBe(false);
    const big = await page(c, { limit: 250 });
    expect(big.endpoints).toHaveLength(250);
    const rest = await page(c, { limit: 250, iterator: big.iterator });
    expect(rest.endpoints.map((e: { url: string }) => e.url)).toEqual(['https://example.com/250']);
    expect(rest.done).toBe(true);
  });

  const invalidList: [string, unknown, string][] = [
    ['a zero limit', { limit: 0 }, BAD_LIMIT],
    ['a limit above 250', { limit: 251 }, BAD_LIMIT],
    ['a fractional limit', { limit: 2.5 }, BAD_LIMIT],
    ['a string limit', { limit: '10' }, BAD_LIMIT],
    ['an unknown iterator', { iterator: 'garbage' }, 'Invalid iterator.'],
    ['an undecodable iterator', { iterator: 'iter_!!!' }, 'Invalid iterator.'],
    ['a non-string iterator', { iterator: 3 }, 'Invalid iterator.'],
    ['an iterator past the end', { iterator: `iter_${btoa('{"o":99}').replace(/=+$/, '')}` }, 'Invalid iterator.'],
  ];
  for (const [name, data, message] of invalidList) {
    it(`refuses to list with ${name}`, async () => {
      const c = fresh();
      await enable(c);
      await create(c, { url: 'https://example.com/hook' });
      const before = fingerprint(c.service);
      expectError(await c.post(LIST, data), 400, 'INVALID_ARGUMENT', message);
      expect(fingerprint(c.service)).toBe(before);
    });
  }
});
