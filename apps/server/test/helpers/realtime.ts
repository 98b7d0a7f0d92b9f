/**
 * Fixtures of the real-time tests: one strategy with every role filled, people outside it, the
 * lock calls, the two sockets, and a fence that proves a socket has received all earlier events.
 */
import { comments, timelines } from '../../src/db/schema';
import { openSocket, type TestSocket } from './sockets';
import { type Member, personOf, signedInUser, strategyApi } from './strategies';
import type { Role } from './strategyPermissionCalls';
import type { TestServer } from './testServer';

/** The one HTTP call function the tests need: in-process (app.inject) or over the network. */
export type Api = TestServer['api'];

/** Names on purpose: the 409 answer and the lock messages carry the holder's name. */
export const PEOPLE: Record<Role, { firstName: string; lastName: string }> = {
  master: { firstName: 'Mia', lastName: 'Master' },
  owner: { firstName: 'Olive', lastName: 'Owner' },
  sponsor: { firstName: 'Sam', lastName: 'Sponsor' },
  teamMember: { firstName: 'Tom', lastName: 'Member' },
  noRole: { firstName: 'Nora', lastName: 'Nobody' },
  otherOrganisation: { firstName: 'Rita', lastName: 'Rival' },
};

export const nameOf = (role: Role) => `${PEOPLE[role].firstName} ${PEOPLE[role].lastName}`;

export interface RealtimeFixture {
  people: Record<Role, Member>;
  strategy: number;
  area: number;
  /** Owner, sponsor and team member are set on this initiative only. */
  initiative: number;
  /** Same focus area, nobody but the master has a right to it. */
  sibling: number;
  /** An open progress comment of `initiative`. */
  comment: number;
  /** A comment locked into history at a past due date. */
  historicComment: number;
  /** A timeline row of `initiative`. */
  timeline: number;
  /** Each person's own strategy (they are its master), for fences. */
  own: Record<Role, number>;
}

export async function buildRealtimeFixture(server: TestServer): Promise<RealtimeFixture> {
  const strategies = strategyApi(server);
  const organisationId = await server.createOrganisation('Acme');
  const roles = Object.keys(PEOPLE) as Role[];
  const members = await Promise.all(
    roles.map((role) =>
      signedInUser(server, { ...PEOPLE[role], ...(role !== 'otherOrganisation' && { organisationId }) }),
    ),
  );
  const people = Object.fromEntries(roles.map((role, index) => [role, members[index]!])) as Record<
    Role,
    Member
  >;
  const created = await strategies.create(people.master.key, { title: 'Grow' });
  const area = created.focus_areas[0]!;
  const initiative = area.initiatives[0]!.id;
  const sibling = (await strategies.addInitiative(people.master.key, area.id)).id;
  await strategies.assignOk(people.master.key, {
    strategy_id: created.id,
    initiatives: [
      {
        initiative_id: initiative,
        owners: [personOf(people.owner)],
        sponsors: [personOf(people.sponsor)],
        team_members: [personOf(people.teamMember)],
      },
    ],
  });
  // No API writes comments and timelines yet: the rows go straight into the database.
  const { db } = server.database;
  const [comment, historic] = await db
    .insert(comments)
    .values([
      { initiativeId: initiative, commentType: 'PR', comment: 'On track' },
      { initiativeId: initiative, commentType: 'PR', comment: 'Old', isLocked: true, lockedAt: new Date() },
    ])
    .returning({ id: comments.id });
  const [timeline] = await db
    .insert(timelines)
    .values({ initiativeId: initiative, description: 'Kick-off', startDate: '2025-01-06' })
    .returning({ id: timelines.id });
  const own = {} as Record<Role, number>;
  for (const role of roles)
    own[role] = (await strategies.create(people[role].key, { title: `Own of ${role}` })).id;
  return {
    people,
    strategy: created.id,
    area: area.id,
    initiative,
    sibling,
    comment: comment!.id,
    historicComment: historic!.id,
    timeline: timeline!.id,
    own,
  };
}

export interface LockBody {
  model: string;
  res_id: number;
  field: string;
}

/** POST /lock-field/, POST /unlock-field/ and GET /locked-fields/ through `api`. */
export function lockApi(api: Api) {
  return {
    lock: (key: string, body: unknown, connectionId?: string) =>
      api('POST', '/api/lock-field/', {
        token: key,
        body,
        ...(connectionId && { headers: { 'x-connection-id': connectionId } }),
      }),
    unlock: (key: string, body: unknown) => api('POST', '/api/unlock-field/', { token: key, body }),
    list: (key: string, strategy?: number | string) =>
      api('GET', `/api/locked-fields/${strategy === undefined ? '' : `?strategy=${strategy}`}`, {
        token: key,
      }),
  };
}

/** Matches the /ws/locks/ message that releases this field. */
export const isUnlockOf = (body: LockBody) => (message: LockBody & { action?: string }) =>
  message.action === 'unlock' &&
  message.model === body.model &&
  message.res_id === body.res_id &&
  message.field === body.field;

export const locksSocket = (baseUrl: string, key: string, connection?: string) =>
  openSocket(baseUrl, '/ws/locks/', { token: key, ...(connection && { connection }) });

export const streamingSocket = (baseUrl: string, key: string) =>
  openSocket(baseUrl, '/ws/streaming/', { token: key });

/** The sockets a test file opens, closed together in its afterAll. */
export function socketPool() {
  const sockets: TestSocket[] = [];
  return {
    async add(opening: Promise<TestSocket>): Promise<TestSocket> {
      const socket = await opening;
      sockets.push(socket);
      return socket;
    },
    closeAll: () => Promise.all(sockets.map((socket) => socket.close())),
  };
}

let fences = 0;

/**
 * Makes an event that `socket`'s user will receive in their own strategy, and waits for it.
 * Events reach a socket in commit order, so once the fence arrived, every event published
 * before it has arrived too: what the socket has not got by then, it never gets.
 */
export async function fence(api: Api, socket: TestSocket, key: string, ownStrategy: number): Promise<void> {
  const kind = new URL(socket.socket.url).pathname.includes('locks') ? 'locks' : 'streaming';
  const mark = `Fence ${++fences}`;
  if (kind === 'streaming') {
    await expectOk(
      api('PATCH', `/api/strategy/update/${ownStrategy}/`, { token: key, body: { title: mark } }),
    );
    await socket.waitFor((message) => message.res_id === ownStrategy && message.value === mark);
    return;
  }
  const target = { model: 'strategy', res_id: ownStrategy, field: 'ambition' };
  const before = socket.messages.length;
  await expectOk(api('POST', '/api/lock-field/', { token: key, body: target }));
  await expectOk(api('POST', '/api/unlock-field/', { token: key, body: target }));
  await socket.waitFor(
    (message) =>
      socket.messages.indexOf(message) >= before &&
      message.res_id === ownStrategy &&
      message.action === 'unlock',
  );
}

/** The messages of a socket (from index `from` on) apart from those of the user's own strategy (the fences). */
// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON messages
export const messagesOutside = (socket: TestSocket, ownStrategy: number, from = 0): any[] =>
  socket.messages.slice(from).filter((message) => message.strategy_id !== ownStrategy);

async function expectOk(call: ReturnType<Api>): Promise<void> {
  const response = await call;
  if (response.status !== 200) throw new Error(`fence call answered ${response.status}`);
}
