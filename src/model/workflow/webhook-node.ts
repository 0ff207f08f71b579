import type { WorkflowStepRecord } from '../state/records/workflow.js';
import { completeStep, failStep } from './flow.js';
import { outboxSeq, scriptedAnswer } from './nodes.js';
import { appendEvent, type Run, setStep } from './run.js';
import { CALLBACK_TOKEN_HEADER, hmacHex } from './sign.js';
import { addTimer } from './timers.js';

/**
 * Webhook steps (beyond-spec-4 4.2.0 F): the engine builds the request it sends (signed for `hmac`), records it in the
 * workflow outbox, announces it (the delivery harness sends it to the URL) and takes its outcome from the answer
 * scripted for the URL (`200 {}` unless told otherwise), so a run never depends on the network.
 */

/** Response text kept in a step's output, at most. */
const MAX_TEXT = 64 * 1024;

type Config = Record<string, unknown>;

/** Starts a webhook step: its first attempt. */
export function takeWebhook(run: Run, step: WorkflowStepRecord, config: Config, requireNonEmptyOutput: boolean): void {
  setStep(run, step, { webhook: { attempts: 0, callbackToken: null } });
  attemptWebhook(run, step, config, requireNonEmptyOutput);
}

/** Whether an answer carries nothing: no text, or JSON that is `null`, `{}` or `[]`. */
function emptyAnswer(text: string | null, json: unknown): boolean {
  if (json !== undefined) return json === null || (typeof json === 'object' && Object.keys(json as object).length === 0);
  return text === null || text === '';
}

/**
 * One attempt of a webhook step: a 2xx (or listed) answer completes a sync step or parks an async one until its
 * callback; a 5xx is retried at +2 s, +8 s, ... while attempts remain; anything else fails the step terminally.
 * @example attemptWebhook(run, step, config, false);
 */
export function attemptWebhook(run: Run, step: WorkflowStepRecord, config: Config, requireNonEmptyOutput: boolean): void {
  const { exec, wf } = run;
  const secret = exec.receiver?.secret ?? null;
  const url = String(config['url']);
  const mode = config['mode'] === 'async' ? 'async' : 'sync';
  const method = config['method'] === 'GET' ? 'GET' : 'POST';
  const authMode = (config['authMode'] as string | undefined) ?? 'hmac';
  const bodyTemplate = (config['bodyTemplate'] as string | undefined) ?? 'envelope';
  if (mode === 'async' && secret === null) {
    const reason = 'webhook-async-requires-secret';
    failStep(run, step, { code: reason, message: 'an async webhook node needs a webhookSecret on the execution' }, { reason });
    return;
  }
  const token = mode === 'async' ? hmacHex(secret as string, step.stepId) : null;
  const callback =
    token === null
      ? undefined
      : { url: `${wf.config.callbackBaseUrl.replace(/\/+$/, '')}/__mock/workflow/callback/${token}`, token, tokenHeader: CALLBACK_TOKEN_HEADER };
  let payload: unknown = null;
  if (bodyTemplate === 'envelope') {
    payload = {
      executionId: exec.executionId,
      stepId: step.stepId,
      nodeId: step.nodeId,
      definitionId: exec.definitionId,
      correlationId: exec.correlationId,
      input: step.input ?? null,
      triggerContext: exec.input.triggerContext,
      ...(callback ? { callback } : {}),
    };
  } else if (bodyTemplate === 'pass-through') {
    const input = typeof step.input === 'object' && step.input !== null && !Array.isArray(step.input) ? step.input : {};
    payload = callback
      ? { ...input, _service: { callbackUrl: callback.url, callbackToken: callback.token, callbackTokenHeader: CALLBACK_TOKEN_HEADER } }
      : input;
  }
  const body = payload === null ? null : JSON.stringify(payload);
  const headers: Record<string, string> = {};
  if (body !== null) headers['content-type'] = 'application/json';
  Object.assign(headers, (config['requestHeaders'] as Record<string, string> | undefined) ?? {});
  if (authMode === 'hmac' && secret !== null) headers['x-service-signature'] = `sha256=${hmacHex(secret, body ?? '')}`;
  if (authMode === 'token') headers[String(config['authTokenHeader'])] = secret ?? '';
  const attempts = (step.webhook?.attempts ?? 0) + 1;
  setStep(run, step, { webhook: { attempts, callbackToken: null } });
  const answer = scriptedAnswer(run, url) ?? wf.config.defaultResponse;
  const text = answer.text ?? (answer.json === undefined ? null : JSON.stringify(answer.json));
  const seq = outboxSeq(run);
  run.ctx.store.undo.push(wf.outbox, {
    seq,
    kind: 'webhook',
    executionId: exec.executionId,
    stepId: step.stepId,
    nodeId: step.nodeId,
    at: run.now,
    request: { method, url, headers, body },
    response: { status: answer.status, headers: { ...answer.headers }, body: text },
  });
  run.ctx.events.emit('workflow_webhook.request', run.ns.apiKey, { executionId: exec.executionId, stepId: step.stepId, outboxSeq: seq });
  const status = answer.status;
  const expected = (config['expectedStatusCodes'] as number[] | undefined) ?? [];
  if ((status >= 200 && status < 300) || expected.includes(status)) {
    if (token !== null) {
      run.ctx.store.undo.set(wf.callbacks, token, { executionId: exec.executionId, stepId: step.stepId });
      setStep(run, step, { status: 'waiting', webhook: { attempts, callbackToken: token } });
      appendEvent(run, 'step.awaiting-approval', step.stepId, { url });
      return;
    }
    if (requireNonEmptyOutput && emptyAnswer(text, answer.json)) {
      const reason = 'webhook-node-empty-response';
      failStep(run, step, { code: reason, message: `${url} answered ${status} with an empty body` }, { reason });
      return;
    }
    const output: Record<string, unknown> = { httpStatus: status, responseHeaders: { ...answer.headers } };
    if (answer.json !== undefined) output['responseJson'] = structuredClone(answer.json);
    else if (text !== null) output['responseText'] = text.slice(0, MAX_TEXT);
    completeStep(run, step, output, { nodeType: 'webhook' });
    return;
  }
  const retries = wf.config.webhookRetries;
  if (status >= 500 && attempts < retries) {
    const nextAttemptAt = run.now + 2000 * 4 ** (attempts - 1);
    appendEvent(run, 'step.retried', step.stepId, { attempt: attempts, httpStatus: status, nextAttemptAt });
    addTimer(run.ctx, wf, { at: nextAttemptAt, kind: 'retry', executionId: exec.executionId, stepId: step.stepId, attempt: attempts });
    return;
  }
  const retryable = status >= 500;
  failStep(
    run,
    step,
    { code: retryable ? 'webhook-retries-exhausted' : 'webhook-http-error', message: `${url} answered ${status}` },
    { httpStatus: status, latencyMs: 0, retryClass: retryable ? 'retryable' : 'terminal' },
  );
}

/** What a callback posts: the outcome of the work the async request started. */
export interface CallbackBody {
  status: 'completed' | 'failed';
  output?: Record<string, unknown> | undefined;
  error?: { code?: string | undefined; message?: string | undefined } | undefined;
}

/**
 * Completes or fails the async webhook step a callback token names (the step must still wait for it).
 * @example finishCallback(run, step, { status: 'completed', output: { approved: true } });
 */
export function finishCallback(run: Run, step: WorkflowStepRecord, body: CallbackBody): void {
  if (body.status === 'completed') {
    completeStep(run, step, structuredClone(body.output ?? {}), { nodeType: 'webhook', source: 'callback' });
    return;
  }
  const error = { code: body.error?.code ?? 'webhook-callback-failed', message: body.error?.message ?? 'the callback reported a failure' };
  failStep(run, step, error, { reason: error.code }, structuredClone(body.output ?? step.output));
}
