import { expect, it } from 'vitest';
import { control } from '../../support/control.js';
import { forEachTransport } from '../../support/transports.js';
import { call, judge, POLICY, pathOf } from './helpers.js';

const DAY = 86_400_000;

forEachTransport('decision memory end to end: a policy, its search and ask, the caveat, profiles, stats and an alert', (fresh) => {
  it('uploads a markdown policy, ingests it, polls it ready, searches it, asks about it, and suggest sees the caveat', async () => {
    const c = fresh();
    const slot = await call(c, '/v2/memory/knowledge/upload-url', { mimeType: 'text/plain', fileSize: Buffer.byteLength(POLICY), fileName: 'policy.md' });
    expect(slot.uploadUrl).toMatch(/\/__mock\/storage\/uploads\/[A-Za-z0-9]{32}$/);
    expect(slot.fileRef).toMatch(/^gs:\/\/emulator-knowledge\/[0-9a-f]{12}\/[A-Za-z0-9]{32}\/original$/);
    expect(slot.expiresAt).toBe(c.service.clock.now() + 15 * 60 * 1000);
    const put = await c.raw({ method: 'PUT', path: pathOf(slot.uploadUrl), headers: { 'content-type': 'text/plain' }, body: POLICY });
    expect(put.status, put.text).toBe(200);

    const enqueued = await call(c, '/v2/memory/knowledge/ingest', { source: 'fileRef', fileRef: slot.fileRef, mimeType: 'text/plain' });
    expect(enqueued).toEqual({ status: 'processing', sourceId: expect.stringMatching(/^src_[0-9a-f]{8}$/), message: 'Knowledge ingestion task enqueued.' });
    const { sourceId } = enqueued;
    const first = await call(c, '/v2/memory/knowledge/ingest-status', { sourceId });
    expect(first).toEqual({ status: 'processing', sourceId, startedAt: c.service.clock.now(), updatedAt: c.service.clock.now(), mimeType: 'text/plain' });
    const ready = await call(c, '/v2/memory/knowledge/ingest-status', { sourceId });
    expect(ready).toMatchObject({ status: 'completed', sourceId, extractedRulesCount: 4, chunkCount: 0 });
    const markdown = await c.raw({ method: 'GET', path: pathOf(ready.canonicalMdDownloadUrl), headers: {}, body: '' });
    expect({ status: markdown.status, type: markdown.headers['content-type'], text: markdown.text }).toEqual({
      status: 200,
      type: 'text/markdown; charset=utf-8',
      text: POLICY,
    });

    const overview = await control(c, 'GET', '/__mock/overview');
    expect(overview.body.knowledgeSources).toEqual([{ id: sourceId, fileName: 'policy.md', embeddingStatus: 'completed', rules: 4, chunks: 0, version: 1 }]);
    expect(overview.body.counts.knowledgeSources).toBe(1);

    const found = await call(c, '/v2/memory/knowledge/search', { query: 'clinically proven without a citation', includeRules: true });
    expect(found.results[0]).toMatchObject({
      kind: 'rule',
      sourceId,
      text: 'Never describe a product as clinically proven without a citation.',
      category: 'Medical claims',
    });
    expect(found.recordsSearched).toBe(found.results.length);

    const answer = await call(c, '/v2/memory/ask', { question: 'Can we call the serum clinically proven?' });
    expect(answer.answer).toBe('Relevant guidance from the knowledge base: "Never describe a product as clinically proven without a citation.".');
    expect(answer.citations).toEqual([{ recordId: sourceId, snippet: 'Never describe a product as clinically proven without a citation.' }]);
    expect(answer.confidence).toBeGreaterThan(0);

    await judge(
      c,
      ['a', 'b', 'c'].map((u) => ({
        content: 'Serum ad: "clinically proven to reduce wrinkles"',
        reasoning: 'No citation for the claim',
        decision: 'rejected',
        actionUser: { userId: u },
      })),
    );
    const suggestion = await call(c, '/v2/memory/suggest', { query: 'clinically proven to reduce wrinkles' });
    expect(suggestion.primary.caveats).toEqual(['A knowledge source was updated in the last 48 hours']);
    c.service.clock.advance(48 * 3600 * 1000 + 1);
    const later = await call(c, '/v2/memory/suggest', { query: 'clinically proven to reduce wrinkles' });
    expect(later.primary.caveats).toEqual([]);
  });

  it('records judgments, reads a reviewer profile and the stats, and raises an approval-rate alert as the clock moves, then dismisses it', async () => {
    const c = fresh();
    const judgment = (decision: string, i: number) => ({
      content: `Landing page copy ${i}`,
      reasoning: decision === 'approved' ? 'Claims are supported' : 'Unsupported claim',
      decision,
      contentType: 'marketing-copy',
      organizationId: 'acme',
      flags: decision === 'rejected' ? ['missing-citation'] : [],
      actionUser: { userId: 'u_sarah', name: 'Sarah Lee', email: 'sarah@acme.test' },
    });
    await judge(c, [...Array.from({ length: 12 }, (_, i) => judgment('approved', i)), ...Array.from({ length: 12 }, (_, i) => judgment('rejected', i))]);
    expect(await call(c, '/v2/memory/alerts/list')).toEqual([]);

    c.service.clock.advance(8 * DAY);
    await judge(
      c,
      Array.from({ length: 12 }, (_, i) => judgment('rejected', 100 + i)),
    );
    const profile = await call(c, '/v2/memory/profiles/get', { targetUserId: 'u_sarah' });
    expect(profile).toMatchObject({
      userId: 'u_sarah',
      name: 'Sarah Lee',
      email: 'sarah@acme.test',
      totalJudgments: 36,
      approvalRate: 0.33,
      avgReviewTimeSeconds: 0,
      topFlags: [{ issue: 'missing-citation', count: 24 }],
      contentTypes: ['marketing-copy'],
      peakHours: [0],
      lastActive: c.service.clock.now(),
      twinEligible: false,
      twinAccuracy: null,
    });
    expect(Object.values(profile.orgBreakdown)).toEqual([
      { organizationId: expect.stringMatching(/^\d{10}$/), clientOrganizationId: 'acme', judgments: 36, approvals: 12, approvalRate: 0.33 },
    ]);
    expect(await call(c, '/v2/memory/stats/get')).toEqual({ totalActivities: 36, totalProfiles: 1, totalPatterns: 0, totalKnowledgeSources: 0 });

    const alerts = await call(c, '/v2/memory/alerts/list');
    expect(alerts).toEqual([
      {
        id: expect.stringMatching(/^alert_[A-Za-z0-9]{12}$/),
        apiKey: c.service.credentials.apiKey,
        alertType: 'anomaly',
        severity: 'high',
        title: 'Approval rate dropped significantly',
        description: 'Approval rate fell from 33% (30-day) to 0% (7-day), a 33% drop.',
        evidence: { metric: 'approvalRate', baseline: 0.33, current: 0, window: '7d vs 30d' },
        suggestedAction: 'Look through recent rejections for a new pattern or a change in reviewer behaviour.',
        actionUrl: null,
        status: 'active',
        createdAt: c.service.clock.now(),
        dismissedAt: null,
        dismissedBy: null,
        dedupKey: 'anomaly:approvalRate',
      },
    ]);
    expect(await call(c, '/v2/memory/alerts/dismiss', { alertId: alerts[0].id, user: { uid: 'u_lead' } })).toEqual({ success: true });
    expect(await call(c, '/v2/memory/alerts/list')).toEqual([]);
    const overview = await control(c, 'GET', '/__mock/overview');
    expect(overview.body.alerts).toEqual([
      { id: alerts[0].id, alertType: 'anomaly', severity: 'high', status: 'dismissed', title: 'Approval rate dropped significantly' },
    ]);
  });
});
