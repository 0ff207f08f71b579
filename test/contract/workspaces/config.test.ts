import { expect, it } from 'vitest';
import { DEFAULT_EMAIL_TRIGGERS, DEFAULT_WEBHOOK_TRIGGERS } from '../../../src/model/workspaces/config.js';
import { expectError, expectSuccess, fingerprint } from '../../support/expect.js';
import { type Client, forEachTransport } from '../../support/transports.js';

const EMAIL_GET = '/v2/workspace/emailconfig/get';
const EMAIL_UPDATE = '/v2/workspace/emailconfig/update';
const WEBHOOK_GET = '/v2/workspace/webhookconfig/get';
const WEBHOOK_UPDATE = '/v2/workspace/webhookconfig/update';
const INVALID_EMAIL = 'Invalid email service configuration.';
const INVALID_WEBHOOK = 'Invalid webhook service configuration.';

const EMAIL_DEFAULTS = { type: 'default', apiKey: '', fromEmail: '', fromCompany: '', commentTemplateId: '', tagTemplateId: '' };
const WEBHOOK_DEFAULTS = { authToken: '', rawNotificationUrl: '', processedNotificationUrl: '' };

const emailUpdate = async (c: Client, data: unknown) => expectSuccess(await c.post(EMAIL_UPDATE, data), 'Email configuration updated successfully.').data;
const emailGet = async (c: Client) => expectSuccess(await c.post(EMAIL_GET, {}), 'Email configuration retrieved successfully.').data;
const webhookUpdate = async (c: Client, data: unknown) => expectSuccess(await c.post(WEBHOOK_UPDATE, data), 'Webhook configuration updated successfully.').data;
const webhookGet = async (c: Client) => expectSuccess(await c.post(WEBHOOK_GET, {}), 'Webhook configuration retrieved successfully.').data;

forEachTransport('email config', (fresh) => {
  it('reads the defaults when never configured', async () => {
    const c = fresh();
    expect(await emailGet(c)).toEqual({ useEmailService: false, emailServiceConfig: EMAIL_DEFAULTS });
  });

  it('first enable turns the service on as custom with the default triggers', async () => {
    const c = fresh();
    const expected = { useEmailService: true, emailServiceConfig: { ...EMAIL_DEFAULTS, type: 'custom', triggers: DEFAULT_EMAIL_TRIGGERS } };
    expect(await emailUpdate(c, { useEmailService: true })).toEqual(expected);
    expect(await emailGet(c)).toEqual(expected);
    expect(Object.keys(DEFAULT_EMAIL_TRIGGERS)).toEqual([
      'comment_annotation.add',
      'comment.add',
      'comment_annotation.status_change',
      'comment_annotation.assign',
      'comment_annotation.priority_change',
      'huddle.create',
      'huddle.join',
    ]);
  });

  it('first enable through type custom alone also switches the service on', async () => {
    const c = fresh();
    const data = await emailUpdate(c, { emailServiceConfig: { type: 'custom' } });
    expect(data.useEmailService).toBe(true);
    expect(data.emailServiceConfig.triggers).toEqual(DEFAULT_EMAIL_TRIGGERS);
  });

  it('merges the request over the first-enable defaults (type external wins, triggers key by key)', async () => {
    const c = fresh();
    const data = await emailUpdate(c, {
      useEmailService: true,
      emailServiceConfig: {
        type: 'external',
        apiKey: 'PROVIDER_API_KEY',
        fromEmail: 'noreply@example.com',
        triggers: { 'comment.add': false, 'custom.event': true },
      },
    });
    expect(data).toEqual({
      useEmailService: true,
      emailServiceConfig: {
        ...EMAIL_DEFAULTS,
        type: 'external',
        apiKey: 'PROVIDER_API_KEY',
        fromEmail: 'noreply@example.com',
        triggers: { ...DEFAULT_EMAIL_TRIGGERS, 'comment.add': false, 'custom.event': true },
      },
    });
  });

  it('keeps stored non-trigger fields through the first enable', async () => {
    const c = fresh();
    const off = await emailUpdate(c, { useEmailService: false, emailServiceConfig: { fromEmail: 'a@example.com', fromCompany: 'Example' } });
    expect(off).toEqual({ useEmailService: false, emailServiceConfig: { ...EMAIL_DEFAULTS, fromEmail: 'a@example.com', fromCompany: 'Example' } });
    const on = await emailUpdate(c, { useEmailService: true });
    expect(on.emailServiceConfig).toEqual({
      ...EMAIL_DEFAULTS,
      type: 'custom',
      fromEmail: 'a@example.com',
      fromCompany: 'Example',
      triggers: DEFAULT_EMAIL_TRIGGERS,
    });
  });

  it('later updates merge field by field and trigger by trigger, without seeding again', async () => {
    const c = fresh();
    await emailUpdate(c, { useEmailService: true, emailServiceConfig: { type: 'external' } });
    await emailUpdate(c, { emailServiceConfig: { triggers: { 'huddle.join': false } } });
    await emailUpdate(c, { useEmailService: false });
    const data = await emailUpdate(c, { useEmailService: true, emailServiceConfig: { tagTemplateId: 't-1' } });
    expect(data).toEqual({
      useEmailService: true,
      emailServiceConfig: { ...EMAIL_DEFAULTS, type: 'external', tagTemplateId: 't-1', triggers: { ...DEFAULT_EMAIL_TRIGGERS, 'huddle.join': false } },
    });
  });

  it('a key created with default triggers is not re-seeded by a later enable', async () => {
    const c = fresh();
    const created = expectSuccess(
      await c.postWorkspace('/v2/workspace/apikey/create', {
        ownerEmail: 'owner@example.com',
        type: 'testing',
        createAuthToken: true,
        emailServiceConfig: { type: 'external' },
        setDefaultEmailTriggers: true,
      }),
    ).data;
    const headers = { 'x-service-api-key': created.apiKey, 'x-service-auth-token': created.authToken };
    const data = expectSuccess(await c.post(EMAIL_UPDATE, { useEmailService: true }, headers)).data;
    expect(data.emailServiceConfig.type).toBe('external');
    expect(data.emailServiceConfig.triggers).toEqual(DEFAULT_EMAIL_TRIGGERS);
    expect(await emailGet(c)).toEqual({ useEmailService: false, emailServiceConfig: EMAIL_DEFAULTS });
  });

  it('ignores unknown fields', async () => {
    const c = fresh();
    expect(await emailUpdate(c, { useEmailService: false, extra: 1, emailServiceConfig: { smtpHost: 'x' } })).toEqual({
      useEmailService: false,
      emailServiceConfig: EMAIL_DEFAULTS,
    });
  });

  const invalid: [string, unknown][] = [
    ['neither field', {}],
    ['only unknown fields', { other: true }],
    ['a non-boolean useEmailService', { useEmailService: 'yes' }],
    ['a null useEmailService', { useEmailService: null }],
    ['a non-object config', { emailServiceConfig: 'custom' }],
    ['a null config', { emailServiceConfig: null }],
    ['an unknown type', { emailServiceConfig: { type: 'smtp' } }],
    ['a non-string field', { emailServiceConfig: { fromEmail: 1 } }],
    ['a non-object triggers', { emailServiceConfig: { triggers: ['comment.add'] } }],
    ['a non-boolean trigger', { useEmailService: true, emailServiceConfig: { triggers: { 'comment.add': 'on' } } }],
  ];
  for (const [name, data] of invalid) {
    it(`refuses ${name} and changes nothing`, async () => {
      const c = fresh();
      await emailUpdate(c, { useEmailService: true });
      const before = fingerprint(c.service);
      expectError(await c.post(EMAIL_UPDATE, data), 400, 'INVALID_ARGUMENT', INVALID_EMAIL);
      expect(fingerprint(c.service)).toBe(before);
    });
  }

  it('authenticates with the API-key headers', async () => {
    const c = fresh();
    expectError(await c.post(EMAIL_GET, {}, { 'x-service-api-key': 'nope' }), 403, 'PERMISSION_DENIED', 'Invalid API key.');
    expectError(
      await c.post(EMAIL_UPDATE, { useEmailService: true }, { 'x-service-auth-token': 'bad' }),
      403,
      'PERMISSION_DENIED',
      'Invalid auth token for API key.',
    );
  });
});

forEachTransport('webhook config', (fresh) => {
  it('reads the defaults when never configured', async () => {
    const c = fresh();
    expect(await webhookGet(c)).toEqual({ useWebhookService: false, webhookServiceConfig: WEBHOOK_DEFAULTS });
  });

  it('first enable seeds the default triggers and data protection off; the request merges on top', async () => {
    const c = fresh();
    const data = await webhookUpdate(c, {
      useWebhookService: true,
      webhookServiceConfig: {
        authToken: 'webhook_auth_token_here',
        rawNotificationUrl: 'https://example.com/webhooks/raw',
        triggers: { 'recorder.done': true },
      },
    });
    const expected = {
      useWebhookService: true,
      webhookServiceConfig: {
        ...WEBHOOK_DEFAULTS,
        authToken: 'webhook_auth_token_here',
        rawNotificationUrl: 'https://example.com/webhooks/raw',
        triggers: { ...DEFAULT_WEBHOOK_TRIGGERS, 'recorder.done': true },
        enableDataProtection: false,
      },
    };
    expect(data).toEqual(expected);
    expect(await webhookGet(c)).toEqual(expected);
    expect(
      Object.entries(DEFAULT_WEBHOOK_TRIGGERS)
        .filter(([, on]) => !on)
        .map(([k]) => k),
    ).toEqual(['comment_annotation.suggestion_accept', 'comment_annotation.suggestion_reject', 'crdt.update_data', 'recorder.done']);
  });

  it('keeps stored fields and does not seed without an enable', async () => {
    const c = fresh();
    const off = await webhookUpdate(c, { webhookServiceConfig: { processedNotificationUrl: 'http://localhost:3000/hook', encodeData: true } });
    expect(off).toEqual({
      useWebhookService: false,
      webhookServiceConfig: { ...WEBHOOK_DEFAULTS, processedNotificationUrl: 'http://localhost:3000/hook', encodeData: true },
    });
    const on = await webhookUpdate(c, { useWebhookService: true, webhookServiceConfig: { rawNotificationUrl: '' } });
    expect(on.webhookServiceConfig).toEqual({
      ...WEBHOOK_DEFAULTS,
      processedNotificationUrl: 'http://localhost:3000/hook',
      encodeData: true,
      triggers: DEFAULT_WEBHOOK_TRIGGERS,
      enableDataProtection: false,
    });
    const later = await webhookUpdate(c, { webhookServiceConfig: { enableDataProtection: true, triggers: { 'comment.add': false } } });
    expect(later.webhookServiceConfig.enableDataProtection).toBe(true);
    expect(later.webhookServiceConfig.triggers).toEqual({ ...DEFAULT_WEBHOOK_TRIGGERS, 'comment.add': false });
  });

  const invalid: [string, unknown][] = [
    ['neither field', {}],
    ['a non-boolean useWebhookService', { useWebhookService: 1 }],
    ['a non-object config', { webhookServiceConfig: [] }],
    ['a non-http url', { webhookServiceConfig: { rawNotificationUrl: 'ftp://example.com/hook' } }],
    ['a relative url', { webhookServiceConfig: { processedNotificationUrl: '/hook' } }],
    ['a non-string authToken', { webhookServiceConfig: { authToken: 5 } }],
    ['a non-boolean encodeData', { webhookServiceConfig: { encodeData: 'true' } }],
    ['a non-boolean trigger', { webhookServiceConfig: { triggers: { 'comment.add': 1 } } }],
  ];
  for (const [name, data] of invalid) {
    it(`refuses ${name} and changes nothing`, async () => {
      const c = fresh();
      await webhookUpdate(c, { useWebhookService: true });
      const before = fingerprint(c.service);
      expectError(await c.post(WEBHOOK_UPDATE, data), 400, 'INVALID_ARGUMENT', INVALID_WEBHOOK);
      expect(fingerprint(c.service)).toBe(before);
    });
  }

  it('authenticates with the API-key headers', async () => {
    const c = fresh();
    expectError(await c.post(WEBHOOK_GET, {}, { 'x-service-auth-token': undefined }), 400, 'INVALID_ARGUMENT', 'Auth Token not found in headers.');
    expectError(await c.post(WEBHOOK_UPDATE, { useWebhookService: true }, { 'x-service-api-key': 'nope' }), 403, 'PERMISSION_DENIED', 'Invalid API key.');
  });
});
