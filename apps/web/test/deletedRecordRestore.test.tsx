/**
 * The line of a deleted focus area, initiative or measure in the Activity panel: until when it can
 * be restored (and "Restore" for the strategy's masters alone), or that it was restored, or that
 * its restore period has ended.
 */
import { DELETED_RECORD_MESSAGES, type Measure } from '@keystone/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ActivityEntry } from '../src/api/activity';
import { DeletedRecordRestore } from '../src/components/activity/DeletedRecordRestore';
import { fakeServer, ok } from './renderApp';

const UNTIL = new Date(2026, 6, 1, 12, 0, 0).toISOString();

function deletion(
  state: 'available' | 'restored' | 'expired',
  title: string | null = 'Market entry',
): ActivityEntry {
  return {
    id: 7,
    model: 'focusArea',
    recordId: 12,
    initiativeId: null,
    field: null,
    oldValue: title === null ? null : { title },
    newValue: null,
    version: 3,
    user: null,
    createdAt: new Date(2026, 5, 1).toISOString(),
    restore: { state, until: UNTIL },
  };
}

function show(entry: ActivityEntry, mayRestore: boolean) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <DeletedRecordRestore entry={entry} scope={{ strategyId: 3, mayRestore }} />
    </QueryClientProvider>,
  );
}

describe('a deleted record in the Activity panel', () => {
  it('should offer the strategy’s masters a named Restore until the end of the period', () => {
    show(deletion('available'), true);
    expect(screen.getByText(DELETED_RECORD_MESSAGES.restorableUntil('07/01/2026'))).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Restore focus area “Market entry”' });
    expect(button.textContent).toBe(DELETED_RECORD_MESSAGES.restore);
  });

  it('should tell others until when it can be restored, without the button', () => {
    show(deletion('available'), false);
    expect(screen.getByText(DELETED_RECORD_MESSAGES.restorableUntil('07/01/2026'))).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('should say it was restored, or that the period has ended, and offer nothing', () => {
    show(deletion('restored'), true);
    expect(screen.getByText(DELETED_RECORD_MESSAGES.restoredSince)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    // A purged deletion has lost its title too.
    show(deletion('expired', null), true);
    expect(screen.getByText(DELETED_RECORD_MESSAGES.expired)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('should bring back a deleted measure with its readings when a master asks, and say so', async () => {
    const restored: Measure = {
      id: 12,
      model: 'measure',
      strategy: 3,
      initiative: 5,
      focus_area: null,
      title: 'Accounts live',
      unit: 'number',
      currency: null,
      unit_label: '',
      decimals: 0,
      baseline: '0',
      target: '100',
      target_date: '2026-12-31',
      direction: 'increase',
      amber_band: '10',
      start_date: '2026-01-01',
      sort_index: 0,
      version: 3,
      current: {
        due_date: null,
        value: '42',
        note: '',
        version: 2,
        updated_by: null,
        updated_at: UNTIL,
      },
      history: [],
      created_at: UNTIL,
      updated_at: UNTIL,
    };
    const server = fakeServer({ 'POST /api/measure/restore/12/': ok(restored) });
    show({ ...deletion('available', 'Accounts live'), model: 'measure', initiativeId: 5 }, true);
    fireEvent.click(screen.getByRole('button', { name: 'Restore measure “Accounts live”' }));
    expect(await screen.findByText(DELETED_RECORD_MESSAGES.restoredMeasure)).toBeTruthy();
    expect(server.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /api/measure/restore/12/',
    ]);
  });
});
