/**
 * The readings download (GET /api/strategy/{id}/measure-readings.csv): one row per measure and due
 * date with the expected value and the suggestion of that date, for anyone who may view the
 * strategy, and safe to open in a spreadsheet.
 */
import { READINGS_CSV_COLUMNS } from '@keystone/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMeasure } from './helpers/measureRows';
import { type Member, personOf, type StrategyApi, signedInUser, strategyApi } from './helpers/strategies';
import { getTestServer, type TestServer } from './helpers/testServer';

describe('measure readings as CSV', () => {
  let server: TestServer;
  let strategies: StrategyApi;
  let master: Member;
  let teamMember: Member;
  let colleague: Member;
  let stranger: Member;

  beforeAll(async () => {
    server = await getTestServer();
    strategies = strategyApi(server);
    master = await signedInUser(server, { firstName: 'Grace' });
    teamMember = await signedInUser(server, { organisationId: master.organisationId });
    colleague = await signedInUser(server, { organisationId: master.organisationId });
    stranger = await signedInUser(server);
  });
  afterAll(() => server.close());

  const download = (strategyId: number, key?: string) =>
    server.api('GET', `/api/strategy/${strategyId}/measure-readings.csv`, { token: key });

  /**
   * A strategy whose first due date was 2026-01-01: an initiative's measure (0 → 100 by
   * 2026-12-31) read at three weekly due dates up to 2026-05-01, and a focus area's measure
   * defined and read through the API whose words would be formulas in a spreadsheet.
   */
  async function strategyWithReadings() {
    const strategy = await strategies.create(master.key, { title: 'Numbers, "exact"' });
    const area = strategy.focus_areas[0]!;
    const initiative = area.initiatives[0]!;
    await server.api('PATCH', `/api/focusarea/update/${area.id}/`, {
      token: master.key,
      body: { title: '<p>Customers &amp; partners</p>' },
    });
    await server.api('PATCH', `/api/initiative/update/${initiative.id}/`, {
      token: master.key,
      body: { title: '<p>Onboarding</p>' },
    });
    await strategies.assignOk(master.key, {
      strategy_id: strategy.id,
      initiatives: [{ initiative_id: initiative.id, team_members: [personOf(teamMember)] }],
    });
    await server.ctx.db.execute(
      sql`update notification_settings set first_progress_update = '2026-01-01 09:00:00' where strategy_id = ${strategy.id}`,
    );
    await insertMeasure(server, {
      strategyId: strategy.id,
      initiativeId: initiative.id,
      title: 'Accounts live',
      lockedReadings: 3,
      lockedValues: ['30', '25', '10'],
    });
    const created = await server.api('POST', '/api/measures/create/', {
      token: master.key,
      body: {
        focus_area: area.id,
        title: '=HYPERLINK("http://evil.example")',
        unit: 'currency',
        currency: 'EUR',
        unit_label: 'net',
        decimals: 2,
        baseline: '-10',
        target: '5',
        direction: 'increase',
      },
    });
    expect(created.status).toBe(201);
    const written = await server.api('PATCH', `/api/measures/reading/${created.body.id}/`, {
      token: master.key,
      body: { value: '-3.5', note: '@SUM(A1), then +1\nsecond line' },
    });
    expect(written.status).toBe(200);
    return strategy;
  }

  it('should list every reading of every measure with what was expected and suggested that day', async () => {
    const strategy = await strategyWithReadings();
    const response = await download(strategy.id, master.key);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="measure-readings-${strategy.id}.csv"`,
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
    const lines = (response.body as string).split('\r\n');
    expect(lines).toEqual([
      // The byte order mark first: spreadsheets read the file as UTF-8 then.
      `\uFEFF${READINGS_CSV_COLUMNS.join(',')}`,
      // The focus area's measure first, as on the board; its current reading has no due date yet
      // (no rhythm is set), so nothing is expected of it. Formulas are defused, numbers stay numbers.
      `"Numbers, ""exact""",Customers & partners,,"'=HYPERLINK(""http://evil.example"")",Currency EUR: net,,-3.5,"'@SUM(A1), then +1\nsecond line",,`,
      // A straight line from 0 on 2026-01-01 to 100 on 2026-12-31 (364 days): 29.1 after 106 days …
      '"Numbers, ""exact""",Customers & partners,Onboarding,Accounts live,Number,2026-04-17,30,week 1,29,On track',
      '"Numbers, ""exact""",Customers & partners,Onboarding,Accounts live,Number,2026-04-24,25,week 2,31,Behind',
      '"Numbers, ""exact""",Customers & partners,Onboarding,Accounts live,Number,2026-05-01,10,week 3,33,Off track',
      '"Numbers, ""exact""",Customers & partners,Onboarding,Accounts live,Number,,,,,',
      '',
    ]);
  });

  it('should answer anyone who may view the strategy, and nobody else', async () => {
    const strategy = await strategyWithReadings();
    expect((await download(strategy.id, teamMember.key)).status).toBe(200);
    for (const key of [colleague.key, stranger.key]) {
      const refused = await download(strategy.id, key);
      expect(refused.status).toBe(404);
      expect(JSON.stringify(refused.body)).not.toContain('Accounts live');
    }
    // As every call without a valid key is answered (the spec's 403).
    expect((await download(strategy.id)).status).toBe(403);
    expect((await download(999_999, master.key)).status).toBe(404);
  });

  it('should give only the header line for a strategy without measures', async () => {
    const strategy = await strategies.create(master.key, {});
    const response = await download(strategy.id, master.key);
    expect(response.status).toBe(200);
    expect(response.body).toBe(`\uFEFF${READINGS_CSV_COLUMNS.join(',')}\r\n`);
  });
});
