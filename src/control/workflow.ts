import type { CallbackInit, TriggerFireInit, WebhookResponsesInit, WorkflowConfigInit } from '../harness/workflow.js';
import { CALLBACK_TOKEN_HEADER } from '../model/workflow/sign.js';
import { header } from '../protocol/call.js';
import { json } from '../protocol/envelope.js';
import { type ControlHandler, RawReply } from './context.js';

/**
 * The workflow engine's control routes (beyond-spec-4 0.3): the in-process `service.workflow` over HTTP, which
 * validates every body strictly and makes every write all-or-nothing.
 */

/** `GET /__mock/workflow/config?apiKey=`: the workflow settings of a key. */
export const readConfig: ControlHandler = (deps, { query }) => deps.workflow.config({ apiKey: query.get('apiKey') ?? undefined });

/**
 * `POST /__mock/workflow/config` `{ apiKey?, agentSteps?, webhookRetries?, pickupDelayMs?, localTargets?, callbackBaseUrl?,
 * defaultResponse?, appTriggersSupported?, disconnectedInstallations? }`: changes the given settings.
 */
export const configure: ControlHandler = (deps, { body }) => deps.workflow.configure((body ?? {}) as WorkflowConfigInit);

/** `POST /__mock/workflow/webhook-responses` `{ apiKey?, url, status, headers?, json?|text? }` or `{ apiKey?, url, responses: [...] }`. */
export const webhookResponses: ControlHandler = (deps, { body }) => deps.workflow.scriptResponse(body as WebhookResponsesInit);

/**
 * `POST /__mock/workflow/callback/{token}` with `x-service-callback-token` and `{ status, output?, error? }`: the callback
 * target of async webhook nodes, reachable like a receiver URL (no control token). Answers 202 `{ok: true}`.
 */
export const callback: ControlHandler = async (deps, { body, call }) => {
  const path = call.path.split('?')[0] ?? '';
  const token = decodeURIComponent(path.slice(path.lastIndexOf('/') + 1));
  await deps.workflow.callback(token, body as CallbackInit, header(call, CALLBACK_TOKEN_HEADER));
  return new RawReply(json(202, { ok: true }));
};

/** `POST /__mock/workflow/triggers/fire` `{ apiKey?, definitionId, triggerId, payload?, eventName?, sourceEventId? }`. */
export const fireTrigger: ControlHandler = (deps, { body }) => deps.workflow.fireTrigger(body as TriggerFireInit);

/** `GET /__mock/workflow/outbox?apiKey=&executionId=&kind=`: notification messages and webhook requests, oldest first. */
export const outbox: ControlHandler = (deps, { query }) => {
  const kind = query.get('kind');
  return {
    entries: deps.workflow.outbox({
      ...(query.get('apiKey') ? { apiKey: query.get('apiKey') as string } : {}),
      ...(query.get('executionId') ? { executionId: query.get('executionId') as string } : {}),
      ...(kind === 'notification' || kind === 'webhook' ? { kind } : {}),
    }),
  };
};
