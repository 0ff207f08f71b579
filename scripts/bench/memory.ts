/**
 * Decision-memory figures: suggest latency through `service.dispatch` with 10,000 judgments in scope, the
 * index build, and the product's hand-written BM25 index against minisearch (latency and labelled accuracy).
 */
import { createMockService } from '../../src/service.js';
import type { JudgmentRecord } from '../../src/model/entities.js';
import { judgmentIndex, type JudgmentRanker } from '../../src/model/memory/index.js';
import { suggestDecision } from '../../src/model/memory/suggest.js';
import { emptyNamespace } from '../../src/model/store.js';
import { REFERENCE_TIME } from '../../src/support/clock.js';
import { generateJudgments, generateQueries, type LabelledQuery } from '../memory-fixtures.js';
import { minisearchIndex } from './memory-minisearch.js';
import { median, timeIt } from './core.js';

const SCALE = 33; // 33 rounds of the fixture plan: 10,131 judgments.

function accuracy(judgments: JudgmentRecord[], queries: LabelledQuery[], build: (j: JudgmentRecord[]) => JudgmentRanker): number {
  const ns = emptyNamespace('bench');
  ns.judgments = judgments;
  const index = build(judgments);
  let right = 0;
  for (const { id: _id, expected, ...request } of queries) {
    const primary = suggestDecision(ns, request, REFERENCE_TIME, index).primary;
    if ((primary?.recommendation ?? null) === expected.recommendation && (primary?.scope ?? null) === expected.scope) right++;
  }
  return right / queries.length;
}

/** Median milliseconds of `fn` over `runs` calls. */
function timeSync(fn: () => unknown, runs: number): number {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    fn();
    samples.push(performance.now() - start);
  }
  return median(samples);
}

/**
 * Runs the decision-memory bench and returns its figures by name.
 * @example const figures = await benchMemory(); figures['memory.suggest.10k.medianMs']
 */
export async function benchMemory(): Promise<Record<string, number>> {
  const queries = generateQueries();
  const service = createMockService();
  const big = generateJudgments({ scale: SCALE });
  service.memory.record(big);
  const stored = service.model.store.namespace(service.credentials.apiKey).judgments;
  let q = 0;
  const call = () => {
    const { id: _id, expected: _expected, ...data } = queries[q++ % queries.length] as LabelledQuery;
    return service.dispatch({
      method: 'POST',
      path: '/v2/memory/suggest',
      headers: { 'content-type': 'application/json', ...service.credentials.headers },
      body: JSON.stringify({ data: { query: data.query } }),
    });
  };
  const buildStart = performance.now();
  await call();
  const firstCall = performance.now() - buildStart;
  const dispatchMedian = await timeIt(call, 51, 5);

  const ownBuild = timeSync(() => judgmentIndex(stored.slice()), 5);
  const miniBuild = timeSync(() => minisearchIndex(stored), 5);
  const own = judgmentIndex(stored);
  const mini = minisearchIndex(stored);
  const texts = queries.map((x) => x.query);
  const ownQuery = timeSync(() => texts.forEach((t) => own.search(t)), 11) / texts.length;
  const miniQuery = timeSync(() => texts.forEach((t) => mini.search(t)), 11) / texts.length;

  const fixtures: JudgmentRecord[] = generateJudgments();
  return {
    'memory.judgments': stored.length,
    'memory.suggest.10k.firstCallMs': firstCall,
    'memory.suggest.10k.medianMs': dispatchMedian,
    'memory.index.bm25.buildMs': ownBuild,
    'memory.index.minisearch.buildMs': miniBuild,
    'memory.index.bm25.queryMs': ownQuery,
    'memory.index.minisearch.queryMs': miniQuery,
    'memory.accuracy.bm25': accuracy(fixtures, queries, judgmentIndex),
    'memory.accuracy.minisearch': accuracy(fixtures, queries, minisearchIndex),
  };
}
