import { ServiceError } from '../../errors.js';
import { takePage } from '../../support/paging.js';
import { ensureOrganization } from '../organizations/organizations.js';
import type { ModelContext } from '../state/context.js';
import type { ActivityRecord, Namespace } from '../state/entities.js';
import { documentOf } from '../state/record-fields.js';
import { inActivityOrder, noteActivityAdded, noteActivityRemoved, orderedActivities } from './order.js';

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
    ctx.store.undo.set(org.activities, record.id, record);
    noteActivityAdded(ctx.store.undo, org.activities, record);
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
export function updateActivities(
  ctx: ModelContext,
  ns: Namespace,
  input: { organizationId: string; updates: readonly ActivityUpdate[] },
): Map<string, ActivityUpdateOutcome> {
  const { organizationId, updates } = input;
  const org = ns.organizations.get(organizationId);
  const outcomes = new Map<string, ActivityUpdateOutcome>();
  for (const update of updates) {
    const record = org?.activities.get(update.id);
    if (!record || record.immutable) {
      outcomes.set(update.id, { success: false, message: 'Failed to update activity.' });
      continue;
    }
    ctx.store.undo.touch(record);
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

/** What the REST add writes: the records of one document; an existing id is replaced unless it is immutable. */
export interface ActivityWrite {
  organizationId: string;
  documentId: string;
  /** Records as sent; `metadata`, `timestamp` and `immutable` are the service's to set. */
  activities: readonly ({ id?: string | undefined } & Record<string, unknown>)[];
}

/**
 * Writes activities through the REST add (beyond-spec 3.5): the organization is created when missing, `metadata`
 * names the key, document and organization, `timestamp` is now, and an existing id is overwritten. Overwriting an
 * immutable record refuses the whole request before anything is written.
 * @example writeActivities(ctx, ns, { organizationId: 'org', documentId: 'doc', activities: [{ featureType: 'custom', actionType: 'x' }] });
 */
export function writeActivities(ctx: ModelContext, ns: Namespace, input: ActivityWrite): void {
  const existing = ns.organizations.get(input.organizationId)?.activities;
  for (const activity of input.activities) {
    if (activity.id !== undefined && existing?.get(activity.id)?.immutable === true) {
      throw new ServiceError('FAILED_PRECONDITION', `Activity ${activity.id} is immutable.`);
    }
  }
  const org = ensureOrganization(ctx, ns, input.organizationId);
  const forced = ns.configs.activity?.immutable === true;
  for (const activity of input.activities) {
    const id = activity.id ?? freshId(ctx, org.activities);
    const record: ActivityRecord = {
      ...structuredClone(activity),
      id,
      metadata: { apiKey: ns.apiKey, documentId: input.documentId, organizationId: input.organizationId },
      timestamp: ctx.clock.now(),
      immutable: forced,
    };
    const previous = org.activities.get(id);
    ctx.store.undo.delete(org.activities, id);
    ctx.store.undo.set(org.activities, id, record);
    noteActivityAdded(ctx.store.undo, org.activities, record, previous);
    ctx.events.emit(previous ? 'activity.update' : 'activity.add', ns.apiKey, { organizationId: input.organizationId, activityId: id });
  }
}

/** Which activities of an organization a read or delete is about; every given filter narrows. */
export interface ActivitySelector {
  organizationId: string;
  documentId?: string | undefined;
  targetEntityId?: string | undefined;
  featureTypes?: readonly string[] | undefined;
  actionTypes?: readonly string[] | undefined;
  userId?: string | undefined;
  activityIds?: readonly string[] | undefined;
}

/** Whether an activity passes every filter of a selector but the organization and the ids. */
function matcher(selector: ActivitySelector): (a: ActivityRecord) => boolean {
  const features = selector.featureTypes && new Set(selector.featureTypes);
  const actions = selector.actionTypes && new Set(selector.actionTypes);
  return (a) =>
    (selector.documentId === undefined || documentOf(a) === selector.documentId) &&
    (selector.targetEntityId === undefined || a.targetEntityId === selector.targetEntityId) &&
    (!features || (a.featureType !== undefined && features.has(a.featureType))) &&
    (!actions || (a.actionType !== undefined && actions.has(a.actionType))) &&
    (selector.userId === undefined || a.actionUser?.userId === selector.userId);
}

/** The stored activities matching every filter; requested ids are looked up directly instead of scanned. */
function selectActivities(ns: Namespace, selector: ActivitySelector): ActivityRecord[] {
  const org = ns.organizations.get(selector.organizationId);
  if (!org) return [];
  const candidates = selector.activityIds ? [...new Set(selector.activityIds)].flatMap((id) => org.activities.get(id) ?? []) : [...org.activities.values()];
  return candidates.filter(matcher(selector));
}

/**
 * Matching activities by `timestamp` (`desc` by default), lazily and uncopied; ties keep storage order, reversed
 * for `desc`. Without ids it walks the organization's ordered activities, so it costs what the caller reads.
 */
function* matchingInOrder(ns: Namespace, selector: ActivitySelector, order: 'asc' | 'desc'): Generator<ActivityRecord> {
  const org = ns.organizations.get(selector.organizationId);
  if (!org) return;
  if (selector.activityIds) {
    yield* inActivityOrder(org.activities, selectActivities(ns, selector), order);
    return;
  }
  const matches = matcher(selector);
  for (const a of orderedActivities(org.activities, order)) if (matches(a)) yield a;
}

/**
 * One page of the matching activities by `timestamp` (ties keep storage order, reversed for `desc`): the `size`
 * matches after the first `offset`, copied, and whether more follow. Reads `offset + size + 1` matches at most, in
 * the organization's time order (no sort, no copy of the rest).
 * @example pageActivities(ns, { organizationId: 'org' }, 'desc', 0, 100).page.length <= 100
 */
export function pageActivities(
  ns: Namespace,
  selector: ActivitySelector,
  order: 'asc' | 'desc',
  offset: number,
  size: number,
): { page: ActivityRecord[]; more: boolean } {
  const { page, more } = takePage(matchingInOrder(ns, selector, order), offset, size);
  return { page: page.map((a) => structuredClone(a)), more };
}

/**
 * Deletes the selected activities (beyond-spec 3.7); immutable ones stay. Outcomes are keyed by the requested ids,
 * or by the matched ids when none were named.
 * @example deleteActivities(ctx, ns, { organizationId: 'org', documentId: 'doc' }).get('a1')?.success
 */
export function deleteActivities(ctx: ModelContext, ns: Namespace, selector: ActivitySelector): Map<string, ActivityUpdateOutcome> {
  const org = ns.organizations.get(selector.organizationId);
  const deleted = new Set<string>();
  const matched = selectActivities(ns, selector);
  for (const activity of matched) {
    if (activity.immutable) continue;
    if (org) {
      ctx.store.undo.delete(org.activities, activity.id);
      noteActivityRemoved(ctx.store.undo, org.activities, activity);
    }
    deleted.add(activity.id);
    ctx.events.emit('activity.delete', ns.apiKey, { organizationId: selector.organizationId, activityId: activity.id });
  }
  const outcomes = new Map<string, ActivityUpdateOutcome>();
  for (const id of selector.activityIds ?? matched.map((a) => a.id)) {
    outcomes.set(id, deleted.has(id) ? { success: true, message: 'Activity deleted.' } : { success: false, message: 'Failed to delete activity.' });
  }
  return outcomes;
}
