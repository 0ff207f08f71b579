import type { ModelContext } from '../state/context.js';
import type { WorkflowState, WorkflowTimer } from '../state/records/workflow.js';

/**
 * The workflow engine's due instants (SLA deadlines, agent polls, webhook retries, delayed pickups, schedules),
 * kept latest first so the next one is the last element: adding one costs a binary search and a splice, taking the
 * next one a pop. Every change goes through the undo log.
 */

/** Whether timer `a` falls due after `b` (later instant, or the same instant created later). */
const after = (a: WorkflowTimer, b: WorkflowTimer): boolean => a.at > b.at || (a.at === b.at && a.seq > b.seq);

/**
 * Adds a due instant.
 * @example addTimer(ctx, wf, { at: now + 60_000, kind: 'sla', executionId, stepId });
 */
export function addTimer(ctx: ModelContext, wf: WorkflowState, timer: Omit<WorkflowTimer, 'seq'>): void {
  const { undo } = ctx.store;
  const entry: WorkflowTimer = { ...timer, seq: wf.timerSeq };
  undo.assign(wf, 'timerSeq', wf.timerSeq + 1);
  const list = wf.timers;
  // Latest first: find the first element the new one falls due after.
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (after(list[mid] as WorkflowTimer, entry)) lo = mid + 1;
    else hi = mid;
  }
  undo.note(
    () => list.splice(lo, 1),
    () => list.splice(lo, 0, entry),
  );
  list.splice(lo, 0, entry);
}

/** The instant of the next due timer, or `null`. @example nextTimerAt(wf) */
export function nextTimerAt(wf: WorkflowState): number | null {
  return wf.timers.at(-1)?.at ?? null;
}

/**
 * Takes the next timer when it is due at `now`, or returns `undefined`.
 * @example for (let t = takeDueTimer(ctx, wf, now); t; t = takeDueTimer(ctx, wf, now)) run(t);
 */
export function takeDueTimer(ctx: ModelContext, wf: WorkflowState, now: number): WorkflowTimer | undefined {
  const list = wf.timers;
  const next = list.at(-1);
  if (!next || next.at > now) return undefined;
  ctx.store.undo.note(
    () => list.push(next),
    () => list.pop(),
  );
  list.pop();
  return next;
}

/**
 * Drops every timer that matches (a disarmed schedule); O(timers), for the rare writes that need it.
 * @example dropTimers(ctx, wf, (t) => t.kind === 'schedule' && t.executionId === definitionId);
 */
export function dropTimers(ctx: ModelContext, wf: WorkflowState, drop: (timer: WorkflowTimer) => boolean): void {
  if (!wf.timers.some(drop)) return;
  ctx.store.undo.assign(
    wf,
    'timers',
    wf.timers.filter((t) => !drop(t)),
  );
}
