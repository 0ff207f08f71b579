import { ServiceError } from '../errors.js';
import type { ActivityRecord, Namespace } from './entities.js';
import type { ModelContext } from './context.js';
import { ensureOrganization } from './organizations.js';

/** An activity as scenarios and the control plane hand it in: `id` and `timestamp` may be left to the service. */
export type NewActivity = Partial<ActivityRecord>;

/** The fields the REST update may replace (service-facts 3.36). */
export const UPDATABLE_ACTIVITY_FIELDS = [
  'changes',
  'entityData',
  'entityTargetData',
  'displayMessageTemplate',
  'displayMessageTemplateData',
  'actionIcon',
] as const;

/** One item of an activity update: the id and the fields to replace. */
export type ActivityUpdate = { id: string } & Partial<Pick<ActivityRecord, (typeof UPDATABLE_ACTIVITY_FIELDS)[number]>>;

/** The per-item outcome of an activity update. */
export interface ActivityUpdateOutcome {
  success: boolean;
  message: string;
}

/**
 * Stores one activity under an organization (created when missing). A missing `id` is drawn from the seeded
 * source, a missing `timestamp` is the clock's now, and the record is immutable when it says so or when the
 * key's activity config has `immutable: true` (service-facts 3.36). A taken id is refused.
 * @example addActivity(model, ns, 'org', { featureType: 'comment', actionType: 'comment.add' });
 */
export function addActivity(ctx: ModelContext, ns: Namespace, organizationId: string, input: NewActivity): ActivityRecord {
  const [record] = addActivities(ctx, ns, organizationId, [input]);
  if (!record) throw new Error('addActivities returned no record for one input.');
  return record;
}

/**
 * Stores several activities at once: every id is checked first, so a refused batch stores nothing.
 * @example addActivities(model, ns, 'org', [{ id: 'a1', actionType: 'comment.add' }]);
 */
export function addActivities(ctx: ModelContext, ns: Namespace, organizationId: string, inputs: readonly NewActivity[]): ActivityRecord[] {
  const taken = ns.organizations.get(organizationId)?.activities;
  const seen = new Set<string>();
  inputs.forEach((input, index) => {
    if (input.id === undefined) return;
    if (taken?.has(input.id) || seen.has(input.id)) {
      throw new ServiceError(
        'INVALID_ARGUMENT',
        `activities[${index}].id ${JSON.stringify(input.id)} already exists in organization ${JSON.stringify(organizationId)}; activity ids are unique per organization.`,
      );
    }
    seen.add(input.id);
  });
  const org = ensureOrganization(ctx, ns, organizationId);
  const forced = ns.configs.activity?.immutable === true;
  return inputs.map((input) => {
    const record: ActivityRecord = {
      ...structuredClone(input),
      id: input.id ?? freshId(ctx, org.activities),
      timestamp: input.timestamp ?? ctx.clock.now(),
      immutable: forced || input.immutable === true,
    };
    ctx.store.journal.set(org.activities, record.id, record);
    ctx.events.emit('activity.add', ns.apiKey, { organizationId, activityId: record.id });
    return structuredClone(record);
  });
}

/** The activities of an organization in the order they were stored (empty when the organization is unknown). */
export function listActivities(ns: Namespace, organizationId: string): ActivityRecord[] {
  const org = ns.organizations.get(organizationId);
  return org ? [...org.activities.values()].map((a) => structuredClone(a)) : [];
}

/**
 * Replaces the given fields of each activity whole (no deep merge). An unknown id, an unknown organization or
 * an immutable record fails that item only; nothing is created.
 * @example updateActivities(ctx, ns, { organizationId: 'org', updates: [{ id: 'a1', actionIcon: 'check' }] }).get('a1');
 */
export function updateActivities(ctx: ModelContext, ns: Namespace, input: { organizationId: string; updates: readonly ActivityUpdate[] }): Map<string, ActivityUpdateOutcome> {
  const { organizationId, updates } = input;
  const org = ns.organizations.get(organizationId);
  const outcomes = new Map<string, ActivityUpdateOutcome>();
  for (const update of updates) {
    const record = org?.activities.get(update.id);
    if (!record || record.immutable) {
      outcomes.set(update.id, { success: false, message: 'Failed to update activity.' });
      continue;
    }
    ctx.store.journal.touch(record);
    for (const field of UPDATABLE_ACTIVITY_FIELDS) {
      if (update[field] !== undefined) record[field] = structuredClone(update[field]) as never;
    }
    outcomes.set(update.id, { success: true, message: 'Activity updated.' });
    ctx.events.emit('activity.update', ns.apiKey, { organizationId, activityId: update.id });
  }
  return outcomes;
}

function freshId(ctx: ModelContext, taken: ReadonlyMap<string, unknown>): string {
  let id = ctx.ids.alnum(20);
  while (taken.has(id)) id = ctx.ids.alnum(20);
  return id;
}
