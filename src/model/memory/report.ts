import type { JudgmentIndex } from './index.js';
import type { Scored, SearchReport } from './results.js';

/**
 * The full account of one search: the query's analysis, the hits with their coverage both ways and matched terms, and
 * up to `nearLimit` near misses (what an explanation reads; a suggest needs only `search`).
 * @example reportOf(judgmentIndex(ns.judgments, lexicon), 'swear words in a review').near
 */
export function reportOf(index: JudgmentIndex, query: string, nearLimit = 5): SearchReport {
  const { entry, ranking } = index.rank(query);
  const { kept, hop, best, words } = ranking;
  const telling = new Set(words.filter((_, g) => ranking.telling[g]).map((w) => w.word));
  // The telling words a text matched, each once, in the order it matched them.
  const tellingOf = (text: number) => [...new Set((ranking.matches?.get(text) ?? []).map((m) => m.word).filter((word) => telling.has(word)))];
  const scored = (doc: number, scale: number): Scored => {
    const text = entry.textOf[doc] as number;
    const result: Scored = {
      ...(ranking.matches ? { telling: tellingOf(text) } : {}),
      ...(ranking.byTelling.has(text) ? { byTelling: true } : {}),
      ...(ranking.otherSide.has(text) ? { otherSide: true } : {}),
      index: doc,
      relevance: scale > 0 ? ranking.score(text) / scale : 0,
      words: ranking.matchedWords(text),
      ...(ranking.byClause(text) ? { byClause: true } : {}),
      coverage: ranking.coverage(text),
      reverseCoverage: ranking.reverse(text),
      opposite: ranking.opposite(text),
      matched: ranking.matches?.get(text) ?? [],
    };
    const seed = hop.get(doc);
    if (seed === undefined) return result;
    const sameKind = ranking.byItem.get(doc);
    if (sameKind) return { ...result, resembles: seed, sameKind };
    if (ranking.byDocument.has(doc)) return { ...result, resembles: seed, sameDocument: true };
    if (ranking.sameReason.has(doc)) return { ...result, resembles: seed, sameReason: true };
    const family = ranking.byFamily.get(doc);
    return family ? { ...result, resembles: seed, family } : { ...result, resembles: seed };
  };
  const hits = Array.from(kept, (doc) => scored(doc, best));
  // What the report says of the query, whatever the near misses.
  const { main, telling: tellingMarks, weighedBy, weightless, bestCoverage } = ranking;
  const base = { words, main, telling: tellingMarks, weighedBy, weightless, hits, bestCoverage, scored: ranking.touched.length };
  if (nearLimit === 0) return { ...base, near: [] };
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
  return { ...base, near: below.map((doc) => scored(doc, scale)) };
}
