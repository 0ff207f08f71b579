import type { JudgmentColumns } from './columns.js';

/** Who stands behind one side of a suggestion: its distinct reviewers and its most given reasons. */
export interface Voters {
  uniqueReviewers: number;
  /** Up to 3 distinct non-empty reasonings, most frequent first, ties to the most recently recorded. */
  topReasons: string[];
}

/**
 * Per side, per reviewer and per reason working state, sized to the most reviewers and reasons numbered: a slot
 * belongs to the current call when it holds the call's stamp, so nothing is cleared or allocated per judgment.
 */
const scratch = {
  stamp: 0,
  reviewer: [new Int32Array(0), new Int32Array(0)],
  reason: [new Int32Array(0), new Int32Array(0)],
  count: [new Int32Array(0), new Int32Array(0)],
  latest: [new Int32Array(0), new Int32Array(0)],
};

function reserve(arrays: Int32Array[], size: number): void {
  arrays.forEach((array, i) => {
    if (array.length < size) arrays[i] = new Int32Array(Math.max(size, array.length * 2, 64));
  });
}

/** Whether judgment `a` is newer than `b`: later `createdAt`, then later recorded. */
export function newer(a: number, b: number, columns: JudgmentColumns): boolean {
  const at = columns.createdAt[a] as number;
  const bt = columns.createdAt[b] as number;
  return at !== bt ? at > bt : a > b;
}

/**
 * The reviewers and reasons of each side (0 approve, 1 reject) of one suggestion, added up one record at a time.
 * @example const count = new VoterCount(columns); count.add(0, doc); count.voters(0).topReasons
 */
export class VoterCount {
  readonly #columns: JudgmentColumns;
  readonly #stamp: number;
  readonly #reviewers = [0, 0];
  readonly #reasons: [number[], number[]] = [[], []];
  // This call's working arrays, by side.
  readonly #seenReviewers: Int32Array[];
  readonly #seenReasons: Int32Array[];
  readonly #counts: Int32Array[];
  readonly #latest: Int32Array[];

  constructor(columns: JudgmentColumns) {
    reserve(scratch.reviewer, columns.reviewers.size);
    reserve(scratch.reason, columns.reasonTexts.length);
    reserve(scratch.count, columns.reasonTexts.length);
    reserve(scratch.latest, columns.reasonTexts.length);
    this.#columns = columns;
    // A stamp past what the slots hold starts them over (after a billion suggestions).
    if (scratch.stamp === 0x3fffffff) {
      for (const arrays of [scratch.reviewer, scratch.reason]) for (const array of arrays) array.fill(0);
      scratch.stamp = 0;
    }
    this.#stamp = ++scratch.stamp;
    this.#seenReviewers = scratch.reviewer;
    this.#seenReasons = scratch.reason;
    this.#counts = scratch.count;
    this.#latest = scratch.latest;
  }

  add(side: number, doc: number): void {
    const columns = this.#columns;
    const stamp = this.#stamp;
    const reviewer = columns.reviewer[doc] as number;
    const seenReviewers = this.#seenReviewers[side] as Int32Array;
    if (seenReviewers[reviewer] !== stamp) {
      seenReviewers[reviewer] = stamp;
      this.#reviewers[side] = (this.#reviewers[side] as number) + 1;
    }
    const reason = columns.reason[doc] as number;
    if (reason === -1) return;
    const seen = this.#seenReasons[side] as Int32Array;
    const count = this.#counts[side] as Int32Array;
    const latest = this.#latest[side] as Int32Array;
    if (seen[reason] !== stamp) {
      seen[reason] = stamp;
      count[reason] = 1;
      latest[reason] = doc;
      (this.#reasons[side] as number[]).push(reason);
    } else {
      count[reason] = (count[reason] as number) + 1;
      if (newer(doc, latest[reason] as number, columns)) latest[reason] = doc;
    }
  }

  /** The voters of a side; read before another count starts (the counts are shared scratch). */
  voters(side: 0 | 1): Voters {
    const columns = this.#columns;
    const count = scratch.count[side] as Int32Array;
    const latest = scratch.latest[side] as Int32Array;
    const top = (this.#reasons[side] as number[])
      .sort((a, b) => (count[b] as number) - (count[a] as number) || (newer(latest[a] as number, latest[b] as number, columns) ? -1 : 1))
      .slice(0, 3);
    return { uniqueReviewers: this.#reviewers[side] as number, topReasons: top.map((reason) => columns.reasonTexts[reason] as string) };
  }
}
