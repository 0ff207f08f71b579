import type { ModelContext } from '../state/context.js';
import type { CommentEventFields, DomainEvent } from '../state/events.js';
import { debounceEditorChange, dropEditorChange, enqueueAdvanced, enqueueBasic } from './outbox.js';
import { advancedCommentPayload, basicCommentPayload } from './payloads.js';
import { queueWorkflowEvent, queueWorkflowRequest } from './workflow.js';

/** Whether an event is about a comment thread or a comment (service-facts 7.5). */
function isCommentEvent(event: DomainEvent): event is DomainEvent & CommentEventFields {
  return event.type.startsWith('comment.') || event.type.startsWith('comment_annotation.');
}

/**
 * Turns one domain event into webhook deliveries: comment events that asked for them (`triggerNotification: true`) into
 * advanced messages for every endpoint that receives them and the basic delivery when its trigger is on; shared-editor changes into a debounced
 * `crdt.update_data`.
 * @example ctx.events.on('*', (event) => queueWebhooks(ctx, event));
 */
export function queueWebhooks(ctx: ModelContext, event: DomainEvent): void {
  // A key with no namespace has no webhook configuration either.
  const ns = ctx.store.tables.namespaces.get(event.apiKey);
  if (!ns) return;
  if (isCommentEvent(event)) {
    // REST writes fire webhooks only when they asked for the SDK's side effects (beyond-spec 1.0).
    if (event.triggerNotification !== true) return;
    enqueueAdvanced(ctx, ns, event.type, () => advancedCommentPayload(ctx, ns, event.type, event));
    enqueueBasic(ctx, ns, event.type, () => basicCommentPayload(ctx, ns, event.type, event));
  } else if (event.type === 'workflow_execution.event') {
    if (event.external) queueWorkflowEvent(ctx, ns, event);
  } else if (event.type === 'workflow_webhook.request') {
    queueWorkflowRequest(ctx, ns, event);
  } else if (event.type === 'crdt.update_data') {
    debounceEditorChange(ctx, ns, event);
  } else if (event.type === 'crdt.delete_data') {
    dropEditorChange(ctx, ns, event);
  }
}

/**
 * Subscribes the outbox to a service's domain events; returns the unsubscribe function.
 * @example attachWebhookOutbox(model);
 */
export function attachWebhookOutbox(ctx: ModelContext): () => void {
  return ctx.events.on('*', (event) => queueWebhooks(ctx, event));
}
