/** The reference instant every virtual clock starts at unless told otherwise: 2026-01-01T00:00:00.000Z. */
export const REFERENCE_TIME = Date.UTC(2026, 0, 1);

/** The last instant a `Date` can hold (8.64e15 ms after 1970, +275760-09-13); the clock never goes past it. */
export const MAX_INSTANT = 8.64e15;

/** Whether a number of milliseconds is an instant a `Date` can hold. @example isInstant(Date.UTC(2026, 0, 1)) === true */
export function isInstant(ms: number): boolean {
  return Number.isFinite(ms) && Math.abs(ms) <= MAX_INSTANT;
}

/**
 * The service's only source of time. Virtual clocks move only when told; the system clock follows the host.
 * @example const clock = createClock(); clock.advance(60_000); clock.now();
 */
export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
  /** Moves a virtual clock forward; a system clock refuses. */
  advance(ms: number): void;
  /** Sets a virtual clock to an instant; a system clock refuses. */
  set(ms: number | Date): void;
  readonly kind: 'virtual' | 'system';
}

/** What `createMockService({ clock })` accepts: a clock, `'system'`, or a start instant for a virtual clock. */
export type ClockOption = Clock | 'system' | number | Date | string;

/**
 * Builds a clock: virtual (deterministic, starts at `REFERENCE_TIME` or the given instant) or the host's.
 * @example createClock('2026-03-01T00:00:00Z').now() === Date.UTC(2026, 2, 1)
 */
export function createClock(option: ClockOption = REFERENCE_TIME): Clock {
  if (typeof option === 'object' && !(option instanceof Date)) return option;
  if (option === 'system') {
    const refuse = (): never => {
      throw new Error('The system clock cannot be moved; create the service with a virtual clock instead.');
    };
    return { kind: 'system', now: () => Date.now(), advance: refuse, set: refuse };
  }
  let current = toMillis(option);
  return {
    kind: 'virtual',
    now: () => current,
    advance(ms) {
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`advance() takes a non-negative number of milliseconds, got ${ms}.`);
      if (current + ms > MAX_INSTANT) {
        throw new RangeError(
          `advance(${ms}) would move the clock past ${new Date(MAX_INSTANT).toISOString()}, the last instant a Date can hold; at most ${MAX_INSTANT - current} ms remain.`,
        );
      }
      current += ms;
    },
    set(ms) {
      current = toMillis(ms);
    },
  };
}

function toMillis(value: number | Date | string): number {
  const ms = typeof value === 'number' ? value : typeof value === 'string' ? Date.parse(value) : value.getTime();
  if (!Number.isFinite(ms)) throw new RangeError(`Not a valid instant: ${String(value)}.`);
  if (!isInstant(ms)) throw new RangeError(`${String(value)} is outside the range of a Date (±${MAX_INSTANT} ms around 1970).`);
  return ms;
}
