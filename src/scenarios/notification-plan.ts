import { addNotification } from '../model/notifications/notifications.js';
import type { BuiltPerson } from './builders-records.js';
import type { ScenarioContext } from './types.js';

/** One notification of a scenario: who notified whom, where. */
export interface PlannedNotification {
  organizationId: string;
  documentId: string;
  from: BuiltPerson;
  to: BuiltPerson;
}

const HOUR = 3_600_000;

/**
 * Adds a scenario's notifications, one hour apart and ending an hour before the clock, oldest first.
 * @example addPlannedNotifications(context, [{ organizationId: 'org', documentId: 'doc', from, to }]);
 */
export function addPlannedNotifications(
  { build, model, namespace }: Pick<ScenarioContext, 'build' | 'model' | 'namespace'>,
  plan: readonly PlannedNotification[],
): void {
  const now = model.clock.now();
  plan.forEach(({ organizationId, documentId, from, to }, i) => {
    addNotification(model, namespace, {
      ...build.notification({ actionUser: from, notifyUsers: [to] }),
      actionUser: from,
      organizationId,
      documentId,
      notifyAll: false,
      timestamp: now - (plan.length - i) * HOUR,
    });
  });
}
