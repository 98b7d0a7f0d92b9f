/**
 * Spreadsheets in the browser (issue 32): the strategy menu's and the portfolio's downloads saved
 * under the server's names, and "Start from a spreadsheet": offered on /strategies, a file chosen
 * with the keyboard-usable file control, its preview with each row's problems, the create button
 * only for a file without problems, and the new strategy opened.
 */
import {
  type ImportPreview,
  SPREADSHEET_MENU_TEXT,
  SPREADSHEET_TEXT,
  XLSX_MEDIA_TYPE,
} from '@keystone/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../src/api/session';
import { type FakeAnswer, fakeServer, ok, renderApp } from './renderApp';
import { ANNA, MARK, wireStrategy, wireSummary } from './strategyPageFixtures';

beforeAll(async () => {
  await Promise.all([
    import('../src/routes/strategies/StrategiesPage'),
    import('../src/routes/strategy-import/ImportSpreadsheetPage'),
    import('../src/routes/strategy/StrategyPage'),
    import('../src/realtime/RealtimeFrame'),
  ]);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

/** The names of the files the page saved. */
function savedFiles(): string[] {
  const saved: string[] = [];
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:file');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return saved;
}

describe('spreadsheet downloads', { timeout: 20_000 }, () => {
  it('should save the strategy as XLSX and CSV and its history from the strategy menu', async () => {
    const saved = savedFiles();
    saveSession({ id: ANNA.id, token: 'key' });
    const { fetchMock } = fakeServer({
      'GET /api/strategy/1': ok(wireStrategy()),
      'GET /api/strategy/1/spreadsheet.xlsx': ok('xlsx'),
      'GET /api/strategy/1/spreadsheet.csv': ok('csv'),
      'GET /api/strategy/1/progress-history.csv': ok('csv'),
    });
    renderApp('/strategy/1');
    for (const label of [
      SPREADSHEET_MENU_TEXT.strategyXlsx,
      SPREADSHEET_MENU_TEXT.strategyCsv,
      SPREADSHEET_MENU_TEXT.historyCsv,
    ]) {
      fireEvent.click(await screen.findByRole('button', { name: 'Strategy menu' }));
      fireEvent.click(await screen.findByRole('menuitem', { name: label }));
      await waitFor(() => expect(saved.length).toBeGreaterThan(0));
      await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    }
    await waitFor(() =>
      expect(saved).toEqual(['strategy-1.xlsx', 'strategy-1.csv', 'strategy-1-progress-history.csv']),
    );
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).endsWith('.xlsx'))!;
    expect(init?.headers).toMatchObject({ Accept: XLSX_MEDIA_TYPE, Authorization: 'Token key' });
  });

  it('should say why when the server refuses a download', async () => {
    saveSession({ id: ANNA.id, token: 'key' });
    fakeServer({
      'GET /api/strategy/1': ok(wireStrategy()),
      'GET /api/strategy/1/spreadsheet.csv': { status: 429, body: { detail: 'Too many downloads.' } },
    });
    renderApp('/strategy/1');
    fireEvent.click(await screen.findByRole('button', { name: 'Strategy menu' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: SPREADSHEET_MENU_TEXT.strategyCsv }));
    expect(await screen.findByText('Too many downloads.')).toBeTruthy();
  });
});

const PREVIEW = 'POST /api/strategy/import/preview/';
const CREATE = 'POST /api/strategy/import/';

const previewOf = (changes: Partial<ImportPreview>): ImportPreview => ({
  title: 'plan',
  rows: [
    { row: 2, focus_area: 'Customers', initiative: 'Onboarding', owners: ['ada@example.com'], problems: [] },
  ],
  problems: [],
  focus_area_count: 1,
  initiative_count: 1,
  ready: true,
  ...changes,
});

function startImport(preview: FakeAnswer) {
  saveSession({ id: MARK.id, token: 'key' });
  const server = fakeServer({
    'GET /api/strategies/': ok([wireSummary(1, 'North star')]),
    'GET /api/locked-fields/': ok([]),
    [PREVIEW]: preview,
    [CREATE]: { status: 201, body: { ...wireStrategy(), id: 42 } },
    'GET /api/strategy/42': ok({ ...wireStrategy(), id: 42 }),
  });
  return { server, view: renderApp('/strategies') };
}

const choose = async (text: string) =>
  fireEvent.change(await screen.findByLabelText(SPREADSHEET_TEXT.fileLabel), {
    target: { files: [new File([text], 'plan.csv', { type: 'text/csv' })] },
  });

describe('start from a spreadsheet', { timeout: 20_000 }, () => {
  it('should preview a file with problems, offer no create, then create a fixed one and open it', async () => {
    let answer = previewOf({
      rows: [
        {
          row: 2,
          focus_area: 'Customers',
          initiative: '',
          owners: [],
          problems: ['The initiative is empty.'],
        },
      ],
      problems: ['A strategy has at most 5 focus areas.'],
      ready: false,
    });
    const { server, view } = startImport(() => ok(answer));
    fireEvent.click(await screen.findByRole('link', { name: SPREADSHEET_TEXT.start }));
    expect(await screen.findByRole('heading', { level: 1, name: SPREADSHEET_TEXT.pageTitle })).toBeTruthy();

    await choose('Focus area,Initiative\nCustomers,\n');
    const warning = await screen.findByRole('alert');
    expect(warning.textContent).toContain(SPREADSHEET_TEXT.problems(2));
    expect(warning.textContent).toContain('A strategy has at most 5 focus areas.');
    const table = screen.getByRole('table');
    expect(within(table).getByText('The initiative is empty.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: SPREADSHEET_TEXT.create })).toBeNull();
    expect(server.calls.find((call) => call.path === '/api/strategy/import/preview/')?.body).toEqual({
      file_name: 'plan.csv',
      content: btoa('Focus area,Initiative\nCustomers,\n'),
    });

    answer = previewOf({});
    await choose('Focus area,Initiative,Owners\nCustomers,Onboarding,ada@example.com\n');
    expect((await screen.findByRole('status', { name: '' })).textContent).toContain(
      SPREADSHEET_TEXT.ready(1, 1),
    );
    fireEvent.click(screen.getByRole('button', { name: SPREADSHEET_TEXT.create }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/strategy/42'), {
      timeout: 10_000,
    });
    expect(server.calls.filter((call) => call.path === '/api/strategy/import/')).toHaveLength(1);
  });

  it('should say why the server refused the file', async () => {
    startImport({ status: 400, body: { detail: 'The file is not in UTF-8.' } });
    fireEvent.click(await screen.findByRole('link', { name: SPREADSHEET_TEXT.start }));
    await choose('x');
    expect((await screen.findByRole('alert')).textContent).toBe('The file is not in UTF-8.');
  });
});
