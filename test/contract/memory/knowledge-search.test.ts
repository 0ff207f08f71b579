import { expect, it } from 'vitest';
import { control } from '../../support/control.js';
import type { Client } from '../../support/transports.js';
import { forEachTransport } from '../../support/transports.js';
import { call, fails, inlineText, POLICY, refused } from './helpers.js';

const PATH = '/v2/memory/knowledge/search';
const BRIEF = 'Our audience is enterprise buyers who compare vendors.\n\nImages on product pages load from the CDN.\n';

async function seeded(c: Client) {
  await control(c, 'POST', '/__mock/memory/knowledge/config', { progression: 'immediate' });
  const policy = (await call(c, '/v2/memory/knowledge/ingest', inlineText('policy.md', POLICY))).sourceId;
  c.service.clock.advance(1000);
  const brief = (await call(c, '/v2/memory/knowledge/ingest', inlineText('brief.txt', BRIEF))).sourceId;
  return { policy, brief };
}

forEachTransport('search the knowledge base (beyond-spec-4 4.3.10)', (fresh) => {
  it('searches chunks only by default, items exactly { sourceId, text, score }, score a distance', async () => {
    const c = fresh();
    const { brief } = await seeded(c);
    const result = await call(c, PATH, { query: 'enterprise buyers' });
    expect(result).toEqual({ results: [{ sourceId: brief, text: BRIEF.trim(), score: 0 }], recordsSearched: 1 });
    expect((await call(c, PATH, { query: 'clinically proven citation' })).results).toEqual([]);
  });

  it('adds rules with includeRules: kind, ruleId and category, merged under one limit', async () => {
    const c = fresh();
    const { policy } = await seeded(c);
    const result = await call(c, PATH, { query: 'clinically proven without a citation', includeRules: true });
    expect(result.results[0]).toEqual({
      kind: 'rule',
      ruleId: expect.stringMatching(/^rule_[0-9a-f]{12}$/),
      sourceId: policy,
      text: 'Never describe a product as clinically proven without a citation.',
      score: 0,
      category: 'Medical claims',
    });
    expect(result.recordsSearched).toBe(result.results.length);
    const chunk = (await call(c, PATH, { query: 'enterprise buyers', includeRules: true })).results[0];
    expect(Object.keys(chunk)).toEqual(['kind', 'sourceId', 'text', 'score']);
    expect((await call(c, PATH, { query: 'citation claim cures', includeRules: true, limit: 1 })).results).toHaveLength(1);
  });

  it('restricts to one source id or 2 to 30 of them; unknown and foreign ids contribute nothing', async () => {
    const c = fresh();
    const { policy, brief } = await seeded(c);
    expect((await call(c, PATH, { query: 'enterprise buyers', sourceId: policy })).results).toEqual([]);
    expect((await call(c, PATH, { query: 'enterprise buyers', sourceId: [policy, brief] })).results).toHaveLength(1);
    expect((await call(c, PATH, { query: 'enterprise buyers', sourceId: ['src_00000000', 'src_11111111'] })).results).toEqual([]);
  });

  it('validates strictly, refusing organizationId, documentId and every unknown key', async () => {
    const c = fresh();
    await refused(c, PATH, {}, 'query is required', { code: 'invalid_type', path: ['query'] });
    await refused(c, PATH, { query: 'x'.repeat(2001) }, 'query can be at most 2000 characters long.', { code: 'too_big', path: ['query'] });
    await refused(c, PATH, { query: 'x', organizationId: 'acme' }, "Unrecognized key(s) in object: 'organizationId'", { code: 'unrecognized_keys', path: [] });
    await refused(c, PATH, { query: 'x', documentId: 'd' }, "Unrecognized key(s) in object: 'documentId'", { code: 'unrecognized_keys', path: [] });
    await refused(c, PATH, { query: 'x', includeRules: 'true' }, 'includeRules must be true or false.', { code: 'invalid_type', path: ['includeRules'] });
    await refused(c, PATH, { query: 'x', includeRules: 1 }, 'includeRules must be true or false.', { code: 'invalid_type', path: ['includeRules'] });
    await refused(c, PATH, { query: 'x', limit: 51 }, 'limit must be an integer from 1 to 50.', { code: 'too_big', path: ['limit'] });
    await refused(c, PATH, { query: 'x', sourceId: ['src_1'] }, 'sourceId must be one id, or an array of 2 to 30 ids.', { code: 'custom', path: ['sourceId'] });
    await refused(c, PATH, { query: 'x', sourceId: Array.from({ length: 31 }, (_, i) => `src_${i}`) }, 'sourceId must be one id, or an array of 2 to 30 ids.', {
      code: 'custom',
      path: ['sourceId'],
    });
    await refused(c, PATH, { query: 'x', sourceId: 7 }, 'sourceId must be a string or an array of 2 to 30 strings.', {
      code: 'invalid_union',
      path: ['sourceId'],
    });
  });

  it('limits searches to 120 a minute by default', async () => {
    const c = fresh();
    for (let i = 0; i < 120; i++) await call(c, PATH, { query: 'anything' });
    await fails(c, PATH, { query: 'anything' }, 429, 'RESOURCE_EXHAUSTED', 'Rate limit exceeded. Try again after 1 minute.');
    c.service.clock.advance(60_000);
    await call(c, PATH, { query: 'anything' });
  });
});
