import { addNotification, type AddNotificationInput } from '../../src/model/notifications/notifications.js';
import type { Namespace, NotificationRecord } from '../../src/model/entities.js';
import type { MockService } from '../../src/service.js';
import type { Client, Reply } from './transports.js';

/** The namespace of the service's default API key. */
export function defaultNamespace(service: MockService): Namespace {
  return service.model.store.namespace(service.credentials.apiKey);
}

/** Stores a notification straight in the model (no REST write is needed for these suites). */
export function putNotification(service: MockService, input: Partial<AddNotificationInput> & { documentId: string }): NotificationRecord {
  return addNotification(service.model, defaultNamespace(service), {
    organizationId: 'org',
    actionUser: { userId: 'author' },
    notifyUsers: [],
    notifyAll: false,
    displayHeadlineMessageTemplate: 'Hello {actionUser}',
    displayBodyMessage: 'Body',
    ...input,
  });
}

/** Sends a JSON control call through the client's transport. */
export function control(c: Client, method: 'GET' | 'POST', path: string, body?: unknown): Promise<Reply> {
  return c.raw({
    method,
    path,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? '' : JSON.stringify(body),
  });
}
