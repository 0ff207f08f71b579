/**
 * What every comment-thread and comment event carries (service-facts 7.2, 7.5): the ids, who acted, and copies
 * of the records as stored after the change (before it, for a delete), so a listener needs no second read.
 */
export interface CommentEventFields {
  organizationId: string;
  documentId: string;
  annotationId: string;
  /** The comment the event is about, for `comment.*` events. */
  commentId?: number;
  /** The user who made the change, as embedded in records (service-facts 6.7). */
  actionUser?: { userId: string; [field: string]: unknown };
  /** A copy of the comment annotation in its stored shape (service-facts 6.3), comments included. */
  commentAnnotation: Record<string, unknown>;
  /** A copy of the comment the event is about (service-facts 6.4). */
  targetComment?: Record<string, unknown>;
  /** Present for private threads: `{ type, userIds?, organizationIds?, organizationId? }`. */
  visibility?: Record<string, unknown>;
  /** `true` when the write asked for notifications (`triggerNotification`); REST writes are silent otherwise, webhooks included. */
  triggerNotification?: boolean;
}

/**
 * Domain events: what the state's mutations announce. The model emits them; the webhook outbox, the
 * inspector and tests subscribe. Each carries the API key whose namespace changed and the ids a listener
 * needs to find the records.
 */
export interface DomainEventMap {
  'organization.disable_state': { organizationId: string; disabled: boolean };
  'organization.add': { organizationId: string };
  'organization.update': { organizationId: string };
  'organization.delete': { organizationId: string };
  'folder.add': { organizationId: string; folderId: string };
  'folder.update': { organizationId: string; folderId: string };
  'folder.delete': { organizationId: string; folderId: string };
  'folder.access_update': { organizationId: string; folderId: string };
  'document.update': { organizationId: string; documentId: string };
  'document.move': { organizationId: string; documentId: string; folderId: string };
  'document.access_update': { organizationId: string; documentId: string };
  'document.disable_state': { organizationId: string; documentId: string; disabled: boolean };
  'permission.add': { organizationId: string; userId: string; documentId?: string; folderId?: string };
  'permission.remove': { organizationId: string; userId: string; documentId?: string; folderId?: string };
  'document.add': { organizationId: string; documentId: string };
  'document.delete': { organizationId: string; documentId: string };
  'document.migrate': { organizationId: string; documentId: string; newDocumentId: string };
  'user.add': { organizationId: string; userId: string; documentId?: string; folderId?: string };
  'user.update': { organizationId: string; userId: string; documentId?: string; folderId?: string };
  'user.delete': { organizationId: string; userId: string; documentId?: string; folderId?: string };
  'group.add': { organizationId: string; groupId: string };
  'group.users_add': { organizationId: string; groupId: string; userIds: string[] };
  'group.users_delete': { organizationId: string; groupId: string; userIds: string[] };
  'notification.add': { organizationId: string; documentId: string; notificationId: string };
  'notification.delete': { organizationId: string; documentId: string; notificationId: string };
  'notification.update': { organizationId: string; documentId: string; notificationId: string };
  'notification_config.set': { organizationId: string; userId: string; documentId?: string };
  'activity.add': { organizationId: string; activityId: string };
  'activity.update': { organizationId: string; activityId: string };
  'activity.delete': { organizationId: string; activityId: string };
  'location.update': { organizationId: string; documentId: string; changed: number };
  'presence.change': { organizationId: string; documentId: string };
  'livestate.broadcast': { organizationId: string; documentId: string; liveStateDataId: string };
  'comment_annotation.add': CommentEventFields;
  'comment_annotation.update': CommentEventFields;
  'comment_annotation.delete': CommentEventFields;
  'comment_annotation.assign': CommentEventFields;
  'comment_annotation.status_change': CommentEventFields;
  'comment_annotation.priority_change': CommentEventFields;
  'comment_annotation.custom_list_change': CommentEventFields;
  'comment_annotation.subscribe': CommentEventFields;
  'comment_annotation.unsubscribe': CommentEventFields;
  'comment_annotation.accept': CommentEventFields;
  'comment_annotation.reject': CommentEventFields;
  'comment.add': CommentEventFields;
  'comment.update': CommentEventFields;
  'comment.delete': CommentEventFields;
  'crdt.update_data': { organizationId: string; documentId: string; editorId: string };
  'agent.create': { agentId: string };
  'agent.update': { agentId: string };
  'agent.delete': { agentId: string };
  'agent.version_update': { agentId: string; version: number };
  'agent.version_restore': { agentId: string; version: number };
  'agent_group.create': { groupId: string };
  'agent_group.update': { groupId: string };
  'agent_group.delete': { groupId: string };
  'agent_group.agents_add': { groupId: string; agentIds: string[] };
  'agent_group.agents_remove': { groupId: string; agentIds: string[] };
  'agent_execution.start': { executionId: string; agentId: string; organizationId: string; documentId: string; status: string };
  'agent_execution.complete': { executionId: string; agentId: string; organizationId: string; documentId: string; status: string };
  'crdt.delete_data': { organizationId: string; documentId: string; editorId: string };
  'workflow_definition.create': { definitionId: string; version: number };
  'workflow_definition.update': { definitionId: string; version: number };
  'workflow_definition.delete': { definitionId: string; purged: boolean };
  /** One event appended to a run's stream (internal ones included; `external` says whether receivers get it). */
  'workflow_execution.event': { executionId: string; definitionId: string; seq: number; eventType: string; stepId: string | null; external: boolean };
  /** A webhook node made a request (kept in the workflow outbox at `outboxSeq`). */
  'workflow_webhook.request': { executionId: string; stepId: string; outboxSeq: number };
}

/** The name of a domain event, e.g. `user.add`. */
export type DomainEventType = keyof DomainEventMap;

/** One domain event: its type, the API key whose namespace changed, and its fields. */
export type DomainEvent<K extends DomainEventType = DomainEventType> = K extends DomainEventType ? { type: K; apiKey: string } & DomainEventMap[K] : never;

/** A subscriber; it runs synchronously inside the mutation and must not throw. */
export type DomainEventListener<K extends DomainEventType = DomainEventType> = (event: DomainEvent<K>) => void;

/**
 * The event channel of one service: mutations `emit`, features subscribe with `on` (a type, or `*` for all).
 * @example const off = ctx.events.on('user.add', (e) => seen.push(e.userId)); off();
 */
export interface DomainEvents {
  emit<K extends DomainEventType>(type: K, apiKey: string, fields: DomainEventMap[K]): void;
  on<K extends DomainEventType>(type: K | '*', listener: DomainEventListener<K>): () => void;
}

/** A channel with no subscribers. @example const events = createEvents(); */
export function createEvents(): DomainEvents {
  const listeners = new Map<string, Set<DomainEventListener>>();
  const notify = (key: string, event: DomainEvent): void => {
    for (const listener of listeners.get(key) ?? []) listener(event);
  };
  return {
    emit(type, apiKey, fields) {
      if (listeners.size === 0) return;
      const event = { type, apiKey, ...fields } as unknown as DomainEvent;
      notify(type, event);
      notify('*', event);
    },
    on(type, listener) {
      let set = listeners.get(type);
      if (!set) listeners.set(type, (set = new Set()));
      set.add(listener as DomainEventListener);
      return () => {
        set.delete(listener as DomainEventListener);
        if (set.size === 0) listeners.delete(type);
      };
    },
  };
}
