/**
 * Fixtures of the progress tests: a clock the test moves by hand, a strategy with every role
 * filled and comments written, and the progress calls a client makes.
 */
import type { Comment, Initiative, NotificationSettings, Strategy } from '@keystone/contract';
import { asc } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { outboxMails } from '../../src/db/schema';
import type { Clock } from '../../src/lib/clock';
import { type Member, personOf, signedInUser, strategyApi } from './strategies';
import { type ApiResponse, getTestServer, type TestServer, type TestUser } from './testServer';

/** A clock that stands still until the test moves it. */
export class FakeClock implements Clock {
  private current: number;

  constructor(start: string | Date) {
    this.current = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  set(moment: string | Date | number): void {
    this.current = new Date(moment).getTime();
  }

  advance(ms: number): void {
    this.current += ms;
  }
}

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function expectOk(response: ApiResponse, what: string): ApiResponse {
  if (response.status !== 200)
    throw new Error(`${what} answered ${response.status}: ${JSON.stringify(response.body)}`);
  return response;
}

export interface ProgressFixture {
  master: Member;
  /** A second strategy master (not signed in). */
  coMaster: TestUser;
  owner: Member;
  sponsor: Member;
  teamMember: Member;
  /** Owner of the initiative in the second focus area only (not signed in). */
  otherOwner: TestUser;
  /** In the organisation, without a role in the strategy (not signed in). */
  outsider: TestUser;
  strategy: number;
  title: string;
  /** Focus area 1 holds `initiative` (every role set) and `blocked`; focus area 2 holds `idle`. */
  areas: [number, number];
  initiative: number;
  blocked: number;
  idle: number;
}

let fixtureSequence = 0;

/**
 * A strategy titled `title` with two focus areas and three initiatives; the people have readable,
 * unique e-mails (prefix-role-N@example.com) so each test counts its own mails.
 */
export async function progressFixture(
  server: TestServer,
  options: { title?: string; ambition?: string; prefix?: string } = {},
): Promise<ProgressFixture> {
  fixtureSequence += 1;
  const prefix = `${options.prefix ?? 'p'}${fixtureSequence}`;
  const strategies = strategyApi(server);
  const organisationId = await server.createOrganisation();
  const details = (role: string, firstName: string) => ({
    organisationId,
    email: `${prefix}-${role}@example.com`,
    firstName,
    lastName: role,
  });
  // Only the people who call the API sign in (a login checks a password hash: slow on purpose).
  const person = (role: string, firstName: string) => signedInUser(server, details(role, firstName));
  const bystander = (role: string, firstName: string) => server.createUser(details(role, firstName));
  const [master, owner, sponsor, teamMember] = await Promise.all([
    person('master', 'Mia'),
    person('owner', 'Olive'),
    person('sponsor', 'Sam'),
    person('member', 'Tom'),
  ]);
  const coMaster = await bystander('comaster', 'Carl');
  const otherOwner = await bystander('otherowner', 'Otto');
  const outsider = await bystander('outsider', 'Nora');
  const title = options.title ?? `Strategy ${prefix}`;
  const created = await strategies.create(master.key, {
    title,
    ambition: options.ambition ?? '<p>Be the best</p>',
  });
  const first = created.focus_areas[0]!;
  expectOk(
    await server.api('PATCH', `/api/focusarea/update/${first.id}/`, {
      token: master.key,
      body: { title: 'Customers' },
    }),
    'rename focus area',
  );
  const second = await strategies.addFocusArea(master.key, created.id, { title: 'Operations' });
  const initiative = first.initiatives[0]!.id;
  const blocked = (await strategies.addInitiative(master.key, first.id, { title: 'Blocked work' })).id;
  const idle = second.initiatives[0]?.id ?? (await strategies.addInitiative(master.key, second.id)).id;
  await strategies.assignOk(master.key, {
    strategy_id: created.id,
    strategy_masters: [personOf(master), personOf(coMaster)],
    initiatives: [
      {
        initiative_id: initiative,
        owners: [personOf(owner)],
        sponsors: [personOf(sponsor)],
        team_members: [personOf(teamMember)],
      },
      { initiative_id: idle, owners: [personOf(otherOwner)] },
    ],
  });
  const rename = (id: number, title: string) =>
    server.api('PATCH', `/api/initiative/update/${id}/`, { token: master.key, body: { title } });
  expectOk(await rename(initiative, 'Launch app'), 'rename initiative');
  expectOk(await rename(idle, 'Tidy up'), 'rename initiative');
  return {
    master,
    coMaster,
    owner,
    sponsor,
    teamMember,
    otherOwner,
    outsider,
    strategy: created.id,
    title,
    areas: [first.id, second.id],
    initiative,
    blocked,
    idle,
  };
}

/** The progress calls of spec §7, as a client makes them. */
export function progressApi(server: TestServer) {
  const api = {
    settings: (key: string, strategy: number) =>
      server.api('GET', `/api/notification-settings/${strategy}/`, { token: key }),
    async settingsOk(key: string, strategy: number): Promise<NotificationSettings> {
      return expectOk(await api.settings(key, strategy), 'read settings').body;
    },
    update: (key: string, strategy: number, body: Record<string, unknown>) =>
      server.api('PATCH', `/api/notification-settings/update/${strategy}/`, { token: key, body }),
    /** Saves settings; fails the test with the answer when refused. */
    async setRhythm(
      key: string,
      strategy: number,
      body: Record<string, unknown>,
    ): Promise<NotificationSettings> {
      return expectOk(await api.update(key, strategy, body), 'save settings').body;
    },
    writeComment: (key: string, comment: number, html: string) =>
      server.api('PATCH', `/api/comments/update/${comment}/`, { token: key, body: { comment: html } }),
    setStatus: (key: string, initiative: number, status: string) =>
      server.api('PATCH', `/api/initiative/update/${initiative}/`, { token: key, body: { status } }),
    async lockedDates(key: string, strategy: number): Promise<string[]> {
      return expectOk(
        await server.api('GET', `/api/locked-comment-dates/${strategy}/`, { token: key }),
        'locked dates',
      ).body;
    },
    async lockedComments(key: string, strategy: number, date: string): Promise<Comment[]> {
      return expectOk(
        await server.api('POST', '/api/locked-comments/', {
          token: key,
          body: { strategy_id: strategy, date },
        }),
        'locked comments',
      ).body;
    },
    async page(key: string, strategy: number): Promise<Strategy> {
      return expectOk(await server.api('GET', `/api/strategy/${strategy}`, { token: key }), 'read strategy')
        .body;
    },
  };
  return api;
}

export type ProgressApi = ReturnType<typeof progressApi>;

export function initiativesOf(page: Strategy): Initiative[] {
  return page.focus_areas.flatMap((area) => area.initiatives);
}

/** The current comments of one initiative, PR, RB, NS. */
export function currentComments(page: Strategy, initiative: number): Comment[] {
  const found = initiativesOf(page).find((item) => item.id === initiative);
  if (!found) throw new Error(`initiative ${initiative} not on the page`);
  return found.comments;
}

/** Writes the three current comments of an initiative; returns their ids. */
export async function writeUpdate(
  api: ProgressApi,
  key: string,
  page: Strategy,
  initiative: number,
  texts: [string, string, string],
): Promise<number[]> {
  const current = currentComments(page, initiative);
  for (const [index, comment] of current.entries()) {
    expectOk(await api.writeComment(key, comment.id, texts[index]!), 'write comment');
  }
  return current.map((comment) => comment.id);
}

/** Every mail queued in the outbox (sent or not), oldest first. */
export async function outbox(server: TestServer) {
  return server.database.db.select().from(outboxMails).orderBy(asc(outboxMails.id));
}

/** Queued mails to these recipients, as `recipient: subject` lines. */
export async function queuedTo(server: TestServer, recipients: readonly string[]): Promise<string[]> {
  const wanted = new Set(recipients.map((email) => email.toLowerCase()));
  return (await outbox(server))
    .filter((mail) => wanted.has(mail.recipient))
    .map((mail) => `${mail.recipient}: ${mail.subject}`);
}

/** How many mails each address received, for addresses that received any. */
export function receivedCounts(mails: readonly { to: string }[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const mail of mails) counts[mail.to] = (counts[mail.to] ?? 0) + 1;
  return counts;
}

/** Waits until `check` holds, polling; fails with `what` after `timeoutMs`. */
export async function eventually(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

/** A due-date engine test file's server on a clock the test moves, and the passes it drives by hand. */
export interface EngineSuite {
  clock: FakeClock;
  /** The file's server; usable (not yet running) from the start, since it forwards to the one `beforeAll` starts. */
  server: TestServer;
  /** The progress calls on that server; filled in by `beforeAll`. */
  api: ProgressApi;
  /** A new progress fixture whose rhythm is cleared once the test is over. */
  fixture(): Promise<ProgressFixture>;
  runDue(): ReturnType<TestServer['scheduler']['runDue']>;
  /**
   * Starts a due-date pass the moment the app issues a query containing `marker` (the test
   * harness logs every query before it runs), so the pass's transaction is queued right behind it.
   */
  runDueAtQuery(marker: string): ReturnType<TestServer['scheduler']['runDue']>;
  /** Everyone of the fixture who may get a report or a reminder. */
  reportRecipients(f: ProgressFixture): string[];
  /** The progress reports queued to the fixture's people. */
  reportsTo(f: ProgressFixture): Promise<string[]>;
  /** The reminders queued to the fixture's people. */
  remindersTo(f: ProgressFixture): Promise<string[]>;
}

/**
 * A due-date engine test file's server, its clock stopped at 2026-05-30 12:00 UTC and its
 * scheduler's timer stopped, so every pass is one the test drives through `runDue`. Call it inside
 * the file's `describe`; what it returns may be destructured there at once.
 */
export function engineSuite(): EngineSuite {
  const clock = new FakeClock('2026-05-30T12:00:00Z');
  const fixtures: ProgressFixture[] = [];
  let started: TestServer | undefined;
  const running = (): TestServer => {
    if (!started) throw new Error("the engine suite's server is used before its beforeAll ran");
    return started;
  };
  const server = new Proxy({} as TestServer, {
    get(_target, key) {
      const value = Reflect.get(running(), key);
      return typeof value === 'function' ? value.bind(started) : value;
    },
  });
  const api = {} as ProgressApi;

  beforeAll(async () => {
    started = await getTestServer({}, { clock });
    Object.assign(api, progressApi(started));
    // The test drives every pass itself through runDue(); no timer runs one in between.
    await server.scheduler.stop();
  });
  afterAll(() => running().close());
  // A finished test's rhythm must not produce due dates in the next test's time.
  afterEach(async () => {
    for (const f of fixtures.splice(0))
      await api.setRhythm(f.master.key, f.strategy, { first_progress_update: null });
  });

  const runDue = () => server.scheduler.runDue();
  const reportRecipients = (f: ProgressFixture) =>
    [f.master, f.coMaster, f.owner, f.sponsor, f.teamMember, f.otherOwner].map((person) => person.email);
  return {
    clock,
    server,
    api,
    async fixture() {
      const f = await progressFixture(server);
      fixtures.push(f);
      return f;
    },
    runDue,
    runDueAtQuery(marker) {
      const queries = server.queries;
      const push = queries.push;
      return new Promise((resolve, reject) => {
        queries.push = (...items: string[]) => {
          if (items.some((query) => query.includes(marker))) {
            queries.push = push;
            runDue().then(resolve, reject);
          }
          return push.apply(queries, items);
        };
      });
    },
    reportRecipients,
    reportsTo: async (f) =>
      (await queuedTo(server, reportRecipients(f))).filter((line) => / Progress report: /.test(line)),
    remindersTo: async (f) =>
      (await queuedTo(server, reportRecipients(f))).filter((line) => / Reminder: /.test(line)),
  };
}
