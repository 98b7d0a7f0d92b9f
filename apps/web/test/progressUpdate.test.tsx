import {
  ANNOUNCEMENT_TEXT,
  CONFLICT_CODES,
  INITIATIVE_STATUSES,
  type InitiativeStatus,
  MESSAGES,
  PROGRESS_MESSAGES,
  TREND_TEXT,
} from '@keystone/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  NEWER,
  openProgressAs,
  progressStrategy,
  rowOf,
  wireComment,
  wireSettings,
} from './progressUpdateFixtures';
import { ok } from './renderApp';
import { typeInto } from './richTextEditing';
import { ANNA, MARK } from './strategyPageFixtures';

// The page's code loads lazily; importing it up front keeps that out of the first test's time.
beforeAll(async () => {
  await Promise.all([
    import('../src/routes/progress-update/ProgressUpdatePage'),
    import('../src/realtime/RealtimeFrame'),
  ]);
});

const statusOf = (name: string) => screen.getByRole('combobox', { name: `Status of ${name}` });
/** The coloured pill around a status select. */
const pillOf = (combobox: HTMLElement) => combobox.closest('.MuiInputBase-root') as HTMLElement;
const hexToRgb = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
};

async function chooseDueDate(label: RegExp) {
  fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Due Date' }));
  fireEvent.click(await screen.findByRole('option', { name: label }));
}

describe('progress update page: due dates', () => {
  it('should list the current due date first, then the locked dates newest first', async () => {
    openProgressAs(MARK.id);
    // Once the page has read everything (the trend comes last).
    await screen.findAllByTestId('trend-bar');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Due Date' }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual([
      '12/07/2026 at 09:00 AM GMT+1 (current)',
      '11/30/2026 at 09:00 AM GMT+1',
      '11/23/2026 at 09:00 AM GMT+1',
    ]);
  });

  it('should say when no due date is set yet', async () => {
    openProgressAs(MARK.id, {
      'GET /api/notification-settings/1/': ok(wireSettings(null)),
      'GET /api/locked-comment-dates/1/': ok([]),
    });
    const select = await screen.findByRole('combobox', { name: 'Due Date' });
    expect(select.textContent).toBe('Current (no due date set)');
  });

  it('should show a locked date read-only, with each status taken from its first locked comment', async () => {
    const { calls } = openProgressAs(ANNA.id);
    await chooseDueDate(/^11\/30\/2026/);
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Progress of Initiative 101' }).textContent).toBe(
        'Beta shipped',
      ),
    );
    expect(calls.find((call) => call.path === '/api/locked-comments/')?.body).toEqual({
      strategy_id: 1,
      date: NEWER,
    });
    expect(screen.getByText(/These are the updates locked on 11\/30\/2026 at 09:00 AM GMT\+1/)).toBeTruthy();
    // Anna owns 101, yet history is never editable.
    for (const box of within(rowOf(101)).getAllByRole('textbox')) {
      expect(box.getAttribute('aria-readonly')).toBe('true');
    }
    expect(statusOf('Initiative 101').textContent).toBe('Blocked');
    expect(statusOf('Initiative 101').getAttribute('aria-readonly')).toBe('true');
    expect(statusOf('Initiative 102').textContent).toBe('Delayed');
    // 103 had no comments locked at that date.
    expect(within(rowOf(103)).getByText(PROGRESS_MESSAGES.noLockedComments)).toBeTruthy();
  });

  it('should offer to try again when the locked dates cannot be read', async () => {
    openProgressAs(MARK.id, { 'GET /api/locked-comment-dates/1/': { status: 500, body: { detail: '' } } });
    expect(
      await screen.findByText(PROGRESS_MESSAGES.fetchLockedDatesFailed, {}, { timeout: 8000 }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: MESSAGES.tryAgain })).toBeTruthy();
  });
});

describe('progress update page: the current view', () => {
  it('should show title, ambition and a card per focus area with Initiative, Status and Comments', async () => {
    openProgressAs(MARK.id);
    expect(await screen.findByRole('heading', { level: 1, name: 'North star' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Ambition' }).textContent).toBe('Grow fast');
    const area = screen.getByRole('region', { name: 'Focus 11' });
    expect(
      within(area)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Initiative', 'Status', 'Comments']);
    expect(within(rowOf(101)).getByText('Owner: Anna')).toBeTruthy();
  });

  it('should colour each status with its readable text, Inactive in grey', async () => {
    openProgressAs(MARK.id);
    // The last focus area's rows render just after the first's (ProgressView), in a transition
    // that a loaded machine may take longer than the usual wait to finish.
    await screen.findByRole('combobox', { name: 'Status of Initiative 103' }, { timeout: 20_000 });
    const expected: [string, InitiativeStatus][] = [
      ['Initiative 101', 'OT'],
      ['Initiative 102', 'BL'],
      ['Initiative 103', 'IN'],
    ];
    for (const [name, code] of expected) {
      const select = statusOf(name);
      expect(select.textContent).toBe(INITIATIVE_STATUSES[code].label);
      const style = getComputedStyle(pillOf(select));
      expect(style.backgroundColor).toBe(hexToRgb(INITIATIVE_STATUSES[code].hex));
      expect(style.color).toBe(hexToRgb(INITIATIVE_STATUSES[code].ink));
    }
  });

  it('should change the status with one call, and tell screen readers it is saved', async () => {
    const saved = progressStrategy().focus_areas[0]?.initiatives[0];
    const { calls } = openProgressAs(ANNA.id, {
      'PATCH /api/initiative/update/101/': ok({ ...saved, status: 'CO' }),
    });
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Status of Initiative 101' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Completed' }));
    await waitFor(() => expect(statusOf('Initiative 101').textContent).toBe('Completed'));
    expect(calls.find((call) => call.method === 'PATCH')).toEqual({
      method: 'PATCH',
      path: '/api/initiative/update/101/',
      body: { status: 'CO', version: 1 },
    });
    await waitFor(() =>
      expect(screen.getByTestId('announcer-polite').textContent).toBe(ANNOUNCEMENT_TEXT.saved),
    );
  });

  it('should show Progress, Roadblocks and Next steps in that order, with the writing prompt', async () => {
    openProgressAs(ANNA.id);
    await screen.findByRole('combobox', { name: 'Status of Initiative 101' });
    const rows = within(rowOf(101)).getAllByTestId('comment-row');
    expect(rows.map((row) => row.querySelector('dt')?.textContent)).toEqual([
      'Progress',
      'Roadblocks',
      'Next steps',
    ]);
    const progress = screen.getByRole('textbox', { name: 'Progress of Initiative 101' });
    expect(progress.getAttribute('aria-readonly')).toBe('false');
    expect(progress.querySelector('[data-placeholder]')?.getAttribute('data-placeholder')).toBe(
      PROGRESS_MESSAGES.commentPlaceholder,
    );
    expect(screen.getByRole('textbox', { name: 'Next steps of Initiative 101' }).textContent).toBe(
      'Next for this one',
    );
  });

  it('should keep the comments and status of initiatives the user has no part in read-only, and say why', async () => {
    openProgressAs(ANNA.id);
    const comment = await screen.findByRole('textbox', { name: 'Progress of Initiative 103' });
    expect(comment.getAttribute('aria-readonly')).toBe('true');
    expect(statusOf('Initiative 103').getAttribute('aria-readonly')).toBe('true');
    // As a team member of 102 Anna may write its progress.
    expect(
      screen.getByRole('textbox', { name: 'Progress of Initiative 102' }).getAttribute('aria-readonly'),
    ).toBe('false');
    fireEvent.mouseOver(comment);
    expect((await screen.findByRole('tooltip')).textContent).toBe(MESSAGES.noPermission);
  });

  it('should save a comment about 250 ms after typing', async () => {
    const { calls } = openProgressAs(ANNA.id, {
      'PATCH /api/comments/update/1011/': (call) =>
        ok({ ...wireComment(101, 'PR'), comment: (call.body as { comment: string }).comment }),
    });
    await typeInto(await screen.findByRole('textbox', { name: 'Progress of Initiative 101' }), 'Shipped');
    expect(await screen.findByText('Saved', {}, { timeout: 2000 })).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([
      {
        method: 'PATCH',
        path: '/api/comments/update/1011/',
        body: { comment: '<p>Shipped</p>', version: 1 },
      },
    ]);
  });

  it('should keep the text when the due date passed before it was saved, and reload the page', async () => {
    const { calls } = openProgressAs(ANNA.id, {
      'PATCH /api/comments/update/1011/': {
        status: 409,
        body: { detail: PROGRESS_MESSAGES.commentLocked, code: CONFLICT_CODES.commentLocked },
      },
    });
    await typeInto(await screen.findByRole('textbox', { name: 'Progress of Initiative 101' }), 'Too late');
    expect(await screen.findByText('The due date passed before this text was saved')).toBeTruthy();
    expect(
      screen.getByRole('textbox', { name: 'Unsaved text of Progress of Initiative 101' }).textContent,
    ).toBe('Too late');
    await waitFor(() => {
      expect(calls.filter((call) => call.path === '/api/strategy/1')).toHaveLength(2);
      expect(calls.filter((call) => call.path === '/api/locked-comment-dates/1/')).toHaveLength(2);
      expect(calls.filter((call) => call.path === '/api/notification-settings/1/')).toHaveLength(2);
    });
    // One refused save, not retried.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(calls.filter((call) => call.path === '/api/comments/update/1011/')).toHaveLength(1);
  });

  it('should link a titled initiative to its charter and an untitled one to the strategy page', async () => {
    openProgressAs(MARK.id, {
      'GET /api/strategy/1': ok(
        progressStrategy((strategy) => ({
          ...strategy,
          focus_areas: strategy.focus_areas.map((area) => ({
            ...area,
            initiatives: area.initiatives.map((item) => (item.id === 103 ? { ...item, title: '' } : item)),
          })),
        })),
      ),
    });
    const titled = await screen.findByRole('link', { name: 'Initiative 101' });
    expect(titled.getAttribute('href')).toBe('/initiative-charter/101');
    expect((await screen.findByRole('link', { name: 'Name your initiative' })).getAttribute('href')).toBe(
      '/strategy/1',
    );
  });

  it('should scroll smoothly to the initiative named in the address', async () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    openProgressAs(MARK.id, {}, '/progress-update/1#102');
    await waitFor(() => expect(scrolled).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' }));
    expect((scrolled.mock.contexts[0] as HTMLElement).id).toBe('102');
  });
});

describe('progress update page: Strategy Settings link', () => {
  const noDueDate = { 'GET /api/notification-settings/1/': ok(wireSettings(null)) };

  it('should send a master without a due date to the settings, saying why', async () => {
    openProgressAs(MARK.id, noDueDate);
    const link = await screen.findByRole('link', { name: PROGRESS_MESSAGES.settingsLink });
    expect(link.getAttribute('href')).toBe('/strategy-settings/1');
    fireEvent.mouseOver(link);
    expect((await screen.findByRole('tooltip')).textContent).toBe(PROGRESS_MESSAGES.settingsLinkTooltip);
  });

  it('should not show the link to others, nor once a due date is set', async () => {
    openProgressAs(ANNA.id, noDueDate);
    await screen.findByRole('heading', { level: 1, name: 'North star' });
    expect(screen.queryByRole('link', { name: PROGRESS_MESSAGES.settingsLink })).toBeNull();
  });

  it('should not show the link to a master once a due date is set', async () => {
    openProgressAs(MARK.id);
    await screen.findByRole('heading', { level: 1, name: 'North star' });
    expect(screen.queryByRole('link', { name: PROGRESS_MESSAGES.settingsLink })).toBeNull();
  });
});

describe('progress update page: states and the status trend', () => {
  it('should say the strategy is missing when it was deleted', async () => {
    openProgressAs(MARK.id, { 'GET /api/strategy/1': { status: 404, body: { detail: 'Not found.' } } });
    expect(await screen.findByText(MESSAGES.strategyMissing)).toBeTruthy();
  });

  it('should name the status trend by a summary and give its numbers as a table', async () => {
    openProgressAs(MARK.id);
    const chart = await screen.findByRole('img', { name: /^Initiatives by status at each due date/ });
    expect(chart.getAttribute('aria-label')).toBe(
      'Initiatives by status at each due date: 2 due dates, 11/23/2026 to 11/30/2026. Latest: 2 initiatives (1 Blocked, 1 Delayed).',
    );
    // Each bar's hover title still reads its date and counts.
    expect(screen.getAllByTestId('trend-bar').map((bar) => bar.querySelector('title')?.textContent)).toEqual([
      '11/23/2026 at 09:00 AM GMT+1: 3 initiatives (1 Inactive, 1 Delayed, 1 On Track)',
      '11/30/2026 at 09:00 AM GMT+1: 2 initiatives (1 Blocked, 1 Delayed)',
    ]);
    for (const code of ['IN', 'CO', 'BL', 'DE', 'OT'] as const) {
      expect(screen.getByText(INITIATIVE_STATUSES[code].label, { selector: 'li span' })).toBeTruthy();
    }

    const toggle = screen.getByRole('button', { name: TREND_TEXT.showTable });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('table', { name: TREND_TEXT.title })).toBeNull();
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.textContent).toBe(TREND_TEXT.hideTable);
    const table = screen.getByRole('table', { name: TREND_TEXT.title });
    expect(toggle.getAttribute('aria-controls')).toBe(table.closest('[role="region"]')?.id);
    const cells = (row: HTMLElement) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent);
    const rows = within(table).getAllByRole('row');
    expect(rows.map(cells)).toEqual([
      ['Due date', 'Inactive', 'Completed', 'Blocked', 'Delayed', 'On Track', 'All'],
      ['11/23/2026 at 09:00 AM GMT+1', '1', '0', '0', '1', '1', '3'],
      ['11/30/2026 at 09:00 AM GMT+1', '0', '0', '1', '1', '0', '2'],
    ]);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .every((cell) => cell.getAttribute('scope') === 'col'),
    ).toBe(true);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .every((cell) => cell.getAttribute('scope') === 'row'),
    ).toBe(true);
  });

  it('should give a one-line hint instead of the chart before the first due date', async () => {
    openProgressAs(MARK.id, { 'GET /api/status-history/1/': ok([]) });
    expect(await screen.findByText(/appears here once the first due date has passed/)).toBeTruthy();
    expect(screen.queryAllByTestId('trend-bar')).toHaveLength(0);
  });
});
