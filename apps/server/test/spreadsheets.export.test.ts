/**
 * Spreadsheet downloads: a strategy (one row per initiative: people, reported status, last update,
 * measures) and its progress history as CSV and as an Excel workbook opened by another library
 * (SheetJS), the portfolio, the template; formulas defused in both formats; another
 * organisation's strategy not found.
 */
import * as XLSX from '@e965/xlsx';
import {
  HISTORY_SHEET_COLUMNS,
  IMPORT_COLUMNS,
  PORTFOLIO_SHEET_COLUMNS,
  STRATEGY_SHEET_COLUMNS,
  XLSX_MEDIA_TYPE,
} from '@keystone/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Member, personOf, type StrategyApi, signedInUser, strategyApi } from './helpers/strategies';
import { getTestServer, type TestServer } from './helpers/testServer';

describe('spreadsheet downloads', () => {
  let server: TestServer;
  let strategies: StrategyApi;
  let master: Member;
  let owner: Member;
  let colleague: Member;
  let stranger: Member;

  beforeAll(async () => {
    server = await getTestServer();
    strategies = strategyApi(server);
    master = await signedInUser(server, { firstName: 'Grace', lastName: 'Hopper' });
    owner = await signedInUser(server, {
      organisationId: master.organisationId,
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    colleague = await signedInUser(server, { organisationId: master.organisationId });
    stranger = await signedInUser(server);
  });
  afterAll(() => server.close());

  const download = (path: string, key?: string) =>
    server.app.inject({ method: 'GET', url: path, headers: key ? { authorization: `Token ${key}` } : {} });

  const sheetRows = (bytes: Buffer, name: string) => {
    const workbook = XLSX.read(bytes, { type: 'buffer', cellFormula: true });
    const sheet = workbook.Sheets[name];
    if (!sheet) throw new Error(`no sheet ${name} in ${workbook.SheetNames.join(', ')}`);
    return { sheet, rows: XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1, defval: '' }) };
  };

  /** A strategy with a hostile initiative title, an owner, a focus area's measure and one locked due date. */
  async function plannedStrategy() {
    const strategy = await strategies.create(master.key, { title: 'Plan 2027' });
    const area = strategy.focus_areas[0]!;
    const first = area.initiatives[0]!;
    await server.api('PATCH', `/api/focusarea/update/${area.id}/`, {
      token: master.key,
      body: { title: '<p>Customers &amp; partners</p>' },
    });
    await server.api('PATCH', `/api/initiative/update/${first.id}/`, {
      token: master.key,
      body: { title: '<p>=HYPERLINK("http://evil.example")</p>', status: 'DE' },
    });
    const second = await strategies.addInitiative(master.key, area.id, { title: '<p>Onboarding, fast</p>' });
    await strategies.assignOk(master.key, {
      strategy_id: strategy.id,
      initiatives: [{ initiative_id: second.id, owners: [personOf(owner)], sponsors: [personOf(master)] }],
    });
    const measure = await server.api('POST', '/api/measures/create/', {
      token: master.key,
      body: {
        focus_area: area.id,
        title: 'Accounts',
        unit: 'number',
        decimals: 0,
        baseline: '0',
        target: '100',
        direction: 'increase',
      },
    });
    expect(measure.status).toBe(201);
    // A past due date, locked as the scheduler locks one.
    await server.ctx.db.execute(sql`
      update comments set comment = case comment_type when 'PR' then '<p>+5 signed</p>' else '' end,
             is_locked = true, locked_at = '2026-03-02 09:00:00+00', initiative_status = 'OT'
       where initiative_id = ${second.id}`);
    await server.ctx.db.execute(sql`
      update initiatives set last_status = 'OT', last_progress_update = '2026-03-02 09:00:00+00' where id = ${second.id}`);
    return { strategy, target: measure.body.target_date as string };
  }

  it('should give the strategy as CSV, one row per initiative, formulas defused', async () => {
    const { strategy, target } = await plannedStrategy();
    const response = await download(`/api/strategy/${strategy.id}/spreadsheet.csv`, master.key);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="strategy-${strategy.id}.csv"`,
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.body.split('\r\n')).toEqual([
      `\uFEFF${STRATEGY_SHEET_COLUMNS.join(',')}`,
      `Customers & partners,,,,,,,Accounts: no reading (target 100 by ${target})`,
      `Customers & partners,"'=HYPERLINK(""http://evil.example"")",Delayed,,,,,`,
      `Customers & partners,"Onboarding, fast",On Track,03/02/2026,Ada Lovelace <${owner.email}>,Grace Hopper <${master.email}>,,`,
      '',
    ]);
  });

  it('should give the progress history as CSV', async () => {
    const { strategy } = await plannedStrategy();
    const response = await download(`/api/strategy/${strategy.id}/progress-history.csv`, master.key);
    expect(response.statusCode).toBe(200);
    expect(response.body.split('\r\n')).toEqual([
      `\uFEFF${HISTORY_SHEET_COLUMNS.join(',')}`,
      '03/02/2026,Customers & partners,"Onboarding, fast",On Track,\'+5 signed,,',
      '',
    ]);
  });

  it('should give a workbook another library opens, with both sheets and no formula', async () => {
    const { strategy } = await plannedStrategy();
    const response = await download(`/api/strategy/${strategy.id}/spreadsheet.xlsx`, master.key);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX_MEDIA_TYPE);
    const { sheet, rows } = sheetRows(response.rawPayload, 'Strategy');
    expect(rows[0]).toEqual([...STRATEGY_SHEET_COLUMNS]);
    expect(rows[2]!.slice(0, 3)).toEqual([
      'Customers & partners',
      `'=HYPERLINK("http://evil.example")`,
      'Delayed',
    ]);
    expect(rows[3]![4]).toBe(`Ada Lovelace <${owner.email}>`);
    // Every cell is text: none is a formula a spreadsheet would run.
    for (const [address, cell] of Object.entries(sheet))
      if (!address.startsWith('!')) expect(cell.f).toBeUndefined();
    const history = sheetRows(response.rawPayload, 'Progress history').rows;
    expect(history).toEqual([
      [...HISTORY_SHEET_COLUMNS],
      ['03/02/2026', 'Customers & partners', 'Onboarding, fast', 'On Track', "'+5 signed", '', ''],
    ]);
  });

  it('should answer anyone who may view the strategy, and nobody else', async () => {
    const { strategy } = await plannedStrategy();
    for (const path of ['spreadsheet.csv', 'spreadsheet.xlsx', 'progress-history.csv']) {
      expect((await download(`/api/strategy/${strategy.id}/${path}`, owner.key)).statusCode).toBe(200);
      for (const key of [colleague.key, stranger.key]) {
        const refused = await download(`/api/strategy/${strategy.id}/${path}`, key);
        expect(refused.statusCode).toBe(404);
        expect(refused.body).not.toContain('Onboarding');
      }
      expect((await download(`/api/strategy/${strategy.id}/${path}`)).statusCode).toBe(403);
      expect((await download(`/api/strategy/999999/${path}`, master.key)).statusCode).toBe(404);
    }
  });

  it('should give the portfolio: every strategy I take part in, and no other', async () => {
    await plannedStrategy();
    const csv = await download('/api/portfolio/spreadsheet.csv', owner.key);
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe(`\uFEFF${PORTFOLIO_SHEET_COLUMNS.join(',')}`);
    expect(lines.filter((line) => line.startsWith('Plan 2027,')).length).toBeGreaterThan(0);
    const xlsx = await download('/api/portfolio/spreadsheet.xlsx', owner.key);
    const { rows } = sheetRows(xlsx.rawPayload, 'Portfolio');
    expect(rows[0]).toEqual([...PORTFOLIO_SHEET_COLUMNS]);
    expect(rows.slice(1).every((row) => row[0] === 'Plan 2027')).toBe(true);
    const strangers = await download('/api/portfolio/spreadsheet.csv', stranger.key);
    expect(strangers.body).not.toContain('Plan 2027');
  });

  it('should give the import template in both formats', async () => {
    const csv = await download('/api/strategy/import/template.csv', colleague.key);
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\r\n')[0]).toBe(`\uFEFF${Object.values(IMPORT_COLUMNS).join(',')}`);
    const xlsx = await download('/api/strategy/import/template.xlsx', colleague.key);
    expect(sheetRows(xlsx.rawPayload, 'Strategy').rows[0]).toEqual(Object.values(IMPORT_COLUMNS));
  });
});
