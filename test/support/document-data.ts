import { type AddNotificationInput, addNotification } from '../../src/model/notifications/notifications.js';
import type { NotificationRecord } from '../../src/model/state/entities.js';
import type { MockService } from '../../src/service.js';
import { namespaceOf } from './store.js';

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
