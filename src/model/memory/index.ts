import type { JudgmentRecord } from '../entities.js';
import { analyseQuery, type MatchKind, type QueryWord, type Vocabulary } from './query.js';
import { NO_SYNONYMS, type Synonyms } from './synonyms.js';
import { BM25_B, BM25_K1, idf } from './bm25.js';
import { MATCHING } from './matching.js';
import { secondHop } from './resemblance.js';
import { termOf, words } from './text.js';

export { BM25_B, BM25_K1, idf } from './bm25.js';
export { MATCHING, RELEVANCE_CUTOFF } from './matching.js';

/** A judgment that passed the cut-off: its position in the namespace's judgments and its weight. */
export interface Hit {
  /** Index into the judgments the index was built over. */
  readonly index: number;
  /** BM25 score over the best score of this query, in (0, 1]. */
  readonly relevance: number;
}

/** A query word found in a judgment, and how. */
export interface TermMatch {
  /** The word as the query wrote it. */
  readonly word: string;
  /** The index term it matched in the judgment. */
  readonly term: string;
  readonly via: MatchKind;
}

/** A judgment the query touched, whether or not it passed the cut-off. */
export interface Scored extends Hit {
  /** Share of the query's IDF weight this judgment matched, in [0, 1]. */
  readonly coverage: number;
  readonly matched: readonly TermMatch[];
  /** For a judgment admitted by resemblance: the index of the clearly found judgment it resembles. */
  readonly resembles?: number;
}

/** The full account of one search: what counted, and what came close. */
export interface SearchReport {
  readonly words: readonly QueryWord[];
  /** Judgments at or above the cut-off, in recording order. */
  readonly hits: readonly Scored[];
  /** Judgments the query touched that are not relevant (below the cut-off or the relevance floor), highest coverage first, at most `nearLimit`. */
  readonly near: readonly Scored[];
}

/** Ranks judgments against a query. */
export interface JudgmentRanker {
  /** Judgments relevant to `query` in the order they were recorded; empty when nothing passes the cut-off. */
  search(query: string): Hit[];
}

/** Ranks the judgments of one namespace against a query. */
export interface JudgmentIndex extends JudgmentRanker {
  /** The same search with the query's analysis, the terms each judgment matched, and the judgments that came close. */
  report(query: string, nearLimit?: number): SearchReport;
}

/** An inverted index: per term, the judgments holding it and how often. */
interface Built {
  /** The array the index last served; another array must prove it holds the same judgments first. */
  owner: readonly JudgmentRecord[];
  /** The judgments indexed, by position. */
  records: JudgmentRecord[];
  size: number;
  postings: Map<string, { doc: number; tf: number }[]>;
  lengths: number[];
  totalLength: number;
  /** Every lowercased word of the judgments with its term (null: a stop word); also spares re-stemming. */
  surfaces: Map<string, string | null>;
  /** Each judgment's distinct terms. */
  docTerms: string[][];
  /** Each judgment's summed term IDF at the current size (see `docWeights`). */
  weights?: Float64Array;
}

/**
 * Built indexes by the judgments array they last served. A restore hands a namespace a copied array: the index
 * built for an equal array (same records, same text, same order) is adopted after one linear identity check,
 * so a reset or restore that left the judgments as they were costs no rebuild. Appends are added on the next
 * search, never per request.
 */
const built = new WeakMap<readonly JudgmentRecord[], Built>();

/** Built indexes by the record id of their last judgment, where a copied array looks for one to adopt. */
const byLastRecord = new Map<string, WeakRef<Built>>();

/** Whether the first `entry.size` judgments are the ones the index was built over (ids and text alike). */
function covers(entry: Built, judgments: readonly JudgmentRecord[]): boolean {
  if (entry.size > judgments.length) return false;
  for (let i = entry.size - 1; i >= 0; i--) {
    const a = judgments[i] as JudgmentRecord;
    const b = entry.records[i] as JudgmentRecord;
    if (a !== b && (a.recordId !== b.recordId || a.content !== b.content || a.reasoning !== b.reasoning)) return false;
  }
  return true;
}

/** The built index this array may use: its own while it owns it, else an equal one adopted, else a new one. */
function entryFor(judgments: readonly JudgmentRecord[]): Built {
  const own = built.get(judgments);
  // The last indexed record still in place: an array truncated and appended to in place does not pass.
  if (own && own.owner === judgments && own.size <= judgments.length && own.records[own.size - 1] === judgments[own.size - 1]) return own;
  const last = judgments.at(-1)?.recordId;
  const candidates = [own, last === undefined ? undefined : byLastRecord.get(last)?.deref()];
  for (const candidate of candidates) {
    // Another array may have grown the candidate past this one since; then it no longer describes it.
    if (!candidate || !covers(candidate, judgments)) continue;
    candidate.owner = judgments;
    built.set(judgments, candidate);
    return candidate;
  }
  const fresh: Built = { owner: judgments, records: [], size: 0, postings: new Map(), lengths: [], totalLength: 0, surfaces: new Map(), docTerms: [] };
  built.set(judgments, fresh);
  return fresh;
}

/**
 * The BM25 index of a namespace's judgments (content and reasoning as one field), built on first use and
 * kept current with appends; `synonyms` widen each query word.
 * @example judgmentIndex(ns.judgments).search('clinically proven to reduce wrinkles')
 */
export function judgmentIndex(judgments: readonly JudgmentRecord[], synonyms: Synonyms = NO_SYNONYMS): JudgmentIndex {
  const entry = entryFor(judgments);
  if (entry.size < judgments.length) append(entry, judgments);
  const last = judgments.at(-1)?.recordId;
  if (last !== undefined && byLastRecord.get(last)?.deref() !== entry) byLastRecord.set(last, new WeakRef(entry));
  const current = entry;
  return {
    search: (query) => run(current, query, synonyms, 0).hits.map(({ index, relevance }) => ({ index, relevance })),
    report: (query, nearLimit = 5) => run(current, query, synonyms, nearLimit),
  };
}

function append(entry: Built, judgments: readonly JudgmentRecord[]): void {
  for (let doc = entry.size; doc < judgments.length; doc++) {
    const judgment = judgments[doc] as JudgmentRecord;
    const tf = new Map<string, number>();
    let length = 0;
    for (const word of [...words(judgment.content), ...words(judgment.reasoning)]) {
      const lower = word.toLowerCase();
      let term = entry.surfaces.get(lower);
      if (term === undefined) entry.surfaces.set(lower, (term = termOf(lower)));
      if (term === null) continue;
      tf.set(term, (tf.get(term) ?? 0) + 1);
      length++;
    }
    for (const [term, n] of tf) {
      let list = entry.postings.get(term);
      if (!list) entry.postings.set(term, (list = []));
      list.push({ doc, tf: n });
    }
    entry.docTerms.push([...tf.keys()]);
    entry.records.push(judgment);
    entry.lengths.push(length);
    entry.totalLength += length;
  }
  entry.size = judgments.length;
}

function run(entry: Built, query: string, synonyms: Synonyms, nearLimit: number): SearchReport {
  const vocabulary: Vocabulary = {
    documentFrequency: (term) => entry.postings.get(term)?.length ?? 0,
    surfaces: () => entry.surfaces,
  };
  const qwords = analyseQuery(query, vocabulary, synonyms);
  if (qwords.length === 0 || entry.size === 0) return { words: qwords, hits: [], near: [] };
  const n = entry.size;
  const df = (term: string) => entry.postings.get(term)?.length ?? 0;
  const weights = qwords.map((w) => {
    if (df(w.term) > 0) return idf(n, df(w.term));
    if (w.forms.length > 0) return Math.max(...w.forms.map((f) => idf(n, df(f.term))));
    return MATCHING.unseenWeight * idf(n, 0);
  });
  let total = 0;
  for (const w of weights) total += w;
  const average = entry.totalLength / n || 1;
  const score = new Float64Array(n);
  const covered = new Float64Array(n);
  const mark = new Int32Array(n).fill(-1);
  const bestCover = new Float64Array(n);
  const bestScore = new Float64Array(n);
  const bestForm = new Int32Array(n);
  const touched: number[] = [];
  const matches = nearLimit > 0 ? new Map<number, TermMatch[]>() : undefined;
  qwords.forEach((qword, g) => {
    const group: number[] = [];
    qword.forms.forEach((form, f) => {
      const postings = entry.postings.get(form.term);
      if (!postings) return;
      const w = idf(n, postings.length);
      for (const { doc, tf } of postings) {
        const norm = 1 - BM25_B + (BM25_B * (entry.lengths[doc] as number)) / average;
        const s = (form.weight * w * tf * (BM25_K1 + 1)) / (tf + BM25_K1 * norm);
        if (mark[doc] !== g) {
          mark[doc] = g;
          group.push(doc);
          bestCover[doc] = form.weight;
          bestScore[doc] = s;
          bestForm[doc] = f;
        } else if (form.weight > (bestCover[doc] as number) || (form.weight === bestCover[doc] && s > (bestScore[doc] as number))) {
          bestCover[doc] = form.weight;
          bestScore[doc] = s;
          bestForm[doc] = f;
        }
      }
    });
    for (const doc of group) {
      if (covered[doc] === 0) touched.push(doc);
      covered[doc] = (covered[doc] as number) + (weights[g] as number) * (bestCover[doc] as number);
      score[doc] = (score[doc] as number) + (bestScore[doc] as number);
      if (matches) {
        const form = qword.forms[bestForm[doc] as number];
        if (form) {
          let list = matches.get(doc);
          if (!list) matches.set(doc, (list = []));
          list.push({ word: qword.word, term: form.term, via: form.via });
        }
      }
    }
  });
  const scored = (doc: number, best: number): Scored => {
    const result: Scored = {
      index: doc,
      relevance: best > 0 ? (score[doc] as number) / best : 0,
      coverage: (covered[doc] as number) / total,
      matched: matches?.get(doc) ?? [],
    };
    const seed = hop.get(doc);
    return seed === undefined ? result : { ...result, resembles: seed };
  };
  const above = touched.filter((doc) => (covered[doc] as number) / total >= MATCHING.cutoff);
  let top = 0;
  for (const doc of above) top = Math.max(top, score[doc] as number);
  const passed = above.filter((doc) => (score[doc] as number) >= MATCHING.relevanceFloor * top);
  const hop = secondHop(entry, passed, touched, (doc) => (covered[doc] as number) / total);
  const kept = [...passed, ...hop.keys()].sort((a, b) => a - b);
  let best = 0;
  for (const doc of kept) best = Math.max(best, score[doc] as number);
  const hits = kept.map((doc) => scored(doc, best));
  if (nearLimit === 0) return { words: qwords, hits, near: [] };
  const inside = new Set(kept);
  const below = touched
    .filter((doc) => !inside.has(doc))
    .sort((a, b) => (covered[b] as number) - (covered[a] as number) || a - b)
    .slice(0, nearLimit);
  const scale = best > 0 ? best : Math.max(0, ...below.map((doc) => score[doc] as number));
  return { words: qwords, hits, near: below.map((doc) => scored(doc, scale)) };
}
