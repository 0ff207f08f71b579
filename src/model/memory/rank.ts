import { BM25_B, BM25_K1, idf } from './bm25.js';
import { MATCHING } from './matching.js';
import type { Built } from './postings.js';
import { analyseQuery, type QueryWord, type Vocabulary } from './query.js';
import { secondHop } from './resemblance.js';
import type { Hit, Scored, SearchReport, TermMatch } from './results.js';
import type { Synonyms } from './synonyms.js';

/**
 * Per-text working state of one ranking, shared by every index and sized to the largest: a text's slots are
 * initialised when the ranking first reaches it (`seen` holds the ranking's number), so a ranking never clears
 * or allocates anything in proportion to the judgments held, only to the texts it reaches.
 */
const scratch = {
  ranking: 0,
  seen: new Float64Array(0),
  mark: new Int32Array(0),
  score: new Float64Array(0),
  covered: new Float64Array(0),
  bestCover: new Float64Array(0),
  bestScore: new Float64Array(0),
  bestForm: new Int32Array(0),
};

function reserve(texts: number): void {
  if (scratch.seen.length >= texts) return;
  const size = Math.max(texts, scratch.seen.length * 2, 64);
  scratch.seen = new Float64Array(size);
  scratch.mark = new Int32Array(size);
  scratch.score = new Float64Array(size);
  scratch.covered = new Float64Array(size);
  scratch.bestCover = new Float64Array(size);
  scratch.bestScore = new Float64Array(size);
  scratch.bestForm = new Int32Array(size);
}

/** One ranking: the texts the query reached, the judgments kept, and each text's score and coverage. */
export interface Ranking {
  readonly words: readonly QueryWord[];
  /** Distinct texts the query's words reached (each scored once). */
  readonly touched: readonly number[];
  /** Texts at or above the cut-off and the relevance floor: every judgment of them is kept. */
  readonly passed: ReadonlySet<number>;
  /** Judgments kept (passed or admitted by resemblance), in recording order. */
  readonly kept: Int32Array;
  /** Judgments admitted by resemblance, with the judgment each resembles. */
  readonly hop: ReadonlyMap<number, number>;
  /** The best score among the kept judgments (0 when none). */
  readonly best: number;
  readonly score: (text: number) => number;
  readonly coverage: (text: number) => number;
  /** The query words each text holds, when asked for. */
  readonly matches: ReadonlyMap<number, TermMatch[]> | undefined;
}

const NOTHING = new Int32Array(0);
const NO_WORDS: ReadonlyMap<string, string | null> = new Map();

/**
 * Ranks the indexed judgments against `query`: BM25 over the distinct texts its words reach, the coverage cut-off
 * and relevance floor, then the resemblance hop; only the texts that pass are unfolded into judgments. Reads the
 * scratch state, so its figures are valid until the next ranking.
 */
export function rank(entry: Built, query: string, synonyms: Synonyms, withMatches: boolean): Ranking {
  const vocabulary: Vocabulary = {
    documentFrequency: (term) => entry.postings.get(term)?.df ?? 0,
    surfaces: (initial) => entry.initials.get(initial) ?? NO_WORDS,
  };
  const words = analyseQuery(query, vocabulary, synonyms);
  if (words.length === 0 || entry.size === 0) {
    return { words, touched: [], passed: new Set(), kept: NOTHING, hop: new Map(), best: 0, score: () => 0, coverage: () => 0, matches: undefined };
  }
  const n = entry.size;
  const df = (term: string) => entry.postings.get(term)?.df ?? 0;
  const weights = words.map((w) => {
    if (df(w.term) > 0) return idf(n, df(w.term));
    if (w.forms.length > 0) return Math.max(...w.forms.map((f) => idf(n, df(f.term))));
    return MATCHING.unseenWeight * idf(n, 0);
  });
  let total = 0;
  for (const w of weights) total += w;
  const average = entry.totalLength / n || 1;
  reserve(entry.textTerms.length);
  const { seen, mark, score, covered, bestCover, bestScore, bestForm } = scratch;
  const ranking = ++scratch.ranking;
  const touched: number[] = [];
  const matches = withMatches ? new Map<number, TermMatch[]>() : undefined;
  const lengths = entry.textLengths;
  words.forEach((word, g) => {
    const group: number[] = [];
    word.forms.forEach((form, f) => {
      const postings = entry.postings.get(form.term);
      if (!postings) return;
      const w = idf(n, postings.df);
      const { texts, tfs } = postings;
      for (let i = 0; i < texts.length; i++) {
        const text = texts[i] as number;
        const tf = tfs[i] as number;
        if (seen[text] !== ranking) {
          seen[text] = ranking;
          score[text] = 0;
          covered[text] = 0;
          mark[text] = -1;
          touched.push(text);
        }
        const norm = 1 - BM25_B + (BM25_B * (lengths[text] as number)) / average;
        const s = (form.weight * w * tf * (BM25_K1 + 1)) / (tf + BM25_K1 * norm);
        if (mark[text] !== g) {
          mark[text] = g;
          group.push(text);
          bestCover[text] = form.weight;
          bestScore[text] = s;
          bestForm[text] = f;
        } else if (form.weight > (bestCover[text] as number) || (form.weight === bestCover[text] && s > (bestScore[text] as number))) {
          bestCover[text] = form.weight;
          bestScore[text] = s;
          bestForm[text] = f;
        }
      }
    });
    for (const text of group) {
      covered[text] = (covered[text] as number) + (weights[g] as number) * (bestCover[text] as number);
      score[text] = (score[text] as number) + (bestScore[text] as number);
      const form = matches ? word.forms[bestForm[text] as number] : undefined;
      if (matches && form) {
        let list = matches.get(text);
        if (!list) matches.set(text, (list = []));
        list.push({ word: word.word, term: form.term, via: form.via });
      }
    }
  });
  const coverage = (text: number) => (covered[text] as number) / total;
  const above = touched.filter((text) => coverage(text) >= MATCHING.cutoff);
  let top = 0;
  for (const text of above) top = Math.max(top, score[text] as number);
  const passed = above.filter((text) => (score[text] as number) >= MATCHING.relevanceFloor * top);
  const hop = secondHop(entry, passed, touched, coverage);
  let count = hop.size;
  for (const text of passed) count += (entry.textDocs[text] as number[]).length;
  const kept = new Int32Array(count);
  let at = 0;
  let best = 0;
  for (const text of passed) {
    for (const doc of entry.textDocs[text] as number[]) kept[at++] = doc;
    best = Math.max(best, score[text] as number);
  }
  for (const doc of hop.keys()) {
    kept[at++] = doc;
    best = Math.max(best, score[entry.textOf[doc] as number] as number);
  }
  kept.sort();
  return { words, touched, passed: new Set(passed), kept, hop, best, score: (text) => score[text] as number, coverage, matches };
}

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
      matched: ranking.matches?.get(text) ?? [],
    };
    const seed = hop.get(doc);
    return seed === undefined ? result : { ...result, resembles: seed };
  };
  const hits = Array.from(kept, (doc) => scored(doc, best));
  if (nearLimit === 0) return { words, hits, near: [], scored: ranking.touched.length };
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
  return { words, hits, near: below.map((doc) => scored(doc, scale)), scored: ranking.touched.length };
}
