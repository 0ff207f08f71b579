import { expect, it } from 'vitest';
import { expectError, expectSuccess, fingerprint } from '../../support/expect.js';
import { type Client, forEachTransport } from '../../support/transports.js';

const set = async (c: Client, data: Record<string, unknown>) =>
  expectSuccess(await c.post('/v2/notifications/config/set', { organizationId: 'org', userIds: ['u1'], ...data }), 'User config set successfully.').data;

const get = async (c: Client, data: Record<string, unknown>) =>
  expectSuccess(await c.post('/v2/notifications/config/get', { organizationId: 'org', userId: 'u1', ...data }), 'User config fetched successfully.').data;

const configs = async (c: Client, documentIds: string[]) => (await get(c, { documentIds })).map((item: { config: unknown }) => item.config);

forEachTransport('notification config', (fresh) => {
  it('answers ALL for inbox and email when nothing is stored, one item per document in request order', async () => {
    const c = fresh();
    const apiKey = c.service.credentials.apiKey;
    const reply = await c.post('/v2/notifications/config/get', { organizationId: 'org1', documentIds: ['doc2', 'doc1'], userId: 'USER_ID1' });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      result: {
        status: 'success',
        message: 'User config fetched successfully.',
        data: [
          { config: { inbox: 'ALL', email: 'ALL' }, metadata: { organizationId: 'org1', apiKey, documentId: 'doc2', userId: 'USER_ID1' } },
          { config: { inbox: 'ALL', email: 'ALL' }, metadata: { organizationId: 'org1', apiKey, documentId: 'doc1', userId: 'USER_ID1' } },
        ],
      },
    });
    expect(Object.keys(reply.body.result.data[0].metadata)).toEqual(['organizationId', 'apiKey', 'documentId', 'userId']);
  });

  it('sets per user and document, answering each user with the last document written', async () => {
    const c = fresh();
    const reply = await c.post('/v2/notifications/config/set', {
      organizationId: 'org1',
      documentIds: ['doc1', 'doc2'],
      userIds: ['USER_ID1', 'USER_ID2'],
      config: { inbox: 'MINE', email: 'NONE' },
    });
    expect(reply.body).toEqual({
      result: {
        status: 'success',
        message: 'User config set successfully.',
        data: {
          USER_ID1: { success: true, userId: 'USER_ID1', documentId: 'doc2', message: 'User config set successfully.' },
          USER_ID2: { success: true, userId: 'USER_ID2', documentId: 'doc2', message: 'User config set successfully.' },
        },
      },
    });
    for (const userId of ['USER_ID1', 'USER_ID2']) {
      const data = expectSuccess(await c.post('/v2/notifications/config/get', { organizationId: 'org1', userId, documentIds: ['doc1', 'doc2', 'doc3'] })).data;
      expect(data.map((d: { config: unknown }) => d.config)).toEqual([
        { inbox: 'MINE', email: 'NONE' },
        { inbox: 'MINE', email: 'NONE' },
        { inbox: 'ALL', email: 'ALL' },
      ]);
    }
  });

  it('falls back per channel from the document to the organization default to ALL', async () => {
    const c = fresh();
    expect(await set(c, { config: { email: 'NONE' } })).toEqual({ u1: { success: true, userId: 'u1', message: 'User config set successfully.' } });
    await set(c, { documentIds: ['doc1'], config: { inbox: 'MINE' } });
    expect(await configs(c, ['doc1', 'doc2'])).toEqual([
      { inbox: 'MINE', email: 'NONE' },
      { inbox: 'ALL', email: 'NONE' },
    ]);
    expect(await get(c, { getOrganizationConfig: true })).toEqual([
      { config: { inbox: 'ALL', email: 'NONE' }, metadata: { organizationId: 'org', apiKey: c.service.credentials.apiKey, userId: 'u1' } },
    ]);
    expect(await configs(c, ['doc1'])).toEqual([{ inbox: 'MINE', email: 'NONE' }]);
    expect((await get(c, { userId: 'u2', documentIds: ['doc1'] }))[0].config).toEqual({ inbox: 'ALL', email: 'ALL' });
  });

  it('overwrites only the channels given, and returns the chat channel only once stored', async () => {
    const c = fresh();
    await set(c, { documentIds: ['doc1'], config: { inbox: 'NONE', email: 'MINE' } });
    await set(c, { documentIds: ['doc1'], config: { email: 'ALL', slack: 'MINE' } });
    expect(await configs(c, ['doc1', 'doc2'])).toEqual([
      { inbox: 'NONE', email: 'ALL', slack: 'MINE' },
      { inbox: 'ALL', email: 'ALL' },
    ]);
    await set(c, { config: { slack: 'NONE' } });
    expect(await configs(c, ['doc2'])).toEqual([{ inbox: 'ALL', email: 'ALL', slack: 'NONE' }]);
  });

  it('answers the organization default when getOrganizationConfig is true, documentIds or not', async () => {
    const c = fresh();
    await set(c, { config: { inbox: 'MINE' } });
    const expected = [{ config: { inbox: 'MINE', email: 'ALL' }, metadata: { organizationId: 'org', apiKey: c.service.credentials.apiKey, userId: 'u1' } }];
    expect(await get(c, { getOrganizationConfig: true })).toEqual(expected);
    expect(await get(c, { getOrganizationConfig: true, documentIds: ['doc1'] })).toEqual(expected);
    expect(await get(c, { getOrganizationConfig: false, documentIds: [] })).toEqual([]);
  });

  const invalidGet: [string, Record<string, unknown>, string][] = [
    ['organizationId missing', { organizationId: undefined, documentIds: ['d'] }, 'organizationId is required.'],
    ['userId missing', { userId: undefined, documentIds: ['d'] }, 'userId is required.'],
    ['documentIds missing', {}, 'documentIds is required.'],
    ['documentIds missing, getOrganizationConfig false', { getOrganizationConfig: false }, 'documentIds is required.'],
    ['31 documentIds', { documentIds: Array.from({ length: 31 }, (_, i) => `d${i}`) }, 'documentIds can contain at most 30 items.'],
    ['getOrganizationConfig not a boolean', { getOrganizationConfig: 'yes' }, 'getOrganizationConfig must be a boolean.'],
  ];
  for (const [name, data, message] of invalidGet) {
    it(`get refuses ${name}`, async () => {
      const c = fresh();
      const before = fingerprint(c.service);
      expectError(await c.post('/v2/notifications/config/get', { organizationId: 'org', userId: 'u1', ...data }), 400, 'INVALID_ARGUMENT', message);
      expect(fingerprint(c.service)).toBe(before);
    });
  }

  it('get accepts 30 documentIds', async () => {
    const c = fresh();
    expect(await get(c, { documentIds: Array.from({ length: 30 }, (_, i) => `d${i}`) })).toHaveLength(30);
  });

  const invalidSet: [string, Record<string, unknown>, string][] = [
    ['organizationId missing', { organizationId: undefined }, 'organizationId is required.'],
    ['userIds missing', { userIds: undefined }, 'userIds is required.'],
    ['userIds empty', { userIds: [] }, 'userIds must contain at least 1 item.'],
    ['config missing', { config: undefined }, 'config is required.'],
    ['an unknown inbox value', { config: { inbox: 'SOME' } }, 'config.inbox must be one of ALL, MINE, NONE.'],
    ['an unknown email value', { config: { inbox: 'ALL', email: 'all' } }, 'config.email must be one of ALL, MINE, NONE.'],
    ['an unknown chat value', { config: { slack: 1 } }, 'config.slack must be one of ALL, MINE, NONE, MENTIONS_ONLY.'],
    ['documentIds empty', { documentIds: [] }, 'documentIds must contain at least 1 item.'],
  ];
  for (const [name, data, message] of invalidSet) {
    it(`set refuses ${name} and changes nothing`, async () => {
      const c = fresh();
      await set(c, { config: { inbox: 'MINE' } });
      const before = fingerprint(c.service);
      expectError(
        await c.post('/v2/notifications/config/set', { organizationId: 'org', userIds: ['u1'], config: { email: 'NONE' }, ...data }),
        400,
        'INVALID_ARGUMENT',
        message,
      );
      expect(fingerprint(c.service)).toBe(before);
    });
  }
});
