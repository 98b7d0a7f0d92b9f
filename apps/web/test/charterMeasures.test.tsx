/**
 * The charter's Measures section (DESIGN §10): each measure's definition, latest value and
 * suggestion, its chart named by a summary with the same numbers as a table, and an initiative's
 * measures defined there by its editors only.
 */
import { type InitiativeDetail, MEASURE_TEXT } from '@keystone/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../src/api/session';
import { wireMeasure } from './measureFixtures';
import { type FakeAnswer, fakeServer, ok, renderApp } from './renderApp';
import { wireInitiative } from './wireInitiative';

const OWNER = { id: 1, name: 'Olga Owner', email: 'olga@example.com' };
const MEMBER = { id: 3, name: 'Max Member', email: 'max@example.com' };

beforeAll(async () => {
  await import('../src/components/measures/MeasureDialog');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function wireCharter(fields: Partial<InitiativeDetail> = {}): InitiativeDetail {
  return {
    ...wireInitiative(10, 5, {
      title: '<p>Self-serve onboarding</p>',
      owners: [OWNER],
      team_members: [MEMBER],
    }),
    strategy_id: 4,
    ambition: '',
    strategy_masters: [],
    focus_area_title: '<p>Growth</p>',
    measures: [wireMeasure(30, { initiative: 10 })],
    ...fields,
  };
}

function openCharterAs(userId: number, answers: Record<string, FakeAnswer> = {}) {
  saveSession({ id: userId, token: 'key' });
  const server = fakeServer({
    'GET /api/initiative/10': ok(wireCharter()),
    'GET /api/initiative/10/timelines/': ok([]),
    ...answers,
  });
  renderApp('/initiative-charter/10');
  return server;
}

const section = () => screen.getByRole('region', { name: MEASURE_TEXT.measures });

describe('the charter’s measures', () => {
  it('should show each measure with its chart, and the same numbers as a table', async () => {
    openCharterAs(MEMBER.id);
    const measure = await screen.findByTestId('charter-measure');
    expect(within(measure).getByRole('heading', { name: 'Monthly revenue' })).toBeTruthy();
    expect(measure.textContent).toContain('Increase to €2,000 by 12/31/2026 · Baseline €1,000');
    expect(measure.textContent).toContain('€1,500 of €2,000 · Progress 50 % · Suggested: On track');
    const chart = within(measure).getByRole('img', { name: 'Monthly revenue: latest €1,500, target €2,000' });
    expect(chart.querySelectorAll('circle')).toHaveLength(2);
    expect(within(measure).getByText(MEASURE_TEXT.legend.expected)).toBeTruthy();

    fireEvent.click(within(measure).getByRole('button', { name: MEASURE_TEXT.showTable }));
    const table = within(measure).getByRole('table', { name: MEASURE_TEXT.tableCaption('Monthly revenue') });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toEqual([
      expect.stringMatching(/^03\/0[12]\/2026$/),
      '€1,200',
      expect.stringMatching(/^€1,16\d$/),
      'Slow start',
    ]);
    expect(rows[1]?.[0]).toMatch(/\(Current\)$/);
    expect(rows[1]?.[1]).toBe('€1,500');
    // A member of the team reads them; only the initiative's editors define them.
    expect(within(section()).queryByRole('button', { name: MEASURE_TEXT.addMeasure })).toBeNull();
    expect(
      within(section()).queryByRole('button', { name: MEASURE_TEXT.edit('Monthly revenue') }),
    ).toBeNull();
  });

  it('should say "No reading" for a due date without one', async () => {
    const empty = wireMeasure(
      30,
      { initiative: 10 },
      {
        history: [{ due_date: '2026-03-01T09:00:00.000Z', value: null, note: '' }],
        current: { ...wireMeasure(30, { initiative: 10 }).current, value: null },
      },
    );
    openCharterAs(MEMBER.id, { 'GET /api/initiative/10': ok(wireCharter({ measures: [empty] })) });
    const measure = await screen.findByTestId('charter-measure');
    expect(measure.textContent).toContain(MEASURE_TEXT.noReadingOfTarget('€2,000'));
    fireEvent.click(within(measure).getByRole('button', { name: MEASURE_TEXT.showTable }));
    const cells = within(measure)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.filter((text) => text === MEASURE_TEXT.noReading)).toHaveLength(2);
  });

  it('should let an owner define a measure for the initiative there', async () => {
    const created = wireMeasure(
      31,
      { initiative: 10 },
      {
        title: 'Trials converted',
        unit: 'number',
        currency: null,
        direction: 'at_least',
        baseline: '10',
        target: '40',
        sort_index: 1,
      },
    );
    let stored = [wireMeasure(30, { initiative: 10 })];
    const { calls } = openCharterAs(OWNER.id, {
      'GET /api/initiative/10': () => ok(wireCharter({ measures: stored })),
      'POST /api/measures/create/': () => {
        stored = [...stored, created];
        return { status: 201, body: created };
      },
    });
    await screen.findByTestId('charter-measure');
    fireEvent.click(within(section()).getByRole('button', { name: MEASURE_TEXT.addMeasure }));
    const dialog = await screen.findByRole('dialog', { name: MEASURE_TEXT.newTitle });
    const set = (label: RegExp, value: string) =>
      fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
    set(/^Title/, 'Trials converted');
    set(/^Direction/, 'at_least');
    set(/^Baseline/, '10');
    set(/^Target \*/, '40');
    set(/^Target date/, '2026-09-30');
    fireEvent.click(within(dialog).getByRole('button', { name: MEASURE_TEXT.save }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 5000 });
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      initiative: 10,
      title: 'Trials converted',
      direction: 'at_least',
      target_date: '2026-09-30',
    });
    expect(within(section()).getAllByTestId('charter-measure')).toHaveLength(2);
  });
});
