import type { DeclaredReviewer, ScriptedResponse, WorkflowStepRecord } from '../state/records/workflow.js';
import { AGENT_RUN_TERMINAL, readAgentRun, startAgentRun } from './agent-runs.js';
import { completeStep, failStep } from './flow.js';
import { readPath } from './predicates.js';
import { appendEvent, type Run, setStep } from './run.js';
import { renderTemplate } from './templates.js';
import { addTimer } from './timers.js';

/**
 * What human, agent and notification steps do when the engine takes them (beyond-spec-4 4.2.0 F). Webhook steps live
 * in `webhook-node.ts`.
 */

type Config = Record<string, unknown>;

/** The reviewers of a human node: `reviewers`, or legacy `reviewerIds` (all mandatory). */
export function declaredReviewers(config: Config): DeclaredReviewer[] {
  const reviewers = config['reviewers'] as DeclaredReviewer[] | undefined;
  if (reviewers) return reviewers.map((r) => ({ userId: r.userId, mandatory: r.mandatory }));
  return ((config['reviewerIds'] as string[] | undefined) ?? []).map((userId) => ({ userId, mandatory: true }));
}

/** The output of a human step while it waits: what a reviewer UI renders. */
export function waitingOutput(step: WorkflowStepRecord): Record<string, unknown> {
  const agg = step.aggregator;
  return {
    reviewers: structuredClone(agg?.reviewers ?? []),
    reviewerIds: (agg?.reviewers ?? []).map((r) => r.userId),
    reviewerEmails: [...(agg?.reviewerEmails ?? [])],
    commentBody: agg?.commentBody ?? null,
  };
}

/** A human step waits for its reviewers (`step.awaiting-approval`). */
export function takeHuman(run: Run, step: WorkflowStepRecord, config: Config): void {
  const reviewers = declaredReviewers(config);
  const reason =
    reviewers.length === 0
      ? 'no-reviewers'
      : !reviewers.some((r) => r.mandatory)
        ? 'no-mandatory-reviewers'
        : new Set(reviewers.map((r) => r.userId)).size !== reviewers.length
          ? 'duplicate-reviewer-user-ids'
          : undefined;
  if (reason !== undefined) {
    failStep(run, step, { code: reason, message: `human step cannot wait: ${reason}` }, { reason });
    return;
  }
  const aggregator = {
    reviewers,
    reviewerEmails: [...((config['reviewerEmails'] as string[] | undefined) ?? [])],
    commentBody: typeof config['commentBody'] === 'string' ? config['commentBody'] : null,
    status: 'pending' as const,
    responses: [],
  };
  setStep(run, step, { aggregator, status: 'waiting' });
  setStep(run, step, { output: waitingOutput(step) });
  const mandatoryCount = reviewers.filter((r) => r.mandatory).length;
  appendEvent(run, 'step.awaiting-approval', step.stepId, { waitingForReviewers: reviewers.length, mandatoryCount, resumeKey: `human:${step.stepId}` });
}

/** The URL an agent step works on: a static `url`, else the `urlPath` value of the trigger context (`https://` added). */
function agentUrl(run: Run, config: Config): string | undefined {
  if (typeof config['url'] === 'string') return config['url'];
  if (typeof config['urlPath'] !== 'string') return undefined;
  const value = readPath(run.exec.input.triggerContext, config['urlPath']);
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`;
}

/**
 * An agent step: `__mock__` completes at once; a blocking one or one without a URL fails; otherwise it starts an
 * agent run and waits for it, polling on the clock (or at once, or never, per the `agentSteps` progression).
 */
export function takeAgent(run: Run, step: WorkflowStepRecord, config: Config): void {
  const agentId = String(config['agentId']);
  if (config['blocking'] === true) {
    failStep(
      run,
      step,
      { code: 'agent-blocking-not-supported', message: 'blocking agent steps are not supported by the engine (beta)' },
      { reason: 'agent-blocking-not-supported' },
    );
    return;
  }
  if (agentId === '__mock__') {
    completeStep(run, step, { agentId, synthetic: true, decision: 'approve' }, { agentId, synthetic: true, decision: 'approve' });
    return;
  }
  const url = agentUrl(run, config);
  if (url === undefined) {
    failStep(
      run,
      step,
      { code: 'agent-url-unresolved', message: 'the agent node has no url and its urlPath names no value in triggerContext' },
      { reason: 'agent-url-unresolved' },
    );
    return;
  }
  const userContext: Record<string, unknown> = {};
  for (const [field, path] of Object.entries((config['userContextMapping'] as Record<string, string> | undefined) ?? {})) {
    userContext[field] = readPath(run.exec.input.triggerContext, path);
  }
  const progression = run.wf.config.agentSteps;
  const started = startAgentRun(run.ctx, run.ns, {
    agentId,
    url,
    organizationId: run.exec.input.organizationId,
    documentId: run.exec.input.documentId,
    workflowExecutionId: run.exec.executionId,
    crossPageExecute: config['crossPageExecute'] === true,
    maxUrlsToProcess: typeof config['maxUrlsToProcess'] === 'number' ? config['maxUrlsToProcess'] : null,
    userContext,
    promptOverride: typeof config['promptOverride'] === 'string' ? config['promptOverride'] : null,
    immediate: progression === 'immediate',
  });
  if (!started.ok) {
    failStep(run, step, { code: 'agent-dispatch-failed', message: started.message }, { reason: 'agent-dispatch-failed' }, {});
    return;
  }
  const pollIntervalMs = typeof config['pollIntervalMs'] === 'number' ? config['pollIntervalMs'] : 15_000;
  const maxRuntime = typeof config['agentMaxRuntimeMs'] === 'number' ? config['agentMaxRuntimeMs'] : 600_000;
  const agent = { agentId, agentExecutionId: started.agentExecutionId, resolvedUrl: url, pollIntervalMs, giveUpAt: run.now + maxRuntime };
  setStep(run, step, { status: 'waiting', agent });
  appendEvent(run, 'step.awaiting-approval', step.stepId, { agentId, agentExecutionId: started.agentExecutionId, pollIntervalMs });
  if (progression === 'clock') nextPoll(run, step);
  else if (progression === 'immediate') {
    pollAgent(run, step);
    // A run finished now by a pass settling an earlier instant resumes at its own completion instant.
    const done = step.status === 'waiting' ? readAgentRun(run.ctx, run.ns, started.agentExecutionId)?.completedAt : null;
    if (done !== null && done !== undefined) addTimer(run.ctx, run.wf, { at: done, kind: 'poll', executionId: run.exec.executionId, stepId: step.stepId });
  }
}

/** Arms the step's next poll: one interval on, or its give-up instant if that comes first. */
function nextPoll(run: Run, step: WorkflowStepRecord): void {
  const agent = step.agent;
  if (!agent) return;
  const at = Math.min(run.now + agent.pollIntervalMs, agent.giveUpAt);
  addTimer(run.ctx, run.wf, { at, kind: 'poll', executionId: run.exec.executionId, stepId: step.stepId });
}

/**
 * A poll of a waiting agent step at the pass's instant: a finished run resumes the step (`passed`/`skipped` complete
 * it with an approval, anything else fails it with a rejection); past `agentMaxRuntimeMs` it fails `agent-timeout`.
 * @example pollAgent(run, step);
 */
export function pollAgent(run: Run, step: WorkflowStepRecord): void {
  const agent = step.agent;
  if (step.status !== 'waiting' || !agent) return;
  const state = readAgentRun(run.ctx, run.ns, agent.agentExecutionId);
  if (state && state.completedAt !== null && state.completedAt <= run.now && AGENT_RUN_TERMINAL.has(state.status)) {
    const approved = state.status === 'passed' || state.status === 'skipped';
    const decision = approved ? 'approve' : 'reject';
    const output = {
      agentId: agent.agentId,
      agentExecutionId: agent.agentExecutionId,
      agentExecutionStatus: state.status,
      agentResultsSummary: structuredClone(state.resultsSummary),
      resolvedUrl: agent.resolvedUrl,
      agentDurationMs: state.completedAt - state.startedAt,
      summary: `Agent run ${state.status}`,
      generatedAt: state.completedAt,
      decision,
    };
    const data = { agentExecutionId: agent.agentExecutionId, agentExecutionStatus: state.status, decision, source: 'poll' };
    if (approved) completeStep(run, step, output, data);
    else failStep(run, step, { code: `agent-run-${state.status}`, message: `the agent run ended ${state.status}` }, data, output);
    return;
  }
  if (run.now >= agent.giveUpAt) {
    failStep(run, step, { code: 'agent-timeout', message: 'the agent run did not finish within agentMaxRuntimeMs' }, { reason: 'agent-timeout' });
    return;
  }
  if (run.wf.config.agentSteps === 'clock') nextPoll(run, step);
}

/** The scripted answer for a URL or Slack target (the last one repeats), counting it as used; `undefined` when none. */
export function scriptedAnswer(run: Run, target: string): ScriptedResponse | undefined {
  const list = run.wf.webhookResponses.get(target);
  if (!list || list.length === 0) return undefined;
  const used = run.wf.webhookAnswered.get(target) ?? 0;
  run.ctx.store.undo.set(run.wf.webhookAnswered, target, used + 1);
  return list[Math.min(used, list.length - 1)];
}

/** The next outbox position. */
export function outboxSeq(run: Run): number {
  return run.wf.outbox.length;
}

/**
 * A notification step: renders its templates, appends the message to the outbox and completes; a `slack-blocks` body
 * that is not a JSON array, or a Slack target scripted to answer `{ok: false}`, fails it terminally.
 */
export function takeNotification(run: Run, step: WorkflowStepRecord, config: Config): void {
  const { exec } = run;
  const scope = {
    input: step.input,
    execution: { executionId: exec.executionId, definitionId: exec.definitionId, correlationId: exec.correlationId, triggerContext: exec.input.triggerContext },
    step: { stepId: step.stepId, nodeId: step.nodeId, nodeType: step.nodeType, iteration: step.iteration },
  };
  const channel = String(config['channel']);
  const format = typeof config['format'] === 'string' ? config['format'] : 'text';
  const subject = typeof config['subjectTemplate'] === 'string' ? renderTemplate(config['subjectTemplate'], scope) : undefined;
  const body = renderTemplate(String(config['bodyTemplate']), scope);
  const failData = { channel, retryClass: 'terminal' };
  if (format === 'slack-blocks' && !isJsonArray(body)) {
    failStep(run, step, { code: 'notification-invalid-blocks', message: 'a slack-blocks body must render to a JSON array' }, failData);
    return;
  }
  const target = channel === 'slack' ? String(config['slackTarget']) : undefined;
  const answer = target === undefined ? undefined : scriptedAnswer(run, target);
  const answerJson = answer?.json as { ok?: unknown; error?: unknown } | undefined;
  if (answerJson && answerJson.ok === false) {
    const code = typeof answerJson.error === 'string' ? answerJson.error : 'slack-error';
    failStep(run, step, { code, message: `Slack answered ${code}` }, failData);
    return;
  }
  const recipients = (config['recipients'] as string[] | undefined) ?? [];
  const message: Record<string, unknown> = { channel };
  if (channel === 'email') message['recipients'] = [...recipients];
  else message['slackTarget'] = target;
  if (subject !== undefined) message['subject'] = subject;
  message['body'] = body;
  message['format'] = format;
  run.ctx.store.undo.push(run.wf.outbox, {
    seq: outboxSeq(run),
    kind: 'notification',
    executionId: exec.executionId,
    stepId: step.stepId,
    nodeId: step.nodeId,
    at: run.now,
    message,
  });
  const output: Record<string, unknown> = { channel, delivered: channel === 'email' ? recipients.length : 1 };
  if (subject !== undefined) output['subject'] = subject;
  output['body'] = body;
  completeStep(run, step, output, { nodeType: 'notification' });
}

function isJsonArray(text: string): boolean {
  try {
    return Array.isArray(JSON.parse(text));
  } catch {
    return false;
  }
}
