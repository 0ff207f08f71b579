import { addNotification, type AddNotificationInput } from '../../src/model/notifications/notifications.js';
import type { NotificationRecord } from '../../src/model/entities.js';
import { namespaceOf } from './store.js';
import type { MockService } from '../../src/service.js';

/** Stores a notification straight in the model (no REST write is needed for these suites). */
export function putNotification(service: MockService, input: Partial<AddNotificationInput> & { documentId: string }): NotificationRecord {
  return addNotification(service.model, namespaceOf(service), {
    organizationId: 'org',
    actionUser: { userId: 'author' },
    notifyUsers: [],
    notifyAll: false,
    displayHeadlineMessageTemplate: 'Hello {actionUser}',
    displayBodyMessage: 'Body',
    ...input,
  });
}
