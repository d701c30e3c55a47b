// Panel statistics kept day by day: merged into any range of days, cut to a range, or merged with the days of other
// logs (other servers, other days). Exact, because a visitor is an address, a day and a user agent: no visitor
// belongs to two days, so the days of a range add up to the range.
import { describeValue } from './errors.js';
import { createPanels, mergePanels, type PanelStats } from './panels.js';

/**
 * Panel statistics by day, keyed `YYYY-MM-DD`; the key `-` holds what has no day (records without a time, lines
 * that were not records, the bytes of the log read).
 */
export type DayPanels = Map<string, PanelStats>;

/** A range of days, both ends included (`YYYY-MM-DD`); a missing end is open. */
export interface DayRange {
  /** The first day kept. */
  readonly from?: string;
  /** The last day kept. */
  readonly to?: string;
}

/** True for a real calendar day written `YYYY-MM-DD`. */
export function isDay(text: string): boolean {
  const m = /^(\d{4})-(\d\d)-(\d\d)$/.exec(text);
  if (m === null) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, mo, 0)).getUTCDate();
}

/** Checks a day range's ends; returns them (undefined for an open end). */
function checkRange(range: DayRange): { from: string | undefined; to: string | undefined } {
  if (typeof range !== 'object' || range === null) throw new TypeError(`a day range must be an object { from?, to? }; got ${describeValue(range)}`);
  for (const end of ['from', 'to'] as const) {
    const v = range[end];
    if (v !== undefined && (typeof v !== 'string' || !isDay(v))) throw new RangeError(`${end} must be a day written YYYY-MM-DD such as 2015-05-17; got ${describeValue(v)}`);
  }
  if (range.from !== undefined && range.to !== undefined && range.from > range.to) {
    throw new RangeError(`the day range is empty: from ${range.from} is after to ${range.to}`);
  }
  return { from: range.from, to: range.to };
}

/** The dated days of `days`, ascending. */
export function datedDays(days: DayPanels): string[] {
  checkDays(days, 'datedDays');
  return [...days.keys()].filter((d) => d !== '-').sort();
}

function checkDays(days: unknown, what: string): asserts days is DayPanels {
  if (!(days instanceof Map)) throw new TypeError(`${what} takes day statistics (a Map from YYYY-MM-DD to panel statistics); got ${describeValue(days)}`);
}

/**
 * One set of panel statistics for the days of a range (all days, and what has no day, without a range): a new
 * object, `days` are left as they are. With a range, what has no day is left out (it falls in no range).
 */
export function panelsOfDays(days: DayPanels, range?: DayRange): PanelStats {
  checkDays(days, 'panelsOfDays');
  const { from, to } = range === undefined ? { from: undefined, to: undefined } : checkRange(range);
  const out = createPanels();
  for (const [day, stats] of days) {
    if (range !== undefined && (day === '-' || (from !== undefined && day < from) || (to !== undefined && day > to))) continue;
    mergePanels(out, stats);
  }
  return out;
}

/** The days of a range (what has no day left out), as a new map sharing the days' statistics. */
export function cutDays(days: DayPanels, range: DayRange): DayPanels {
  checkDays(days, 'cutDays');
  const { from, to } = checkRange(range);
  const out: DayPanels = new Map();
  for (const [day, stats] of days) if (day !== '-' && (from === undefined || day >= from) && (to === undefined || day <= to)) out.set(day, stats);
  return out;
}

/** The range of the last `count` calendar days that end on the last day of `days` (as GoAccess's `--keep-last`). */
export function lastDays(days: DayPanels, count: number): DayRange {
  checkDays(days, 'lastDays');
  if (!Number.isSafeInteger(count) || count < 1) throw new RangeError(`the number of days to keep must be a positive integer; got ${describeValue(count)}`);
  const dated = datedDays(days);
  if (dated.length === 0) throw new RangeError('the statistics have no dated day to count back from');
  const to = dated[dated.length - 1]!;
  const first = new Date(`${to}T00:00:00Z`);
  first.setUTCDate(first.getUTCDate() - (count - 1));
  return { from: first.toISOString().slice(0, 10), to };
}

/**
 * Adds the days of `from` into `into` (a day both have is merged, a day only `from` has is copied), exactly as if
 * `into` had counted `from`'s lines too; returns `into`. `from` is left as it is.
 */
export function mergeDays(into: DayPanels, from: DayPanels): DayPanels {
  checkDays(into, 'mergeDays');
  checkDays(from, 'mergeDays');
  for (const [day, stats] of from) {
    const mine = into.get(day);
    if (mine === undefined) into.set(day, mergePanels(createPanels(), stats));
    else mergePanels(mine, stats);
  }
  return into;
}
