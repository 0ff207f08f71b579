/**
 * Five-field cron expressions in an IANA time zone, for schedule triggers (beyond-spec-4 4.2.0 K): minute, hour, day
 * of month, month, day of week; `*`, values, ranges, steps and lists, month and weekday names; when both day fields are
 * restricted a day matching either one matches (as in Vixie cron).
 */

/** A parsed expression: the allowed values of each field. */
export interface CronSpec {
  minutes: Set<number>;
  hours: Set<number>;
  days: Set<number>;
  months: Set<number>;
  weekdays: Set<number>;
  /** Whether the day-of-month and day-of-week fields are both restricted. */
  eitherDay: boolean;
  dayRestricted: boolean;
  weekdayRestricted: boolean;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
const MINUTE = 60_000;
/** How many steps a search takes before it gives up: years of skipped months and days, plus the hours and minutes of
 * the days that match. */
const SEARCH_LIMIT = 20_000;

function parseField(field: string, min: number, max: number, names: string[] = [], nameBase = 0): Set<number> | undefined {
  const out = new Set<number>();
  const number = (token: string): number | undefined => {
    const named = names.indexOf(token.toLowerCase());
    if (named !== -1) return named + nameBase;
    return /^\d{1,2}$/.test(token) ? Number(token) : undefined;
  };
  for (const part of field.split(',')) {
    const [range = '', stepText] = part.split('/');
    const step = stepText === undefined ? 1 : /^\d{1,2}$/.test(stepText) ? Number(stepText) : Number.NaN;
    if (!(step >= 1)) return undefined;
    let lo: number | undefined;
    let hi: number | undefined;
    if (range === '*') [lo, hi] = [min, max];
    else if (range.includes('-')) {
      const [a = '', b = ''] = range.split('-');
      [lo, hi] = [number(a), number(b)];
    } else {
      lo = number(range);
      hi = stepText === undefined ? lo : max;
    }
    if (lo === undefined || hi === undefined || lo < min || hi > max || lo > hi) return undefined;
    for (let v = lo; v <= hi; v += step) out.add(v);
  }
  return out;
}

/**
 * Parses a five-field expression, or `undefined` when it is not one.
 * @example parseCron('0 9 * * MON-FRI')?.hours.has(9) === true
 */
export function parseCron(expression: string): CronSpec | undefined {
  const fields = expression.trim().split(/\s+/);
  if (fields.length !== 5) return undefined;
  const [m = '', h = '', dom = '', mon = '', dow = ''] = fields;
  const minutes = parseField(m, 0, 59);
  const hours = parseField(h, 0, 23);
  const days = parseField(dom, 1, 31);
  const months = parseField(mon, 1, 12, MONTHS, 1);
  const weekdays = parseField(dow, 0, 7, WEEKDAYS);
  if (!minutes || !hours || !days || !months || !weekdays) return undefined;
  if (weekdays.delete(7)) weekdays.add(0);
  const dayRestricted = dom !== '*' && !dom.startsWith('*/');
  const weekdayRestricted = dow !== '*' && !dow.startsWith('*/');
  return { minutes, hours, days, months, weekdays, eitherDay: dayRestricted && weekdayRestricted, dayRestricted, weekdayRestricted };
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** A formatter for a zone, or `undefined` when the name is not an IANA zone this runtime knows. */
function formatter(timeZone: string): Intl.DateTimeFormat | undefined {
  let format = formats.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        weekday: 'short',
      });
    } catch {
      return undefined;
    }
    formats.set(timeZone, format);
  }
  return format;
}

/** Whether a name is an IANA time zone (`America/Los_Angeles`, `UTC`). @example validTimeZone('Mars/Base') === false */
export function validTimeZone(timeZone: string): boolean {
  return /^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(timeZone) && formatter(timeZone) !== undefined;
}

interface LocalTime {
  year: number;
  month: number;
  day: number;
  weekday: number;
  hour: number;
  minute: number;
}

function local(at: number, timeZone: string): LocalTime {
  const parts = (formatter(timeZone) as Intl.DateTimeFormat).formatToParts(at);
  const get = (type: string): string => parts.find((p) => p.type === type)?.value ?? '0';
  return {
    year: Number(get('year')),
    month: Number(get('month')),
    day: Number(get('day')),
    weekday: WEEKDAYS.indexOf(get('weekday').toLowerCase()),
    hour: Number(get('hour')),
    minute: Number(get('minute')),
  };
}

function dayMatches(spec: CronSpec, t: LocalTime): boolean {
  if (!spec.months.has(t.month)) return false;
  const byDay = spec.days.has(t.day);
  const byWeekday = spec.weekdays.has(t.weekday);
  if (spec.eitherDay) return byDay || byWeekday;
  return (!spec.dayRestricted || byDay) && (!spec.weekdayRestricted || byWeekday);
}

/** The most days each month can have (February 29th included). */
const MONTH_DAYS = [0, 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Days in a month of a year (`month` 1-12). */
const daysIn = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** Whether no day of this local month can match: a month the expression leaves out, or one too short for its days. */
function monthExcluded(spec: CronSpec, t: LocalTime): boolean {
  if (!spec.months.has(t.month)) return true;
  if (!spec.dayRestricted || spec.eitherDay) return false;
  const last = daysIn(t.year, t.month);
  return ![...spec.days].some((day) => day <= last);
}

/** Whether some month of the expression has one of its days (an expression like `0 0 31 2 *` never fires). */
function possible(spec: CronSpec): boolean {
  if (!spec.dayRestricted || spec.eitherDay) return true;
  const first = Math.min(...spec.days);
  return [...spec.months].some((month) => first <= (MONTH_DAYS[month] as number));
}

const HOUR = 60 * MINUTE;

/**
 * The first instant strictly after `after` that the expression names in the zone, or `null` when none comes within
 * about six years. @example nextCronInstant(parseCron('0 0 * * *')!, 'UTC', Date.UTC(2026, 0, 1)) === Date.UTC(2026, 0, 2)
 */
export function nextCronInstant(spec: CronSpec, timeZone: string, after: number): number | null {
  if (!possible(spec)) return null;
  let t = Math.floor(after / MINUTE) * MINUTE + MINUTE;
  for (let i = 0; i < SEARCH_LIMIT; i++) {
    const at = local(t, timeZone);
    // A month or day that does not match is left in big steps that stay inside it, whatever DST does.
    const left = daysIn(at.year, at.month) - at.day;
    if (left > 0 && monthExcluded(spec, at)) t += (left * 24 - 2) * HOUR;
    else if (!dayMatches(spec, at) && at.hour < 22) t += ((22 - at.hour) * 60 + (60 - at.minute)) * MINUTE;
    else if (!dayMatches(spec, at) || !spec.hours.has(at.hour)) t += (60 - at.minute) * MINUTE;
    else if (!spec.minutes.has(at.minute)) t += MINUTE;
    else return t;
  }
  return null;
}

/**
 * The latest instant at or before `at` and strictly after `notBefore` that the expression names, or `null`.
 * @example latestCronInstant(parseCron('0 * * * *')!, 'UTC', Date.UTC(2026, 0, 1, 5, 30), 0) === Date.UTC(2026, 0, 1, 5)
 */
export function latestCronInstant(spec: CronSpec, timeZone: string, at: number, notBefore: number): number | null {
  if (!possible(spec)) return null;
  let t = Math.floor(at / MINUTE) * MINUTE;
  for (let i = 0; i < SEARCH_LIMIT && t > notBefore; i++) {
    const when = local(t, timeZone);
    if (when.day > 1 && monthExcluded(spec, when)) t -= ((when.day - 1) * 24 - 2) * HOUR;
    else if (!dayMatches(spec, when) && when.hour > 1) t -= ((when.hour - 1) * 60 + when.minute + 1) * MINUTE;
    else if (!dayMatches(spec, when) || !spec.hours.has(when.hour)) t -= (when.minute + 1) * MINUTE;
    else if (!spec.minutes.has(when.minute)) t -= MINUTE;
    else return t;
  }
  return null;
}
