import type { ModelContext } from '../state/context.js';
import type { Namespace } from '../state/entities.js';
import type { DomainEventMap } from '../state/events.js';
import { hmacHex } from '../workflow/sign.js';
import { eventView } from '../workflow/views.js';
import { enqueueWorkflow } from './outbox.js';

/**
 * Queues an external event of a workflow run for the run's receiver (beyond-spec-4 4.2.0 K): the event view plus
 * `executionId` and `definitionId`, signed `x-service-signature: sha256=<hex HMAC of the body>`, with
 * `x-service-event-id`; filtered by the receiver's `eventTypes`.
 * @example queueWorkflowEvent(ctx, ns, event);
 */
export function queueWorkflowEvent(ctx: ModelContext, ns: Namespace, event: DomainEventMap['workflow_execution.event']): void {
  const exec = ns.workflow?.executions.get(event.executionId);
  const receiver = exec?.receiver;
  const stored = exec?.events[event.seq - 1];
  if (!exec || !receiver || !stored) return;
  if (receiver.eventTypes !== null && !receiver.eventTypes.includes(event.eventType)) return;
  const payload = { ...eventView(exec, stored), executionId: exec.executionId, definitionId: exec.definitionId };
  const body = JSON.stringify(payload);
  enqueueWorkflow(ctx, ns, {
    kind: 'workflow',
    messageId: stored.eventId,
    event: event.eventType,
    url: receiver.url,
    method: 'POST',
    payload,
    body,
    headers: { 'content-type': 'application/json', 'x-service-signature': `sha256=${hmacHex(receiver.secret, body)}`, 'x-service-event-id': stored.eventId },
    at: stored.timestamp,
  });
}

/**
 * Queues the request a workflow webhook node made, exactly as the workflow outbox records it, for the service's sender
 * to deliver once (the step's outcome already came from the answer scripted for its URL).
 * @example queueWorkflowRequest(ctx, ns, event);
 */
export function queueWorkflowRequest(ctx: ModelContext, ns: Namespace, event: DomainEventMap['workflow_webhook.request']): void {
  const entry = ns.workflow?.outbox[event.outboxSeq];
  const request = entry?.request;
  if (!entry || !request) return;
  let payload: Record<string, unknown> = {};
  try {
    const parsed: unknown = request.body === null ? {} : JSON.parse(request.body);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) payload = parsed as Record<string, unknown>;
  } catch {
    payload = {};
  }
  enqueueWorkflow(ctx, ns, {
    kind: 'workflow-node',
    messageId: `${entry.stepId}#${entry.seq}`,
    event: 'workflow.webhook-node',
    url: request.url,
    method: request.method,
    payload,
    body: request.body ?? '',
    headers: { ...request.headers },
    at: entry.at,
  });
}
