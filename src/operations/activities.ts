import { z } from 'zod';
import { updateActivities } from '../model/activities.js';
import { defineOperation, namespaceOf } from '../protocol/operation.js';
import { perItem, requiredString } from '../protocol/rules.js';

const changes = z.record(z.string(), z.object({ from: z.unknown().optional(), to: z.unknown().optional() }));

/** The fields of an activity the REST update may replace (service-facts 3.36). */
const replaceable = {
  changes: changes.optional(),
  entityData: z.unknown().optional(),
  entityTargetData: z.unknown().optional(),
  displayMessageTemplate: z.string().optional(),
  displayMessageTemplateData: z.record(z.string(), z.unknown()).optional(),
  actionIcon: z.string().optional(),
};

/** `POST /v2/activities/update`: replace the given fields of each activity; immutable or unknown ones fail per item. */
export const update = defineOperation({
  auth: 'apiKey',
  summary: 'Update activity records',
  message: 'Activity(s) updated successfully.',
  schema: z.object({
    organizationId: requiredString(),
    activities: z.array(z.object({ id: requiredString(), ...replaceable })).min(1),
  }),
  run({ data, caller, model }) {
    const outcomes = updateActivities(model, namespaceOf(caller), { organizationId: data.organizationId, updates: data.activities });
    return { data: perItem(outcomes) };
  },
});

/** Non-negative whole milliseconds. */
const millis = (field: string) =>
  z.number().refine((ms) => Number.isSafeInteger(ms) && ms >= 0, { error: `${field} must be a non-negative integer of milliseconds.` });

/**
 * An activity record as fixtures and the control plane supply it (service-facts 6.2): the listed fields are
 * type-checked, other fields kept; `id` and `timestamp` may be left to the service.
 */
export const activityRecordInput = z.looseObject({
  id: requiredString().optional(),
  featureType: z.enum(['comment', 'reaction', 'recorder', 'crdt', 'custom']).optional(),
  actionType: z.string().optional(),
  eventType: z.string().optional(),
  actionUser: z
    .looseObject({ userId: requiredString(), name: z.string().optional(), email: z.string().optional() })
    .optional(),
  timestamp: millis('timestamp').optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
  targetEntityId: z.string().optional(),
  targetSubEntityId: z.string().optional(),
  ...replaceable,
  immutable: z.boolean().optional(),
  isActivityResolverUsed: z.boolean().optional(),
});

/** The body of `POST /__mock/activities`: records for one organization of one key (the default key when absent). */
export const addActivitiesInput = z.object({
  apiKey: requiredString().optional(),
  organizationId: requiredString(),
  activities: z.array(activityRecordInput).min(1),
});
