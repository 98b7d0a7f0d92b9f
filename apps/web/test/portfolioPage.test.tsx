/**
 * The portfolio overview (issue 18): the table as a reader and a screen reader meet it, sorting by
 * each column with aria-sort, the loading, failure and empty states, and the way in from the header
 * and the strategies list.
 */
import {
  formatDueDate,
  MESSAGES,
  PORTFOLIO_TEXT,
  type PortfolioStrategy,
  TREND_TEXT,
} from '@keystone/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { saveSession } from '../src/api/session';
import { type FakeAnswer, fakeServer, ok, renderApp } from './renderApp';
import { MARK, wireSummary } from './strategyPageFixtures';

beforeAll(async () => {
  await Promise.all([
    import('../src/routes/portfolio/PortfolioPage'),
    import('../src/routes/strategies/StrategiesPage'),
    import('../src/realtime/RealtimeFrame'),
  ]);
});

const ZERO = { IN: 0, CO: 0, BL: 0, DE: 0, OT: 0 };
const NEXT_DUE = '2026-12-07T09:00:00+01:00';

function wireRow(id: number, title: string, changes: Partial<PortfolioStrategy> = {}): PortfolioStrategy {
  return {
    id,
    title,
    counts: { ...ZERO, IN: 1 },
    trend: [],
    next_due_date: null,
    time_zone: 'UTC',
    empty_updates: [],
    measure_count: 0,
    measures_off_track: [],
    ...changes,
  };
}

const ROWS = [
  wireRow(1, 'Growth', {
    counts: { ...ZERO, BL: 1, OT: 2 },
    trend: [
      { date: '2026-11-23T08:00:00.000Z', counts: { ...ZERO, OT: 3 } },
      { date: '2026-11-30T08:00:00.000Z', counts: { ...ZERO, BL: 1, OT: 2 } },
    ],
    next_due_date: NEXT_DUE,
    time_zone: 'Europe/Berlin',
    empty_updates: [{ id: 11, title: '<p>Open a shop</p>', focus_area_title: 'Customers' }],
    measure_count: 5,
    measures_off_track: [
      { id: 7, title: 'Revenue', initiative: null, initiative_title: '', focus_area_title: 'Customers' },
      {
        id: 8,
        title: 'Churn',
        initiative: 11,
        initiative_title: 'Open a shop',
        focus_area_title: 'Customers',
      },
    ],
  }),
  wireRow(2, 'Air', {
    counts: { ...ZERO, CO: 4 },
    measure_count: 2,
    empty_updates: [11, 12, 13, 14].map((id) => ({ id: 20 + id, title: `Task ${id}`, focus_area_title: '' })),
  }),
  wireRow(3, '', { counts: { ...ZERO, DE: 1 }, next_due_date: '2026-12-01T09:00:00+00:00' }),
];

function start(answer: FakeAnswer, path = '/portfolio') {
  saveSession({ id: MARK.id, token: 'key' });
  const server = fakeServer({
    'GET /api/portfolio/': answer,
    'GET /api/strategies/': ok([wireSummary(1, 'Growth')]),
    'GET /api/locked-fields/': ok([]),
  });
  return { ...server, ...renderApp(path) };
}

const table = () => screen.findByRole('table', { name: PORTFOLIO_TEXT.pageTitle });
const strategyNames = () =>
  screen.getAllByRole('rowheader').map((cell) => within(cell).getByRole('link').textContent);
const header = (name: string) => screen.getByRole('columnheader', { name });
const sortBy = (name: string) => fireEvent.click(within(header(name)).getByRole('button'));

describe('portfolio overview', { timeout: 20_000 }, () => {
  it('should show each strategy with its counts, trend, next due date and empty updates', async () => {
    start(ok(ROWS));
    await table();
    expect(strategyNames()).toEqual(['Growth', 'Air', 'Untitled Strategy']);
    expect(screen.getByRole('link', { name: 'Growth' }).getAttribute('href')).toBe('/strategy/1');

    const growth = screen.getAllByRole('row')[1]!;
    expect(within(growth).getByRole('list', { name: '3 initiatives: 1 Blocked, 2 On Track' })).toBeTruthy();
    const trend = within(growth).getByRole('img');
    expect(trend.getAttribute('aria-label')).toBe(
      '11/23/2026 at 09:00 AM GMT+1: 3 initiatives (3 On Track); 11/30/2026 at 09:00 AM GMT+1: 3 initiatives (1 Blocked, 2 On Track)',
    );
    expect(within(growth).getByText(formatDueDate(NEXT_DUE, 'Europe/Berlin'))).toBeTruthy();
    expect(within(growth).getByText(PORTFOLIO_TEXT.emptyUpdates(1))).toBeTruthy();
    expect(within(growth).getByRole('link', { name: 'Open a shop' }).getAttribute('href')).toBe(
      '/progress-update/1#11',
    );

    const air = screen.getAllByRole('row')[2]!;
    expect(within(air).getByText(PORTFOLIO_TEXT.noSchedule)).toBeTruthy();
    expect(within(air).getByText(PORTFOLIO_TEXT.noDueDateYet)).toBeTruthy();
    expect(
      within(air)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['4 Completed', 'Task 11', 'Task 12', 'Task 13']);
    const more = within(air).getByRole('button', { name: PORTFOLIO_TEXT.showAll(4) });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(more);
    expect(within(air).getByRole('link', { name: 'Task 14' })).toBeTruthy();
    expect(
      within(air).getByRole('button', { name: PORTFOLIO_TEXT.showFewer }).getAttribute('aria-expanded'),
    ).toBe('true');
  });

  it('should say how many measures are off track, name them beside what they belong to, and link to their readings', async () => {
    start(ok(ROWS));
    await table();
    const [growth, air, untitled] = screen.getAllByRole('row').slice(1) as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(within(growth).getByText(PORTFOLIO_TEXT.offTrack(2, 5))).toBeTruthy();
    const offTrack = within(growth).getByRole('link', { name: 'Revenue' });
    // A focus area's measure opens the progress page; an initiative's goes to its row there.
    expect(offTrack.getAttribute('href')).toBe('/progress-update/1');
    expect(offTrack.closest('li')?.textContent).toBe('Revenue · Customers');
    const churn = within(growth).getByRole('link', { name: 'Churn' });
    expect(churn.getAttribute('href')).toBe('/progress-update/1#11');
    expect(churn.closest('li')?.textContent).toBe('Churn · Open a shop');
    expect(within(air).getByText(PORTFOLIO_TEXT.noneOffTrack(2))).toBeTruthy();
    expect(within(untitled).getByText(PORTFOLIO_TEXT.noMeasures)).toBeTruthy();
  });

  it('should write every trend out in words when asked, one line per due date', async () => {
    start(ok(ROWS));
    await table();
    const growth = () => screen.getAllByRole('row')[1]!;
    const toggle = screen.getByRole('switch', { name: TREND_TEXT.showAsText });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    fireEvent.click(toggle);
    expect((toggle as HTMLInputElement).checked).toBe(true);
    expect(within(growth()).queryByRole('img')).toBeNull();
    expect(
      within(within(growth()).getByTestId('portfolio-trend-text'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['11/23: 3 initiatives (3 On Track)', '11/30: 3 initiatives (1 Blocked, 2 On Track)']);
    fireEvent.click(toggle);
    expect(within(growth()).getByRole('img')).toBeTruthy();
  });

  it('should sort by each column, saying which and how with aria-sort', async () => {
    start(ok(ROWS));
    await table();
    for (const column of Object.values(PORTFOLIO_TEXT.columns))
      expect(header(column).getAttribute('aria-sort')).toBe('none');

    sortBy(PORTFOLIO_TEXT.columns.title);
    expect(header(PORTFOLIO_TEXT.columns.title).getAttribute('aria-sort')).toBe('ascending');
    // An untitled strategy has no name to sort by: last either way.
    expect(strategyNames()).toEqual(['Air', 'Growth', 'Untitled Strategy']);
    sortBy(PORTFOLIO_TEXT.columns.title);
    expect(header(PORTFOLIO_TEXT.columns.title).getAttribute('aria-sort')).toBe('descending');
    expect(strategyNames()).toEqual(['Growth', 'Air', 'Untitled Strategy']);

    // Most in need of attention first: Blocked outweighs Delayed, which outweighs Completed.
    sortBy(PORTFOLIO_TEXT.columns.now);
    expect(header(PORTFOLIO_TEXT.columns.now).getAttribute('aria-sort')).toBe('descending');
    expect(header(PORTFOLIO_TEXT.columns.title).getAttribute('aria-sort')).toBe('none');
    expect(strategyNames()).toEqual(['Growth', 'Untitled Strategy', 'Air']);

    sortBy(PORTFOLIO_TEXT.columns.nextDue);
    expect(strategyNames()).toEqual(['Untitled Strategy', 'Growth', 'Air']);

    sortBy(PORTFOLIO_TEXT.columns.emptyUpdates);
    expect(strategyNames()).toEqual(['Air', 'Growth', 'Untitled Strategy']);

    sortBy(PORTFOLIO_TEXT.columns.trend);
    expect(strategyNames()[0]).toBe('Growth');

    // Most off track first; a strategy without measures last either way.
    sortBy(PORTFOLIO_TEXT.columns.measuresOffTrack);
    expect(header(PORTFOLIO_TEXT.columns.measuresOffTrack).getAttribute('aria-sort')).toBe('descending');
    expect(strategyNames()).toEqual(['Growth', 'Air', 'Untitled Strategy']);
    sortBy(PORTFOLIO_TEXT.columns.measuresOffTrack);
    expect(strategyNames()).toEqual(['Air', 'Growth', 'Untitled Strategy']);
  });

  it('should show the failure only, and load again on "Try again"', async () => {
    let failing = true;
    const { calls } = start(() => (failing ? { status: 500, body: { detail: null } } : ok(ROWS)));
    expect(await screen.findByText(PORTFOLIO_TEXT.loadFailed)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByText(PORTFOLIO_TEXT.empty)).toBeNull();
    failing = false;
    const before = calls.filter((call) => call.path === '/api/portfolio/').length;
    fireEvent.click(screen.getByRole('button', { name: MESSAGES.tryAgain }));
    await table();
    expect(calls.filter((call) => call.path === '/api/portfolio/').length).toBe(before + 1);
    expect(screen.queryByText(PORTFOLIO_TEXT.loadFailed)).toBeNull();
  });

  it('should say so while loading, and when the user has no strategy', async () => {
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    saveSession({ id: MARK.id, token: 'key' });
    const { fetchMock } = fakeServer({ 'GET /api/locked-fields/': ok([]), 'GET /api/portfolio/': ok([]) });
    const plainFetch = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input) === '/api/portfolio/') await answered;
      return plainFetch(input, init);
    });
    renderApp('/portfolio');
    expect(await screen.findByRole('progressbar', { name: PORTFOLIO_TEXT.loading })).toBeTruthy();
    release();
    expect(await screen.findByText(PORTFOLIO_TEXT.empty)).toBeTruthy();
    expect(screen.queryByRole('progressbar', { name: PORTFOLIO_TEXT.loading })).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('should be reachable from the header and from the strategies list', async () => {
    const { router } = start(ok(ROWS), '/strategies');
    const list = await screen.findByRole('link', { name: PORTFOLIO_TEXT.listLink });
    expect(list.getAttribute('href')).toBe('/portfolio');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    fireEvent.click(within(nav).getByRole('link', { name: PORTFOLIO_TEXT.headerLink }));
    await table();
    expect(router.state.location.pathname).toBe('/portfolio');
    await waitFor(() =>
      expect(
        within(nav).getByRole('link', { name: PORTFOLIO_TEXT.headerLink }).getAttribute('aria-current'),
      ).toBe('page'),
    );
  });
});
