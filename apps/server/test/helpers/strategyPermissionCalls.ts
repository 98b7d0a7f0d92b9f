/** The call table of the strategy permission test: every call, who may make it, and how to check it. */
import type { Strategy } from '@keystone/contract';
import { expect } from 'vitest';
import { idsOf, initiativeOn, type Member, personOf } from './strategies';
import type { ApiResponse, TestServer } from './testServer';

export const ROLES = ['master', 'owner', 'sponsor', 'teamMember', 'noRole', 'otherOrganisation'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_NAMES: Record<Role, string> = {
  master: 'strategy master',
  owner: 'initiative owner',
  sponsor: 'sponsor',
  teamMember: 'team member',
  noRole: 'user of the organisation without a role',
  otherOrganisation: 'user of another organisation',
};

/** Everyone with a role sees the strategy; the others must not learn it exists. */
export const VIEWERS: readonly Role[] = ['master', 'owner', 'sponsor', 'teamMember'];
export const EDITORS: readonly Role[] = ['master', 'owner', 'sponsor'];
export const MASTER_ONLY: readonly Role[] = ['master'];

/**
 * A strategy of two focus areas; the first holds `initiative` (owner, sponsor and team member
 * set) and `sibling`, so every delete and move is possible.
 */
export interface Fixture {
  strategy: number;
  area: number;
  otherArea: number;
  initiative: number;
  sibling: number;
}

export interface Context {
  fixture: Fixture;
  /** Someone of the organisation to add to a list; they never hold a role otherwise. */
  colleague: Member;
  master: Member;
}

export interface Call {
  name: string;
  allowed: readonly Role[];
  /** Changes data: gets a fresh fixture per case. */
  mutates: boolean;
  success: number;
  /** The 404 detail: the entity the path or body names. */
  notFound: string;
  send(server: TestServer, context: Context, key: string): Promise<ApiResponse>;
  /** Checks a success: the answer, and the page as the caller reads it afterwards. */
  changed(response: ApiResponse, after: ApiResponse, context: Context): void | Promise<void>;
}

export const STRATEGY_NOT_FOUND = 'Strategy not found.';
export const FOCUS_AREA_NOT_FOUND = 'Focus area not found.';
export const INITIATIVE_NOT_FOUND = 'Initiative not found.';

export const pageOf = (after: ApiResponse): Strategy => {
  expect(after.status).toBe(200);
  return after.body;
};
export const initiativeIn = (after: ApiResponse, id: number) => initiativeOn(pageOf(after), id);
export const areaIn = (after: ApiResponse, id: number) =>
  pageOf(after).focus_areas.find((area) => area.id === id);

export const assignCall = (
  field: 'owners' | 'sponsors' | 'team_members',
  holder: 'owner' | 'sponsor' | 'teamMember',
  allowed: readonly Role[],
  people: Record<Role, Member>,
): Call => ({
  name: `PATCH /api/assign-users-to-strategy/ changing ${field}`,
  allowed,
  mutates: true,
  success: 200,
  notFound: STRATEGY_NOT_FOUND,
  send: (server, { fixture, colleague }, key) =>
    server.api('PATCH', '/api/assign-users-to-strategy/', {
      token: key,
      body: {
        strategy_id: fixture.strategy,
        initiatives: [
          { initiative_id: fixture.initiative, [field]: [personOf(people[holder]), personOf(colleague)] },
        ],
      },
    }),
  changed(response, after, { fixture, colleague }) {
    expect(response.body).toEqual({ id: fixture.strategy });
    const initiative = initiativeIn(after, fixture.initiative)!;
    expect(idsOf(initiative[field]).sort()).toEqual([people[holder].id, colleague.id].sort());
  },
});

export function callsFor(people: Record<Role, Member>): Call[] {
  return [
    {
      name: 'GET /api/strategy/{id}',
      allowed: VIEWERS,
      mutates: false,
      success: 200,
      notFound: STRATEGY_NOT_FOUND,
      send: (server, { fixture }, key) =>
        server.api('GET', `/api/strategy/${fixture.strategy}`, { token: key }),
      changed(response, _after, { fixture }) {
        expect(response.body.id).toBe(fixture.strategy);
        expect(idsOf(response.body.focus_areas)).toEqual([fixture.area, fixture.otherArea]);
      },
    },
    {
      name: 'PATCH /api/strategy/update/{id}/ {title}',
      allowed: MASTER_ONLY,
      mutates: true,
      success: 200,
      notFound: STRATEGY_NOT_FOUND,
      send: (server, { fixture }, key) =>
        server.api('PATCH', `/api/strategy/update/${fixture.strategy}/`, {
          token: key,
          body: { title: 'Renamed strategy' },
        }),
      changed(response, after) {
        expect(response.body.title).toBe('Renamed strategy');
        expect(pageOf(after).title).toBe('Renamed strategy');
      },
    },
    {
      name: 'GET /api/focusarea/{id}',
      allowed: VIEWERS,
      mutates: false,
      success: 200,
      notFound: FOCUS_AREA_NOT_FOUND,
      send: (server, { fixture }, key) => server.api('GET', `/api/focusarea/${fixture.area}`, { token: key }),
      changed(response, _after, { fixture }) {
        expect(response.body).toMatchObject({ id: fixture.area, strategy: fixture.strategy });
        expect(idsOf(response.body.initiatives)).toEqual([fixture.initiative, fixture.sibling]);
      },
    },
    {
      name: 'POST /api/focusarea/create/ {strategy}',
      allowed: MASTER_ONLY,
      mutates: true,
      success: 201,
      notFound: STRATEGY_NOT_FOUND,
      send: (server, { fixture }, key) =>
        server.api('POST', '/api/focusarea/create/', { token: key, body: { strategy: fixture.strategy } }),
      changed(response, after, { fixture }) {
        expect(idsOf(pageOf(after).focus_areas)).toEqual([fixture.area, fixture.otherArea, response.body.id]);
      },
    },
    {
      name: 'PATCH /api/focusarea/update/{id}/ {title}',
      allowed: MASTER_ONLY,
      mutates: true,
      success: 200,
      notFound: FOCUS_AREA_NOT_FOUND,
      send: (server, { fixture }, key) =>
        server.api('PATCH', `/api/focusarea/update/${fixture.area}/`, {
          token: key,
          body: { title: 'Renamed area' },
        }),
      changed(_response, after, { fixture }) {
        expect(areaIn(after, fixture.area)?.title).toBe('Renamed area');
      },
    },
    {
      name: 'PATCH /api/focusarea/sort/{id}/ {sort_index}',
      allowed: MASTER_ONLY,
      mutates: true,
      success: 200,
      notFound: FOCUS_AREA_NOT_FOUND,
      send: (server, { fixture }, key) =>
        server.api('PATCH', `/api/focusarea/sort/${fixture.area}/`, { token: key, body: { sort_index: 1 } }),
      changed(response, after, { fixture }) {
        expect(response.body).toEqual({
          id: fixture.area,
          sort_index: 1,
          order: [
            { id: fixture.otherArea, sort_index: 0 },
            { id: fixture.area, sort_index: 1 },
          ],
        });
        expect(idsOf(pageOf(after).focus_areas)).toEqual([fixture.otherArea, fixture.area]);
      },
    },
    {
      name: 'GET /api/initiative/{id}',
      allowed: VIEWERS,
      mutates: false,
      success: 200,
      notFound: INITIATIVE_NOT_FOUND,
      send: (server, { fixture }, key) =>
        server.api('GET', `/api/initiative/${fixture.initiative}`, { token: key }),
      changed(response, _after, { fixture }) {
        expect(response.body).toMatchObject({
          id: fixture.initiative,
          strategy_id: fixture.strategy,
          focus_area: fixture.area,
        });
      },
    },
    {
      name: 'POST /api/initiative/create/ {focus_area}',
      allowed: MASTER_ONLY,
      mutates: true,
      success: 201,
      notFound: FOCUS_AREA_NOT_FOUND,
      send: (server, { fixture }, key) =>
        server.api('POST', '/api/initiative/create/', { token: key, body: { focus_area: fixture.area } }),
      changed(response, after, { fixture }) {
        expect(idsOf(areaIn(after, fixture.area)!.initiatives)).toEqual([
          fixture.initiative,
          fixture.sibling,
          response.body.id,
        ]);
      },
    },
    {
      name: 'PATCH /api/initiative/update/{id}/ {title}',
      allowed: EDITORS,
      mutates: true,
      success: 200,
      notFound: INITIATIVE_NOT_FOUND,
      send: (server, { fixture }, key) =>
        server.api('PATCH', `/api/initiative/update/${fixture.initiative}/`, {
          token: key,
          body: { title: 'Renamed initiative' },
        }),
      changed(response, after, { fixture }) {
        expect(response.body.title).toBe('Renamed initiative');
        expect(initiativeIn(after, fixture.initiative)?.title).toBe('Renamed initiative');
      },
    },
    {
      name: 'PATCH /api/initiative/update/{id}/ {problem_statement}',
      allowed: EDITORS,
      mutates: true,
      success: 200,
      notFound: INITIATIVE_NOT_FOUND,
      send: (server, { fixture }, key) =>
        server.api('PATCH', `/api/initiative/update/${fixture.initiative}/`, {
          token: key,
          body: { problem_statement: '<p>Customers wait too long.</p>' },
        }),
      changed(_response, after, { fixture }) {
        expect(initiativeIn(after, fixture.initiative)?.problem_statement).toBe(
          '<p>Customers wait too long.</p>',
        );
      },
    },
    {
      name: "PATCH /api/initiative/update/{id}/ {status: 'OT'}",
      allowed: VIEWERS,
      mutates: true,
      success: 200,
      notFound: INITIATIVE_NOT_FOUND,
      send: (server, { fixture }, key) =>
        server.api('PATCH', `/api/initiative/update/${fixture.initiative}/`, {
          token: key,
          body: { status: 'OT' },
        }),
      changed(_response, after, { fixture }) {
        expect(initiativeIn(after, fixture.initiative)?.status).toBe('OT');
      },
    },
    {
      name: 'PATCH /api/initiative/sort/{id}/ {sort_index}',
      allowed: MASTER_ONLY,
      mutates: true,
      success: 200,
      notFound: INITIATIVE_NOT_FOUND,
      send: (server, { fixture }, key) =>
        server.api('PATCH', `/api/initiative/sort/${fixture.initiative}/`, {
          token: key,
          body: { sort_index: 1 },
        }),
      changed(response, after, { fixture }) {
        expect(response.body.order).toEqual([
          { id: fixture.sibling, sort_index: 0 },
          { id: fixture.initiative, sort_index: 1 },
        ]);
        expect(idsOf(areaIn(after, fixture.area)!.initiatives)).toEqual([
          fixture.sibling,
          fixture.initiative,
        ]);
      },
    },
    {
      name: 'PATCH /api/assign-users-to-strategy/ changing strategy masters',
      allowed: MASTER_ONLY,
      mutates: true,
      success: 200,
      notFound: STRATEGY_NOT_FOUND,
      send: (server, { fixture, colleague, master }, key) =>
        server.api('PATCH', '/api/assign-users-to-strategy/', {
          token: key,
          body: {
            strategy_id: fixture.strategy,
            strategy_masters: [personOf(master), personOf(colleague)],
          },
        }),
      changed(response, after, { fixture, colleague, master }) {
        expect(response.body).toEqual({ id: fixture.strategy });
        expect(idsOf(pageOf(after).strategy_masters).sort()).toEqual([master.id, colleague.id].sort());
      },
    },
    assignCall('owners', 'owner', EDITORS, people),
    assignCall('sponsors', 'sponsor', ['master', 'sponsor'], people),
    assignCall('team_members', 'teamMember', VIEWERS, people),
    // Deletes last: a mistaken success would take the shared fixture with it.
    {
      name: 'DELETE /api/initiative/delete/{id}/',
      allowed: MASTER_ONLY,
      mutates: true,
      success: 204,
      notFound: INITIATIVE_NOT_FOUND,
      send: (server, { fixture }, key) =>
        server.api('DELETE', `/api/initiative/delete/${fixture.initiative}/`, { token: key }),
      changed(_response, after, { fixture }) {
        expect(areaIn(after, fixture.area)!.initiatives).toEqual([
          expect.objectContaining({ id: fixture.sibling, sort_index: 0 }),
        ]);
      },
    },
    {
      name: 'DELETE /api/focusarea/delete/{id}/',
      allowed: MASTER_ONLY,
      mutates: true,
      success: 204,
      notFound: FOCUS_AREA_NOT_FOUND,
      send: (server, { fixture }, key) =>
        server.api('DELETE', `/api/focusarea/delete/${fixture.area}/`, { token: key }),
      changed(_response, after, { fixture }) {
        expect(pageOf(after).focus_areas).toEqual([
          expect.objectContaining({ id: fixture.otherArea, sort_index: 0 }),
        ]);
      },
    },
    {
      name: 'DELETE /api/strategy/delete/{id}/',
      allowed: MASTER_ONLY,
      mutates: true,
      success: 204,
      notFound: STRATEGY_NOT_FOUND,
      send: (server, { fixture }, key) =>
        server.api('DELETE', `/api/strategy/delete/${fixture.strategy}/`, { token: key }),
      changed(_response, after) {
        expect(after.status).toBe(404);
        expect(after.body).toEqual({ detail: STRATEGY_NOT_FOUND });
      },
    },
  ];
}
