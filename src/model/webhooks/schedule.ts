/** How long a receiver has to answer with a 2xx before an attempt counts as failed (service-facts 7.4). */
export const ATTEMPT_TIMEOUT_MS = 15_000;

/** How long a workflow run's receiver or a webhook node's URL has to answer (beyond-spec-4 4.2.0 K, node default). */
export const WORKFLOW_ATTEMPT_TIMEOUT_MS = 10_000;

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * When each attempt of an advanced delivery starts, counted from the failure of the one before (service-facts 7.4):
 * the first immediately, then 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h. After the eighth fails the message is failed.
 */
export const RETRY_DELAYS_MS: readonly number[] = [0, 5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR];

/**
 * When each attempt of a delivery to a workflow run's receiver starts, counted from the failure of the one before
 * (beyond-spec-4 4.2.0 K): the first immediately, then 2 s, 8 s, 32 s, 2 min and 8 min; then it is dead-lettered.
 */
export const WORKFLOW_RETRY_DELAYS_MS: readonly number[] = [0, 2 * SECOND, 8 * SECOND, 32 * SECOND, 2 * MINUTE, 8 * MINUTE];

/** An endpoint failing without a success for this long is disabled (service-facts 7.4). */
export const ENDPOINT_DISABLE_AFTER_MS = 5 * 24 * HOUR;

/** Shared-editor changes wait this long for the next one before one `crdt.update_data` goes out (service-facts 4.7). */
export const CRDT_DEBOUNCE_MS = 5 * SECOND;

/**
 * The service time of the next attempt after `attempts` failed ones, or `null` when the schedule is spent.
 * @example nextAttemptAfter(1, failedAt) === failedAt + 5000
 */
export function nextAttemptAfter(attempts: number, failedAt: number, delays: readonly number[] = RETRY_DELAYS_MS): number | null {
  const delay = delays[attempts];
  return delay === undefined ? null : failedAt + delay;
}

/** Whether a receiver's status counts as delivered: any 2xx; 3xx and everything else fail. @example isSuccess(204) */
export function isSuccess(statusCode: number | null): boolean {
  return statusCode !== null && statusCode >= 200 && statusCode < 300;
}
