/**
 * The history's kinds drive the Activity panel (issue 29): every kind of the contract's list has
 * its label, is worded by its value kind, folds as its value kind says, and is offered for restore
 * exactly when the list says it can be restored.
 */
import {
  type ActivityModel,
  activityLabel,
  HISTORY_KINDS,
  HISTORY_VALUE_SHAPES,
  HISTORY_VALUES,
  type HistoryValueKind,
  isDeletedRestorable,
  isFoldable,
  isTextRestorable,
} from '@keystone/contract';
import { describe, expect, it } from 'vitest';
import type { ActivityEntry } from '../src/api/activity';
import { describeChange } from '../src/components/activity/describeChange';

const PERSON = { id: 1, name: 'Anna', email: 'anna@example.com' };

/** An old and a new value of each value kind: a kind added to the list needs one here too. */
const SAMPLES = {
  text: ['<p>Before</p>', '<p>After</p>'],
  status: ['IN', 'BL'],
  day: ['2026-04-01', '2026-04-02'],
  flag: [true, false],
  people: [[], [PERSON]],
  approvalStep: [null, 'requested'],
  position: [1, 0],
  yesNo: [true, false],
  wallClock: [null, '2026-12-01T09:00:00'],
  timeZone: ['UTC', 'Europe/Berlin'],
  count: [1, 2],
  frequencyUnit: ['week', 'month'],
  addresses: [null, 'someone@example.com'],
  reminders: [[], [{ offset_number: 2, offset_unit: 'day' }]],
  measureUnit: ['number', 'currency'],
  measureDirection: ['increase', 'at_most'],
} satisfies Record<HistoryValueKind, [unknown, unknown]>;

function entry(
  model: ActivityModel,
  field: string | null,
  oldValue: unknown,
  newValue: unknown,
): ActivityEntry {
  return {
    id: 1,
    model,
    recordId: 1,
    initiativeId: null,
    field,
    oldValue,
    newValue,
    version: 2,
    user: null,
    createdAt: new Date(2026, 2, 10).toISOString(),
  };
}

const kinds = Object.entries(HISTORY_KINDS).flatMap(([model, { fields }]) =>
  Object.entries(fields).map(([field, kind]) => ({ model: model as ActivityModel, field, kind })),
);

describe('the history’s kinds in the Activity panel', () => {
  it('should have sample values of the shape of each value kind', () => {
    for (const [value, [before, after]] of Object.entries(SAMPLES)) {
      const shape = HISTORY_VALUE_SHAPES[value as HistoryValueKind];
      expect(shape.old.safeParse(before).success, value).toBe(true);
      expect(shape.new.safeParse(after).success, value).toBe(true);
    }
  });

  it('should name, word, fold and restore every kind as the list says', () => {
    for (const { model, field, kind } of kinds) {
      const what = `${model}.${field}`;
      expect(kind.label, what).not.toBe('');
      expect(activityLabel(model, field), what).toBe(kind.label);
      const [before, after] = SAMPLES[kind.value];
      const change = entry(model, field, before, after);
      const summary = describeChange({ latest: change, earliest: change, count: 1 });
      expect(summary.kind, what).not.toBe('record');
      expect(JSON.stringify(summary), what).not.toContain('[object Object]');
      expect(isFoldable(model, field), what).toBe(HISTORY_VALUES[kind.value].folds);
      expect(isTextRestorable(model, field), what).toBe(kind.restore === 'text');
    }
  });

  it('should name every record, and offer a deleted one back only where the list says so', () => {
    for (const [model, { label, record }] of Object.entries(HISTORY_KINDS)) {
      const name = model as ActivityModel;
      expect(activityLabel(name, null)).toBe(label);
      expect(isFoldable(name, null)).toBe(false);
      expect(isTextRestorable(name, null)).toBe(false);
      expect(isDeletedRestorable(name)).toBe(record?.restore === 'deleted');
    }
  });

  it('should read a measure’s unit and direction as the definition dialog names them', () => {
    const unit = entry('measure', 'unit', 'number', 'currency');
    expect(describeChange({ latest: unit, earliest: unit, count: 1 })).toEqual({
      kind: 'text',
      before: 'Number',
      after: 'Currency',
    });
    const direction = entry('measure', 'direction', 'increase', 'at_most');
    expect(describeChange({ latest: direction, earliest: direction, count: 1 })).toEqual({
      kind: 'text',
      before: 'Increase to',
      after: 'Stay at or below',
    });
  });
});
