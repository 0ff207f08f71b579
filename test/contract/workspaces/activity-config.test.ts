import { expect, it } from 'vitest';
import { DEFAULT_ACTIVITY_COMMENT_TRIGGERS } from '../../../src/model/workspaces/config.js';
import { expectError, expectSuccess, fingerprint } from '../../support/expect.js';
import { type Client, forEachTransport } from '../../support/transports.js';

const GET = '/v2/workspace/activityconfig/get';
const UPDATE = '/v2/workspace/activityconfig/update';
const START = Date.UTC(2026, 2, 1);

const read = async (c: Client) => expectSuccess(await c.post(GET, {}), 'Activity logs configuration retrieved successfully.').data;
const write = async (c: Client, activityServiceConfig: unknown) =>
  expectSuccess(await c.post(UPDATE, { activityServiceConfig }), 'Activity logs configuration updated successfully.').data;

forEachTransport('activity config', (fresh) => {
  it('reads exactly { isEnabled: false } when never configured', async () => {
    const c = fresh();
    const reply = await c.post(GET, {});
    expect(reply.text).toBe(
      '{"result":{"status":"success","message":"Activity logs configuration retrieved successfully.","data":{"activityServiceConfig":{"isEnabled":false}}}}',
    );
  });

  it('first enable seeds immutable, enabledTime = now and the comment triggers', async () => {
    const c = fresh({ clock: START });
    const expected = {
      activityServiceConfig: { isEnabled: true, immutable: true, enabledTime: START, triggers: { comment: DEFAULT_ACTIVITY_COMMENT_TRIGGERS } },
    };
    expect(await write(c, { isEnabled: true })).toEqual(expected);
    expect(await read(c)).toEqual(expected);
    expect(Object.keys(DEFAULT_ACTIVITY_COMMENT_TRIGGERS)).toEqual([
      'newlyAdded',
      'added',
      'updated',
      'deleted',
      'assigned',
      'statusChanged',
      'priorityChanged',
      'reactionAdded',
      'reactionDeleted',
      'suggestionAccepted',
      'suggestionRejected',
    ]);
  });

  it('merges the first-enable request on top of the seeds, triggers deeply', async () => {
    const c = fresh({ clock: START });
    const data = await write(c, {
      isEnabled: true,
      immutable: false,
      enabledTime: 1717520000000,
      triggers: { comment: { added: false }, reaction: { added: true } },
    });
    expect(data.activityServiceConfig).toEqual({
      isEnabled: true,
      immutable: false,
      enabledTime: 1717520000000,
      triggers: { comment: { ...DEFAULT_ACTIVITY_COMMENT_TRIGGERS, added: false }, reaction: { added: true } },
    });
  });

  it('later updates deep-merge and keep enabledTime when omitted', async () => {
    const c = fresh({ clock: START });
    await write(c, { isEnabled: true });
    c.service.clock.advance(60_000);
    await write(c, { isEnabled: false, triggers: { comment: { deleted: false } } });
    const data = await write(c, { isEnabled: true, triggers: { comment: { customListChanged: true } } });
    expect(data.activityServiceConfig).toEqual({
      isEnabled: true,
      immutable: true,
      enabledTime: START,
      triggers: { comment: { ...DEFAULT_ACTIVITY_COMMENT_TRIGGERS, deleted: false, customListChanged: true } },
    });
  });

  it('seeds nothing when the first update does not enable, and isEnabled is always reported', async () => {
    const c = fresh();
    expect(await write(c, { immutable: true })).toEqual({ activityServiceConfig: { isEnabled: false, immutable: true } });
    expect(await write(c, { isEnabled: true })).toEqual({ activityServiceConfig: { isEnabled: true, immutable: true } });
  });

  it('keeps configs per API key', async () => {
    const c = fresh();
    await write(c, { isEnabled: true });
    const created = expectSuccess(
      await c.postWorkspace('/v2/workspace/apikey/create', { ownerEmail: 'owner@example.com', type: 'testing', createAuthToken: true }),
    ).data;
    const other = await c.post(GET, {}, { 'x-service-api-key': created.apiKey, 'x-service-auth-token': created.authToken });
    expect(expectSuccess(other).data).toEqual({ activityServiceConfig: { isEnabled: false } });
  });

  const invalid: [string, unknown, string][] = [
    ['a missing activityServiceConfig', {}, 'activityServiceConfig is required.'],
    ['a null activityServiceConfig', { activityServiceConfig: null }, 'activityServiceConfig is required.'],
    ['a non-object activityServiceConfig', { activityServiceConfig: true }, 'activityServiceConfig must be an object.'],
    ['an empty activityServiceConfig', { activityServiceConfig: {} }, 'At least one field must be provided for update'],
    ['only unknown fields', { activityServiceConfig: { enabled: true } }, 'At least one field must be provided for update'],
    ['a non-boolean isEnabled', { activityServiceConfig: { isEnabled: 'true' } }, 'activityServiceConfig.isEnabled must be a boolean.'],
    ['a non-boolean immutable', { activityServiceConfig: { immutable: 0 } }, 'activityServiceConfig.immutable must be a boolean.'],
    ['a non-number enabledTime', { activityServiceConfig: { enabledTime: '2026' } }, 'activityServiceConfig.enabledTime must be a number.'],
    [
      'a fractional enabledTime',
      { activityServiceConfig: { enabledTime: 1.5 } },
      'activityServiceConfig.enabledTime must be a non-negative integer of milliseconds since the epoch.',
    ],
    ['a non-object triggers', { activityServiceConfig: { triggers: 'all' } }, 'activityServiceConfig.triggers must be an object.'],
    ['a flat triggers map', { activityServiceConfig: { triggers: { 'comment.add': true } } }, 'activityServiceConfig.triggers.comment.add must be an object.'],
    [
      'a non-boolean trigger',
      { activityServiceConfig: { triggers: { comment: { added: 'yes' } } } },
      'activityServiceConfig.triggers.comment.added must be a boolean.',
    ],
  ];
  for (const [name, data, message] of invalid) {
    it(`refuses ${name} and changes nothing`, async () => {
      const c = fresh();
      await write(c, { isEnabled: true });
      const before = fingerprint(c.service);
      expectError(await c.post(UPDATE, data), 400, 'INVALID_ARGUMENT', message);
      expect(fingerprint(c.service)).toBe(before);
    });
  }

  it('authenticates with the API-key headers', async () => {
    const c = fresh();
    expectError(await c.post(GET, {}, { 'x-service-api-key': 'nope' }), 403, 'PERMISSION_DENIED', 'Invalid API key.');
    expectError(
      await c.post(UPDATE, { activityServiceConfig: { isEnabled: true } }, { 'x-service-api-key': undefined }),
      400,
      'INVALID_ARGUMENT',
      'API key not found in headers.',
    );
  });
});
