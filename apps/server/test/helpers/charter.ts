/**
 * The initiative charter's calls (spec §7) and a fixture with one person in every role of
 * DESIGN §4, for the charter and timeline tests.
 */
import type { InitiativeDetail, Timeline } from '@keystone/contract';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Config } from '../../src/config';
import { type Member, personOf, signedInUser, strategyApi } from './strategies';
import { ROLE_NAMES, ROLES, type Role } from './strategyPermissionCalls';
import { type ApiResponse, getTestServer, type TestServer } from './testServer';

export type People = Record<Role, Member>;

/** Everyone of ROLES, all in one organisation but the user of another one. */
export async function charterPeople(server: TestServer): Promise<People> {
  const organisationId = await server.createOrganisation('Acme');
  const people = {} as People;
  for (const role of ROLES) {
    const own = role === 'otherOrganisation' ? {} : { organisationId };
    people[role] = await signedInUser(server, { ...own, firstName: ROLE_NAMES[role], lastName: 'Tester' });
  }
  return people;
}

/** The name a user is shown with (first and last name). */
export const nameOf = (role: Role) => `${ROLE_NAMES[role]} Tester`;

export interface CharterFixture {
  strategy: number;
  area: number;
  /** Owned by the owner, sponsored by `sponsors` (the sponsor unless told), with the team member. */
  initiative: number;
  /** A second initiative of the same focus area, nobody assigned. */
  sibling: number;
}

export async function charterFixture(
  server: TestServer,
  people: People,
  options: { sponsors?: Member[]; masters?: Member[] } = {},
): Promise<CharterFixture> {
  const strategies = strategyApi(server);
  const key = people.master.key;
  const created = await strategies.create(key, { title: 'Grow' });
  const area = created.focus_areas[0]!;
  const initiative = area.initiatives[0]!.id;
  const sibling = await strategies.addInitiative(key, area.id);
  await strategies.assignOk(key, {
    strategy_id: created.id,
    ...(options.masters && { strategy_masters: options.masters.map(personOf) }),
    initiatives: [
      {
        initiative_id: initiative,
        owners: [personOf(people.owner)],
        sponsors: (options.sponsors ?? [people.sponsor]).map(personOf),
        team_members: [personOf(people.teamMember)],
      },
    ],
  });
  return { strategy: created.id, area: area.id, initiative, sibling: sibling.id };
}

/** Fails with the answer when a set-up call does not succeed. */
function expectOk(response: ApiResponse, status: number, what: string) {
  expect(response.status, `${what}: ${JSON.stringify(response.body)}`).toBe(status);
  return response.body;
}

/** The empty-bodied PATCH the client sends (JSON content type, no body). */
const EMPTY_JSON = { 'content-type': 'application/json' };

export function charterApi(server: TestServer) {
  const api = {
    initiative: (key: string, id: number) => server.api('GET', `/api/initiative/${id}`, { token: key }),
    update: (key: string, id: number, body: unknown) =>
      server.api('PATCH', `/api/initiative/update/${id}/`, { token: key, body }),
    timelines: (key: string, initiative: number) =>
      server.api('GET', `/api/initiative/${initiative}/timelines/`, { token: key }),
    createTimeline: (key: string, body: unknown) =>
      server.api('POST', '/api/timeline/create/', { token: key, body }),
    updateTimeline: (key: string, id: number, body: unknown) =>
      server.api('PATCH', `/api/timeline/update/${id}/`, { token: key, body }),
    deleteTimeline: (key: string, id: number) =>
      server.api('DELETE', `/api/timeline/delete/${id}/`, { token: key }),
    requestApproval: (key: string, id: number) =>
      server.api('PATCH', `/api/initiative/${id}/send-charter-review-request/`, {
        token: key,
        headers: EMPTY_JSON,
      }),
    toggleApproval: (key: string, id: number) =>
      server.api('PATCH', `/api/initiative-approve/${id}/`, { token: key, headers: EMPTY_JSON }),

    async detail(key: string, id: number): Promise<InitiativeDetail> {
      return expectOk(await api.initiative(key, id), 200, 'read initiative');
    },
    async rows(key: string, initiative: number): Promise<Timeline[]> {
      return expectOk(await api.timelines(key, initiative), 200, 'list timelines');
    },
    async addTimeline(key: string, initiative: number, body: object = {}): Promise<Timeline> {
      return expectOk(await api.createTimeline(key, { initiative, ...body }), 201, 'create timeline');
    },
  };
  return api;
}

export type CharterApi = ReturnType<typeof charterApi>;

/** The approval state of an initiative as the charter page reads it. */
export function approvalOf(initiative: InitiativeDetail) {
  const { sponsor_approval, sponsor_approval_at, sponsor_approval_requested, sponsor_approval_user } =
    initiative;
  return { sponsor_approval, sponsor_approval_at, sponsor_approval_requested, sponsor_approval_user };
}

/** What a charter looks like before anyone asked for or gave an approval, and after a withdrawal. */
export const NOT_APPROVED = {
  sponsor_approval: false,
  sponsor_approval_at: null,
  sponsor_approval_requested: false,
  sponsor_approval_user: null,
};

export interface CharterSuite {
  server: TestServer;
  people: People;
  charter: CharterApi;
  /** One initiative the file's tests share. */
  fixture: CharterFixture;
}

/**
 * A test file's server, people and shared fixture, set up before its tests and closed after:
 * read the fields inside the tests (they are filled in by beforeAll).
 */
export function charterSuite(overrides: Partial<Config> = {}): CharterSuite {
  const suite = {} as CharterSuite;
  beforeAll(async () => {
    suite.server = await getTestServer(overrides);
    suite.people = await charterPeople(suite.server);
    suite.charter = charterApi(suite.server);
    suite.fixture = await charterFixture(suite.server, suite.people);
  });
  afterAll(() => suite.server.close());
  return suite;
}
