/** Wire-form answers for the progress update page tests: a strategy with comments, settings, history. */
import type {
  Comment,
  CommentType,
  InitiativeStatus,
  NotificationSettings,
  StatusHistory,
  Strategy,
} from '@keystone/contract';
import { saveSession } from '../src/api/session';
import { type FakeAnswer, fakeServer, ok, renderApp } from './renderApp';
import { MARK, wireStrategy } from './strategyPageFixtures';

export const NEWER = '2026-11-30T08:00:00.000Z';
export const OLDER = '2026-11-23T08:00:00.000Z';
export const NEXT = '2026-12-07T09:00:00+01:00';

export function wireComment(
  initiative: number,
  type: CommentType,
  text = '',
  locked: { at: string; status: InitiativeStatus } | null = null,
): Comment {
  const typeIndex = { PR: 1, RB: 2, NS: 3 }[type];
  return {
    id: initiative * 10 + typeIndex + (locked ? 5000 : 0),
    model: 'comment',
    comment: text,
    comment_type: type,
    is_locked: locked !== null,
    locked_at: locked?.at ?? null,
    initiative,
    initiative_status: locked?.status ?? null,
    version: 1,
    author: null,
    updated_at: OLDER,
  };
}

const STATUSES: Record<number, InitiativeStatus> = { 101: 'OT', 102: 'BL', 103: 'IN' };

/**
 * Strategy 1, mastered by Mark. Anna owns 101 and is a team member of 102; 103 is nobody's.
 * Current comments come in the order NS, PR, RB: the page puts them in its own order.
 */
export function progressStrategy(
  change: (strategy: Strategy) => Strategy = (strategy) => strategy,
): Strategy {
  const strategy = wireStrategy();
  return change({
    ...strategy,
    focus_areas: strategy.focus_areas.map((area) => ({
      ...area,
      initiatives: area.initiatives.map((initiative) => ({
        ...initiative,
        status: STATUSES[initiative.id] ?? 'IN',
        comments: [
          wireComment(initiative.id, 'NS', '<p>Next for this one</p>'),
          wireComment(initiative.id, 'PR'),
          wireComment(initiative.id, 'RB'),
        ],
      })),
    })),
  });
}

export function wireSettings(next: string | null): NotificationSettings {
  return {
    id: 1,
    strategy: 1,
    version: 1,
    first_progress_update: next ? '2026-11-23T09:00:00+01:00' : null,
    next_progress_update: next,
    last_progress_update: next ? NEWER.replace('.000Z', '+00:00') : null,
    time_zone: 'Europe/Paris',
    update_frequency_number: 1,
    update_frequency_unit: 'week',
    update_time: next ? '09:00' : null,
    send_to_master: true,
    send_to_sponsors: false,
    send_to_owners: false,
    send_to_team_members: false,
    additional_recipients: null,
    team_reminders: [],
    reminder_send_to_master: false,
    reminder_send_to_sponsors: false,
    reminder_send_to_owners: false,
    reminder_send_to_team_members: false,
    strategy_masters: [MARK],
  };
}

export const LOCKED_AT_NEWER: Comment[] = [
  wireComment(101, 'PR', '<p>Beta shipped</p>', { at: NEWER, status: 'BL' }),
  wireComment(101, 'RB', '<p>Waiting for legal</p>', { at: NEWER, status: 'BL' }),
  wireComment(101, 'NS', '', { at: NEWER, status: 'BL' }),
  wireComment(102, 'PR', '<p>Half done</p>', { at: NEWER, status: 'DE' }),
  wireComment(102, 'RB', '', { at: NEWER, status: 'DE' }),
  wireComment(102, 'NS', '', { at: NEWER, status: 'DE' }),
];

export const HISTORY: StatusHistory = [
  { date: OLDER, counts: { IN: 1, CO: 0, BL: 0, DE: 1, OT: 1 } },
  { date: NEWER, counts: { IN: 0, CO: 0, BL: 1, DE: 1, OT: 0 } },
];

export function openProgressAs(
  userId: number,
  answers: Record<string, FakeAnswer> = {},
  path = '/progress-update/1',
) {
  saveSession({ id: userId, token: 'key' });
  const server = fakeServer({
    'GET /api/strategy/1': ok(progressStrategy()),
    'GET /api/notification-settings/1/': ok(wireSettings(NEXT)),
    // Deliberately not newest first: the page orders them itself (spec §9).
    'GET /api/locked-comment-dates/1/': ok([OLDER, NEWER]),
    'POST /api/locked-comments/': (call) =>
      ok((call.body as { date: string }).date === NEWER ? LOCKED_AT_NEWER : []),
    'GET /api/status-history/1/': ok(HISTORY),
    'GET /api/locked-fields/': ok([]),
    'POST /api/lock-field/': { status: 403, body: { detail: 'not in these tests' } },
    'POST /api/unlock-field/': ok({ detail: 'The field was not locked.' }),
    ...answers,
  });
  return { ...renderApp(path), ...server };
}

export const rowOf = (initiativeId: number) => {
  const row = document.getElementById(String(initiativeId));
  if (!row) throw new Error(`no row ${initiativeId}`);
  return row;
};
