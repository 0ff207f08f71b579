import { expect, it } from 'vitest';
import { internalId } from '../../../src/model/memory/filters.js';
import { control } from '../../support/control.js';
import { expectError, fingerprint } from '../../support/expect.js';
import type { Client } from '../../support/transports.js';
import { forEachTransport } from '../../support/transports.js';
import { call, fails, judge, refused } from './helpers.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;

const reviewer = { userId: 'u_sarah', name: 'Sarah Lee', email: 'sarah@acme.test' };
const judgment = (decision: string, extra: Record<string, unknown> = {}) => ({ content: 'Copy', reasoning: 'r', decision, actionUser: reviewer, ...extra });

/** Approvals then rejections spread over the 30 days before now, for the approval-rate rule. */
async function history(c: Client, approvedOld: number, rejectedOld: number, approvedRecent: number, rejectedRecent: number) {
  const now = c.service.clock.now();
  const at = (days: number) => ({ createdAt: now - days * DAY });
  await judge(c, [
    ...Array.from({ length: approvedOld }, () => judgment('approved', at(20))),
    ...Array.from({ length: rejectedOld }, () => judgment('rejected', at(20))),
    ...Array.from({ length: approvedRecent }, () => judgment('approved', at(2))),
    ...Array.from({ length: rejectedRecent }, () => judgment('rejected', at(2))),
  ]);
}

forEachTransport('reviewer profiles (beyond-spec-4 4.3.13)', (fresh) => {
  it('aggregates a reviewer’s judgments with the formulas of 4.3.0 D', async () => {
    const c = fresh();
    const now = c.service.clock.now();
    await judge(c, [
      judgment('approved', { organizationId: 'eu', contentType: 'marketing-copy', createdAt: now - 9 * HOUR, flags: ['tone'] }),
      judgment('approved', { organizationId: 'eu', contentType: 'marketing-copy', createdAt: now - 8 * HOUR - 1, flags: ['missing-citation', 'tone'] }),
      judgment('rejected', { organizationId: 'us', contentType: 'email', createdAt: now - 14 * HOUR, flags: ['missing-citation'] }),
      judgment('comment', { createdAt: now - 10 * HOUR }),
      {
        ...judgment('endorse', { organizationId: 'eu', contentType: 'marketing-copy', createdAt: now - 2 * HOUR }),
        actionUser: { userId: 'u_sarah', name: 'Sarah L.', email: 'sl@acme.test' },
      },
      { content: 'x', decision: 'rejected', actionUser: { userId: 'someone-else' } },
    ]);
    const profile = await call(c, '/v2/memory/profiles/get', { targetUserId: 'u_sarah' });
    const apiKey = c.service.credentials.apiKey;
    expect(profile).toEqual({
      userId: 'u_sarah',
      name: 'Sarah L.',
      email: 'sl@acme.test',
      totalJudgments: 5,
      approvalRate: 0.6,
      avgReviewTimeSeconds: 0,
      topFlags: [
        { issue: 'missing-citation', count: 2 },
        { issue: 'tone', count: 2 },
      ],
      contentTypes: ['marketing-copy', 'email'],
      peakHours: [10, 14, 15],
      orgBreakdown: {
        [internalId(apiKey, 'organization', 'eu')]: {
          organizationId: internalId(apiKey, 'organization', 'eu'),
          clientOrganizationId: 'eu',
          judgments: 3,
          approvals: 3,
          approvalRate: 1,
        },
        [internalId(apiKey, 'organization', 'us')]: {
          organizationId: internalId(apiKey, 'organization', 'us'),
          clientOrganizationId: 'us',
          judgments: 1,
          approvals: 0,
          approvalRate: 0,
        },
      },
      lastActive: now - 2 * HOUR,
      twinEligible: false,
      twinAccuracy: null,
    });
  });

  it('is null without targetUserId or for a reviewer with nothing recorded or seeded; seeded extras override', async () => {
    const c = fresh();
    expect(await call(c, '/v2/memory/profiles/get', {})).toBeNull();
    expect(await call(c, '/v2/memory/profiles/get', { targetUserId: 'nobody' })).toBeNull();
    await refused(c, '/v2/memory/profiles/get', { targetUserId: 7 }, 'targetUserId must be a string.', { code: 'invalid_type', path: ['targetUserId'] });
    const standards = [
      { topic: 'medical claims', shiftDate: 1731000000000, oldPattern: 'Approved with a disclaimer.', newPattern: 'Rejected unless a citation is present.' },
    ];
    const seeded = await control(c, 'POST', '/__mock/memory/profiles', { profiles: [{ userId: 'nobody', twinAccuracy: 0.81, evolvedStandards: standards }] });
    expect(seeded.body).toEqual({ profiles: 1 });
    expect(await call(c, '/v2/memory/profiles/get', { targetUserId: 'nobody' })).toMatchObject({
      totalJudgments: 0,
      twinAccuracy: 0.81,
      evolvedStandards: standards,
      lastActive: null,
    });
  });

  it('makes a reviewer with 50 judgments twin-eligible and reports standards that moved by 25 points', async () => {
    const c = fresh();
    const now = c.service.clock.now();
    await judge(c, [
      ...Array.from({ length: 40 }, (_, i) => judgment(i < 36 ? 'approved' : 'rejected', { contentType: 'medical', createdAt: now - 200 * DAY })),
      ...Array.from({ length: 10 }, (_, i) => judgment(i < 2 ? 'approved' : 'rejected', { contentType: 'medical', createdAt: now - 10 * DAY })),
    ]);
    const profile = await call(c, '/v2/memory/profiles/get', { targetUserId: 'u_sarah' });
    expect(profile.twinEligible).toBe(true);
    expect(profile.evolvedStandards).toEqual([
      { topic: 'medical', shiftDate: now - 90 * DAY, oldPattern: 'Approved 90% of the time.', newPattern: 'Approved 20% of the time.' },
    ]);
  });
});

forEachTransport('patterns and stats (beyond-spec-4 4.3.14, 4.3.15)', (fresh) => {
  it('derives a pattern per content type (key-wide and per organization) whose majority holds 80% of at least 5 decisions', async () => {
    const c = fresh();
    const now = c.service.clock.now();
    await judge(c, [
      ...Array.from({ length: 5 }, (_, i) => ({
        recordId: `act_r${i}`,
        content: 'Ad',
        decision: 'rejected',
        contentType: 'ads',
        organizationId: 'acme',
        actionUser: { userId: `u${i % 2}` },
        createdAt: now - i * 1000,
      })),
      { recordId: 'act_ok', content: 'Ad', decision: 'approved', contentType: 'ads', actionUser: { userId: 'u9' }, createdAt: now - 10_000 },
      ...Array.from({ length: 4 }, (_, i) => ({
        content: 'Mail',
        decision: 'approved',
        contentType: 'email',
        actionUser: { userId: 'u1' },
        createdAt: now - 20_000 - i,
      })),
      ...Array.from({ length: 5 }, (_, i) => ({
        content: 'Post',
        decision: i < 3 ? 'approved' : 'rejected',
        contentType: 'post',
        actionUser: { userId: 'u1' },
      })),
    ]);
    const patterns = await call(c, '/v2/memory/patterns/get');
    expect(patterns).toEqual([
      {
        scope: 'apiKey',
        description: '"ads" items are usually rejected (83% of 6 decisions).',
        confidence: 0.83,
        sourceCount: 6,
        contentType: 'ads',
        category: 'decision-trend',
        discoveredAt: now,
        updatedAt: now,
        enforcementRate: 0.83,
        uniqueReviewers: 3,
        topSourceRecordIds: ['act_r0', 'act_r1', 'act_r2', 'act_r3', 'act_r4'],
      },
      {
        scope: 'org',
        organizationId: internalId(c.service.credentials.apiKey, 'organization', 'acme'),
        description: '"ads" items are usually rejected (100% of 5 decisions).',
        confidence: 1,
        sourceCount: 5,
        contentType: 'ads',
        category: 'decision-trend',
        discoveredAt: now,
        updatedAt: now,
        enforcementRate: 1,
        uniqueReviewers: 2,
        topSourceRecordIds: ['act_r0', 'act_r1', 'act_r2', 'act_r3', 'act_r4'],
      },
    ]);
    expect(await call(c, '/v2/memory/stats/get')).toEqual({ totalActivities: 15, totalProfiles: 3, totalPatterns: 2, totalKnowledgeSources: 0 });
  });

  it('lists seeded patterns as given, most recently updated first', async () => {
    const c = fresh();
    const seed = {
      scope: 'org',
      organizationId: '1204438871',
      description: 'Copy with medical claims is rejected unless it cites a source.',
      confidence: 0.83,
      sourceCount: 19,
      contentType: 'marketing-copy',
      category: 'compliance',
      discoveredAt: 1731432000000,
      updatedAt: 1731432000000,
      enforcementRate: 0.91,
      uniqueReviewers: 5,
      topSourceRecordIds: ['act_8f3'],
    };
    const older = { scope: 'apiKey', description: 'Older', confidence: 0.9, sourceCount: 9, contentType: 'x', category: 'tone', discoveredAt: 1000 };
    expect((await control(c, 'POST', '/__mock/memory/patterns', { patterns: [older, seed] })).body).toEqual({ patterns: 2 });
    expect(await call(c, '/v2/memory/patterns/get')).toEqual([seed, { ...older, updatedAt: 1000 }]);
    const bad = await control(c, 'POST', '/__mock/memory/patterns', { patterns: [{ ...seed, scope: 'team' }] });
    expect(bad.body.error.message).toBe('patterns[0].scope must be one of apiKey, org.');
  });

  it('counts at the documented caps', async () => {
    const c = fresh();
    await judge(
      c,
      Array.from({ length: 510 }, (_, i) => ({ content: 'c', decision: 'comment', actionUser: { userId: `u${i}` } })),
    );
    expect(await call(c, '/v2/memory/stats/get')).toEqual({ totalActivities: 510, totalProfiles: 500, totalPatterns: 0, totalKnowledgeSources: 0 });
  });

  it('counts at most 10,000 judgments and 100 patterns, and lists at most 100 patterns, newest first', async () => {
    const c = fresh();
    c.service.memory.record(Array.from({ length: 10_001 }, (_, i) => ({ content: 'c', decision: 'comment' as const, actionUser: { userId: `u${i % 7}` } })));
    const pattern = (i: number) => ({
      scope: 'apiKey',
      description: `Pattern ${i}`,
      confidence: 0.5,
      sourceCount: 3,
      contentType: 'x',
      category: 'tone',
      discoveredAt: i,
    });
    expect((await control(c, 'POST', '/__mock/memory/patterns', { patterns: Array.from({ length: 101 }, (_, i) => pattern(i + 1)) })).body).toEqual({
      patterns: 101,
    });
    expect(await call(c, '/v2/memory/stats/get')).toEqual({ totalActivities: 10_000, totalProfiles: 7, totalPatterns: 100, totalKnowledgeSources: 0 });
    const listed = await call(c, '/v2/memory/patterns/get');
    expect(listed).toHaveLength(100);
    expect([listed[0].description, listed[99].description]).toEqual(['Pattern 101', 'Pattern 2']);
  });
});

forEachTransport('alerts and their settings (beyond-spec-4 4.3.16–4.3.20)', (fresh) => {
  it('raises a medium alert for a drop of 20 to 30 points, once while it is active', async () => {
    const c = fresh();
    await history(c, 20, 0, 8, 4);
    const [alert, ...rest] = await call(c, '/v2/memory/alerts/list');
    expect(rest).toEqual([]);
    expect(alert).toMatchObject({
      severity: 'medium',
      description: 'Approval rate fell from 88% (30-day) to 67% (7-day), a 21% drop.',
      evidence: { baseline: 0.88, current: 0.67 },
    });
    expect(await call(c, '/v2/memory/alerts/list')).toEqual([alert]);
  });

  it('needs 10 sided judgments in each window and a drop of 20 points; derivedAlerts false turns the rule off', async () => {
    const c = fresh();
    await history(c, 20, 0, 9, 0);
    expect(await call(c, '/v2/memory/alerts/list')).toEqual([]);
    await history(c, 0, 0, 0, 10);
    await control(c, 'POST', '/__mock/memory/alerts', { derivedAlerts: false });
    expect(await call(c, '/v2/memory/alerts/list')).toEqual([]);
    await control(c, 'POST', '/__mock/memory/alerts', { derivedAlerts: true });
    expect(await call(c, '/v2/memory/alerts/list')).toHaveLength(1);
  });

  it('creates at most 3 alerts per rolling 7 days, and a dismissed alert keeps its rule quiet for its week', async () => {
    const c = fresh();
    const seed = (title: string) => ({ alertType: 'standards_drift', severity: 'low', title, description: 'd' });
    await control(c, 'POST', '/__mock/memory/alerts', { alerts: [seed('one'), seed('two'), seed('three')] });
    await history(c, 20, 0, 0, 12);
    expect((await call(c, '/v2/memory/alerts/list')).map((a: { title: string }) => a.title)).toEqual(['three', 'two', 'one']);
    c.service.clock.advance(7 * DAY + 1);
    await history(c, 20, 0, 0, 12);
    const derived = (await call(c, '/v2/memory/alerts/list')).find((a: { alertType: string }) => a.alertType === 'anomaly');
    await call(c, '/v2/memory/alerts/dismiss', { alertId: derived.id });
    expect((await call(c, '/v2/memory/alerts/list')).some((a: { alertType: string }) => a.alertType === 'anomaly')).toBe(false);
    c.service.clock.advance(7 * DAY);
    await history(c, 20, 0, 0, 12);
    const again = (await call(c, '/v2/memory/alerts/list')).find((a: { alertType: string }) => a.alertType === 'anomaly');
    expect(again.id).not.toBe(derived.id);
  });

  it('dismisses (again: refreshed) and actions alerts; unknown ids answer the documented 500 INTERNAL', async () => {
    const c = fresh();
    const stored = await control(c, 'POST', '/__mock/memory/alerts', {
      alerts: [{ id: 'alert_seeded', alertType: 'anomaly', severity: 'high', title: 't', description: 'd', evidence: { metric: 'volume' } }],
    });
    expect(stored.body.alerts[0]).toMatchObject({
      id: 'alert_seeded',
      status: 'active',
      createdAt: c.service.clock.now(),
      dismissedAt: null,
      dismissedBy: null,
      actionUrl: null,
    });
    expect(await call(c, '/v2/memory/alerts/dismiss', { alertId: 'alert_seeded' })).toEqual({ success: true });
    expect(c.service.model.store.tables.namespaces.get(c.service.credentials.apiKey)?.insights?.alerts.get('alert_seeded')).toMatchObject({
      status: 'dismissed',
      dismissedBy: '',
      dismissedAt: c.service.clock.now(),
    });
    c.service.clock.advance(1000);
    await call(c, '/v2/memory/alerts/dismiss', { alertId: 'alert_seeded', user: { uid: 'u_lead' } });
    expect(c.service.model.store.tables.namespaces.get(c.service.credentials.apiKey)?.insights?.alerts.get('alert_seeded')).toMatchObject({
      dismissedBy: 'u_lead',
      dismissedAt: c.service.clock.now(),
    });
    expect(await call(c, '/v2/memory/alerts/action', { alertId: 'alert_seeded' })).toEqual({ success: true });
    expect(await call(c, '/v2/memory/alerts/list')).toEqual([]);
    await fails(c, '/v2/memory/alerts/dismiss', { alertId: 'alert_missing' }, 500, 'INTERNAL', 'INTERNAL');
    await fails(c, '/v2/memory/alerts/action', { alertId: 'alert_missing' }, 500, 'INTERNAL', 'INTERNAL');
    await refused(c, '/v2/memory/alerts/dismiss', {}, 'alertId is required.', { code: 'invalid_type', path: ['alertId'] });
    await refused(c, '/v2/memory/alerts/action', {}, 'alertId is required.', { code: 'invalid_type', path: ['alertId'] });
  });

  it('stores alert settings: { enabled: true } until updated, merged key by key, unknown keys kept', async () => {
    const c = fresh();
    expect(await call(c, '/v2/memory/alerts/config/get')).toEqual({ enabled: true });
    expect(
      await call(c, '/v2/memory/alerts/config/update', {
        config: { maxAlertsPerWeek: 5, enabledAlertTypes: ['anomaly', 'made_up'], severityThreshold: 'medium' },
      }),
    ).toEqual({ success: true });
    await call(c, '/v2/memory/alerts/config/update', { config: { enabled: false, team: 'growth' } });
    expect(await call(c, '/v2/memory/alerts/config/get')).toEqual({
      enabled: false,
      maxAlertsPerWeek: 5,
      enabledAlertTypes: ['anomaly', 'made_up'],
      severityThreshold: 'medium',
      team: 'growth',
    });
    await refused(c, '/v2/memory/alerts/config/update', {}, 'config is required.', { code: 'invalid_type', path: ['config'] });
    await refused(c, '/v2/memory/alerts/config/update', { config: 'on' }, 'config must be an object.', { code: 'invalid_type', path: ['config'] });
    await refused(c, '/v2/memory/alerts/config/update', { config: { maxAlertsPerWeek: -1 } }, 'config.maxAlertsPerWeek must be a whole number of 0 or more.', {
      code: 'too_small',
      path: ['config', 'maxAlertsPerWeek'],
    });
    await refused(c, '/v2/memory/alerts/config/update', { config: { maxAlertsPerWeek: 1.5 } }, 'config.maxAlertsPerWeek must be a whole number of 0 or more.', {
      code: 'invalid_type',
      path: ['config', 'maxAlertsPerWeek'],
    });
    await refused(
      c,
      '/v2/memory/alerts/config/update',
      { config: { severityThreshold: 'critical' } },
      'config.severityThreshold must be one of high, medium, low.',
      { code: 'invalid_enum_value', path: ['config', 'severityThreshold'] },
    );
    await refused(c, '/v2/memory/alerts/config/update', { config: { enabled: 'yes' } }, 'config.enabled must be a boolean.', {
      code: 'invalid_type',
      path: ['config', 'enabled'],
    });
  });

  it('refuses a bad seed body whole, storing nothing', async () => {
    const c = fresh();
    const before = fingerprint(c.service);
    const bad = await control(c, 'POST', '/__mock/memory/alerts', {
      alerts: [
        { alertType: 'anomaly', severity: 'high', title: 't', description: 'd' },
        { alertType: 'spike', severity: 'high', title: 't', description: 'd' },
      ],
    });
    expectError(bad, 400, 'INVALID_ARGUMENT', 'alerts[1].alertType must be one of anomaly, configuration_drift, emerging_standard, standards_drift.');
    expectError(await control(c, 'POST', '/__mock/memory/alerts', { alerts: [], extra: 1 }), 400, 'INVALID_ARGUMENT', ALERTS_SHAPE_HINT);
    expect(fingerprint(c.service)).toBe(before);
  });
});

const ALERTS_SHAPE_HINT = 'The body must be {"alerts": [...]} and/or {"derivedAlerts": false}, optionally with "apiKey" (default: the seeded key).';
