import type { Built } from './postings.js';
import type { Ranking } from './rank.js';
import type { Hit, Scored, SearchReport } from './results.js';

/** The hits of a ranking: each kept judgment with its relevance. */
export function hitsOf(entry: Built, ranking: Ranking): Hit[] {
  const { kept, best } = ranking;
  const hits: Hit[] = new Array<Hit>(kept.length);
  for (let i = 0; i < kept.length; i++) {
    const doc = kept[i] as number;
    hits[i] = { index: doc, relevance: best > 0 ? ranking.score(entry.textOf[doc] as number) / best : 0 };
  }
  return hits;
}

/** The full account of a ranking: hits with their coverage and matched terms, and up to `nearLimit` near misses. */
export function reportOf(entry: Built, ranking: Ranking, nearLimit: number): SearchReport {
  const { kept, hop, best, words } = ranking;
  const scored = (doc: number, scale: number): Scored => {
    const text = entry.textOf[doc] as number;
    const result: Scored = {
      index: doc,
      relevance: scale > 0 ? ranking.score(text) / scale : 0,
      coverage: ranking.coverage(text),
      reverseCoverage: ranking.reverse(text),
      opposite: ranking.opposite(text),
      matched: ranking.matches?.get(text) ?? [],
    };
    const seed = hop.get(doc);
    return seed === undefined ? result : { ...result, resembles: seed };
  };
  const hits = Array.from(kept, (doc) => scored(doc, best));
  const bestCoverage = ranking.bestCoverage;
  if (nearLimit === 0) return { words, hits, near: [], bestCoverage, scored: ranking.touched.length };
  // Of a text that did not pass, only the hop keeps single judgments; its first `nearLimit` others may be near.
  const below: number[] = [];
  for (const text of ranking.touched) {
    if (ranking.passed.has(text)) continue;
    let taken = 0;
    for (const doc of entry.textDocs[text] as number[]) {
      if (taken === nearLimit) break;
      if (hop.has(doc)) continue;
      below.push(doc);
      taken++;
    }
  }
  const cover = (doc: number) => ranking.coverage(entry.textOf[doc] as number);
  below.sort((a, b) => cover(b) - cover(a) || a - b);
  below.length = Math.min(below.length, nearLimit);
  const scale = best > 0 ? best : Math.max(0, ...below.map((doc) => ranking.score(entry.textOf[doc] as number)));
  return { words, hits, near: below.map((doc) => scored(doc, scale)), bestCoverage, scored: ranking.touched.length };
}
