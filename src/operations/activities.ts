import { z } from 'zod';
import { ServiceError } from '../errors.js';
import { deleteActivities, pageActivities, updateActivities, writeActivities } from '../model/activities/activities.js';
import { activityConfig } from '../model/workspaces/config.js';
import { decodePageToken, encodePageToken } from '../protocol/cursors.js';
import { defineOperation, namespaceOf } from '../protocol/operation.js';
import { idList, perItem, requiredString } from '../protocol/rules.js';

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

const FEATURE_TYPES = ['comment', 'reaction', 'recorder', 'crdt', 'custom'] as const;

/** The acting user of an activity: `userId` required, other fields kept. */
const actionUser = z.looseObject({ userId: requiredString(), name: z.string().optional(), email: z.string().optional() });

/** One activity of the REST add (beyond-spec 3.5); `targetEntityId` is required for custom activities. */
const newActivity = z
  .looseObject({
    id: requiredString().optional(),
    featureType: z.enum(FEATURE_TYPES),
    actionType: requiredString(),
    actionUser,
    targetEntityId: z.string().optional(),
    targetSubEntityId: z.string().optional(),
    ...replaceable,
    isActivityResolverUsed: z.boolean().optional(),
  })
  .check((ctx) => {
    if (ctx.value.featureType === 'custom' && (ctx.value.targetEntityId ?? '').trim() === '') {
      ctx.issues.push({
        code: 'custom',
        input: ctx.value.targetEntityId,
        path: ['targetEntityId'],
        params: { rule: 'phrase', phrase: 'is required when featureType is custom' },
      });
    }
  });

/** `POST /v2/activities/add`: write activities of one document; ids are not returned, an existing id is overwritten. */
export const add = defineOperation({
  auth: 'apiKey',
  summary: 'Add activity records',
  message: 'Activity(s) added successfully.',
  schema: z.object({
    organizationId: requiredString(),
    documentId: requiredString(),
    activities: z.array(newActivity).min(1),
  }),
  run({ data, caller, model }) {
    const ns = namespaceOf(caller);
    if (!activityConfig(ns).isEnabled) throw new ServiceError('FAILED_PRECONDITION', 'Activity logs are not enabled for this API key.');
    writeActivities(model, ns, data);
    return { data: { success: true, message: 'Activity(s) added successfully.' } };
  },
});

/** `POST /v2/activities/get`: filtered activities by timestamp, paged by `pageToken` (`""` on the last page). */
export const get = defineOperation({
  auth: 'apiKey',
  summary: 'Get activity records',
  message: 'Activity(s) retrieved successfully.',
  schema: z.object({
    organizationId: requiredString(),
    documentId: requiredString().optional(),
    targetEntityId: requiredString().optional(),
    featureTypes: z.array(z.enum(FEATURE_TYPES)).optional(),
    actionTypes: z.array(requiredString()).optional(),
    userId: requiredString().optional(),
    activityIds: idList().optional(),
    order: z.enum(['asc', 'desc']).optional(),
    pageSize: z.number().int().min(1, { error: 'pageSize must be at least 1.' }).optional(),
    pageToken: z.string().optional(),
  }),
  run({ data, caller }) {
    const offset = decodePageToken(data.pageToken);
    const { page, more } = pageActivities(namespaceOf(caller), data, data.order ?? 'desc', offset, data.pageSize ?? 1000);
    return { data: page, beside: { pageToken: more ? encodePageToken(offset + page.length) : '' } };
  },
});

/** `POST /v2/activities/delete`: delete by document, target entity and/or ids (AND); immutable records stay. */
export const remove = defineOperation({
  auth: 'apiKey',
  summary: 'Delete activity records',
  message: 'Activity(s) deleted successfully.',
  schema: z
    .object({
      organizationId: requiredString(),
      documentId: requiredString().optional(),
      targetEntityId: requiredString().optional(),
      activityIds: z.array(requiredString()).min(1).optional(),
    })
    .refine((d) => d.documentId !== undefined || d.targetEntityId !== undefined || d.activityIds !== undefined, {
      error: 'At least one of documentId, targetEntityId or activityIds is required.',
    }),
  run({ data, caller, model }) {
    return { data: perItem(deleteActivities(model, namespaceOf(caller), data)) };
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
  actionUser: z.looseObject({ userId: requiredString(), name: z.string().optional(), email: z.string().optional() }).optional(),
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
