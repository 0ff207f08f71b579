import { expect, it } from 'vitest';
import { createMockService } from '../../../src/service.js';
import { control } from '../../support/control.js';
import { fingerprint } from '../../support/expect.js';
import type { Client } from '../../support/transports.js';
import { forEachTransport } from '../../support/transports.js';
import { b64, call, inlineText, judge, POLICY, pathOf } from './helpers.js';

/** A representative run over every area of the memory beyond suggest; every reply text in order. */
async function run(c: Client): Promise<string[]> {
  const texts: string[] = [];
  const keep = async (reply: Promise<{ text: string; status: number }>) => {
    const r = await reply;
    expect(r.status, r.text).toBe(200);
    texts.push(r.text);
    return JSON.parse(r.text);
  };
  await judge(c, [
    {
      content: 'Ad: "clinically proven"',
      reasoning: 'No citation',
      decision: 'rejected',
      actionUser: { userId: 'u1', name: 'One' },
      organizationId: 'acme',
      annotationId: 't1',
      flags: ['missing-citation'],
    },
    {
      content: 'Ad: "clinically proven, study 4"',
      reasoning: 'Cited',
      decision: 'approved',
      actionUser: { userId: 'u2' },
      organizationId: 'acme',
      documentId: 'home',
    },
  ]);
  const slot = (await keep(c.post('/v2/memory/knowledge/upload-url', { mimeType: 'text/csv', fileSize: 40, fileName: 'rules.csv' }))).result;
  await keep(
    c.raw({ method: 'PUT', path: pathOf(slot.uploadUrl), headers: { 'content-type': 'text/csv' }, body: 'Rule\nNever say cure\nAlways cite\nOnly facts\n' }),
  );
  const ref = (await keep(c.post('/v2/memory/knowledge/ingest', { source: 'fileRef', fileRef: slot.fileRef, mimeType: 'text/csv' }))).result.sourceId;
  const inline = (await keep(c.post('/v2/memory/knowledge/ingest', inlineText('policy.md', POLICY)))).result.sourceId;
  await keep(
    c.post('/v2/memory/knowledge/ingest', { source: 'inline', file: { base64: b64('%PDF-1 x'), mimeType: 'application/pdf', fileName: 'a.pdf', fileSize: 8 } }),
  );
  for (const id of [ref, inline, ref, inline]) await keep(c.post('/v2/memory/knowledge/ingest-status', { sourceId: id }));
  c.service.clock.advance(5000);
  for (const [path, data] of [
    ['/v2/memory/knowledge/list', {}],
    ['/v2/memory/knowledge/rules', { sourceId: ref }],
    ['/v2/memory/knowledge/search', { query: 'cite facts', includeRules: true }],
    ['/v2/memory/knowledge/update', { sourceId: inline, newContent: '- Never x\n- Always y\n- Only z\n' }],
    ['/v2/memory/search', { query: 'clinically proven' }],
    ['/v2/memory/ask', { question: 'clinically proven?' }],
    ['/v2/memory/judgments/query', { organizationId: 'acme' }],
    ['/v2/memory/profiles/get', { targetUserId: 'u1' }],
    ['/v2/memory/patterns/get', {}],
    ['/v2/memory/stats/get', {}],
    ['/v2/memory/alerts/list', {}],
    ['/v2/memory/alerts/config/update', { config: { enabled: false } }],
    ['/v2/memory/knowledge/delete', { sourceId: ref }],
    ['/v2/rewriter/ask-ai', { model: 'gpt-4o', prompt: 'x', text: 'y' }],
    ['/v1/auth/token/get', { apiKey: c.service.credentials.apiKey, authToken: c.service.credentials.authToken, userId: 'u1' }],
    ['/v2/auth/token/get', { userId: 'u1', userProperties: { organizationId: 'acme' } }],
  ] as const) {
    await keep(c.post(path, data));
  }
  await keep(control(c, 'POST', '/__mock/memory/alerts', { alerts: [{ alertType: 'anomaly', severity: 'low', title: 't', description: 'd' }] }));
  return texts;
}

forEachTransport('memory beyond suggest is deterministic state', (fresh) => {
  it('gives byte-identical replies and state for the same seed and calls', async () => {
    const a = fresh({ seed: 5 });
    const first = await run(a);
    const stateA = fingerprint(a.service);
    const b = fresh({ seed: 5 });
    expect(await run(b)).toEqual(first);
    expect(fingerprint(b.service)).toBe(stateA);
  });

  it('exports and imports knowledge, insights and rewriter state, snapshots and restores it, and resets to nothing', async () => {
    const c = fresh({ seed: 5 });
    const start = fingerprint(c.service);
    const snap = c.service.snapshot();
    await run(c);
    await control(c, 'POST', '/__mock/rewriter/responses', { responses: [{ text: 'scripted' }] });
    const exported = c.service.exportState();
    expect(JSON.parse(exported).tables.namespaces.$map[0][1]).toMatchObject({
      knowledge: expect.any(Object),
      insights: expect.any(Object),
      rewriter: expect.any(Object),
    });
    const copy = createMockService({ state: exported });
    expect(copy.exportState()).toBe(exported);
    const list = (s: typeof copy) =>
      s.dispatch({
        method: 'POST',
        path: '/v2/memory/knowledge/list',
        headers: { 'content-type': 'application/json', ...s.credentials.headers },
        body: '{"data":{}}',
      });
    expect((await list(copy)).body).toBe((await list(c.service)).body);
    c.service.restore(snap);
    expect(fingerprint(c.service)).toBe(start);
    await run(c);
    c.service.reset();
    expect(fingerprint(c.service)).toBe(start);
    expect(await call(c, '/v2/memory/knowledge/list')).toEqual([]);
  });

  it('refuses a state whose knowledge does not fit the format, naming the path', () => {
    const c = fresh();
    const file = JSON.parse(c.service.exportState());
    file.tables.namespaces.$map[0][1].knowledge = { config: { progression: 'sometimes', ingestMs: 1, failNext: null, rateLimits: {} } };
    expect(() => c.service.importState(file)).toThrow(/knowledge\.config\.progression must be one of poll, immediate, clock, manual\./);
  });
});
