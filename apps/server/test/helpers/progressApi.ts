/**
 * The progress calls (spec §7: notification settings, comments, locked history) with their raw
 * answers, and a suite on a fake clock, so due dates come when a test says so (DESIGN §6).
 */
import type { Comment, NotificationSettings, Strategy } from '@keystone/contract';
import { afterAll, beforeAll, expect } from 'vitest';
import { type CharterFixture, charterFixture, charterPeople, type People } from './charter';
import { FakeClock } from './progress';
import { type StrategyApi, strategyApi } from './strategies';
import { type ApiResponse, getTestServer, type TestServer } from './testServer';

/** The progress calls of spec §7 with their raw answers, for tests that check refusals too. */
export function progressCalls(server: TestServer) {
  const api = {
    settings: (key: string | undefined, strategy: number | string) =>
      server.api('GET', `/api/notification-settings/${strategy}/`, { token: key }),
    updateSettings: (key: string | undefined, strategy: number | string, body: unknown) =>
      server.api('PATCH', `/api/notification-settings/update/${strategy}/`, { token: key, body }),
    updateComment: (key: string, id: number | string, body: unknown) =>
      server.api('PATCH', `/api/comments/update/${id}/`, { token: key, body }),
    setStatus: (key: string, initiative: number, status: unknown) =>
      server.api('PATCH', `/api/initiative/update/${initiative}/`, { token: key, body: { status } }),
    lockedDates: (key: string, strategy: number | string) =>
      server.api('GET', `/api/locked-comment-dates/${strategy}/`, { token: key }),
    lockedComments: (key: string, body: unknown) =>
      server.api('POST', '/api/locked-comments/', { token: key, body }),
    statusHistory: (key: string, strategy: number | string) =>
      server.api('GET', `/api/status-history/${strategy}/`, { token: key }),

    async settingsOk(key: string, strategy: number): Promise<NotificationSettings> {
      return expectOk(await api.settings(key, strategy), 'read settings');
    },
    async saveSettings(key: string, strategy: number, body: object): Promise<NotificationSettings> {
      return expectOk(await api.updateSettings(key, strategy, body), 'save settings');
    },
    async commentOk(key: string, id: number, comment: string): Promise<Comment> {
      return expectOk(await api.updateComment(key, id, { comment }), 'update comment');
    },
  };
  return api;
}

export type ProgressCalls = ReturnType<typeof progressCalls>;

function expectOk(response: ApiResponse, what: string) {
  expect(response.status, `${what}: ${JSON.stringify(response.body)}`).toBe(200);
  return response.body;
}

/** Every current comment of the page, in page order (focus area, initiative, PR, RB, NS). */
export const pageComments = (page: Strategy): Comment[] =>
  page.focus_areas.flatMap((area) => area.initiatives.flatMap((initiative) => initiative.comments));

/** A comment nobody has written yet, as a new initiative gets it. */
export const freshComment = (initiative: number, type: Comment['comment_type']): Comment => ({
  id: expect.any(Number),
  model: 'comment',
  comment: '',
  comment_type: type,
  is_locked: false,
  locked_at: null,
  initiative,
  initiative_status: null,
  version: 1,
  author: null,
  updated_at: expect.any(String),
});

export interface ProgressSuite {
  server: TestServer;
  clock: FakeClock;
  people: People;
  strategies: StrategyApi;
  progress: ProgressCalls;
  /** A strategy whose first initiative has an owner, a sponsor and a team member; the sibling has nobody. */
  fixture: CharterFixture;
  /** Moves the clock to `moment` and processes what has come due; resolves to what was done. */
  reach(moment: string): Promise<{ dueDates: number; reminders: number }>;
}

/**
 * A test file's server (its clock stopped at `start`), people and shared fixture. The scheduler's
 * own timer is kept out of the way, so due dates are processed only by `reach`.
 */
export function progressSuite(start: string): ProgressSuite {
  const suite = { clock: new FakeClock(start) } as ProgressSuite;
  suite.reach = async (moment) => {
    // Whatever a save kicked off runs at the old time first, then the clock moves.
    await suite.server.scheduler.runDue();
    suite.clock.set(moment);
    return suite.server.scheduler.runDue();
  };
  beforeAll(async () => {
    suite.server = await getTestServer({ schedulerPollMs: 3_600_000 }, { clock: suite.clock });
    suite.people = await charterPeople(suite.server);
    suite.strategies = strategyApi(suite.server);
    suite.progress = progressCalls(suite.server);
    suite.fixture = await charterFixture(suite.server, suite.people);
  });
  afterAll(() => suite.server.close());
  return suite;
}
