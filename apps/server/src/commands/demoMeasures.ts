/**
 * The sample strategy's measures (DESIGN §10): one of each direction, on focus areas and on
 * initiatives, with a reading at each of its two past due dates and a draft for the next one, so
 * the board, the charter's charts, the progress page's trends and the suggestions have something
 * to say. Defined and read through the measures' own services, recorded as the master's changes.
 */
import type { CreateMeasureRequest } from '@keystone/contract';
import type { Actor } from '../core/actor';
import type { AppContext } from '../core/context';
import { createMeasure } from '../modules/measures/definitions';
import { writeReading } from '../modules/measures/readings';

type Definition = Omit<CreateMeasureRequest, 'initiative' | 'focus_area'>;

/** The readings at the earlier and the last past due date, and the draft of the current one. */
export type DemoPhase = 'earlier' | 'last' | 'draft';

interface DemoMeasure {
  /** The focus area's or initiative's title it belongs to (as the sample's lists name them). */
  on: string;
  definition: Definition;
  readings: Partial<Record<DemoPhase, string>>;
}

const DEMO_MEASURES: readonly DemoMeasure[] = [
  {
    on: 'Grow recurring revenue',
    definition: {
      title: 'Annual recurring revenue',
      unit: 'currency',
      currency: 'EUR',
      baseline: '10000000',
      target: '20000000',
      direction: 'increase',
    },
    readings: { earlier: '10400000', last: '10900000', draft: '11150000' },
  },
  {
    on: 'Self-service onboarding in under 10 minutes',
    definition: {
      title: 'Median time to first report',
      unit: 'number',
      unit_label: 'minutes',
      baseline: '45',
      target: '10',
      direction: 'decrease',
    },
    readings: { earlier: '38', last: '29' },
  },
  {
    on: 'Self-service onboarding in under 10 minutes',
    definition: {
      title: 'Trial to paid conversion',
      unit: 'percent',
      decimals: 1,
      baseline: '18',
      target: '25',
      direction: 'increase',
    },
    readings: { earlier: '18.4', last: '19.6', draft: '20.1' },
  },
  {
    on: 'Customer health score for every account',
    definition: {
      title: 'Accounts with a health score',
      unit: 'percent',
      baseline: '0',
      target: '100',
      direction: 'increase',
    },
    readings: { earlier: '35', last: '60' },
  },
  {
    on: 'Launch the team plan',
    definition: {
      title: 'Teams on the team plan',
      unit: 'number',
      unit_label: 'teams',
      baseline: '0',
      target: '400',
      direction: 'increase',
    },
    readings: { earlier: '0', last: '0' },
  },
  {
    on: 'Build a great place to work',
    definition: {
      title: 'Regretted attrition',
      unit: 'percent',
      decimals: 1,
      baseline: '9.5',
      target: '8',
      direction: 'at_most',
    },
    readings: { earlier: '9.1', last: '8.4' },
  },
  {
    on: 'Monthly all-hands with open Q&A',
    definition: {
      title: 'All-hands attendance',
      unit: 'percent',
      baseline: '70',
      target: '75',
      direction: 'at_least',
    },
    readings: { earlier: '80', last: '78', draft: '74' },
  },
];

/** The sample's measures once defined: each id with its readings by phase. */
export type DemoReadings = ReadonlyMap<number, DemoMeasure['readings']>;

/** Defines the sample's measures; `owners` maps a focus area's or initiative's title to it. */
export async function defineDemoMeasures(
  ctx: AppContext,
  master: Actor,
  owners: ReadonlyMap<string, { focus_area: number } | { initiative: number }>,
): Promise<DemoReadings> {
  const readings = new Map<number, DemoMeasure['readings']>();
  for (const { on, definition, readings: values } of DEMO_MEASURES) {
    const owner = owners.get(on);
    if (!owner) throw new Error(`The sample has no focus area or initiative called “${on}”.`);
    const measure = await createMeasure(ctx, master, { ...definition, ...owner });
    readings.set(measure.id, values);
  }
  return readings;
}

/** Writes each measure's reading of one phase into its current reading (locked by the next due date). */
export async function writeDemoReadings(
  ctx: AppContext,
  master: Actor,
  measures: DemoReadings,
  phase: DemoPhase,
): Promise<void> {
  for (const [id, values] of measures) {
    const value = values[phase];
    if (value !== undefined) await writeReading(ctx, master, id, { value });
  }
}
