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
  if (SIDE_DECISIONS.approve.has(decision)) return 'approve';
  if (SIDE_DECISIONS.reject.has(decision)) return 'reject';
  return null;
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

/** A relevant judgment that supports a side. */
interface Vote {
  judgment: JudgmentRecord;
  /** Recording order, the last tie-break of "newest". */
  order: number;
  relevance: number;
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
  for (const scope of ladder(request)) {
    const votes: Record<Side, Vote[]> = { approve: [], reject: [] };
    for (const hit of hits) {
      const judgment = ns.judgments[hit.index] as JudgmentRecord;
      const side = sideOf(judgment.decision);
      if (side && inScope(judgment, scope, request)) votes[side].push({ judgment, order: hit.index, relevance: hit.relevance });
    }
    const lead = leadingSide(votes);
    if (lead === null) continue;
    const other: Side = lead === 'approve' ? 'reject' : 'approve';
    const win = votes[lead];
    const lose = votes[other];
    if (win.length < 2) continue;
    const split = lose.length >= 2;
    const primaryCaveats: string[] = [];
    if (split) primaryCaveats.push(`Conflicting precedent: ${win.length} ${lead} vs ${lose.length} ${other}`);
    if (staleShare(win, now) > 0.7) primaryCaveats.push(STALE_CAVEAT);
    const recent = recentLean(win, lose, now);
    if (recent) primaryCaveats.push(`Recent precedent leans ${other}: ${recent.lose} ${other} vs ${recent.win} ${lead} in the last 6 months`);
    const result = {
      primary: suggestion(lead, scope, win, lose, primaryCaveats),
      conflict: split ? suggestion(other, scope, lose, win, [`Minority view: ${lose.length} ${other} vs ${win.length} ${lead}`]) : null,
    };
    return { result, scope, counted: new Set([...win, ...lose].map((v) => v.order)) };
  }
  return { result: NONE, scope: null, counted: new Set() };
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
function leadingSide(votes: Record<Side, Vote[]>): Side | null {
  const { approve, reject } = votes;
  if (approve.length === 0 && reject.length === 0) return null;
  if (approve.length !== reject.length) return approve.length > reject.length ? 'approve' : 'reject';
  const sum = (vs: Vote[]) => vs.reduce((total, v) => total + v.judgment.confidence, 0);
  if (sum(approve) !== sum(reject)) return sum(approve) > sum(reject) ? 'approve' : 'reject';
  return newer(newest(approve), newest(reject)) ? 'approve' : 'reject';
}

function newest(votes: Vote[]): Vote | undefined {
  let best: Vote | undefined;
  for (const vote of votes) if (!best || newer(vote, best)) best = vote;
  return best;
}

function newer(a: Vote | undefined, b: Vote | undefined): boolean {
  if (!a || !b) return a !== undefined;
  return a.judgment.createdAt !== b.judgment.createdAt ? a.judgment.createdAt > b.judgment.createdAt : a.order > b.order;
}

/** Share of the records older than `STALE_AFTER_MS` by the service clock. */
function staleShare(votes: Vote[], now: number): number {
  return votes.filter((v) => now - v.judgment.createdAt > STALE_AFTER_MS).length / votes.length;
}

/**
 * The counts of the last 6 months when they contradict the overall majority: at least 2 recent records on
 * the minority side and more of them than recent records on the majority side.
 */
function recentLean(win: Vote[], lose: Vote[], now: number): { win: number; lose: number } | null {
  const recent = (vs: Vote[]) => vs.filter((v) => now - v.judgment.createdAt <= STALE_AFTER_MS).length;
  const counts = { win: recent(win), lose: recent(lose) };
  return counts.lose >= 2 && counts.lose > counts.win ? counts : null;
}

/**
 * `confidence` = agreement × evidence, rounded to 2 decimals. Each record weighs relevance × its own
 * confidence; with W the weight of this side and V the other side's, agreement = W / (W + V) and
 * evidence = W / (W + 2), so two fully relevant, fully confident records alone give 0.5 and twelve give 0.86.
 */
function confidenceOf(side: Vote[], other: Vote[]): number {
  const weight = (vs: Vote[]) => vs.reduce((total, v) => total + v.relevance * v.judgment.confidence, 0);
  const w = weight(side);
  const v = weight(other);
  if (w <= 0) return 0;
  const value = (w / (w + v)) * (w / (w + EVIDENCE_HALF_WEIGHT));
  return Math.round(value * 100) / 100;
}

/** Up to 3 distinct non-empty reasonings, most frequent first, ties to the most recently recorded. */
function topReasons(votes: Vote[]): string[] {
  const reasons = new Map<string, { count: number; latest: Vote }>();
  for (const vote of votes) {
    const text = vote.judgment.reasoning;
    if (text.trim() === '') continue;
    const seen = reasons.get(text);
    if (!seen) reasons.set(text, { count: 1, latest: vote });
    else {
      seen.count += 1;
      if (newer(vote, seen.latest)) seen.latest = vote;
    }
  }
  return [...reasons]
    .sort(([, a], [, b]) => b.count - a.count || (newer(a.latest, b.latest) ? -1 : 1))
    .slice(0, 3)
    .map(([text]) => text);
}

function suggestion(side: Side, scope: Scope, votes: Vote[], other: Vote[], caveats: string[]): Suggestion {
  return {
    recommendation: side,
    confidence: confidenceOf(votes, other),
    basedOn: votes.length,
    scope,
    scopeLabel: SCOPE_LABELS[scope],
    topReasons: topReasons(votes),
    uniqueReviewers: new Set(votes.map((v) => v.judgment.actionUser.userId)).size,
    caveats,
  };
}
