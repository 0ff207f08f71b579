import type { JudgmentRecord } from '../state/entities.js';
import type { Built } from './postings.js';
import type { Ranking } from './ranking.js';

/** One judgment of a ranking with its relevance (its text's score over the best score). */
export interface RankedJudgment {
  /** Index into the judgments the index was built over. */
  readonly index: number;
  readonly relevance: number;
}

/**
 * Judgments a `topJudgments` call read, added up across calls: what a read costs, which follows the judgments it
 * returns (and those of them outside its place), never the judgments that repeat its texts.
 */
export const topJudgmentsWork = { read: 0 };

/** Each text's judgments newest first (ties to the smaller record id), over the first `size` judgments indexed. */
interface TextOrder {
  size: number;
  orders: Int32Array[];
}

const byIndex = new WeakMap<Built, TextOrder>();

/** Whether judgment `a` comes before `b` at equal relevance: newer `createdAt`, then the smaller record id. */
function before(entry: Built, a: number, b: number): boolean {
  const at = entry.columns.createdAt[a] as number;
  const bt = entry.columns.createdAt[b] as number;
  if (at !== bt) return at > bt;
  return (entry.records[a] as JudgmentRecord).recordId < (entry.records[b] as JudgmentRecord).recordId;
}

/**
 * Each text's judgments newest first, kept with the index and brought up to date with the judgments appended since
 * the last read: those are sorted by text and merged in, so a read after no appends costs nothing here, and the first
 * read after a bulk append sorts the new judgments once.
 */
function ordersOf(entry: Built): Int32Array[] {
  let order = byIndex.get(entry);
  if (!order) byIndex.set(entry, (order = { size: 0, orders: [] }));
  if (order.size === entry.size) return order.orders;
  const added = new Map<number, number[]>();
  for (let doc = order.size; doc < entry.size; doc++) {
    const text = entry.textOf[doc] as number;
    const docs = added.get(text);
    if (docs) docs.push(doc);
    else added.set(text, [doc]);
  }
  for (const [text, docs] of added) {
    docs.sort((a, b) => (before(entry, a, b) ? -1 : 1));
    const had = order.orders[text];
    if (had === undefined) {
      order.orders[text] = Int32Array.from(docs);
      continue;
    }
    const merged = new Int32Array(had.length + docs.length);
    let i = 0;
    let j = 0;
    for (let at = 0; at < merged.length; at++) {
      const old = i < had.length && (j >= docs.length || before(entry, had[i] as number, docs[j] as number));
      merged[at] = old ? (had[i++] as number) : (docs[j++] as number);
    }
    order.orders[text] = merged;
  }
  order.size = entry.size;
  return order.orders;
}

/** Judgments of equal relevance, newest first, read from `at` on. */
interface Source {
  relevance: number;
  docs: ArrayLike<number>;
  at: number;
}

/**
 * The first `count` judgments of a ranking that `accept` takes, ordered as search orders them: more relevant, then
 * newer, then the smaller record id. The passed texts are ordered by score and their judgments (each text's kept
 * newest first) merged in that order, so the work follows the `count` judgments returned and the texts that passed,
 * not the judgments repeating those texts.
 * @example topJudgments(entry, ranking, 30, (doc) => true)
 */
export function topJudgments(entry: Built, ranking: Ranking, count: number, accept: (doc: number) => boolean): RankedJudgment[] {
  const { best } = ranking;
  const relevanceOf = (text: number) => (best > 0 ? ranking.score(text) / best : 0);
  const orders = ordersOf(entry);
  const sources: Source[] = [];
  for (const text of ranking.passed) sources.push({ relevance: relevanceOf(text), docs: orders[text] as Int32Array, at: 0 });
  for (const doc of ranking.hop.keys()) sources.push({ relevance: relevanceOf(entry.textOf[doc] as number), docs: [doc], at: 0 });
  sources.sort((a, b) => b.relevance - a.relevance);
  const out: RankedJudgment[] = [];
  for (let from = 0; from < sources.length && out.length < count; ) {
    let to = from + 1;
    while (to < sources.length && (sources[to] as Source).relevance === (sources[from] as Source).relevance) to++;
    mergeInto(entry, sources.slice(from, to), count, accept, out);
    from = to;
  }
  return out;
}

/** Merges sources of one relevance newest first into `out` until it holds `count` judgments; a heap of their heads. */
function mergeInto(entry: Built, sources: Source[], count: number, accept: (doc: number) => boolean, out: RankedJudgment[]): void {
  const head = (s: Source) => s.docs[s.at] as number;
  const heap = sources;
  const less = (i: number, j: number) => before(entry, head(heap[i] as Source), head(heap[j] as Source));
  const swap = (i: number, j: number) => {
    const t = heap[i] as Source;
    heap[i] = heap[j] as Source;
    heap[j] = t;
  };
  const down = (from: number) => {
    let i = from;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < heap.length && less(l, m)) m = l;
      if (r < heap.length && less(r, m)) m = r;
      if (m === i) return;
      swap(i, m);
      i = m;
    }
  };
  for (let i = (heap.length >> 1) - 1; i >= 0; i--) down(i);
  while (heap.length > 0 && out.length < count) {
    const top = heap[0] as Source;
    const doc = head(top);
    topJudgmentsWork.read++;
    if (accept(doc)) out.push({ index: doc, relevance: top.relevance });
    top.at++;
    if (top.at === top.docs.length) {
      heap[0] = heap[heap.length - 1] as Source;
      heap.pop();
    }
    down(0);
  }
}
