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
