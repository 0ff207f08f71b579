// biome-ignore-all lint/suspicious/noExplicitAny: replies are read as untyped JSON
import { expect, it } from 'vitest';
import { control } from '../../support/control.js';
import { expectError, fingerprint } from '../../support/expect.js';
import type { Client } from '../../support/transports.js';
import { forEachTransport } from '../../support/transports.js';
import { define, docSignoff, execution, resultOf } from './helpers.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const LIST = '/v2/workflow/executions/list';

/** The runs of a key, oldest first, with their trigger context and idempotency key. */
async function runs(c: Client): Promise<any[]> {
  const items = resultOf(await c.post(LIST, {})).items.reverse();
  return Promise.all(items.map(async (e: any) => ({ ...e, run: await execution(c, e.executionId) })));
}

async function advance(c: Client, ms: number): Promise<void> {
  expect((await control(c, 'POST', '/__mock/clock/advance', { ms })).status).toBe(200);
}

const fire = (c: Client, body: Record<string, unknown>) => control(c, 'POST', '/__mock/workflow/triggers/fire', body);

forEachTransport('workflow triggers (4.2.0 K)', (fresh) => {
  it('a schedule fires on the clock: the virtual clock starts at midnight, and a daily midnight schedule waits for the next one', async () => {
    const c = fresh();
    const midnight = c.service.clock.now();
    expect(new Date(midnight).toISOString()).toBe('2026-01-01T00:00:00.000Z');
    await define(c, {
      ...docSignoff(),
      scope: { level: 'document', organizationId: 'org-1', documentId: 'doc-1' },
      triggers: [
        { triggerId: 'nightly', schedule: { cron: '0 0 * * *', timezone: 'UTC', payloadTemplate: { kind: 'nightly' } } },
        { triggerId: 'off', schedule: { cron: '* * * * *', timezone: 'UTC', enabled: false } },
      ],
    });
    expect(await runs(c)).toEqual([]);
    await advance(c, DAY);
    const [first] = await runs(c);
    expect(first).toMatchObject({ startedAt: midnight + DAY, idempotencyKey: `trig:nightly:${midnight + DAY}`, definitionId: 'doc-signoff' });
    expect(first.run.steps[0]).toMatchObject({ nodeId: 'manager-approval', status: 'waiting', startedAt: midnight + DAY });
  });

  it('when several instants passed, only the latest fires (missed runs are not replayed)', async () => {
    const c = fresh();
    await define(c, { ...docSignoff(), triggers: [{ triggerId: 'hourly', schedule: { cron: '30 * * * *', timezone: 'UTC' } }] });
    c.service.clock.advance(5 * HOUR);
    expect(resultOf(await c.post(LIST, {})).items.map((e: any) => e.startedAt)).toEqual([c.service.clock.now() - 30 * 60_000]);
    c.service.clock.advance(HOUR);
    expect(resultOf(await c.post(LIST, {})).items).toHaveLength(2);
  });

  it('a schedule follows its IANA time zone', async () => {
    const c = fresh();
    await define(c, { ...docSignoff(), triggers: [{ triggerId: 'la-morning', schedule: { cron: '0 9 * * MON-FRI', timezone: 'America/Los_Angeles' } }] });
    await advance(c, DAY);
    // 2026-01-01 is a Thursday; 09:00 in Los Angeles (UTC-8 in January) is 17:00 UTC.
    expect((await runs(c)).map((r) => new Date(r.startedAt).toISOString())).toEqual(['2026-01-01T17:00:00.000Z']);
    // Moving the clock stops at each instant on the way: Friday the 2nd, then Monday the 5th.
    await advance(c, 4 * DAY);
    expect((await runs(c)).map((r) => new Date(r.startedAt).toISOString())).toEqual([
      '2026-01-01T17:00:00.000Z',
      '2026-01-02T17:00:00.000Z',
      '2026-01-05T17:00:00.000Z',
    ]);
  });

  it('an update without the trigger stops the schedule; so does delete', async () => {
    const c = fresh();
    await define(c, { ...docSignoff(), triggers: [{ triggerId: 'hourly', schedule: { cron: '0 * * * *', timezone: 'UTC' } }] });
    await advance(c, HOUR);
    resultOf(await c.post('/v2/workflow/definitions/update', { ...docSignoff(), ifVersion: 1 }));
    await advance(c, 5 * HOUR);
    expect(await runs(c)).toHaveLength(1);
    await define(c, { ...docSignoff('other-def'), triggers: [{ triggerId: 'hourly', schedule: { cron: '0 * * * *', timezone: 'UTC' } }] });
    resultOf(await c.post('/v2/workflow/definitions/delete', { definitionId: 'other-def' }));
    await advance(c, 5 * HOUR);
    expect(await runs(c)).toHaveLength(1);
  });

  it('fire: an inbound webhook trigger passes its payload through; allowedEvents fails closed; sourceEventId suppresses a replay for 24 h', async () => {
    const c = fresh();
    await define(c, {
      ...docSignoff(),
      triggers: [
        { triggerId: 'gh', inboundWebhook: { provider: 'github', secret: 's'.repeat(16), allowedEvents: ['pull_request'] } },
        { triggerId: 'wrapped', inboundWebhook: { secret: 's'.repeat(16), payloadMapping: 'wrap' } },
      ],
    });
    const payload = { action: 'opened', number: 7 };
    const started = await fire(c, { definitionId: 'doc-signoff', triggerId: 'gh', payload, eventName: 'pull_request', sourceEventId: 'delivery-1' });
    expect(started.body).toEqual({
      fired: true,
      executionId: expect.stringMatching(/^exec_/),
      correlationId: expect.stringMatching(/^corr_/),
      deduplicated: false,
    });
    expect((await execution(c, started.body.executionId)).idempotencyKey).toBe('trig:gh:delivery-1');
    expect((await fire(c, { definitionId: 'doc-signoff', triggerId: 'gh', payload, eventName: 'pull_request', sourceEventId: 'delivery-1' })).body).toEqual({
      ...started.body,
      deduplicated: true,
    });
    let before = fingerprint(c.service);
    expect((await fire(c, { definitionId: 'doc-signoff', triggerId: 'gh', payload, eventName: 'push' })).body).toEqual({
      fired: false,
      reason: 'event-not-allowed',
    });
    expect((await fire(c, { definitionId: 'doc-signoff', triggerId: 'gh', payload })).body).toEqual({ fired: false, reason: 'event-not-allowed' });
    expect(fingerprint(c.service)).toBe(before);
    c.service.clock.advance(DAY);
    expect(
      (await fire(c, { definitionId: 'doc-signoff', triggerId: 'gh', payload, eventName: 'pull_request', sourceEventId: 'delivery-1' })).body.deduplicated,
    ).toBe(false);
    const wrapped = await fire(c, { definitionId: 'doc-signoff', triggerId: 'wrapped', payload, eventName: 'ping' });
    expect(wrapped.body.fired).toBe(true);
    before = fingerprint(c.service);
    expectError(
      await fire(c, { definitionId: 'doc-signoff', triggerId: 'nope' }),
      404,
      'NOT_FOUND',
      'Trigger not found: nope (definition doc-signoff declares gh, wrapped)',
    );
    expectError(await fire(c, { definitionId: 'no-def', triggerId: 'gh' }), 404, 'NOT_FOUND', 'Definition not found: no-def');
    expectError(await fire(c, { definitionId: 'doc-signoff', triggerId: 'gh', extra: 1 }), 400, 'INVALID_ARGUMENT', "Unrecognized key(s) in object: 'extra'");
    expect(fingerprint(c.service)).toBe(before);
  });

  it('fire: app triggers apply their payload filters; the platform and installation checks refuse at create', async () => {
    const c = fresh();
    const app = { provider: 'github', installationRef: 'inst-1', allowedEvents: ['push'], payloadFilters: [{ path: 'ref', in: ['refs/heads/main'] }] };
    await define(c, { ...docSignoff(), triggers: [{ triggerId: 'deploys', appTrigger: app }] });
    expect((await fire(c, { definitionId: 'doc-signoff', triggerId: 'deploys', eventName: 'push', payload: { ref: 'refs/heads/dev' } })).body).toEqual({
      fired: false,
      reason: 'filtered',
    });
    expect((await fire(c, { definitionId: 'doc-signoff', triggerId: 'deploys', eventName: 'push', payload: { ref: 'refs/heads/main' } })).body.fired).toBe(
      true,
    );
    await control(c, 'POST', '/__mock/workflow/config', { disconnectedInstallations: ['inst-2'] });
    const before = fingerprint(c.service);
    const create = (ref: string) =>
      c.post('/v2/workflow/definitions/create', {
        ...docSignoff('app-def'),
        triggers: [{ triggerId: 'deploys', appTrigger: { ...app, installationRef: ref } }],
      });
    expectError(await create('inst-2'), 400, 'FAILED_PRECONDITION', 'installationRef is not connected: inst-2');
    expect(fingerprint(c.service)).toBe(before);
    await control(c, 'POST', '/__mock/workflow/config', { appTriggersSupported: false });
    expectError(await create('inst-1'), 400, 'FAILED_PRECONDITION', "app triggers are not supported for this workspace's platform: deploys");
  });
});
