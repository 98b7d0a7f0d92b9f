/**
 * The server's test clock (TEST_CLOCK=1, see fixtures.ts): one per worker, shared by every test
 * in it, so it is only ever moved forward, and due dates are computed from what it says.
 */
import { isoInZone, wallClockAt } from '../../apps/server/src/lib/schedule';
import type { RunningApp } from '../fixtures';
import { apiCall } from './apiUsers';

/** A strategy as the API answers it, as far as the progress tests read it. */
export interface WireStrategy {
  id: number;
  focus_areas: {
    id: number;
    initiatives: { id: number; comments: { id: number; comment_type: string }[] }[];
  }[];
}

interface ClockAnswer {
  now: string;
}

/** Moves the server's clock forward and runs its scheduler at once; answers the new time. */
export async function advanceServerClock(app: RunningApp, ms: number): Promise<Date> {
  const answer = await apiCall<ClockAnswer>(app, '/test/clock', {
    method: 'POST',
    body: { advance_ms: Math.max(0, Math.ceil(ms)) },
  });
  return new Date(answer.now);
}

/** The server's time now (the clock is not moved). */
export const serverNow = (app: RunningApp) => advanceServerClock(app, 0);

/** Moves the server's clock to just after the given moment (never back). */
export async function moveServerClockPast(app: RunningApp, moment: Date, marginMs = 30_000): Promise<Date> {
  const now = await serverNow(app);
  return advanceServerClock(app, moment.getTime() + marginMs - now.getTime());
}

/**
 * Gives a strategy weekly due dates in UTC, the first an hour from the server's now (on the
 * minute); answers that first due date, for the caller to move the clock past.
 */
export async function weeklyFromNextHour(app: RunningApp, strategyId: number, token: string): Promise<Date> {
  const now = await serverNow(app);
  const due = new Date(Math.ceil((now.getTime() + 3_600_000) / 60_000) * 60_000);
  await apiCall(app, `/notification-settings/update/${strategyId}/`, {
    method: 'PATCH',
    token,
    body: {
      time_zone: 'UTC',
      first_progress_update: due.toISOString(),
      update_frequency_number: 1,
      update_frequency_unit: 'week',
    },
  });
  return due;
}

export interface PickerWallClock {
  /** MMDDYYYYhhmm: the digits typed into a 12-hour 'MM/dd/yyyy hh:mm a' date-time field. */
  digits: string;
  /** 01–12 */
  hour12: string;
  meridiem: 'AM' | 'PM';
  /** 'MM/DD/YYYY hh:mm AM', as that field shows it. */
  shown: string;
  /** 'YYYY-MM-DDTHH:MM', as the server writes the start of its date-times in the strategy's zone. */
  iso: string;
}

/** The wall clock of an instant in a time zone, as a 12-hour date-time picker shows it. */
export function pickerWallClock(instant: Date, timeZone: string): PickerWallClock {
  const clock = wallClockAt(instant.getTime(), timeZone);
  const pad = (value: number) => String(value).padStart(2, '0');
  const [month, day, hour12, minute] = [clock.month, clock.day, clock.hour % 12 || 12, clock.minute].map(
    pad,
  ) as [string, string, string, string];
  const meridiem = clock.hour < 12 ? 'AM' : 'PM';
  return {
    digits: `${month}${day}${clock.year}${hour12}${minute}`,
    hour12,
    meridiem,
    shown: `${month}/${day}/${clock.year} ${hour12}:${minute} ${meridiem}`,
    iso: isoInZone(instant, timeZone).slice(0, 16),
  };
}
