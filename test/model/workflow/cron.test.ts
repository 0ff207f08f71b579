import { describe, expect, it } from 'vitest';
import { latestCronInstant, nextCronInstant, parseCron } from '../../../src/model/workflow/cron.js';

const at = (iso: string) => Date.parse(iso);

describe('cron instants', () => {
  it('finds the next and the latest instants in UTC and across a daylight-saving change', () => {
    const daily = parseCron('30 1 * * *');
    if (!daily) throw new Error('expected a valid expression');
    expect(new Date(nextCronInstant(daily, 'UTC', at('2026-01-01T00:00:00Z')) ?? 0).toISOString()).toBe('2026-01-01T01:30:00.000Z');
    expect(new Date(latestCronInstant(daily, 'UTC', at('2026-01-03T00:00:00Z'), 0) ?? 0).toISOString()).toBe('2026-01-02T01:30:00.000Z');
    // New York moves its clocks forward on 2026-03-08 at 02:00: 01:30 exists on both sides (EST, then EDT).
    const ny = (iso: string) => nextCronInstant(daily, 'America/New_York', at(iso));
    expect(new Date(ny('2026-03-07T12:00:00Z') ?? 0).toISOString()).toBe('2026-03-08T06:30:00.000Z');
    expect(new Date(ny('2026-03-08T12:00:00Z') ?? 0).toISOString()).toBe('2026-03-09T05:30:00.000Z');
    const weekdays = parseCron('0 9 * * MON-FRI');
    if (!weekdays) throw new Error('expected a valid expression');
    expect(new Date(latestCronInstant(weekdays, 'UTC', at('2026-01-05T08:00:00Z'), 0) ?? 0).toISOString()).toBe('2026-01-02T09:00:00.000Z');
  });

  it('gives up on an expression that never names an instant (February 31st) after a bounded search', () => {
    const never = parseCron('0 0 31 2 *');
    if (!never) throw new Error('a valid expression');
    expect(nextCronInstant(never, 'UTC', at('2026-01-01T00:00:00Z'))).toBeNull();
    expect(latestCronInstant(never, 'UTC', at('2030-01-01T00:00:00Z'), 0)).toBeNull();
  });

  it('reads ranges, steps, lists and names, and refuses what is not five fields', () => {
    expect([...(parseCron('*/15 9-17/4 1,15 JAN-MAR sun')?.minutes ?? [])]).toEqual([0, 15, 30, 45]);
    expect([...(parseCron('*/15 9-17/4 1,15 JAN-MAR sun')?.hours ?? [])]).toEqual([9, 13, 17]);
    expect([...(parseCron('0 0 * * 7')?.weekdays ?? [])]).toEqual([0]);
    for (const bad of ['* * * *', '60 * * * *', '* 24 * * *', '* * 0 * *', '* * * 13 *', 'a b c d e', '*/0 * * * *'])
      expect(parseCron(bad), bad).toBeUndefined();
  });
});
