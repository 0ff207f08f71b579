import type { Namespace } from '../state/entities.js';
import { columnsOf, type JudgmentColumns } from './columns.js';
import { MatchedSets, outmatchedOf } from './dominance.js';
import { type HitTable, type JudgmentRanker, judgmentIndex, MATCHING } from './index.js';
import { tableOf } from './ranking.js';
import { Reader, type Scope } from './scope-reader.js';
import { newer, VoterCount, type Voters } from './voters.js';

export type { Scope } from './scope-reader.js';

import type { Side } from './sides.js';

export { SIDE_DECISIONS, type Side, sideOf } from './sides.js';

/** The exact `scopeLabel` of each scope. */
export const SCOPE_LABELS: Readonly<Record<Scope, string>> = {
  document: 'This document',
  organization: 'This organization',
  apiKey: 'All content',
};

/** "6 months" of the stale-pattern caveat: 183 days before the service clock (service-facts 5.5). */
export const STALE_AFTER_MS = 183 * 24 * 60 * 60 * 1000;

/** The verbatim stale-pattern caveat, given when more than 70% of the supporting records are older. */
export const STALE_CAVEAT = 'Stale pattern: >70% of supporting data is older than 6 months';

/** Weighted evidence at which the evidence factor of `confidence` reaches one half. */
export const EVIDENCE_HALF_WEIGHT = 2;

/** One suggestion, fields in the order the service returns them. */
export interface Suggestion {
  recommendation: Side;
  confidence: number;
  basedOn: number;
  scope: Scope;
  scopeLabel: string;
  topReasons: string[];
  uniqueReviewers: number;
  caveats: string[];
}

/** The `result` of suggest: `primary` and `conflict` only. */
export interface SuggestResult {
  primary: Suggestion | null;
  conflict: Suggestion | null;
}

/** What suggest is asked; `documentId` comes with `organizationId` (validated at the edge). */
export interface SuggestRequest {
  query: string;
  organizationId?: string | undefined;
  documentId?: string | undefined;
}

/**
 * What a side adds up to in one scope, summed in recording order in one pass over the hits: its records, their summed
 * confidence and weight (relevance × confidence), how many are stale or recent, and the newest of them (-1: none).
 */
interface Tally {
  count: number;
  confidence: number;
  weight: number;
  stale: number;
  recent: number;
  newest: number;
}

const NONE: SuggestResult = { primary: null, conflict: null };

/**
 * Suggests approve or reject from the judgments relevant to the query: walks the scope ladder from the
 * narrowest scope the request allows, takes the first whose leading side has at least 2 records, and fills
 * `conflict` with the minority side when it has at least 2 records too.
 * @example suggestDecision(ns, { query: 'clinically proven' }, clock.now())
 */
export function suggestDecision(ns: Namespace, request: SuggestRequest, now: number, index: JudgmentRanker = judgmentIndex(ns.judgments)): SuggestResult {
  const hits = index.table?.(request.query) ?? tableOf(index.search(request.query));
  return decide(ns, hits, request, now, index.columns?.()).result;
}

/** A suggestion with the records behind it: the scope it settled on and the judgments that voted there. */
export interface Decision {
  result: SuggestResult;
  /** The scope of `primary` and `conflict`; null when `primary` is null. */
  scope: Scope | null;
  /** Positions (in the namespace's judgments) of the records counted on either side. */
  counted: ReadonlySet<number>;
  /**
   * Relevant judgments of the settled scope counted toward neither side, each with the judgment of the other side
   * that matches every query word it matches and more (see `dominance.ts`); when `primary` is null, those of the
   * widest scope asked.
   */
  outmatched: ReadonlyMap<number, number>;
}

const NOT_OUTMATCHED: ReadonlyMap<number, number> = new Map();

/** The `Reader.depth` a judgment needs to be in each scope. */
const DEPTH: Readonly<Record<Scope, number>> = { document: 2, organization: 1, apiKey: 0 };

/**
 * The suggestion for relevant judgments already found (`hits`), with the records it counted. `columns` are the
 * index's (a ranker that keeps none has them read from the judgments, once per call).
 * @example decide(ns, index.table(query), { query }, clock.now(), index.columns()).counted
 */
export function decide(ns: Namespace, hits: HitTable, request: SuggestRequest, now: number, columns: JudgmentColumns = columnsOf(ns.judgments)): Decision {
  const { docs: found, group, relevance, words, coverage, kindOnly } = hits;
  if (found.length === 0) return { result: NONE, scope: null, counted: new Set(), outmatched: NOT_OUTMATCHED };
  const read = new Reader(columns, request);
  const scopes = ladder(request);
  const tallies = scopes.map(() => [emptyTally(), emptyTally()] as [Tally, Tally]);
  const sets = scopes.map(() => new MatchedSets());
  const depths = scopes.map((scope) => DEPTH[scope]);
  // Whether each scope and side saw a group: another judgment of it (the same words and coverage) adds nothing to `sets`.
  const added = new Uint8Array(scopes.length * 2 * hits.relevance.length);
  const { decision } = columns;
  const { sides } = read;
  const narrowest = depths[0] as number;
  const flat = tallies.flat();
  // A scope narrower than the whole key leaves out an item of one kind scoring under half the best: it says what kind
  // of item was judged there, not that this document or organization judged the query's point.
  const widest = scopes.length - 1;
  const counts = (i: number, g: number) => i === widest || kindOnly?.[g] !== 1 || (relevance[g] as number) >= MATCHING.kindInScopeFloor;
  for (let at = 0; at < found.length; at++) {
    const doc = found[at] as number;
    const side = sides[decision[doc] as number] as number;
    if (side === 0) continue;
    const g = group[at] as number;
    const depth = narrowest === 0 ? 0 : read.depth(doc);
    for (let i = 0; i < scopes.length; i++) {
      if ((depths[i] as number) > depth || !counts(i, g)) continue;
      add(flat[i * 2 + side - 1] as Tally, columns, doc, relevance[g] as number, now);
      const slot = (i * 2 + side - 1) * hits.relevance.length + g;
      if (added[slot] === 1) continue;
      added[slot] = 1;
      (sets[i] as MatchedSets).add(doc, words[g] as number, coverage[g] as number, side - 1);
    }
  }
  // In each scope, the judgments a judgment of the other side outmatches count toward neither side: a scope where
  // some are is tallied again without them.
  const outmatchedIn = sets.map((set) => set.rule());
  // Whether a rule leaves a group out on a side (by group and side): its judgments share their matched words.
  const leftOut = outmatchedIn.map((rule) => {
    if (rule === null) return null;
    const out = new Uint8Array(relevance.length * 2);
    for (let g = 0; g < relevance.length; g++) for (const side of [0, 1]) out[g * 2 + side] = rule(words[g] as number, side) === undefined ? 0 : 1;
    return out;
  });
  leftOut.forEach((out, i) => {
    if (out === null) return;
    const again: [Tally, Tally] = [emptyTally(), emptyTally()];
    for (let at = 0; at < found.length; at++) {
      const doc = found[at] as number;
      const side = sides[decision[doc] as number] as number;
      const g = group[at] as number;
      if (side !== 0 && counts(i, g) && (depths[i] as number) <= (narrowest === 0 ? 0 : read.depth(doc)) && out[g * 2 + side - 1] === 0)
        add(again[side - 1] as Tally, columns, doc, relevance[g] as number, now);
    }
    tallies[i] = again;
  });
  for (let i = 0; i < scopes.length; i++) {
    const scope = scopes[i] as Scope;
    const [approve, reject] = tallies[i] as readonly [Tally, Tally];
    const lead = leadingSide(approve, reject, columns);
    if (lead === null) continue;
    const other: Side = lead === 'approve' ? 'reject' : 'approve';
    const win = lead === 'approve' ? approve : reject;
    const lose = lead === 'approve' ? reject : approve;
    if (win.count < 2) continue;
    const split = lose.count >= 2;
    // The second pass, over the settled scope only: the records counted, whose reasons and reviewers the suggestion names.
    const left = outmatchedIn[i] ?? null;
    const out = leftOut[i] ?? null;
    const need = DEPTH[scope];
    const countedSide = (at: number) => {
      const doc = found[at] as number;
      const side = sides[decision[doc] as number] as number;
      if (side === 0 || (need > 0 && read.depth(doc) < need) || !counts(i, group[at] as number)) return -1;
      return out === null || out[(group[at] as number) * 2 + side - 1] === 0 ? side - 1 : -1;
    };
    const count = new VoterCount(columns);
    for (let at = 0; at < found.length; at++) {
      const side = countedSide(at);
      if (side !== -1) count.add(side, found[at] as number);
    }
    const [winVoters, loseVoters] = lead === 'approve' ? [count.voters(0), count.voters(1)] : [count.voters(1), count.voters(0)];
    const primaryCaveats: string[] = [];
    if (split) primaryCaveats.push(`Conflicting precedent: ${win.count} ${lead} vs ${lose.count} ${other}`);
    if (win.stale / win.count > 0.7) primaryCaveats.push(STALE_CAVEAT);
    const recent = recentLean(win, lose);
    if (recent) primaryCaveats.push(`Recent precedent leans ${other}: ${recent.lose} ${other} vs ${recent.win} ${lead} in the last 6 months`);
    const result = {
      primary: suggestion(lead, scope, win, lose, winVoters, primaryCaveats),
      conflict: split ? suggestion(other, scope, lose, win, loseVoters, [`Minority view: ${lose.count} ${other} vs ${win.count} ${lead}`]) : null,
    };
    // Only an explanation reads the counted records; a suggest does not pay for the set.
    let counted: Set<number> | undefined;
    return {
      result,
      scope,
      get outmatched(): ReadonlyMap<number, number> {
        return outmatchedOf(
          hits,
          left,
          (doc) => read.side(doc) - 1,
          (doc) => read.inScope(doc, scope),
        );
      },
      get counted(): ReadonlySet<number> {
        counted ??= new Set(found.filter((_, at) => countedSide(at) !== -1));
        return counted;
      },
    };
  }
  return {
    result: NONE,
    scope: null,
    counted: new Set(),
    get outmatched(): ReadonlyMap<number, number> {
      return outmatchedOf(
        hits,
        outmatchedIn.at(-1) ?? null,
        (doc) => read.side(doc) - 1,
        (doc) => read.inScope(doc, scopes[widest] as Scope),
      );
    },
  };
}

const emptyTally = (): Tally => ({ count: 0, confidence: 0, weight: 0, stale: 0, recent: 0, newest: -1 });

function add(tally: Tally, columns: JudgmentColumns, doc: number, relevance: number, now: number): void {
  const confidence = columns.confidence[doc] as number;
  const createdAt = columns.createdAt[doc] as number;
  tally.count++;
  tally.confidence += confidence;
  tally.weight += relevance * confidence;
  if (now - createdAt > STALE_AFTER_MS) tally.stale++;
  else tally.recent++;
  const newest = tally.newest;
  if (newest === -1 || createdAt > (columns.createdAt[newest] as number) || (createdAt === columns.createdAt[newest] && doc > newest)) tally.newest = doc;
}

function ladder(request: SuggestRequest): Scope[] {
  if (request.organizationId === undefined) return ['apiKey'];
  if (request.documentId === undefined) return ['organization', 'apiKey'];
  return ['document', 'organization', 'apiKey'];
}

/** More records wins; a tie goes to the higher summed record confidence, then to the side of the newest record. */
function leadingSide(approve: Tally, reject: Tally, columns: JudgmentColumns): Side | null {
  if (approve.count === 0 && reject.count === 0) return null;
  if (approve.count !== reject.count) return approve.count > reject.count ? 'approve' : 'reject';
  if (approve.confidence !== reject.confidence) return approve.confidence > reject.confidence ? 'approve' : 'reject';
  return newer(approve.newest, reject.newest, columns) ? 'approve' : 'reject';
}

/**
 * The counts of the last 6 months when they contradict the overall majority: at least 2 recent records on
 * the minority side and more of them than recent records on the majority side.
 */
function recentLean(win: Tally, lose: Tally): { win: number; lose: number } | null {
  const counts = { win: win.recent, lose: lose.recent };
  return counts.lose >= 2 && counts.lose > counts.win ? counts : null;
}

/**
 * `confidence` = agreement × evidence, rounded to 2 decimals. Each record weighs relevance × its own
 * confidence; with W the weight of this side and V the other side's, agreement = W / (W + V) and
 * evidence = W / (W + 2), so two fully relevant, fully confident records alone give 0.5 and twelve give 0.86.
 */
function confidenceOf(side: Tally, other: Tally): number {
  const w = side.weight;
  const v = other.weight;
  if (w <= 0) return 0;
  const value = (w / (w + v)) * (w / (w + EVIDENCE_HALF_WEIGHT));
  return Math.round(value * 100) / 100;
}

function suggestion(side: Side, scope: Scope, tally: Tally, other: Tally, voters: Voters, caveats: string[]): Suggestion {
  return {
    recommendation: side,
    confidence: confidenceOf(tally, other),
    basedOn: tally.count,
    scope,
    scopeLabel: SCOPE_LABELS[scope],
    topReasons: voters.topReasons,
    uniqueReviewers: voters.uniqueReviewers,
    caveats,
  };
}
