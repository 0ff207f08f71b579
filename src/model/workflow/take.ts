import type { WorkflowStepRecord } from '../state/records/workflow.js';
import { rollup } from './flow.js';
import { takeAgent, takeHuman, takeNotification } from './nodes.js';
import { appendEvent, type Run, setStep } from './run.js';
import { addTimer } from './timers.js';
import { takeWebhook } from './webhook-node.js';

/**
 * Takes a pending step: `running` (`step.started`, its SLA deadline armed), then what its node type does.
 * @example takeStep(run, step);
 */
export function takeStep(run: Run, step: WorkflowStepRecord): void {
  if (step.status !== 'pending') return;
  const node = run.nodes.get(step.nodeId);
  const deadline = node?.slaMs === undefined ? null : run.now + node.slaMs;
  setStep(run, step, { status: 'running', startedAt: run.now, deadline });
  appendEvent(run, 'step.started', step.stepId);
  if (deadline !== null) addTimer(run.ctx, run.wf, { at: deadline, kind: 'sla', executionId: run.exec.executionId, stepId: step.stepId });
  const config = node?.config ?? {};
  if (step.nodeType === 'human') takeHuman(run, step, config);
  else if (step.nodeType === 'agent') takeAgent(run, step, config);
  else if (step.nodeType === 'notification') takeNotification(run, step, config);
  else takeWebhook(run, step, config, node?.requireNonEmptyOutput === true);
}

/**
 * Takes every queued step in FIFO order (steps they schedule join the queue), then rolls the run up.
 * @example finish(run);
 */
export function finish(run: Run): void {
  while (run.queue.length > 0 && run.exec.status === 'running') {
    const step = run.exec.steps.get(run.queue.shift() as string);
    if (step) takeStep(run, step);
  }
  rollup(run);
}
