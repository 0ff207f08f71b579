/** A side a judgment can support. */
export type Side = 'approve' | 'reject';

/** Decisions counted toward each side (service-facts 5.1); every other decision counts toward neither. */
export const SIDE_DECISIONS: Readonly<Record<Side, ReadonlySet<string>>> = {
  approve: new Set(['approved', 'agree', 'endorse', 'document_approved']),
  reject: new Set(['rejected', 'disagree', 'document_rejected']),
};

/** The side a decision supports, or null. @example sideOf('endorse') // 'approve' */
export function sideOf(decision: string): Side | null {
  if (SIDE_DECISIONS.approve.has(decision)) return 'approve';
  if (SIDE_DECISIONS.reject.has(decision)) return 'reject';
  return null;
}

/**
 * Each decision number's side (0 neither, 1 approve, 2 reject), for decisions numbered as the judgment columns number them.
 * @example decisionSides(new Map([['approved', 0], ['comment', 1]])) // Int8Array [1, 0]
 */
export function decisionSides(decisions: ReadonlyMap<string, number>): Int8Array {
  const sides = new Int8Array(decisions.size);
  for (const [decision, n] of decisions) sides[n] = sideOf(decision) === 'approve' ? 1 : sideOf(decision) === 'reject' ? 2 : 0;
  return sides;
}
