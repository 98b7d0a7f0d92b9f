/**
 * Due-date arithmetic (DESIGN §6). Due date k is the first progress update plus k periods, counted
 * on the calendar of the strategy's time zone: the wall-clock time stays put across DST changes,
 * and a month step from the 31st lands on the month's last day (Jan 31 → Feb 28 → Mar 31), because
 * every date is computed from the first one rather than from its predecessor.
 */
import type { FrequencyUnit, ReminderUnit } from '@keystone/contract';

export interface Schedule {
  /** Wall-clock `YYYY-MM-DD HH:MM:SS` in `timeZone`. */
  first: string;
  timeZone: string;
  every: number;
  unit: FrequencyUnit;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const DAY_MS = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall clock in `timeZone` at an instant. */
export function wallClockAt(epochMs: number, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(epochMs))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour! % 24,
    minute: parts.minute!,
    second: parts.second!,
  };
}

const asUtcMs = (clock: WallClock) =>
  Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);

/** The zone's offset from UTC at an instant, in milliseconds. */
function offsetAt(epochMs: number, timeZone: string): number {
  const whole = Math.floor(epochMs / 1000) * 1000;
  return asUtcMs(wallClockAt(whole, timeZone)) - whole;
}

/**
 * The instant a wall-clock time happens in `timeZone`. A time that occurs twice (clocks going
 * back) is its first occurrence; a time skipped by clocks going forward moves forward by the gap
 * (02:30 on a spring-forward night is 03:30), as calendars and Temporal's "compatible" mode do.
 */
export function instantOf(clock: WallClock, timeZone: string): number {
  const local = asUtcMs(clock);
  const before = offsetAt(local - DAY_MS, timeZone);
  const after = offsetAt(local + DAY_MS, timeZone);
  const candidates = [local - before, local - after].filter(
    (instant) => offsetAt(instant, timeZone) === local - instant,
  );
  if (candidates.length > 0) return Math.min(...candidates);
  return local - before;
}

export function parseWallClock(value: string): WallClock {
  const [date, time = '00:00:00'] = value.trim().split(/[T ]/);
  const [year, month, day] = date!.split('-').map(Number);
  const [hour, minute, second] = time.split(':').map((part) => Number.parseInt(part, 10));
  return { year: year!, month: month!, day: day!, hour: hour!, minute: minute!, second: second ?? 0 };
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

export function formatWallClock(clock: WallClock): string {
  return `${pad(clock.year, 4)}-${pad(clock.month)}-${pad(clock.day)} ${pad(clock.hour)}:${pad(clock.minute)}:${pad(clock.second)}`;
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The first wall clock moved by `count` calendar units (month ends clamped). */
function addPeriods(start: WallClock, count: number, unit: FrequencyUnit): WallClock {
  if (unit === 'month') {
    const monthIndex = start.year * 12 + (start.month - 1) + count;
    const year = Math.floor(monthIndex / 12);
    const month = (monthIndex % 12) + 1;
    return { ...start, year, month, day: Math.min(start.day, daysInMonth(year, month)) };
  }
  const days = unit === 'week' ? count * 7 : count;
  const moved = new Date(Date.UTC(start.year, start.month - 1, start.day + days));
  return { ...start, year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

/** Due date number `index` (0 is the first progress update) as an instant. */
export function dueAt(schedule: Schedule, index: number): Date {
  const wall = addPeriods(parseWallClock(schedule.first), index * schedule.every, schedule.unit);
  return new Date(instantOf(wall, schedule.timeZone));
}

/** The first due date strictly after `after`, and its index. */
export function firstDueAfter(schedule: Schedule, after: Date): { index: number; at: Date } {
  const first = dueAt(schedule, 0);
  if (first > after) return { index: 0, at: first };
  // Estimate from the average period length, then step to the exact index.
  const periodMs =
    schedule.unit === 'month' ? 30.436875 * DAY_MS : (schedule.unit === 'week' ? 7 : 1) * DAY_MS;
  let index = Math.max(0, Math.floor((after.getTime() - first.getTime()) / (periodMs * schedule.every)));
  while (index > 0 && dueAt(schedule, index) > after) index -= 1;
  while (dueAt(schedule, index) <= after) index += 1;
  return { index, at: dueAt(schedule, index) };
}

export interface ReminderOffset {
  offsetNumber: number;
  offsetUnit: ReminderUnit;
}

/** When a reminder for a due date goes out. Hours are real elapsed hours; days are calendar days. */
export function reminderAt(due: Date, reminder: ReminderOffset, timeZone: string): Date {
  if (reminder.offsetUnit === 'hour') return new Date(due.getTime() - reminder.offsetNumber * 3_600_000);
  const wall = wallClockAt(due.getTime(), timeZone);
  const moved = new Date(Date.UTC(wall.year, wall.month - 1, wall.day - reminder.offsetNumber));
  return new Date(
    instantOf(
      { ...wall, year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() },
      timeZone,
    ),
  );
}

/**
 * The next reminder moment for `due`: the earliest one after `handledUntil` (null: none handled
 * yet) and before the due date itself. Null when no reminder remains.
 */
export function nextReminder(
  due: Date | null,
  reminders: readonly ReminderOffset[],
  timeZone: string,
  handledUntil: Date | null,
): Date | null {
  if (!due) return null;
  const moments = reminders
    .map((reminder) => reminderAt(due, reminder, timeZone))
    .filter((at) => at < due && (handledUntil === null || at > handledUntil))
    .sort((a, b) => a.getTime() - b.getTime());
  return moments[0] ?? null;
}

/** An instant written as ISO 8601 with the zone's offset, e.g. `2026-12-07T09:00:00+01:00`. */
export function isoInZone(instant: Date, timeZone: string): string {
  const wall = wallClockAt(instant.getTime(), timeZone);
  const offsetMinutes = Math.round(offsetAt(instant.getTime(), timeZone) / 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const absolute = Math.abs(offsetMinutes);
  return `${formatWallClock(wall).replace(' ', 'T')}${sign}${pad(Math.floor(absolute / 60))}:${pad(absolute % 60)}`;
}
