import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixtureText, generateJudgments, generateQueries, type LabelledQuery } from '../../../scripts/memory-fixtures.js';
import { createMockService } from '../../../src/service.js';

const JUDGMENTS = new URL('../../../fixtures/memory/judgments.json', import.meta.url);
const QUERIES = new URL('../../../fixtures/memory/queries.json', import.meta.url);

/** `npm run fixtures:memory` sets this to rewrite the committed files instead of comparing with them. */
const WRITE = process.env['MEMORY_FIXTURES_WRITE'] === '1';

describe('decision-memory fixtures', () => {
  it('are the generator output, byte for byte', () => {
    const judgments = fixtureText(generateJudgments());
    const queries = fixtureText(generateQueries());
    if (WRITE) {
      writeFileSync(JUDGMENTS, judgments);
      writeFileSync(QUERIES, queries);
    }
    expect(readFileSync(JUDGMENTS, 'utf8')).toBe(judgments);
    expect(readFileSync(QUERIES, 'utf8')).toBe(queries);
  });

  it('cover at least 300 judgments, 10 topics, several organizations and documents, 40 labelled queries', () => {
    const judgments = JSON.parse(readFileSync(JUDGMENTS, 'utf8')) as { contentType: string; organizationId?: string; documentId?: string }[];
    const queries = JSON.parse(readFileSync(QUERIES, 'utf8')) as LabelledQuery[];
    expect(judgments.length).toBeGreaterThanOrEqual(300);
    expect(new Set(queries.map((q) => q.id.replace(/-[^-]+$/, ''))).size).toBeGreaterThanOrEqual(10);
    expect(new Set(judgments.map((j) => j.organizationId).filter(Boolean)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(judgments.map((j) => j.documentId).filter(Boolean)).size).toBeGreaterThanOrEqual(3);
    expect(queries.length).toBeGreaterThanOrEqual(40);
    for (const label of ['approve', 'reject', null]) expect(queries.some((q) => q.expected.recommendation === label)).toBe(true);
    for (const scope of ['document', 'organization', 'apiKey']) expect(queries.some((q) => q.expected.scope === scope)).toBe(true);
  });

  it('answers at least 50 of the 52 labelled queries as labelled', async () => {
    const service = createMockService();
    service.memory.record(JSON.parse(readFileSync(JUDGMENTS, 'utf8')));
    const queries = JSON.parse(readFileSync(QUERIES, 'utf8')) as LabelledQuery[];
    const misses: string[] = [];
    for (const q of queries) {
      const { id, expected, ...data } = q;
      const reply = await service.dispatch({
        method: 'POST',
        path: '/v2/memory/suggest',
        headers: { 'content-type': 'application/json', ...service.credentials.headers },
        body: JSON.stringify({ data }),
      });
      const primary = (JSON.parse(reply.body) as { result: { primary: { recommendation: string; scope: string } | null } }).result.primary;
      const got = { recommendation: primary?.recommendation ?? null, scope: primary?.scope ?? null };
      if (got.recommendation !== expected.recommendation || got.scope !== expected.scope)
        misses.push(`${id}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(got)}`);
    }
    const accuracy = (queries.length - misses.length) / queries.length;
    console.info(
      `decision memory: ${queries.length - misses.length}/${queries.length} labelled queries (${(accuracy * 100).toFixed(1)}%)${misses.length ? `; misses:\n${misses.join('\n')}` : ''}`,
    );
    expect(queries.length).toBe(52);
    expect(queries.length - misses.length, misses.join('\n')).toBeGreaterThanOrEqual(50);
  });
});
