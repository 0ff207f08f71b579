import { ServiceError } from '../../../errors.js';
import { cloneState } from '../../state/clone.js';
import type { ModelContext } from '../../state/context.js';
import type { Namespace } from '../../state/entities.js';
import type { AlertRecord } from '../../state/records/insights.js';
import type { JudgmentRecord } from '../../state/records/memory.js';
import { DAY_MS } from '../filters.js';
import { sideOf } from '../suggest.js';
import { judgmentViews, timeIndex } from '../views.js';
import { insightsOf, newAlertId, readInsights } from './state.js';

/** The dedup key of the derived approval-rate alert. */
export const APPROVAL_RATE_KEY = 'anomaly:approvalRate';

/** At most this many alerts are created per rolling 7 days per key (the documented cap). */
export const ALERTS_PER_WEEK = 3;

/** Sided judgments each window needs before the rule compares them. */
const MIN_SIDED = 10;

const round2 = (value: number) => Math.round(value * 100) / 100;
const percent = (value: number) => Math.round(value * 100);

/** Approvals over approvals plus rejections of the judgments created in [from, now], and how many were sided. */
function rateSince(ns: Namespace, from: number, now: number): { rate: number; sided: number } {
  const judgments = ns.judgments;
  const order = judgmentViews(judgments).byTime;
  let approvals = 0;
  let sided = 0;
  for (let at = timeIndex(judgments, order, from); at < order.length; at++) {
    const j = judgments[order[at] as number] as JudgmentRecord;
    if (j.createdAt > now) break;
    const side = sideOf(j.decision);
    if (side === null) continue;
    sided++;
    if (side === 'approve') approvals++;
  }
  return { rate: sided === 0 ? 0 : approvals / sided, sided };
}

/**
 * Runs the derived rule (beyond-spec-4 4.3.0 D): the approval rate of the last 7 days against the last 30, each with
 * at least 10 approve or reject judgments, dropping by 20 points or more makes an `anomaly` alert, unless one of the
 * rule is active, or was created in the last 7 days (a dismissed alert keeps the rule quiet for its week), or 3 alerts
 * were created in the last 7 days. Costs the judgments of the last 30 days.
 * @example evaluateAlerts(ctx, ns);
 */
export function evaluateAlerts(ctx: ModelContext, ns: Namespace): void {
  const insights = readInsights(ns);
  if (!insights.derivedAlerts || ns.judgments.length === 0) return;
  const now = ctx.clock.now();
  let lastWeek = 0;
  for (const alert of insights.alerts.values()) {
    const recent = alert.createdAt > now - 7 * DAY_MS && alert.createdAt <= now;
    // An active alert of the rule holds it back, and so does one dismissed or actioned within its week.
    if (alert.dedupKey === APPROVAL_RATE_KEY && (alert.status === 'active' || recent)) return;
    if (recent) lastWeek++;
  }
  if (lastWeek >= ALERTS_PER_WEEK) return;
  const baseline = rateSince(ns, now - 30 * DAY_MS, now);
  const current = rateSince(ns, now - 7 * DAY_MS, now);
  if (baseline.sided < MIN_SIDED || current.sided < MIN_SIDED) return;
  const drop = Math.round((baseline.rate - current.rate) * 1e9) / 1e9;
  if (drop < 0.2) return;
  const alert: AlertRecord = {
    id: newAlertId(ctx, ns),
    apiKey: ns.apiKey,
    alertType: 'anomaly',
    severity: drop >= 0.3 ? 'high' : 'medium',
    title: 'Approval rate dropped significantly',
    description: `Approval rate fell from ${percent(baseline.rate)}% (30-day) to ${percent(current.rate)}% (7-day), a ${percent(drop)}% drop.`,
    evidence: { metric: 'approvalRate', baseline: round2(baseline.rate), current: round2(current.rate), window: '7d vs 30d' },
    suggestedAction: 'Look through recent rejections for a new pattern or a change in reviewer behaviour.',
    actionUrl: null,
    status: 'active',
    createdAt: now,
    dismissedAt: null,
    dismissedBy: null,
    dedupKey: APPROVAL_RATE_KEY,
    actionedAt: null,
  };
  ctx.store.undo.set(insightsOf(ctx, ns).alerts, alert.id, alert);
}

/** The alert as the API shows it: every stored field but `actionedAt`. */
function view(alert: AlertRecord): Record<string, unknown> {
  const { actionedAt: _actionedAt, ...shown } = cloneState(alert);
  return shown;
}

/**
 * The active alerts, newest first, at most 50, after the derived rule ran.
 * @example listAlerts(ctx, ns).length
 */
export function listAlerts(ctx: ModelContext, ns: Namespace): Record<string, unknown>[] {
  evaluateAlerts(ctx, ns);
  const active = [...readInsights(ns).alerts.values()].filter((a) => a.status === 'active').reverse();
  active.sort((a, b) => b.createdAt - a.createdAt);
  return active.slice(0, 50).map(view);
}

/** The documented quirk: an unknown alert id answers 500 `INTERNAL`. */
function alertFor(ns: Namespace, alertId: string): AlertRecord {
  const alert = readInsights(ns).alerts.get(alertId);
  if (!alert) throw new ServiceError('INTERNAL', 'INTERNAL');
  return alert;
}

/**
 * Dismisses an alert (again: the time is refreshed); `dismissedBy` is the user's uid or `""`.
 * @example dismissAlert(ctx, ns, 'alert_x1y2z3a4b5c6', 'u_sarah');
 */
export function dismissAlert(ctx: ModelContext, ns: Namespace, alertId: string, uid: string | undefined): { success: true } {
  const alert = alertFor(ns, alertId);
  const { undo } = ctx.store;
  undo.assign(alert, 'status', 'dismissed');
  undo.assign(alert, 'dismissedAt', ctx.clock.now());
  undo.assign(alert, 'dismissedBy', uid ?? '');
  return { success: true };
}

/**
 * Marks an alert actioned; it never becomes active again.
 * @example actionAlert(ctx, ns, 'alert_x1y2z3a4b5c6');
 */
export function actionAlert(ctx: ModelContext, ns: Namespace, alertId: string): { success: true } {
  const alert = alertFor(ns, alertId);
  ctx.store.undo.assign(alert, 'status', 'actioned');
  ctx.store.undo.assign(alert, 'actionedAt', ctx.clock.now());
  return { success: true };
}

/** The stored alert settings (`{ enabled: true }` until the first update). */
export function alertConfig(ns: Namespace): Record<string, unknown> {
  return cloneState(readInsights(ns).alertConfig);
}

/**
 * Merges settings key by key into the stored alert settings (never consulted by generation).
 * @example updateAlertConfig(ctx, ns, { maxAlertsPerWeek: 5 });
 */
export function updateAlertConfig(ctx: ModelContext, ns: Namespace, config: Record<string, unknown>): { success: true } {
  const insights = insightsOf(ctx, ns);
  ctx.store.undo.assign(insights, 'alertConfig', { ...insights.alertConfig, ...cloneState(config) });
  return { success: true };
}
