/**
 * The strategy team tests' shared set-up (team.test.ts, team.invites.test.ts): a server, a master
 * and three colleagues of one organisation, someone of another, and the calls the tests make.
 */
import type { Strategy } from '@keystone/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { outboxMails } from '../../src/db/schema';
import { type Member, type StrategyApi, signedInUser, strategyApi } from './strategies';
import { getTestServer, type TestServer } from './testServer';

/** What the page sends for an address typed into a picker: no id yet, or a temporary one. */
export const typed = (email: string, id: number | null = null) => ({ id, email });

export interface TeamPeople {
  server: TestServer;
  strategies: StrategyApi;
  master: Member;
  alan: Member;
  barbara: Member;
  edsger: Member;
  rival: Member;
}

/** Registers the server's start and stop in the calling describe; `people` is filled once started. */
export function teamFixture() {
  const people = {} as TeamPeople;
  beforeAll(async () => {
    const server = await getTestServer();
    const master = await signedInUser(server, {
      email: 'grace@acme.com',
      firstName: 'Grace',
      lastName: 'Hopper',
    });
    const colleague = (email: string, firstName: string, lastName: string) =>
      signedInUser(server, { organisationId: master.organisationId, email, firstName, lastName });
    Object.assign(people, {
      server,
      strategies: strategyApi(server),
      master,
      alan: await colleague('alan@acme.com', 'Alan', 'Turing'),
      barbara: await colleague('barbara@acme.com', 'Barbara', 'Liskov'),
      edsger: await colleague('edsger@acme.com', 'Edsger', 'Dijkstra'),
      rival: await signedInUser(server, { email: 'boss@rival.com', firstName: 'Rival', lastName: 'Boss' }),
    });
  });
  afterAll(() => people.server.close());

  const assign = (body: unknown, key = people.master.key) => people.strategies.assign(key, body);
  const page = (id: number, key = people.master.key) => people.strategies.page(key, id);
  const calls = {
    assign,
    page,
    /** A strategy with two initiatives in its first focus area. */
    async twoInitiatives(): Promise<{ strategy: Strategy; first: number; second: number }> {
      const strategy = await people.strategies.create(people.master.key, { title: 'Grow' });
      const area = strategy.focus_areas[0]!;
      const second = await people.strategies.addInitiative(people.master.key, area.id);
      return { strategy: await page(strategy.id), first: area.initiatives[0]!.id, second: second.id };
    },
    invitedEmails: async (key = people.master.key) =>
      (await people.server.api('GET', '/api/invites/', { token: key })).body.map(
        (invite: { email: string }) => invite.email,
      ),
    colleagues: async (key = people.master.key) =>
      (await people.server.api('GET', '/api/users/', { token: key })).body,
    queuedMailsTo: async (email: string) =>
      (await people.server.database.db.select().from(outboxMails).where(eq(outboxMails.recipient, email)))
        .length,
  };
  return { people, calls };
}
