/**
 * How memory search and ask grow with the judgments held: both rank with suggest's index, so they are measured like
 * suggest (warm, the same generated history and queries), at 10,000 and 100,000 judgments.
 */

import type { JudgmentInit } from '../../src/harness/memory.js';
import { createMockService } from '../../src/service.js';
import { generateJudgments, generateQueries } from '../memory-fixtures.js';
import { timeIt } from './core.js';
import type { GrowthRow } from './growth.js';

/** The judgment counts search and ask are measured at. */
export const MEMORY_READ_SIZES = [10_000, 100_000] as const;

/**
 * Warm search and ask at each size, with their growth rows (exponents filled in by the caller).
 * @example const rows = await memoryReadsGrowth(); rows[0].cost // 'memory/search, warm'
 */
export async function memoryReadsGrowth(sizes: readonly number[] = MEMORY_READ_SIZES): Promise<GrowthRow[]> {
  const queries = generateQueries().map((q) => q.query);
  const rows = { search: [] as number[], ask: [] as number[] };
  for (const size of sizes) {
    const service = createMockService();
    service.memory.record(generateJudgments({ scale: Math.ceil(size / 300) }).slice(0, size) as JudgmentInit[]);
    const headers = { 'content-type': 'application/json', ...service.credentials.headers };
    let q = 0;
    const call = (path: string, data: (query: string) => unknown) => () =>
      service.dispatch({ method: 'POST', path, headers, body: JSON.stringify({ data: data(queries[q++ % queries.length] as string) }) });
    const search = call('/v2/memory/search', (query) => ({ query }));
    const ask = call('/v2/memory/ask', (question) => ({ question }));
    // The first call of a namespace builds the index; both reads then use it.
    await search();
    rows.search.push(await timeIt(search, 21, 3));
    rows.ask.push(await timeIt(ask, 21, 3));
  }
  return [
    // Like suggest, the texts a query reaches are scored; then only the `limit × 3` judgments retrieved are read.
    { cost: 'memory/search, warm', sizes: [...sizes], ms: rows.search, exponent: 0, budget: 0.5 },
    { cost: 'memory/ask, warm', sizes: [...sizes], ms: rows.ask, exponent: 0, budget: 0.5 },
  ];
}
