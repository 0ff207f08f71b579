import type { JudgmentRecord } from '../state/entities.js';
import { collectionSize, idf } from './bm25.js';
import { appendColumns, emptyColumns, type JudgmentColumns } from './columns.js';
import { type ReadTerm, readTokens } from './polarity.js';
import { joinedWords, negatingPrefix, termOf, tokens } from './text.js';

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
  /** How the term occurs in each of those texts (see `TERM_FLAGS`). */
  readonly flags: number[];
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
  /** Terms of words that negate another by their prefix (`uncapped`, `nonrefundable`; see `negatingPrefix`). */
  negating: Set<string>;
  /** The same words by their first code unit, where a spelling or prefix lookup reads one initial's words. */
  initials: Map<string, Map<string, string | null>>;
  /** Texts by the judgment's content and reasoning verbatim, where a repeated judgment finds its text unread. */
  verbatim: Map<string, Map<string, number>>;
  /** Texts by their key (terms and counts in order). */
  textKeys: Map<string, number>;
  /** Each text's distinct terms, in first-use order within the text (the content's first). */
  textTerms: string[][];
  /** How many of each text's terms its content holds (they come first in `textTerms`). */
  textContent: number[];
  /** Each text's terms of the reasoning (the reviewer's reason), where the resemblance hop compares reasons. */
  textReasons: string[][];
  /** Each text's term count (its BM25 length). */
  textLengths: number[];
  /** Each text's judgments, in recording order. */
  textDocs: number[][];
  /** Each judgment's text. */
  textOf: number[];
  /** Each text's summed term IDF, its content terms' summed IDF, and the index size they were summed at (see `textWeight`). */
  weights: Float64Array;
  contentWeights: Float64Array;
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
    negating: new Set(),
    initials: new Map(),
    verbatim: new Map(),
    textKeys: new Map(),
    textTerms: [],
    textContent: [],
    textReasons: [],
    textLengths: [],
    textDocs: [],
    textOf: [],
    weights: new Float64Array(0),
    contentWeights: new Float64Array(0),
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

/**
 * How a term occurs in one text, a bit each: in the content (the judged item) at all, negated there, plainly there,
 * plainly but in a clause that holds a negator (see `polarity.ts`); negated in the reasoning, plainly there.
 */
export const TERM_FLAGS = { content: 1, contentNegated: 2, contentPlain: 4, contentClouded: 8, reasonNegated: 16, reasonPlain: 32 } as const;

/** How a term read from a text occurs there, as `TERM_FLAGS` bits; a negator only marks the content as holding one. */
function flagsOf({ negated, clouded, negator }: ReadTerm, inContent: boolean): number {
  if (negator) return inContent ? TERM_FLAGS.content : 0;
  if (!inContent) return negated ? TERM_FLAGS.reasonNegated : TERM_FLAGS.reasonPlain;
  return TERM_FLAGS.content | (negated ? TERM_FLAGS.contentNegated : clouded ? TERM_FLAGS.contentClouded : TERM_FLAGS.contentPlain);
}

/** The text a judgment's words make, indexed when new (terms, counts, polarity and order like no text before). */
function textOf(entry: Built, judgment: JudgmentRecord): number {
  const tf = new Map<string, number>();
  const flagOf = new Map<string, number>();
  let length = 0;
  const lookup = (lower: string): string | null => {
    let term = entry.surfaces.get(lower);
    if (term === undefined) {
      entry.surfaces.set(lower, (term = termOf(lower)));
      // `non` run together negates a word of any kind (`noncompete`), `un` only adjectives and participles.
      if (term !== null && (negatingPrefix(lower) !== null || /^non\p{L}{3}/u.test(lower))) entry.negating.add(term);
      const initial = lower.charAt(0);
      let sameInitial = entry.initials.get(initial);
      if (!sameInitial) entry.initials.set(initial, (sameInitial = new Map()));
      sameInitial.set(lower, term);
    }
    return term;
  };
  const read = (text: string, inContent: boolean) => {
    const list = tokens(text);
    const terms = readTokens(list, lookup);
    // A hyphenated word is also indexed run together (see `joinedWords`), stated as its first part is: `no opt-out
    // link` negates `optout`, `the official sign-up` states `signup`.
    const partAt = new Map<number, ReadTerm>();
    for (const reading of terms) if (!reading.negator) partAt.set(reading.at, reading);
    for (const { word, at } of joinedWords(list)) {
      const term = lookup(word);
      if (term === null) continue;
      tf.set(term, (tf.get(term) ?? 0) + 1);
      const part = partAt.get(at);
      flagOf.set(
        term,
        (flagOf.get(term) ?? 0) | (part ? flagsOf(part, inContent) : inContent ? TERM_FLAGS.content | TERM_FLAGS.contentClouded : TERM_FLAGS.reasonPlain),
      );
    }
    for (const reading of terms) {
      tf.set(reading.term, (tf.get(reading.term) ?? 0) + 1);
      flagOf.set(reading.term, (flagOf.get(reading.term) ?? 0) | flagsOf(reading, inContent));
      length++;
    }
  };
  read(judgment.content, true);
  read(judgment.reasoning, false);
  let key = '';
  for (const [term, n] of tf) key += `${term}\u0000${n}\u0000${flagOf.get(term)}\u0000`;
  const known = entry.textKeys.get(key);
  if (known !== undefined) return known;
  const text = entry.textTerms.length;
  entry.textKeys.set(key, text);
  entry.textTerms.push([...tf.keys()]);
  let content = 0;
  for (const flags of flagOf.values()) if (flags & TERM_FLAGS.content) content++;
  entry.textContent.push(content);
  const reasons: string[] = [];
  for (const [term, flags] of flagOf) if (flags & (TERM_FLAGS.reasonPlain | TERM_FLAGS.reasonNegated)) reasons.push(term);
  entry.textReasons.push(reasons);
  entry.textLengths.push(length);
  entry.textDocs.push([]);
  for (const [term, n] of tf) {
    let list = entry.postings.get(term);
    if (!list) entry.postings.set(term, (list = { ordinal: entry.postings.size, df: 0, texts: [], tfs: [], flags: [] }));
    list.texts.push(text);
    list.tfs.push(n);
    list.flags.push(flagOf.get(term) as number);
  }
  return text;
}

/**
 * A text's summed term IDF at the current index size, summed in the terms' first-use order across the index (the
 * order a pass over every posting list would add them in), computed when first asked at each size; the summed IDF of
 * its content terms is computed alongside (`contentWeight`).
 */
export function textWeight(entry: Built, text: number): number {
  if (entry.weights.length < entry.textTerms.length) {
    const grow = (from: Float64Array) => {
      const to = new Float64Array(entry.textTerms.length * 2);
      to.set(from);
      return to;
    };
    entry.weights = grow(entry.weights);
    entry.contentWeights = grow(entry.contentWeights);
    entry.weightSizes = grow(entry.weightSizes);
  }
  if (entry.weightSizes[text] === entry.size) return entry.weights[text] as number;
  const terms = entry.textTerms[text] as string[];
  const inContent = entry.textContent[text] as number;
  const lists = terms.map((term, i) => ({ list: entry.postings.get(term) as TermPostings, content: i < inContent }));
  lists.sort((a, b) => a.list.ordinal - b.list.ordinal);
  let total = 0;
  let content = 0;
  const n = collectionSize(entry.size);
  for (const { list, content: inContent } of lists) {
    const w = idf(n, list.df);
    total += w;
    if (inContent) content += w;
  }
  entry.weights[text] = total;
  entry.contentWeights[text] = content;
  entry.weightSizes[text] = entry.size;
  return total;
}

/** The summed IDF of a text's content terms at the current index size (see `textWeight`). */
export function contentWeight(entry: Built, text: number): number {
  textWeight(entry, text);
  return entry.contentWeights[text] as number;
}

/**
 * How a judgment's content (the judged item) states a term, from its flags (see `TERM_FLAGS`): 1 negated, 0 plainly,
 * -1 unclear (both, only in a clause that holds a negator, or not in the content). The reasoning has no say: it often
 * states the rule the item broke ("videos must be captioned") rather than the case ("webinar without subtitles").
 */
export function stanceOf(flags: number): number {
  if (!(flags & TERM_FLAGS.content)) return -1;
  const negated = flags & TERM_FLAGS.contentNegated;
  const plain = flags & TERM_FLAGS.contentPlain;
  if (negated && !plain && !(flags & TERM_FLAGS.contentClouded)) return 1;
  if (plain && !negated) return 0;
  return -1;
}
