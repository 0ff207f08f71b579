import type { JudgmentRecord } from '../state/entities.js';
import { idf } from './bm25.js';
import { appendColumns, emptyColumns, type JudgmentColumns } from './columns.js';
import { termOf, words } from './text.js';

/**
 * The judgments holding one term. Postings list texts, not judgments: judgments whose texts give the same terms in
 * the same order with the same counts (a `text`) score alike in every respect, so a query scores each text once
 * and only the texts that pass are unfolded into their judgments. A review history repeats its boilerplate; a
 * history of all-different texts has one text per judgment and costs what it did before.
 */
export interface TermPostings {
  /** The term's position in first-use order: the order in which the summed IDF of a text is added up. */
  readonly ordinal: number;
  /** Judgments holding the term (its BM25 document frequency). */
  df: number;
  /** Texts holding the term, in the order first used. */
  readonly texts: number[];
  /** The term's count in each of those texts. */
  readonly tfs: number[];
}

/** An inverted index over distinct judgment texts, with each text's judgments. */
export interface Built {
  /** The array the index last served; another array must prove it holds the same judgments first. */
  owner: readonly JudgmentRecord[];
  /** The judgments indexed, by position. */
  records: JudgmentRecord[];
  size: number;
  postings: Map<string, TermPostings>;
  totalLength: number;
  /** Every lowercased word of the judgments with its term (null: a stop word); also spares re-stemming. */
  surfaces: Map<string, string | null>;
  /** The same words by their first code unit, where a spelling or prefix lookup reads one initial's words. */
  initials: Map<string, Map<string, string | null>>;
  /** Texts by the judgment's content and reasoning verbatim, where a repeated judgment finds its text unread. */
  verbatim: Map<string, Map<string, number>>;
  /** Texts by their key (terms and counts in order). */
  textKeys: Map<string, number>;
  /** Each text's distinct terms, in first-use order within the text. */
  textTerms: string[][];
  /** Each text's term count (its BM25 length). */
  textLengths: number[];
  /** Each text's judgments, in recording order. */
  textDocs: number[][];
  /** Each judgment's text. */
  textOf: number[];
  /** Each text's summed term IDF and the index size it was summed at (see `textWeight`). */
  weights: Float64Array;
  weightSizes: Float64Array;
  /** What a suggestion reads of each judgment. */
  columns: JudgmentColumns;
}

/** An empty index that will serve `owner`. */
export function emptyBuilt(owner: readonly JudgmentRecord[]): Built {
  return {
    owner,
    records: [],
    size: 0,
    postings: new Map(),
    totalLength: 0,
    surfaces: new Map(),
    initials: new Map(),
    verbatim: new Map(),
    textKeys: new Map(),
    textTerms: [],
    textLengths: [],
    textDocs: [],
    textOf: [],
    weights: new Float64Array(0),
    weightSizes: new Float64Array(0),
    columns: emptyColumns(),
  };
}

/** Indexes the judgments past `entry.size`; costs what the new judgments hold, and a repeated text no more than a lookup. */
export function appendJudgments(entry: Built, judgments: readonly JudgmentRecord[]): void {
  appendColumns(entry.columns, judgments);
  for (let doc = entry.size; doc < judgments.length; doc++) {
    const judgment = judgments[doc] as JudgmentRecord;
    let byReasoning = entry.verbatim.get(judgment.content);
    if (!byReasoning) entry.verbatim.set(judgment.content, (byReasoning = new Map()));
    let text = byReasoning.get(judgment.reasoning);
    if (text === undefined) byReasoning.set(judgment.reasoning, (text = textOf(entry, judgment)));
    for (const term of entry.textTerms[text] as string[]) (entry.postings.get(term) as TermPostings).df++;
    (entry.textDocs[text] as number[]).push(doc);
    entry.textOf.push(text);
    entry.records.push(judgment);
    entry.totalLength += entry.textLengths[text] as number;
  }
  entry.size = judgments.length;
}

/** The text a judgment's words make, indexed when new (terms, counts and order like no text before). */
function textOf(entry: Built, judgment: JudgmentRecord): number {
  const tf = new Map<string, number>();
  let length = 0;
  for (const word of [...words(judgment.content), ...words(judgment.reasoning)]) {
    const lower = word.toLowerCase();
    let term = entry.surfaces.get(lower);
    if (term === undefined) {
      entry.surfaces.set(lower, (term = termOf(lower)));
      const initial = lower.charAt(0);
      let sameInitial = entry.initials.get(initial);
      if (!sameInitial) entry.initials.set(initial, (sameInitial = new Map()));
      sameInitial.set(lower, term);
    }
    if (term === null) continue;
    tf.set(term, (tf.get(term) ?? 0) + 1);
    length++;
  }
  let key = '';
  for (const [term, n] of tf) key += `${term}\u0000${n}\u0000`;
  const known = entry.textKeys.get(key);
  if (known !== undefined) return known;
  const text = entry.textTerms.length;
  entry.textKeys.set(key, text);
  entry.textTerms.push([...tf.keys()]);
  entry.textLengths.push(length);
  entry.textDocs.push([]);
  for (const [term, n] of tf) {
    let list = entry.postings.get(term);
    if (!list) entry.postings.set(term, (list = { ordinal: entry.postings.size, df: 0, texts: [], tfs: [] }));
    list.texts.push(text);
    list.tfs.push(n);
  }
  return text;
}

/**
 * A text's summed term IDF at the current index size, summed in the terms' first-use order across the index (the
 * order a pass over every posting list would add them in), computed when first asked at each size.
 */
export function textWeight(entry: Built, text: number): number {
  if (entry.weights.length < entry.textTerms.length) {
    const weights = new Float64Array(entry.textTerms.length * 2);
    const sizes = new Float64Array(entry.textTerms.length * 2);
    weights.set(entry.weights);
    sizes.set(entry.weightSizes);
    entry.weights = weights;
    entry.weightSizes = sizes;
  }
  if (entry.weightSizes[text] === entry.size) return entry.weights[text] as number;
  const lists = (entry.textTerms[text] as string[]).map((term) => entry.postings.get(term) as TermPostings);
  lists.sort((a, b) => a.ordinal - b.ordinal);
  let total = 0;
  for (const list of lists) total += idf(entry.size, list.df);
  entry.weights[text] = total;
  entry.weightSizes[text] = entry.size;
  return total;
}
