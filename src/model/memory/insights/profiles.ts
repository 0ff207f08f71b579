import { cloneState } from '../../state/clone.js';
import type { Namespace } from '../../state/entities.js';
import type { EvolvedStandard } from '../../state/records/insights.js';
import type { JudgmentRecord } from '../../state/records/memory.js';
import { DAY_MS, internalId } from '../filters.js';
import { sideOf } from '../suggest.js';
import { judgmentViews } from '../views.js';
import { readInsights } from './state.js';

const round2 = (value: number) => Math.round(value * 100) / 100;
const percent = (value: number) => Math.round(value * 100);

/** Judgments a reviewer needs for a twin and for evolved standards. */
export const TWIN_THRESHOLD = 50;

/** Values by count (most first), ties by value. */
function byCount(values: Iterable<string>): [string, number][] {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0));
}

/** Share of approve-side judgments. */
const approvalRate = (list: readonly JudgmentRecord[]) => (list.length === 0 ? 0 : list.filter((j) => sideOf(j.decision) === 'approve').length / list.length);

/** Standards that moved: per content type, the last 90 days against the 275 before, each with 5 judgments, 25 points apart. */
function evolvedStandards(judgments: readonly JudgmentRecord[], now: number): EvolvedStandard[] {
  const shift = now - 90 * DAY_MS;
  const start = now - 365 * DAY_MS;
  const out: EvolvedStandard[] = [];
  for (const [topic] of byCount(judgments.map((j) => j.contentType).filter((t) => t !== ''))) {
    const recent = judgments.filter((j) => j.contentType === topic && j.createdAt >= shift && j.createdAt < now);
    const earlier = judgments.filter((j) => j.contentType === topic && j.createdAt >= start && j.createdAt < shift);
    if (recent.length < 5 || earlier.length < 5) continue;
    const before = approvalRate(earlier);
    const after = approvalRate(recent);
    if (Math.abs(Math.round((after - before) * 1e9) / 1e9) < 0.25) continue;
    out.push({ topic, shiftDate: shift, oldPattern: `Approved ${percent(before)}% of the time.`, newPattern: `Approved ${percent(after)}% of the time.` });
  }
  return out;
}

/**
 * One reviewer's profile aggregated from their judgments (beyond-spec-4 4.3.0 D), with seeded extras over the derived
 * values; null when the reviewer judged nothing and nothing is seeded. Costs the reviewer's judgments.
 * @example reviewerProfile(ns, 'u_sarah', clock.now())?.approvalRate
 */
export function reviewerProfile(ns: Namespace, userId: string, now: number): Record<string, unknown> | null {
  const seeded = readInsights(ns).profiles.get(userId);
  const positions = judgmentViews(ns.judgments).byReviewer.get(userId) ?? [];
  if (positions.length === 0 && !seeded) return null;
  const judgments = positions.map((i) => ns.judgments[i] as JudgmentRecord);
  let newest: JudgmentRecord | undefined;
  for (const j of judgments) if (!newest || j.createdAt >= newest.createdAt) newest = j;
  const approvals = judgments.filter((j) => sideOf(j.decision) === 'approve').length;
  const hours = byCount(judgments.map((j) => String(new Date(j.createdAt).getUTCHours()).padStart(2, '0')));
  const breakdown: Record<string, unknown> = Object.create(null);
  for (const [organization] of byCount(judgments.flatMap((j) => (j.organizationId === undefined ? [] : [j.organizationId]))).sort(([a], [b]) =>
    a < b ? -1 : 1,
  )) {
    const inOrg = judgments.filter((j) => j.organizationId === organization);
    const id = internalId(ns.apiKey, 'organization', organization);
    const approved = inOrg.filter((j) => sideOf(j.decision) === 'approve').length;
    breakdown[id] = {
      organizationId: id,
      clientOrganizationId: organization,
      judgments: inOrg.length,
      approvals: approved,
      approvalRate: round2(approved / inOrg.length),
    };
  }
  const eligible = judgments.length >= TWIN_THRESHOLD;
  const profile: Record<string, unknown> = {
    userId,
    name: newest?.actionUser.name ?? null,
    email: newest?.actionUser.email ?? null,
    totalJudgments: judgments.length,
    approvalRate: judgments.length === 0 ? 0 : round2(approvals / judgments.length),
    avgReviewTimeSeconds: 0,
    topFlags: byCount(judgments.flatMap((j) => j.flags ?? []))
      .slice(0, 5)
      .map(([issue, count]) => ({ issue, count })),
    contentTypes: byCount(judgments.map((j) => j.contentType).filter((t) => t !== '')).map(([type]) => type),
    peakHours: hours
      .slice(0, 3)
      .map(([hour]) => Number(hour))
      .sort((a, b) => a - b),
    orgBreakdown: breakdown,
    lastActive: newest?.createdAt ?? null,
    twinEligible: eligible,
    twinAccuracy: seeded?.twinAccuracy ?? null,
  };
  const standards = seeded?.evolvedStandards ? cloneState(seeded.evolvedStandards) : eligible ? evolvedStandards(judgments, now) : [];
  if (standards.length > 0) profile['evolvedStandards'] = standards;
  return profile;
}
