/**
 * The definition dialog's form without React: its fields as typed (all text, so a half-typed
 * number stays as it is), filled from a stored measure or with the defaults of DESIGN §10, and
 * checked by the contract's own rules before anything is sent.
 */
import { checkDefinition, LIMITS, MEASURE_MESSAGES, type Measure } from '@keystone/contract';
import type { MeasureFields } from '../../api/measures';

export type MeasureForm = Record<Exclude<keyof MeasureFields, 'decimals'>, string> & {
  decimals: number;
};
export type FormField = keyof MeasureForm;

/** A new measure: a whole number going up, its target date left to the server, amber at 10 %. */
export const NEW_MEASURE: MeasureForm = {
  title: '',
  unit: 'number',
  currency: '',
  unit_label: '',
  decimals: 0,
  baseline: '',
  target: '',
  target_date: '',
  direction: 'increase',
  amber_band: '10',
};

export function formOf(measure: Measure | null): MeasureForm {
  if (!measure) return NEW_MEASURE;
  return {
    title: measure.title,
    unit: measure.unit,
    currency: measure.currency ?? '',
    unit_label: measure.unit_label,
    decimals: measure.decimals,
    baseline: measure.baseline,
    target: measure.target,
    target_date: measure.target_date.slice(0, 10),
    direction: measure.direction,
    amber_band: measure.amber_band,
  };
}

/**
 * The form as the API takes it, or what is wrong with it: a field's own problem at that field,
 * one about the whole definition (e.g. a direction that contradicts the numbers) above the form.
 */
export function readForm(
  form: MeasureForm,
): { fields: MeasureFields } | { field: FormField | null; problem: string } {
  const title = form.title.trim();
  if (!title) return { field: 'title', problem: MEASURE_MESSAGES.titleRequired };
  if ([...title].length > LIMITS.measureTitle)
    return { field: 'title', problem: MEASURE_MESSAGES.titleTooLong };
  const fields: MeasureFields = {
    ...form,
    title,
    unit: form.unit as MeasureFields['unit'],
    direction: form.direction as MeasureFields['direction'],
    currency: form.unit === 'currency' ? form.currency.trim().toUpperCase() : null,
    unit_label: form.unit_label.trim(),
    baseline: form.baseline.trim(),
    target: form.target.trim(),
    amber_band: form.amber_band.trim(),
    target_date: form.target_date || null,
  };
  const checked = checkDefinition({ ...fields, target_date: fields.target_date ?? '' });
  if ('problem' in checked) return { field: null, problem: checked.problem };
  return { fields };
}
