import { expect, it } from 'vitest';
import { expectError, expectSuccess, fingerprint } from '../../support/expect.js';
import { type Client, forEachTransport } from '../../support/transports.js';

const call = async (c: Client, path: string, data: unknown, message?: string) => expectSuccess(await c.post(`/v2/workspace/${path}`, data), message).data;

const NOTIFICATION_DEFAULTS = {
  useNotificationService: false,
  notificationServiceConfig: {
    triggers: { comment: {}, huddle: {} },
    delayConfig: { isEnabled: false, delaySeconds: 10 },
    batchConfig: {
      document: { isEnabled: false, batchWindowSeconds: 10, maxActivities: 2 },
      user: { isEnabled: false, batchWindowSeconds: 10, maxActivities: 2 },
    },
  },
};

forEachTransport('API key, notification and permission provider configs', (fresh) => {
  it('reads the API key config with its defaults, merges updates and masks AI keys', async () => {
    const c = fresh();
    expect(await call(c, 'apiKeyconfig/get'.toLowerCase(), {}, 'API key metadata retrieved successfully.')).toEqual({
      ownerEmail: 'owner@collab-service.test',
      planInfo: { type: 'sdk test' },
      defaultDocumentAccessType: 'public',
      isPrivateCommentsEnabled: false,
      requireJwtToken: false,
      requireAutoOrgUser: false,
    });
    const echo = await call(
      c,
      'apikeyconfig/update',
      {
        requireJwtToken: true,
        defaultDocumentAccessType: 'restricted',
        aiModelApiKey: [
          { provider: 'openai', customerApiKey: 'sk-openai-1234567890xyz' },
          { provider: 'gemini', customerApiKey: 'short' },
        ],
      },
      'API key configuration updated successfully.',
    );
    expect(echo).toEqual({
      requireJwtToken: true,
      defaultDocumentAccessType: 'restricted',
      aiModelsConfig: { openai: { displayText: 'sk-open...xyz' }, gemini: { displayText: '...ort' } },
    });
    expect(await call(c, 'apikeyconfig/update', { enablePrivateComments: true })).toEqual({ enablePrivateComments: true });
    const after = await call(c, 'apikeyconfig/get', {});
    expect(after).toMatchObject({
      requireJwtToken: true,
      defaultDocumentAccessType: 'restricted',
      isPrivateCommentsEnabled: true,
      aiModelsConfig: { openai: { displayText: 'sk-open...xyz' } },
    });
    expect(JSON.stringify(after)).not.toContain('1234567890');
  });

  it('reads the documented notification config when never set, and seeds triggers on the first enable', async () => {
    const c = fresh();
    expect(await call(c, 'notificationconfig/get', {}, 'Notification configuration retrieved successfully.')).toEqual(NOTIFICATION_DEFAULTS);
    const first = await call(
      c,
      'notificationconfig/update',
      { useNotificationService: true, notificationServiceConfig: { delayConfig: { isEnabled: true, delaySeconds: 30 } } },
      'Notification configuration updated successfully.',
    );
    expect(first).toEqual({
      useNotificationService: true,
      notificationServiceConfig: {
        triggers: {
          comment: {
            'comment_annotation.add': true,
            'comment.add': true,
            'comment_annotation.status_change': true,
            'comment_annotation.assign': true,
            'comment_annotation.priority_change': true,
          },
          huddle: { 'huddle.create': true, 'huddle.join': true },
        },
        delayConfig: { isEnabled: true, delaySeconds: 30 },
      },
    });
    const second = await call(c, 'notificationconfig/update', {
      notificationServiceConfig: { triggers: { comment: { 'comment.add': false } }, batchConfig: { user: { isEnabled: true } } },
    });
    expect(second.notificationServiceConfig.triggers.comment['comment.add']).toBe(false);
    expect(second.notificationServiceConfig.triggers.comment['comment_annotation.add']).toBe(true);
    expect(second.notificationServiceConfig.delayConfig).toEqual({ isEnabled: true, delaySeconds: 30 });
    const read = await call(c, 'notificationconfig/get', {});
    expect(read.notificationServiceConfig.batchConfig).toEqual({
      document: { isEnabled: false, batchWindowSeconds: 10, maxActivities: 2 },
      user: { isEnabled: true, batchWindowSeconds: 10, maxActivities: 2 },
    });
  });

  it('reads and merges the permission provider config, keeping the token on a URL-only change', async () => {
    const c = fresh();
    expect(await call(c, 'permissionproviderconfig/get', {}, 'Permission provider configuration retrieved successfully.')).toEqual({
      usePermissionProvider: false,
      permissionProviderConfig: { permissionProviderUrl: '', authToken: '' },
    });
    await call(
      c,
      'permissionproviderconfig/update',
      { usePermissionProvider: true, permissionProviderConfig: { permissionProviderUrl: 'https://perm.example.com/check', authToken: 'secret' } },
      'Permission provider configuration updated successfully.',
    );
    const after = await call(c, 'permissionproviderconfig/update', { permissionProviderConfig: { permissionProviderUrl: '' } });
    expect(after).toEqual({ usePermissionProvider: true, permissionProviderConfig: { permissionProviderUrl: '', authToken: 'secret' } });
    expect(await call(c, 'permissionproviderconfig/get', {})).toEqual(after);
  });

  const invalid: [string, string, unknown, string][] = [
    ['apikeyconfig/update', 'no field', {}, 'At least one field must be provided for update'],
    ['apikeyconfig/update', 'an unknown field', { requireJwtToken: true, colour: 'red' }, 'At least one field must be provided for update'],
    [
      'apikeyconfig/update',
      'an unknown access type',
      { defaultDocumentAccessType: 'secret' },
      'defaultDocumentAccessType must be one of public, restricted, organizationPrivate.',
    ],
    ['apikeyconfig/update', 'an empty AI key list', { aiModelApiKey: [] }, 'aiModelApiKey must contain at least 1 item.'],
    [
      'apikeyconfig/update',
      'an unknown AI provider',
      { aiModelApiKey: [{ provider: 'x', customerApiKey: 'k' }] },
      'aiModelApiKey[0].provider must be one of openai, anthropic, gemini.',
    ],
    ['notificationconfig/update', 'no field', {}, 'At least one of useNotificationService or notificationServiceConfig must be provided'],
    [
      'notificationconfig/update',
      'a short delay',
      { notificationServiceConfig: { delayConfig: { delaySeconds: 9 } } },
      'delaySeconds must be an integer between 10 and 15552000.',
    ],
    [
      'notificationconfig/update',
      'a fractional window',
      { notificationServiceConfig: { batchConfig: { user: { batchWindowSeconds: 10.5 } } } },
      'batchWindowSeconds must be an integer between 10 and 604800.',
    ],
    [
      'notificationconfig/update',
      'too many activities',
      { notificationServiceConfig: { batchConfig: { document: { maxActivities: 51 } } } },
      'maxActivities must be an integer between 2 and 50.',
    ],
    ['permissionproviderconfig/update', 'no field', {}, 'At least one of usePermissionProvider or permissionProviderConfig must be provided'],
    [
      'permissionproviderconfig/update',
      'a URL that is not http(s)',
      { permissionProviderConfig: { permissionProviderUrl: 'ftp://x.com' } },
      'Please enter a valid URL',
    ],
    [
      'permissionproviderconfig/update',
      'a URL that is no URL',
      { permissionProviderConfig: { permissionProviderUrl: 'not a url' } },
      'Please enter a valid URL',
    ],
  ];
  for (const [op, name, data, message] of invalid) {
    it(`${op} refuses ${name} and changes nothing`, async () => {
      const c = fresh();
      const before = fingerprint(c.service);
      expectError(await c.post(`/v2/workspace/${op}`, data), 400, 'INVALID_ARGUMENT', message);
      expect(fingerprint(c.service)).toBe(before);
    });
  }

  it('keeps configs per API key and needs the API-key headers', async () => {
    const c = fresh();
    await call(c, 'apikeyconfig/update', { requireJwtToken: true });
    const other = expectSuccess(
      await c.postWorkspace('/v2/workspace/apikey/create', {
        ownerEmail: 'o@example.com',
        type: 'testing',
        createAuthToken: true,
        enablePrivateComments: true,
      }),
    ).data;
    const headers = { 'x-service-api-key': other.apiKey, 'x-service-auth-token': other.authToken };
    expect(expectSuccess(await c.post('/v2/workspace/apikeyconfig/get', {}, headers)).data).toMatchObject({
      ownerEmail: 'o@example.com',
      requireJwtToken: false,
      isPrivateCommentsEnabled: true,
    });
    for (const op of ['apikeyconfig/get', 'notificationconfig/get', 'permissionproviderconfig/get']) {
      expectError(await c.post(`/v2/workspace/${op}`, {}, { 'x-service-api-key': 'nope' }), 403, 'PERMISSION_DENIED', 'Invalid API key.');
    }
  });
});
