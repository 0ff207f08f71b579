import type { JudgmentRecord, Namespace } from '../entities.js';
import { judgmentIndex, type Hit, type JudgmentRanker } from './index.js';

/** A side a judgment can support. */
export type Side = 'approve' | 'reject';

/** Decisions counted toward each side (service-facts 5.1); every other decision counts toward neither. */
export const SIDE_DECISIONS: Readonly<Record<Side, ReadonlySet<string>>> = {
  approve: new Set(['approved', 'agree', 'endorse', 'document_approved']),
  reject: new Set(['rejected', 'disagree', 'document_rejected']),
};

/** The side a decision supports, or null. @example sideOf('endorse') // 'approve' */
export function sideOf(decision: string): Side | null {
  // The sets spelled out: a string comparison per case costs less than hashing the decision of every hit.
  switch (decision) {
    case 'approved':
    case 'agree':
    case 'endorse':
    case 'document_approved':
      return 'approve';
    case 'rejected':
    case 'disagree':
    case 'document_rejected':
      return 'reject';
    default:
      return null;
  }
}

/** A rung of the scope ladder (service-facts 5.3). */
export type Scope = 'document' | 'organization' | 'apiKey';

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

/** A relevant judgment that supports a side: the record, its recording order (the last tie-break of "newest") and its relevance. */
interface Vote {
  judgment: JudgmentRecord;
  order: number;
  relevance: number;
}

/**
 * What a side adds up to in one scope, summed in recording order in one pass over the hits: its records, their summed
 * confidence and weight, how many are stale or recent, and the newest of them.
 */
interface Tally {
  count: number;
  confidence: number;
  weight: number;
  stale: number;
  recent: number;
  /** The newest record and its recording order (-1: none yet). */
  newest: JudgmentRecord | undefined;
  newestOrder: number;
}

const NONE: SuggestResult = { primary: null, conflict: null };

/**
 * Suggests approve or reject from the judgments relevant to the query: walks the scope ladder from the
 * narrowest scope the request allows, takes the first whose leading side has at least 2 records, and fills
 * `conflict` with the minority side when it has at least 2 records too.
 * @example suggestDecision(ns, { query: 'clinically proven' }, clock.now())
 */
export function suggestDecision(ns: Namespace, request: SuggestRequest, now: number, index: JudgmentRanker = judgmentIndex(ns.judgments)): SuggestResult {
  return decide(ns, index.search(request.query), request, now).result;
}

/** A suggestion with the records behind it: the scope it settled on and the judgments that voted there. */
export interface Decision {
  result: SuggestResult;
  /** The scope of `primary` and `conflict`; null when `primary` is null. */
  scope: Scope | null;
  /** Positions (in the namespace's judgments) of the records counted on either side. */
  counted: ReadonlySet<number>;
}

/**
 * The suggestion for relevant judgments already found (`hits`), with the records it counted.
 * @example decide(ns, index.search(query), { query }, clock.now()).counted
 */
export function decide(ns: Namespace, hits: readonly Hit[], request: SuggestRequest, now: number): Decision {
  if (hits.length === 0) return { result: NONE, scope: null, counted: new Set() };
  const scopes = ladder(request);
  const tallies = scopes.map(() => ({ approve: emptyTally(), reject: emptyTally() }));
  for (const hit of hits) {
    const judgment = ns.judgments[hit.index] as JudgmentRecord;
    const side = sideOf(judgment.decision);
    if (side === null) continue;
    for (let i = 0; i < scopes.length; i++) {
      if (inScope(judgment, scopes[i] as Scope, request)) add((tallies[i] as Record<Side, Tally>)[side], judgment, hit, now);
    }
  }
  for (let i = 0; i < scopes.length; i++) {
    const scope = scopes[i] as Scope;
    const tally = tallies[i] as Record<Side, Tally>;
    const lead = leadingSide(tally);
    if (lead === null) continue;
    const other: Side = lead === 'approve' ? 'reject' : 'approve';
    const win = tally[lead];
    const lose = tally[other];
    if (win.count < 2) continue;
    const split = lose.count >= 2;
    // The second pass, over the settled scope only: the votes behind the reasons and the reviewers.
    const votes: Record<Side, Vote[]> = { approve: [], reject: [] };
    for (const hit of hits) {
      const judgment = ns.judgments[hit.index] as JudgmentRecord;
      const side = sideOf(judgment.decision);
      if (side !== null && (side === lead || split) && inScope(judgment, scope, request)) votes[side].push({ judgment, order: hit.index, relevance: hit.relevance });
    }
    const primaryCaveats: string[] = [];
    if (split) primaryCaveats.push(`Conflicting precedent: ${win.count} ${lead} vs ${lose.count} ${other}`);
    if (win.stale / win.count > 0.7) primaryCaveats.push(STALE_CAVEAT);
    const recent = recentLean(win, lose);
    if (recent) primaryCaveats.push(`Recent precedent leans ${other}: ${recent.lose} ${other} vs ${recent.win} ${lead} in the last 6 months`);
    const result = {
      primary: suggestion(lead, scope, win, lose, votes[lead], primaryCaveats),
      conflict: split ? suggestion(other, scope, lose, win, votes[other], [`Minority view: ${lose.count} ${other} vs ${win.count} ${lead}`]) : null,
    };
    // Only an explanation reads the counted records; a suggest does not pay for the set.
    let counted: Set<number> | undefined;
    return {
      result,
      scope,
      get counted(): ReadonlySet<number> {
        counted ??= countedOf(ns, hits, scope, request);
        return counted;
      },
    };
  }
  return { result: NONE, scope: null, counted: new Set() };
}

const emptyTally = (): Tally => ({ count: 0, confidence: 0, weight: 0, stale: 0, recent: 0, newest: undefined, newestOrder: -1 });

function add(tally: Tally, judgment: JudgmentRecord, hit: Hit, now: number): void {
  tally.count++;
  tally.confidence += judgment.confidence;
  tally.weight += hit.relevance * judgment.confidence;
  if (now - judgment.createdAt > STALE_AFTER_MS) tally.stale++;
  else tally.recent++;
  const newest = tally.newest;
  if (!newest || (judgment.createdAt !== newest.createdAt ? judgment.createdAt > newest.createdAt : hit.index > tally.newestOrder)) {
    tally.newest = judgment;
    tally.newestOrder = hit.index;
  }
}

/** Positions of the records of either side in `scope`. */
function countedOf(ns: Namespace, hits: readonly Hit[], scope: Scope, request: SuggestRequest): Set<number> {
  const counted = new Set<number>();
  for (const hit of hits) {
    const judgment = ns.judgments[hit.index] as JudgmentRecord;
    if (sideOf(judgment.decision) !== null && inScope(judgment, scope, request)) counted.add(hit.index);
  }
  return counted;
}

function ladder(request: SuggestRequest): Scope[] {
  if (request.organizationId === undefined) return ['apiKey'];
  if (request.documentId === undefined) return ['organization', 'apiKey'];
  return ['document', 'organization', 'apiKey'];
}

function inScope(judgment: JudgmentRecord, scope: Scope, request: SuggestRequest): boolean {
  if (scope === 'apiKey') return true;
  if (judgment.organizationId !== request.organizationId) return false;
  return scope === 'organization' || judgment.documentId === request.documentId;
}

/** More records wins; a tie goes to the higher summed record confidence, then to the side of the newest record. */
function leadingSide({ approve, reject }: Record<Side, Tally>): Side | null {
  if (approve.count === 0 && reject.count === 0) return null;
  if (approve.count !== reject.count) return approve.count > reject.count ? 'approve' : 'reject';
  if (approve.confidence !== reject.confidence) return approve.confidence > reject.confidence ? 'approve' : 'reject';
  const a = approve.newest as JudgmentRecord;
  const r = reject.newest as JudgmentRecord;
  return (a.createdAt !== r.createdAt ? a.createdAt > r.createdAt : approve.newestOrder > reject.newestOrder) ? 'approve' : 'reject';
}

function newer(a: Vote | undefined, b: Vote | undefined): boolean {
  if (!a || !b) return a !== undefined;
  return a.judgment.createdAt !== b.judgment.createdAt ? a.judgment.createdAt > b.judgment.createdAt : a.order > b.order;
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

/** Up to 3 distinct non-empty reasonings, most frequent first, ties to the most recently recorded. */
function topReasons(votes: Vote[]): string[] {
  const reasons = new Map<string, { count: number; latest: Vote }>();
  const blank = new Set<string>();
  for (const vote of votes) {
    const text = vote.judgment.reasoning;
    if (blank.has(text)) continue;
    const seen = reasons.get(text);
    if (!seen) {
      if (text.trim() === '') blank.add(text);
      else reasons.set(text, { count: 1, latest: vote });
    } else {
      seen.count += 1;
      if (newer(vote, seen.latest)) seen.latest = vote;
    }
  }
  return [...reasons]
    .sort(([, a], [, b]) => b.count - a.count || (newer(a.latest, b.latest) ? -1 : 1))
    .slice(0, 3)
    .map(([text]) => text);
}

function suggestion(side: Side, scope: Scope, tally: Tally, other: Tally, votes: Vote[], caveats: string[]): Suggestion {
  return {
    recommendation: side,
    confidence: confidenceOf(tally, other),
    basedOn: tally.count,
    scope,
    scopeLabel: SCOPE_LABELS[scope],
    topReasons: topReasons(votes),
    uniqueReviewers: reviewers(votes),
    caveats,
  };
}

/** How many distinct reviewers recorded `votes`. */
function reviewers(votes: Vote[]): number {
  const users = new Set<string>();
  for (const v of votes) users.add(v.judgment.actionUser.userId);
  return users.size;
}
