/**
 * The same ranking through minisearch (BM25+ over content and reasoning as two fields) with the same coverage
 * cut-off, kept only to measure the library against the product's own index (see `memory.ts`). minisearch does
 * not expose document frequencies, so the cut-off needs a second pass over the terms of every judgment.
 */
import MiniSearch from 'minisearch';
import { type Hit, idf, type JudgmentRanker, RELEVANCE_CUTOFF } from '../../src/model/memory/index.js';
import { termOf, terms, words } from '../../src/model/memory/text.js';
import type { JudgmentRecord } from '../../src/model/state/entities.js';

interface Doc {
  i: number;
  content: string;
  reasoning: string;
}

/** Builds a minisearch index over judgments. */
export function minisearchIndex(judgments: readonly JudgmentRecord[]): JudgmentRanker {
  const engine = new MiniSearch<Doc>({
    idField: 'i',
    fields: ['content', 'reasoning'],
    tokenize: words,
    processTerm: termOf,
    searchOptions: { combineWith: 'OR', prefix: false, fuzzy: false },
  });
  const df = new Map<string, number>();
  judgments.forEach((j, i) => {
    engine.add({ i, content: j.content, reasoning: j.reasoning });
    for (const term of new Set([...terms(j.content), ...terms(j.reasoning)])) df.set(term, (df.get(term) ?? 0) + 1);
  });
  return {
    search(query: string): Hit[] {
      const queryTerms = [...new Set(terms(query))];
      if (queryTerms.length === 0 || judgments.length === 0) return [];
      const weight = new Map(queryTerms.map((t) => [t, idf(judgments.length, df.get(t) ?? 0)]));
      let total = 0;
      for (const w of weight.values()) total += w;
      const kept: { index: number; score: number }[] = [];
      let best = 0;
      for (const result of engine.search(query)) {
        let covered = 0;
        for (const term of result.queryTerms) covered += weight.get(term) ?? 0;
        if (covered / total < RELEVANCE_CUTOFF) continue;
        kept.push({ index: result.id as number, score: result.score });
        best = Math.max(best, result.score);
      }
      return kept.sort((a, b) => a.index - b.index).map((k) => ({ index: k.index, relevance: k.score / best }));
    },
  };
}
