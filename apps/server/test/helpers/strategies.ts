/** Strategy fixtures built through the API, the way a client builds them. */
import type { FocusArea, Initiative, Strategy } from '@keystone/contract';
import type { ApiResponse, TestServer, TestUser } from './testServer';

/** A user with a key, ready to call the API. */
export interface Member extends TestUser {
  key: string;
}

export async function signedInUser(
  server: TestServer,
  options: Parameters<TestServer['createUser']>[0] = {},
): Promise<Member> {
  const user = await server.createUser(options);
  return { ...user, key: await server.loginAs(user) };
}

/** A person as the team page sends them. */
export const personOf = (user: { id: number; email: string }) => ({ id: user.id, email: user.email });

export const idsOf = (items: readonly { id: number | null }[]) => items.map((item) => item.id);

/** Fails with the answer when a set-up call does not succeed, so a broken fixture is obvious. */
function expectStatus(response: ApiResponse, status: number, what: string): ApiResponse {
  if (response.status !== status) {
    throw new Error(`${what} answered ${response.status}: ${JSON.stringify(response.body)}`);
  }
  return response;
}

export function strategyApi(server: TestServer) {
  const api = {
    async create(key: string, body: { title?: string; ambition?: string } = {}): Promise<Strategy> {
      return expectStatus(
        await server.api('POST', '/api/strategy/create/', { token: key, body }),
        201,
        'create strategy',
      ).body;
    },
    read: (key: string, id: number) => server.api('GET', `/api/strategy/${id}`, { token: key }),
    async page(key: string, id: number): Promise<Strategy> {
      return expectStatus(await api.read(key, id), 200, 'read strategy').body;
    },
    async listedIds(key: string): Promise<number[]> {
      const response = expectStatus(
        await server.api('GET', '/api/strategies/', { token: key }),
        200,
        'list strategies',
      );
      return idsOf(response.body) as number[];
    },
    async addFocusArea(key: string, strategy: number, body: object = {}): Promise<FocusArea> {
      return expectStatus(
        await server.api('POST', '/api/focusarea/create/', { token: key, body: { strategy, ...body } }),
        201,
        'create focus area',
      ).body;
    },
    async addInitiative(key: string, focusArea: number, body: object = {}): Promise<Initiative> {
      return expectStatus(
        await server.api('POST', '/api/initiative/create/', {
          token: key,
          body: { focus_area: focusArea, ...body },
        }),
        201,
        'create initiative',
      ).body;
    },
    assign: (key: string, body: unknown) =>
      server.api('PATCH', '/api/assign-users-to-strategy/', { token: key, body }),
    async assignOk(key: string, body: unknown): Promise<void> {
      expectStatus(await api.assign(key, body), 200, 'assign team');
    },
  };
  return api;
}

export type StrategyApi = ReturnType<typeof strategyApi>;

/** The initiative with this id, wherever it sits on the page. */
export function initiativeOn(page: Strategy, id: number): Initiative | undefined {
  return page.focus_areas.flatMap((area) => area.initiatives).find((initiative) => initiative.id === id);
}
