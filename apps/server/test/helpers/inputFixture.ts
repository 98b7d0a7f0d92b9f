/**
 * Shared set-up of the strategy input tests: a master and a rival (another organisation), each
 * with a strategy of two focus areas, the first holding two initiatives.
 */
import type { Strategy } from '@keystone/contract';
import { afterAll, beforeAll } from 'vitest';
import { type Member, type StrategyApi, signedInUser, strategyApi } from './strategies';
import type { InputFixture } from './strategyEndpoints';
import { type ApiResponse, getTestServer, type TestServer } from './testServer';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface InputContext {
  server: TestServer;
  strategies: StrategyApi;
  master: Member;
  rival: Member;
  fixture: InputFixture;
  rivalFixture: InputFixture;
  buildFixture(member: Member): Promise<InputFixture>;
  /** A call as the master (or as `key`). */
  send(method: Method, path: string, body?: unknown, key?: string): Promise<ApiResponse>;
  page(strategy?: number, key?: string): Promise<Strategy>;
}

/** Registers the set-up hooks of the enclosing describe; fields are filled before the tests run. */
export function useInputFixture(): InputContext {
  const ctx = {
    async buildFixture(member: Member): Promise<InputFixture> {
      const created = await ctx.strategies.create(member.key, { title: 'Grow' });
      const area = created.focus_areas[0]!;
      const otherArea = await ctx.strategies.addFocusArea(member.key, created.id);
      const sibling = await ctx.strategies.addInitiative(member.key, area.id);
      return {
        strategy: created.id,
        area: area.id,
        otherArea: otherArea.id,
        initiative: area.initiatives[0]!.id,
        sibling: sibling.id,
      };
    },
    send: (method: Method, path: string, body?: unknown, key?: string) =>
      ctx.server.api(method, path, { token: key ?? ctx.master.key, ...(body !== undefined && { body }) }),
    page: (strategy?: number, key?: string) =>
      ctx.strategies.page(key ?? ctx.master.key, strategy ?? ctx.fixture.strategy),
  } as InputContext;

  beforeAll(async () => {
    ctx.server = await getTestServer();
    ctx.strategies = strategyApi(ctx.server);
    ctx.master = await signedInUser(ctx.server, { firstName: 'Grace', lastName: 'Hopper' });
    ctx.rival = await signedInUser(ctx.server, { firstName: 'Rival' });
    ctx.fixture = await ctx.buildFixture(ctx.master);
    ctx.rivalFixture = await ctx.buildFixture(ctx.rival);
  });
  afterAll(() => ctx.server.close());
  return ctx;
}
