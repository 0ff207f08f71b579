import type { ModelContext } from '../state/context.js';
import type { WorkflowDefinitionRecord, WorkflowState } from '../state/records/workflow.js';
import { nextCronInstant, parseCron } from './cron.js';
import { addTimer, dropTimers } from './timers.js';

/**
 * Arms the enabled schedule triggers of a definition: one timer each at the next instant its cron names after
 * `since` (an instant equal to `since` does not count, so a daily midnight schedule created at midnight first fires
 * the next midnight).
 * @example armSchedules(ctx, wf, record, ctx.clock.now());
 */
export function armSchedules(ctx: ModelContext, wf: WorkflowState, record: WorkflowDefinitionRecord, since: number): void {
  for (const trigger of record.current.content.triggers ?? []) {
    const schedule = trigger.schedule;
    if (!schedule || schedule.enabled === false) continue;
    const spec = parseCron(schedule.cron);
    const at = spec ? nextCronInstant(spec, schedule.timezone, since) : null;
    if (at !== null) addTimer(ctx, wf, { at, kind: 'schedule', definitionId: record.definitionId, version: record.version, triggerId: trigger.triggerId });
  }
}

/**
 * Stops every schedule of a definition (update replaces them, delete ends them).
 * @example disarmSchedules(ctx, wf, 'nightly-review');
 */
export function disarmSchedules(ctx: ModelContext, wf: WorkflowState, definitionId: string): void {
  dropTimers(ctx, wf, (t) => t.kind === 'schedule' && t.definitionId === definitionId);
}
