import { describe, expect, it } from 'vitest';
import {
  type ActivitySelector,
  addActivities,
  deleteActivities,
  listActivities,
  pageActivities,
  writeActivities,
} from '../../src/model/activities/activities.js';
import type { ActivityRecord } from '../../src/model/state/entities.js';
import { createMockService } from '../../src/service.js';
import { createRng } from '../../src/support/rng.js';
import { namespaceOf } from '../support/store.js';

const ORG = 'org';

/** The reference: every stored activity in storage order, filtered, stably sorted by timestamp; `desc` reversed. */
function reference(all: ActivityRecord[], selector: ActivitySelector, order: 'asc' | 'desc'): string[] {
  const kept = all.filter(
    (a) =>
      (selector.featureTypes ? selector.featureTypes.includes(a.featureType ?? '') : true) &&
      (selector.userId === undefined || a.actionUser?.userId === selector.userId),
  );
  const sorted = kept.sort((a, b) => a.timestamp - b.timestamp);
  return (order === 'asc' ? sorted : sorted.reverse()).map((a) => a.id);
}

/** Every page of a read, concatenated, as ids. */
function paged(service: ReturnType<typeof createMockService>, selector: ActivitySelector, order: 'asc' | 'desc', size: number): string[] {
  const out: string[] = [];
  for (let offset = 0; ; offset += size) {
    const { page, more } = pageActivities(namespaceOf(service), selector, order, offset, size);
    out.push(...page.map((a) => a.id));
    if (!more) return out;
  }
}

describe('activities in time order', () => {
  it('pages exactly as a full stable sort would, through adds, replacements, deletions and undo', () => {
    const service = createMockService({ seed: 3 });
    const ns = namespaceOf(service);
    const rng = createRng(11);
    const selectors: ActivitySelector[] = [{ organizationId: ORG }, { organizationId: ORG, featureTypes: ['comment'] }, { organizationId: ORG, userId: 'u2' }];
    const check = (): void => {
      for (const selector of selectors) {
        for (const order of ['asc', 'desc'] as const) {
          const expected = reference(listActivities(ns, ORG), selector, order);
          expect(paged(service, selector, order, 7)).toEqual(expected);
          expect(paged(service, selector, order, 1000)).toEqual(expected);
        }
      }
    };
    const input = (i: number) => ({
      id: `a-${i}`,
      featureType: (rng.int(2) === 0 ? 'comment' : 'custom') as ActivityRecord['featureType'],
      actionType: 'x',
      targetEntityId: 't',
      actionUser: { userId: `u${rng.int(3)}` },
      // Few distinct timestamps, so ties (kept in storage order) are common.
      timestamp: 1_000 * rng.int(20),
    });
    for (let round = 0; round < 12; round++) {
      addActivities(
        service.model,
        ns,
        ORG,
        Array.from({ length: 15 }, (_, k) => input(round * 100 + k)),
      );
      check();
      // Replacing an id moves it to the end of storage order.
      const existing = listActivities(ns, ORG);
      const again = existing[rng.int(existing.length)] as ActivityRecord;
      writeActivities(service.model, ns, { organizationId: ORG, activities: [{ ...input(0), id: again.id }] } as never);
      check();
      const victim = listActivities(ns, ORG)[rng.int(10)] as ActivityRecord;
      deleteActivities(service.model, ns, { organizationId: ORG, activityIds: [victim.id] });
      check();
      const saved = service.snapshot();
      addActivities(service.model, ns, ORG, [input(round * 100 + 50), input(round * 100 + 51)]);
      check();
      service.restore(saved);
      check();
    }
    expect(listActivities(ns, ORG).length).toBeGreaterThan(100);
  });

  it('reads only the page it returns: a far page of a large log is as long as the first', () => {
    const service = createMockService({ seed: 3 });
    const ns = namespaceOf(service);
    addActivities(
      service.model,
      ns,
      ORG,
      Array.from({ length: 5_000 }, (_, i) => ({ id: `a-${i}`, featureType: 'custom' as const, actionType: 'x', targetEntityId: 't', timestamp: 5_000 - i })),
    );
    const first = pageActivities(ns, { organizationId: ORG }, 'desc', 0, 10);
    expect(first.page.map((a) => a.timestamp)).toEqual([5000, 4999, 4998, 4997, 4996, 4995, 4994, 4993, 4992, 4991]);
    expect(first.more).toBe(true);
    const last = pageActivities(ns, { organizationId: ORG }, 'desc', 4_995, 10);
    expect(last.page.map((a) => a.id)).toEqual(['a-4995', 'a-4996', 'a-4997', 'a-4998', 'a-4999']);
    expect(last.more).toBe(false);
    // The page is a copy: changing it changes nothing stored.
    (first.page[0] as ActivityRecord).timestamp = 0;
    expect(pageActivities(ns, { organizationId: ORG }, 'desc', 0, 1).page[0]?.timestamp).toBe(5000);
  });
});
