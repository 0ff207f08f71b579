/**
 * Decision-memory figures: suggest latency through `service.dispatch` with 10,000 judgments in scope, the index
 * build, labelled accuracy on the project's own set, the paraphrase, development, held-out, capability and tuning
 * sets, the answers that survive a spelling slip, being pasted inside a message, a question for the verdict or
 * capitals, and the product's index against minisearch (exact terms only: latency and labelled accuracy).
 */

import type { JudgmentInit } from '../../src/harness/memory.js';
import { type JudgmentRanker, judgmentIndex } from '../../src/model/memory/index.js';
import { suggestDecision } from '../../src/model/memory/suggest.js';
import { loadSynonyms } from '../../src/model/memory/synonyms.js';
import type { JudgmentRecord } from '../../src/model/state/entities.js';
import { emptyNamespace } from '../../src/model/state/store.js';
import { createMockService } from '../../src/service.js';
import { REFERENCE_TIME } from '../../src/support/clock.js';
import {
  askLabelled,
  askSet,
  CAPITALISED,
  envelopeRobustness,
  paraphraseSet,
  readLabelledSet,
  rewriteRobustness,
  SLIP_KINDS,
  slipRobustness,
  TUNING_SETS,
  verdictAskRobustness,
} from '../memory-eval.js';
import { generateJudgments, generateQueries, type LabelledQuery } from '../memory-fixtures.js';
import { median, timeIt } from './core.js';
import { minisearchIndex } from './memory-minisearch.js';

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

/** A fresh service holding `judgments` under its seeded key. */
function withJudgments(judgments: readonly JudgmentRecord[]) {
  const service = createMockService();
  service.memory.record(judgments as readonly JudgmentInit[]);
  return service;
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
  // The synonym table loads once per process, on the first suggest of any service (a module import here, a
  // lazily fetched chunk in a browser); the first call of each namespace builds its index.
  const loadStart = performance.now();
  const synonyms = await loadSynonyms();
  const synonymsLoad = performance.now() - loadStart;
  const buildStart = performance.now();
  await call();
  const firstCall = performance.now() - buildStart;
  const dispatchMedian = await timeIt(call, 51, 5);

  const ownBuild = timeSync(() => judgmentIndex(stored.slice(), synonyms).search('x'), 5);
  const miniBuild = timeSync(() => minisearchIndex(stored), 5);
  const own = judgmentIndex(stored, synonyms);
  const mini = minisearchIndex(stored);
  const texts = queries.map((x) => x.query);
  const ownQuery =
    timeSync(() => {
      for (const t of texts) own.search(t);
    }, 11) / texts.length;
  const miniQuery =
    timeSync(() => {
      for (const t of texts) mini.search(t);
    }, 11) / texts.length;

  const fixtures: JudgmentRecord[] = generateJudgments();
  const paraphrase = await askSet(paraphraseSet());
  const development = await askSet(readLabelledSet(new URL('../../test/model/memory/dev-set.json', import.meta.url)));
  const heldOut = await askSet(readLabelledSet(new URL('../../fixtures/memory/held-out-set.json', import.meta.url)));
  // The capability set and the tuning sets, each written from the contract alone, then used to check new rules.
  const more: Record<string, number> = {};
  for (const name of ['capability-set', ...TUNING_SETS]) {
    const set = await askSet(readLabelledSet(new URL(`../../test/model/memory/${name}.json`, import.meta.url)));
    more[`memory.accuracy.${name} (of ${set.total})`] = set.right;
    more[`memory.accuracy.${name} nulls kept (of ${set.nulls})`] = set.nullsRight;
  }
  // The answers that survive a spelling slip in the query's longest word (see `slipRobustness`).
  const slipSets = ['dev-set', 'tuning-set-a', 'tuning-set-b', 'tuning-set-c', 'tuning-set-d'].map((name) =>
    readLabelledSet(new URL(`../../test/model/memory/${name}.json`, import.meta.url)),
  );
  const slips = await slipRobustness([paraphraseSet(), ...slipSets]);
  more[`memory.slips: answers kept with a slip in the longest word (of ${slips.asked})`] = slips.kept;
  for (const kind of SLIP_KINDS) more[`memory.slips: ... a letter ${kind} (of ${slips.byKind[kind].asked})`] = slips.byKind[kind].kept;
  const anyWord = await slipRobustness([paraphraseSet(), ...slipSets], 'any');
  more[`memory.slips: answers kept with a slip in any word of 4 letters or more (of ${anyWord.asked})`] = anyWord.kept;
  // The answers that survive being pasted inside a message (see `envelopeRobustness`).
  const pasted = await envelopeRobustness([
    paraphraseSet(),
    ...slipSets,
    readLabelledSet(new URL('../../test/model/memory/capability-set.json', import.meta.url)),
  ]);
  more[`memory.pasted: answers kept inside a message (of ${pasted.asked})`] = pasted.kept;
  more[`memory.pasted: null answers kept inside a message (of ${pasted.nulls})`] = pasted.nullsKept;
  const verdicts = await verdictAskRobustness([paraphraseSet(), ...slipSets]);
  more[`memory.asked: answers kept with a question for the verdict after them (of ${verdicts.asked})`] = verdicts.kept;
  more[`memory.asked: null answers kept with a question for the verdict after them (of ${verdicts.nulls})`] = verdicts.nullsKept;
  const capitals = await rewriteRobustness([paraphraseSet(), ...slipSets], CAPITALISED);
  more[`memory.capitals: answers kept written in capitals or as a title (of ${capitals.asked})`] = capitals.kept;
  more[`memory.capitals: null answers kept written in capitals or as a title (of ${capitals.nulls})`] = capitals.nullsKept;
  const ownSet = await askLabelled(withJudgments(fixtures), queries);
  return {
    'memory.judgments': stored.length,
    'memory.synonyms.loadMs (once per process)': synonymsLoad,
    'memory.suggest.10k.firstCallMs (builds the index)': firstCall,
    'memory.suggest.10k.medianMs': dispatchMedian,
    'memory.index.buildMs': ownBuild,
    'memory.index.minisearch.buildMs': miniBuild,
    'memory.index.queryMs': ownQuery,
    'memory.index.minisearch.queryMs': miniQuery,
    'memory.accuracy.own set (of 52)': ownSet.right,
    'memory.accuracy.paraphrase set (of 136)': paraphrase.right,
    'memory.accuracy.paraphrase set nulls kept (of 24)': paraphrase.nullsRight,
    [`memory.accuracy.development set (of ${development.total})`]: development.right,
    [`memory.accuracy.development set nulls kept (of ${development.nulls})`]: development.nullsRight,
    [`memory.accuracy.held-out set (of ${heldOut.total})`]: heldOut.right,
    [`memory.accuracy.held-out set nulls kept (of ${heldOut.nulls})`]: heldOut.nullsRight,
    ...more,
    'memory.accuracy.own set minisearch exact terms (share)': accuracy(fixtures, queries, minisearchIndex),
  };
}
