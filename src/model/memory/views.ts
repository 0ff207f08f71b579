import type { JudgmentRecord } from '../state/records/memory.js';

/**
 * What the memory reads beyond suggest need to find judgments without walking all of them: the judgments in time
 * order, and the judgments of each comment thread, reviewer, organization, content type, decision and judge type. Kept beside the judgments array (never in the state),
 * appended to as judgments are recorded, and rebuilt when the array is replaced or rolled back.
 */
export interface JudgmentViews {
  /** Positions ordered by `createdAt`, then recording order (oldest first). */
  readonly byTime: number[];
  /** Positions of each `annotationId`'s judgments, in recording order. */
  readonly byThread: Map<string, number[]>;
  /** Positions of each reviewer's (`actionUser.userId`) judgments, in recording order. */
  readonly byReviewer: Map<string, number[]>;
  /** Positions of each organization's judgments, in recording order. */
  readonly byOrganization: Map<string, number[]>;
  /** Positions of each `contentType`'s judgments, in recording order. */
  readonly byContentType: Map<string, number[]>;
  /** Positions of each `decision`'s judgments, in recording order. */
  readonly byDecision: Map<string, number[]>;
  /** Positions of each `judgeType`'s judgments, in recording order. */
  readonly byJudgeType: Map<string, number[]>;
}

/** A value derived from a judgments array: valid while the array still holds the judgments it was built over. */
interface Derived<T> {
  size: number;
  last: JudgmentRecord | undefined;
  value: T;
}

/**
 * The value derived from `judgments` by `create` and `append`, built once and then extended with the judgments
 * recorded since; an array that lost or replaced judgments (an undone write) gets it built anew.
 * @example const views = derivedFrom(cache, ns.judgments, () => ({ count: 0 }), (v, from, to) => { v.count += to - from; });
 */
export function derivedFrom<T>(
  cache: WeakMap<readonly JudgmentRecord[], Derived<T>>,
  judgments: readonly JudgmentRecord[],
  create: () => T,
  append: (value: T, from: number, to: number) => void,
): T {
  let entry = cache.get(judgments);
  if (!entry || entry.size > judgments.length || (entry.size > 0 && judgments[entry.size - 1] !== entry.last)) {
    entry = { size: 0, last: undefined, value: create() };
    cache.set(judgments, entry);
  }
  if (entry.size < judgments.length) {
    append(entry.value, entry.size, judgments.length);
    entry.size = judgments.length;
    entry.last = judgments[judgments.length - 1];
  }
  return entry.value;
}

const views = new WeakMap<readonly JudgmentRecord[], Derived<JudgmentViews>>();

/** Appends past this many judgments sort the time order again instead of inserting one by one. */
const RESORT_AFTER = 64;

/**
 * The time order, thread and reviewer views of a namespace's judgments.
 * @example judgmentViews(ns.judgments).byTime.at(-1) // the newest judgment's position
 */
export function judgmentViews(judgments: readonly JudgmentRecord[]): JudgmentViews {
  return derivedFrom(
    views,
    judgments,
    () => ({
      byTime: [],
      byThread: new Map(),
      byReviewer: new Map(),
      byOrganization: new Map(),
      byContentType: new Map(),
      byDecision: new Map(),
      byJudgeType: new Map(),
    }),
    (value, from, to) => {
      const time = (i: number) => (judgments[i] as JudgmentRecord).createdAt;
      const before = (a: number, b: number) => time(a) - time(b) || a - b;
      for (let i = from; i < to; i++) {
        const judgment = judgments[i] as JudgmentRecord;
        if (judgment.annotationId !== undefined) push(value.byThread, judgment.annotationId, i);
        push(value.byReviewer, judgment.actionUser.userId, i);
        if (judgment.organizationId !== undefined) push(value.byOrganization, judgment.organizationId, i);
        push(value.byContentType, judgment.contentType, i);
        push(value.byDecision, judgment.decision, i);
        push(value.byJudgeType, judgment.judgeType, i);
      }
      const order = value.byTime;
      if (to - from > RESORT_AFTER) {
        for (let i = from; i < to; i++) order.push(i);
        order.sort(before);
        return;
      }
      for (let i = from; i < to; i++) {
        // Judgments mostly arrive in time order: then this is a push.
        let at = order.length;
        if (at > 0 && before(order[at - 1] as number, i) > 0) at = firstAfter(order, i, before);
        order.splice(at, 0, i);
      }
    },
  );
}

function push(map: Map<string, number[]>, key: string, position: number): void {
  const list = map.get(key);
  if (list) list.push(position);
  else map.set(key, [position]);
}

/** The first index of `order` whose position sorts after `position`. */
function firstAfter(order: readonly number[], position: number, before: (a: number, b: number) => number): number {
  let lo = 0;
  let hi = order.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (before(order[mid] as number, position) > 0) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * The first index of the time order whose judgment was created at or after `at` (the order's length: none).
 * @example judgments created in [a, b): byTime.slice(timeIndex(j, views, a), timeIndex(j, views, b))
 */
export function timeIndex(judgments: readonly JudgmentRecord[], order: readonly number[], at: number): number {
  let lo = 0;
  let hi = order.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((judgments[order[mid] as number] as JudgmentRecord).createdAt >= at) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
