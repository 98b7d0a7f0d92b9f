/**
 * Measures on the strategy board (DESIGN §10): each card's and focus area's measures with their
 * latest value against the target and the suggestion, and a focus area's measures defined from
 * the board by its masters in the shared dialog (create, refusals, edit, delete with confirmation).
 */
import { MEASURE_MESSAGES, MEASURE_TEXT, type Strategy } from '@keystone/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../src/api/session';
import { unreadPercent, wireMeasure } from './measureFixtures';
import { type FakeAnswer, fakeServer, ok, renderApp } from './renderApp';
import { ANNA, MARK, wireStrategy } from './strategyPageFixtures';

beforeAll(async () => {
  await Promise.all([
    import('../src/routes/strategy/StrategyPage'),
    import('../src/realtime/RealtimeFrame'),
    import('../src/components/measures/MeasureDialog'),
  ]);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

/** Initiative 101 measures revenue; focus area 11 measures satisfied customers, not read yet. */
function strategyWithMeasures(): Strategy {
  const strategy = wireStrategy();
  const [first, second] = strategy.focus_areas;
  return {
    ...strategy,
    focus_areas: [
      {
        ...first!,
        measures: [unreadPercent(31, 11)],
        initiatives: first!.initiatives.map((initiative) =>
          initiative.id === 101
            ? { ...initiative, measures: [wireMeasure(30, { initiative: 101 })] }
            : initiative,
        ),
      },
      second!,
    ],
  };
}

function openBoard(userId: number, answers: Record<string, FakeAnswer> = {}) {
  saveSession({ id: userId, token: 'key' });
  const server = fakeServer({
    'GET /api/strategy/1': ok(strategyWithMeasures()),
    'GET /api/locked-fields/': ok([]),
    ...answers,
  });
  renderApp('/strategy/1');
  return server;
}

const focusArea = (position: number) => screen.getByRole('region', { name: `Focus area ${position}` });
const glances = (list: HTMLElement) =>
  within(list)
    .getAllByTestId('measure-glance')
    .map((item) => [...item.querySelectorAll('span, p')].map((node) => node.textContent));

async function openNewMeasure() {
  fireEvent.click(await screen.findByRole('button', { name: MEASURE_TEXT.addMeasureTo("'Focus 11'") }));
  return screen.findByRole('dialog', { name: MEASURE_TEXT.newTitle });
}

/** A field by its label, which MUI marks " *" when required. */
const field = (dialog: HTMLElement, label: string) =>
  within(dialog).getByLabelText(new RegExp(`^${label.replace(/[()]/g, '\\$&')}( \\*)?$`));

function fill(dialog: HTMLElement, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values))
    fireEvent.change(field(dialog, label), { target: { value } });
}

describe('measures on the strategy board', () => {
  it('should show each measure’s latest value against its target as text, and the suggestion', async () => {
    openBoard(ANNA.id);
    const card = await screen.findByRole('list', { name: MEASURE_TEXT.measuresOf("'Initiative 101'") });
    expect(glances(card)).toEqual([['Monthly revenue', '€1,500 of €2,000', 'Suggested: On track']]);
    const area = within(focusArea(1)).getByRole('list', { name: MEASURE_TEXT.measuresOf("'Focus 11'") });
    expect(glances(area)).toEqual([['Satisfied customers', 'No reading yet, target 80 %']]);
    // Defined by the strategy's masters only: Anna sees no way to change them.
    expect(screen.queryByRole('button', { name: /Add measure/ })).toBeNull();
    expect(screen.queryByRole('button', { name: MEASURE_TEXT.edit('Satisfied customers') })).toBeNull();
  });

  it('should let a master define a focus area’s measure and show it on the board', async () => {
    const created = wireMeasure(
      32,
      { focus_area: 11 },
      {
        title: 'Churn',
        direction: 'decrease',
        baseline: '9',
        target: '4',
        unit: 'percent',
        currency: null,
        sort_index: 1,
      },
    );
    const { calls } = openBoard(MARK.id, { 'POST /api/measures/create/': { status: 201, body: created } });
    const dialog = await openNewMeasure();
    fill(dialog, {
      [MEASURE_TEXT.fields.title]: 'Churn',
      [MEASURE_TEXT.fields.unit]: 'percent',
      [MEASURE_TEXT.fields.direction]: 'decrease',
      [MEASURE_TEXT.fields.baseline]: '9',
      [MEASURE_TEXT.fields.target]: '4',
    });
    fireEvent.click(within(dialog).getByRole('button', { name: MEASURE_TEXT.save }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 5000 });
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      focus_area: 11,
      title: 'Churn',
      unit: 'percent',
      currency: null,
      unit_label: '',
      decimals: 0,
      baseline: '9',
      target: '4',
      direction: 'decrease',
      amber_band: '10',
    });
    const area = within(focusArea(1)).getByRole('list', { name: MEASURE_TEXT.measuresOf("'Focus 11'") });
    expect(glances(area).map((lines) => lines[0])).toEqual(['Satisfied customers', 'Churn']);
  });

  it('should check the definition first and send nothing that contradicts itself', async () => {
    const { calls } = openBoard(MARK.id);
    const dialog = await openNewMeasure();
    fireEvent.click(within(dialog).getByRole('button', { name: MEASURE_TEXT.save }));
    expect(field(dialog, MEASURE_TEXT.fields.title).getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByText(MEASURE_MESSAGES.titleRequired)).toBeTruthy();
    fill(dialog, {
      [MEASURE_TEXT.fields.title]: 'Customers',
      [MEASURE_TEXT.fields.baseline]: '100',
      [MEASURE_TEXT.fields.target]: '50',
    });
    fireEvent.click(within(dialog).getByRole('button', { name: MEASURE_TEXT.save }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      MEASURE_MESSAGES.increaseBelowBaseline,
    );
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('should show the server’s refusal at its field, or above the form when it is about the whole', async () => {
    let answer: { status: number; body: unknown } = {
      status: 400,
      body: {
        detail: MEASURE_MESSAGES.unknownCurrency('ABC'),
        errors: { currency: [MEASURE_MESSAGES.unknownCurrency('ABC')] },
      },
    };
    openBoard(MARK.id, { 'POST /api/measures/create/': () => answer });
    const dialog = await openNewMeasure();
    fill(dialog, {
      [MEASURE_TEXT.fields.title]: 'Revenue',
      [MEASURE_TEXT.fields.unit]: 'currency',
      [MEASURE_TEXT.fields.baseline]: '1',
      [MEASURE_TEXT.fields.target]: '2',
    });
    // A code the browser knows but the server does not (it is the judge).
    fill(dialog, { [MEASURE_TEXT.fields.currency]: 'eur' });
    fireEvent.click(within(dialog).getByRole('button', { name: MEASURE_TEXT.save }));
    const currency = field(dialog, MEASURE_TEXT.fields.currency);
    await waitFor(() => expect(currency.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText(MEASURE_MESSAGES.unknownCurrency('ABC'))).toBeTruthy();
    answer = { status: 409, body: { detail: MEASURE_MESSAGES.tooManyOnFocusArea } };
    fireEvent.click(within(dialog).getByRole('button', { name: MEASURE_TEXT.save }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(MEASURE_MESSAGES.tooManyOnFocusArea);
    expect(screen.getByRole('dialog', { name: MEASURE_TEXT.newTitle })).toBeTruthy();
  });

  it('should change a measure with the version it was read at, and delete one after a confirmation', async () => {
    const changed = { ...unreadPercent(31, 11), title: 'Happy customers', version: 2 };
    const { calls } = openBoard(MARK.id, {
      'PATCH /api/measures/update/31/': ok(changed),
      'DELETE /api/measures/delete/31/': ok(null),
    });
    fireEvent.click(await screen.findByRole('button', { name: MEASURE_TEXT.edit('Satisfied customers') }));
    let dialog = await screen.findByRole('dialog', { name: MEASURE_TEXT.editTitle });
    expect(field(dialog, MEASURE_TEXT.fields.target)).toHaveProperty('value', '80');
    fill(dialog, { [MEASURE_TEXT.fields.title]: 'Happy customers' });
    fireEvent.click(within(dialog).getByRole('button', { name: MEASURE_TEXT.save }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 5000 });
    expect(calls.find((call) => call.method === 'PATCH')?.body).toMatchObject({
      title: 'Happy customers',
      unit: 'percent',
      target_date: '2026-12-31',
      version: 1,
    });
    expect(screen.getByText('Happy customers')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: MEASURE_TEXT.edit('Happy customers') }));
    dialog = await screen.findByRole('dialog', { name: MEASURE_TEXT.editTitle });
    fireEvent.click(within(dialog).getByRole('button', { name: MEASURE_TEXT.deleteConfirm }));
    const confirm = await screen.findByRole('dialog', { name: MEASURE_TEXT.deleteTitle });
    expect(within(confirm).getByText(MEASURE_MESSAGES.deleteConfirm('Happy customers'))).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: MEASURE_TEXT.deleteConfirm }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 5000 });
    expect(calls.some((call) => call.method === 'DELETE' && call.path === '/api/measures/delete/31/')).toBe(
      true,
    );
    expect(screen.queryByRole('list', { name: MEASURE_TEXT.measuresOf("'Focus 11'") })).toBeNull();
  });
});
