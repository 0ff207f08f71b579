import type { JudgmentRecord } from '../state/entities.js';
import type { JudgmentColumns } from './columns.js';
import { appendJudgments, type Built, emptyBuilt } from './postings.js';
import { rank } from './rank.js';
import { hitsOf, hitTableOf, type Ranking } from './ranking.js';
import type { Hit, HitTable } from './results.js';
import { type Lexicon, NO_SYNONYMS } from './synonyms.js';
import { type RankedJudgment, topJudgments } from './top-judgments.js';

export { BM25_B, BM25_K1, collectionSize, idf, MIN_COLLECTION } from './bm25.js';
export { MATCHING, RELEVANCE_CUTOFF } from './matching.js';
export type { Hit, HitTable, Scored, SearchReport, TermMatch } from './results.js';

/** Ranks judgments against a query. */
export interface JudgmentRanker {
  /** Judgments relevant to `query` in the order they were recorded; empty when nothing passes the cut-off. */
  search(query: string): Hit[];
  /** The same judgments as a table, each text's once for all its judgments (what a suggestion adds up). */
  table?(query: string): HitTable;
  /** What a suggestion reads of each judgment, kept with the index (see `columns.ts`). */
  columns?(): JudgmentColumns;
}

/** Ranks the judgments of one namespace against a query. */
export interface JudgmentIndex extends JudgmentRanker {
  columns(): JudgmentColumns;
  /** The same search with the terms each judgment matched, and the index it ranked: what `reportOf` (report.ts) reads. */
  rank(query: string): { entry: Built; ranking: Ranking };
  /**
   * The first `count` relevant judgments `accept` takes, more relevant first, then newer, then the smaller record id;
   * costs what it returns, not the judgments that repeat the texts found (see `top-judgments.ts`).
   */
  top(query: string, count: number, accept: (index: number) => boolean): RankedJudgment[];
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

/** Judgments compared while an index checks that a copied array holds what it was built over, added up across calls. */
export const adoptionWork = { compared: 0 };

/** Whether the first `entry.size` judgments are the ones the index was built over (ids, text and every field its columns hold). */
function covers(entry: Built, judgments: readonly JudgmentRecord[]): boolean {
  if (entry.size > judgments.length) return false;
  for (let i = entry.size - 1; i >= 0; i--) {
    adoptionWork.compared++;
    const a = judgments[i] as JudgmentRecord;
    const b = entry.records[i] as JudgmentRecord;
    if (a !== b && !same(a, b)) return false;
  }
  return true;
}

function same(a: JudgmentRecord, b: JudgmentRecord): boolean {
  return (
    a.recordId === b.recordId &&
    a.content === b.content &&
    a.reasoning === b.reasoning &&
    a.decision === b.decision &&
    a.confidence === b.confidence &&
    a.createdAt === b.createdAt &&
    a.organizationId === b.organizationId &&
    a.documentId === b.documentId &&
    a.actionUser.userId === b.actionUser.userId
  );
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
    // It now holds this array's records, so the next read of this array finds it its own without comparing again.
    for (let i = 0; i < candidate.size; i++) candidate.records[i] = judgments[i] as JudgmentRecord;
    built.set(judgments, candidate);
    return candidate;
  }
  const fresh = emptyBuilt(judgments);
  built.set(judgments, fresh);
  return fresh;
}

/**
 * The BM25 index of a namespace's judgments (content and reasoning as one field), built on first use and
 * kept current with appends; the `lexicon`'s related words widen each query word.
 * @example judgmentIndex(ns.judgments).search('clinically proven to reduce wrinkles')
 */
export function judgmentIndex(judgments: readonly JudgmentRecord[], lexicon: Lexicon = NO_SYNONYMS): JudgmentIndex {
  const entry = entryFor(judgments);
  if (entry.size < judgments.length) appendJudgments(entry, judgments);
  const last = judgments.at(-1)?.recordId;
  if (last !== undefined && byLastRecord.get(last)?.deref() !== entry) byLastRecord.set(last, new WeakRef(entry));
  const current = entry;
  return {
    search: (query) => hitsOf(current, rank(current, query, lexicon, false)),
    table: (query) => hitTableOf(current, rank(current, query, lexicon, false)),
    rank: (query) => ({ entry: current, ranking: rank(current, query, lexicon, true) }),
    columns: () => current.columns,
    top: (query, count, accept) => topJudgments(current, rank(current, query, lexicon, false), count, accept),
  };
}
