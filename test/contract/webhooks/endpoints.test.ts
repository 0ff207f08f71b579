import { expect, it } from 'vitest';
import { expectError, expectSuccess, fingerprint } from '../../support/expect.js';
import { type Client, forEachTransport } from '../../support/transports.js';

const CONFIG_UPDATE = '/v2/workspace/advancedwebhookconfig/update';
const LIST = '/v2/workspace/advancedwebhook/endpoints/get';
const CREATE = '/v2/workspace/advancedwebhook/endpoints/create';
const UPDATE = '/v2/workspace/advancedwebhook/endpoints/update';
const DELETE = '/v2/workspace/advancedwebhook/endpoints/delete';
const SECRET = '/v2/workspace/advancedwebhook/endpoints/secret/get';

const NOT_CONFIGURED =
  'Advanced webhooks are not configured for this workspace. Enable them first via POST /v2/workspace/advancedwebhookconfig/update with { "isEnabled": true }.';
const DISABLED =
  'Advanced webhooks are disabled for this workspace. Enable them via POST /v2/workspace/advancedwebhookconfig/update with { "isEnabled": true }.';
const AT_LEAST_ONE = 'At least one endpoint field besides endpointId must be provided.';

async function withEndpoint(c: Client): Promise<string> {
  expectSuccess(await c.post(CONFIG_UPDATE, { isEnabled: true }));
  return expectSuccess(await c.post(CREATE, { url: 'https://example.com/hook', description: 'Primary', filterTypes: ['comment.add'] })).data.id;
}

forEachTransport('advanced webhook endpoint update, delete and secret', (fresh) => {
  it('updates the given fields, clears with null and stamps updatedAt', async () => {
    const c = fresh();
    const id = await withEndpoint(c);
    c.service.clock.advance(60_000);
    const updated = expectSuccess(
      await c.post(UPDATE, { endpointId: id, url: 'https://example.com/other', filterTypes: null, disabled: true }),
      'Advanced webhook endpoint updated successfully.',
    ).data;
    expect(updated).toMatchObject({
      id,
      url: 'https://example.com/other',
      description: 'Primary',
      filterTypes: null,
      disabled: true,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:01:00.000Z',
    });
    expect(updated).not.toHaveProperty('secret');
    expect(expectSuccess(await c.post(LIST, {})).data.endpoints).toEqual([updated]);
  });

  it('returns the whsec_ signing secret, the same on every read', async () => {
    const c = fresh();
    const id = await withEndpoint(c);
    const { key } = expectSuccess(await c.post(SECRET, { endpointId: id }), 'Advanced webhook endpoint secret retrieved successfully.').data;
    expect(key).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(expectSuccess(await c.post(SECRET, { endpointId: id })).data.key).toBe(key);
  });

  it('deletes an endpoint', async () => {
    const c = fresh();
    const id = await withEndpoint(c);
    expect(expectSuccess(await c.post(DELETE, { endpointId: id }), 'Advanced webhook endpoint deleted successfully.').data).toEqual({ endpointId: id });
    expect(expectSuccess(await c.post(LIST, {})).data.endpoints).toEqual([]);
  });

  for (const [path, data] of [
    [UPDATE, { endpointId: 'ep_missing', disabled: true }],
    [DELETE, { endpointId: 'ep_missing' }],
    [SECRET, { endpointId: 'ep_missing' }],
  ] as const) {
    it(`answers NOT_FOUND for an unknown endpoint on ${path} and changes nothing`, async () => {
      const c = fresh();
      await withEndpoint(c);
      const before = fingerprint(c.service);
      expectError(await c.post(path, data), 404, 'NOT_FOUND', 'Advanced webhook endpoint ep_missing not found.');
      expect(fingerprint(c.service)).toBe(before);
    });

    it(`answers the not-configured and disabled preconditions on ${path}`, async () => {
      const c = fresh();
      expectError(await c.post(path, data), 400, 'FAILED_PRECONDITION', NOT_CONFIGURED);
      expectSuccess(await c.post(CONFIG_UPDATE, { isEnabled: true }));
      expectSuccess(await c.post(CONFIG_UPDATE, { isEnabled: false }));
      expectError(await c.post(path, data), 400, 'FAILED_PRECONDITION', DISABLED);
    });
  }

  const invalid: [string, string, unknown, string][] = [
    ['update without a field besides endpointId', UPDATE, { endpointId: 'x' }, AT_LEAST_ONE],
    ['update with a bad url', UPDATE, { endpointId: 'x', url: 'ftp://x' }, 'url must be a valid http(s) URL.'],
    ['update without endpointId', UPDATE, { disabled: true }, 'endpointId is required.'],
    ['delete without endpointId', DELETE, {}, 'endpointId is required.'],
    ['secret without endpointId', SECRET, {}, 'endpointId is required.'],
  ];
  for (const [name, path, data, message] of invalid) {
    it(`refuses ${name} and changes nothing`, async () => {
      const c = fresh();
      await withEndpoint(c);
      const before = fingerprint(c.service);
      expectError(await c.post(path, data), 400, 'INVALID_ARGUMENT', message);
      expect(fingerprint(c.service)).toBe(before);
    });
  }
});
