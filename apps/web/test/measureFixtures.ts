/** Measures in their wire form (as the page reads and the measure calls answer them), for browser tests. */
import type { Measure } from '@keystone/contract';

const stamp = '2026-01-05T10:00:00.000Z';

type Owner = { initiative: number } | { focus_area: number };

/**
 * Revenue from 1,000 to 2,000 EUR over 2026, read 1,200 on 03/01 and 1,500 for the current due
 * date of 06/01 (expected then about 1,415: on track).
 */
export function wireMeasure(id: number, owner: Owner, fields: Partial<Measure> = {}): Measure {
  return {
    id,
    model: 'measure',
    strategy: 1,
    initiative: 'initiative' in owner ? owner.initiative : null,
    focus_area: 'focus_area' in owner ? owner.focus_area : null,
    title: 'Monthly revenue',
    unit: 'currency',
    currency: 'EUR',
    unit_label: '',
    decimals: 0,
    baseline: '1000',
    target: '2000',
    target_date: '2026-12-31',
    direction: 'increase',
    amber_band: '10',
    start_date: '2026-01-01',
    sort_index: 0,
    version: 1,
    current: {
      due_date: '2026-06-01T09:00:00.000Z',
      value: '1500',
      note: '',
      version: 2,
      updated_by: 8,
      updated_at: stamp,
    },
    history: [{ due_date: '2026-03-01T09:00:00.000Z', value: '1200', note: 'Slow start' }],
    created_at: stamp,
    updated_at: stamp,
    ...fields,
  };
}

/** A focus area's share of satisfied customers, none read yet. */
export const unreadPercent = (id: number, focusArea: number) =>
  wireMeasure(
    id,
    { focus_area: focusArea },
    {
      title: 'Satisfied customers',
      unit: 'percent',
      currency: null,
      baseline: '60',
      target: '80',
      current: {
        due_date: '2026-06-01T09:00:00.000Z',
        value: null,
        note: '',
        version: 1,
        updated_by: null,
        updated_at: stamp,
      },
      history: [],
    },
  );
