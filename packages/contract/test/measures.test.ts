import { describe, expect, it } from 'vitest';
import { compareDecimals, parseDecimal } from '../src/decimals';
import {
  disagrees,
  expectedAt,
  formatMeasureValue,
  formatProgress,
  progressOf,
  rollUpProgress,
  suggestionFor,
  worstSuggestion,
} from '../src/measureMath';
import { checkDefinition, createMeasureRequest, MEASURE_MESSAGES, type Measure } from '../src/measures';

const read = (text: string | number, decimals = 4) => parseDecimal(text, 15, decimals);

describe('parseDecimal', () => {
  it('should give back what was typed, in one canonical form', () => {
    expect(read('0.1')).toEqual({ value: '0.1' });
    expect(read('00012.500')).toEqual({ value: '12.5' });
    expect(read('-0')).toEqual({ value: '0' });
    expect(read('-0.30')).toEqual({ value: '-0.3' });
    expect(read('.5')).toEqual({ value: '0.5' });
    expect(read(' 7. ')).toEqual({ value: '7' });
    expect(read('1e3')).toEqual({ value: '1000' });
    expect(read('1.5E-3')).toEqual({ value: '0.0015' });
    expect(read(42)).toEqual({ value: '42' });
    expect(read('123456789012345', 0)).toEqual({ value: '123456789012345' });
  });

  it('should refuse what is no number, including infinities and thousands separators', () => {
    for (const text of ['', 'abc', 'Infinity', '-Infinity', 'NaN', '0x10', '1,5', '1 000', '--1', '1e', '.'])
      expect(read(text), text).toEqual({ problem: 'notANumber' });
    expect(read(Number.POSITIVE_INFINITY)).toEqual({ problem: 'notANumber' });
    expect(read(Number.NaN)).toEqual({ problem: 'notANumber' });
  });

  it('should refuse more than 15 significant digits, so nothing is rounded on the way', () => {
    expect(read('1234567890123456', 0)).toEqual({ problem: 'tooPrecise' });
    expect(read('0.1234567890123456')).toEqual({ problem: 'tooPrecise' });
    expect(read(1e21)).toEqual({ problem: 'tooPrecise' });
    // The binary sum a script might send is refused rather than silently rounded.
    expect(read(0.1 + 0.2)).toEqual({ problem: 'tooPrecise' });
  });

  it('should refuse more decimals than the measure shows', () => {
    expect(read('1.25', 1)).toEqual({ problem: 'tooManyDecimals' });
    expect(read('1.20', 1)).toEqual({ value: '1.2' });
    expect(read('3.0', 0)).toEqual({ value: '3' });
  });

  it('should compare exactly', () => {
    expect(compareDecimals('0.3', '0.30')).toBe(0);
    expect(compareDecimals('-2', '1')).toBe(-1);
    expect(compareDecimals('-2', '-10')).toBe(1);
    expect(compareDecimals('10.01', '10.1')).toBe(-1);
  });
});

/** Typed as checkDefinition takes it, so a case may change its unit or direction. */
const definition: Parameters<typeof checkDefinition>[0] = {
  title: 'Customers',
  unit: 'number',
  currency: null,
  unit_label: 'customers',
  decimals: 0,
  baseline: '100',
  target: '200',
  target_date: '2027-12-31',
  direction: 'increase',
  amber_band: '10',
};

describe('checkDefinition', () => {
  it('should accept a sound definition with its numbers canonical', () => {
    expect(checkDefinition({ ...definition, baseline: '0100', target: 200 })).toEqual({
      definition: { ...definition, baseline: '100', target: '200' },
    });
  });

  it('should say what is wrong with a definition that contradicts itself', () => {
    const problem = (change: Partial<typeof definition> & Record<string, unknown>) =>
      'problem' in checkDefinition({ ...definition, ...change } as typeof definition)
        ? (checkDefinition({ ...definition, ...change } as typeof definition) as { problem: string }).problem
        : null;
    expect(problem({ target: '100' })).toBe(MEASURE_MESSAGES.targetEqualsBaseline);
    expect(problem({ target: '50' })).toBe(MEASURE_MESSAGES.increaseBelowBaseline);
    expect(problem({ direction: 'decrease' })).toBe(MEASURE_MESSAGES.decreaseAboveBaseline);
    expect(problem({ direction: 'at_least', target: '100' })).toBeNull();
    expect(problem({ unit: 'currency' })).toBe(MEASURE_MESSAGES.currencyRequired);
    expect(problem({ unit: 'currency', currency: 'XYZ' } as never)).toBe(
      MEASURE_MESSAGES.unknownCurrency('XYZ'),
    );
    expect(problem({ unit: 'currency', currency: 'EUR' } as never)).toBeNull();
    expect(problem({ currency: 'EUR' } as never)).toBe(MEASURE_MESSAGES.currencyWithoutCurrencyUnit);
    expect(problem({ baseline: '100.5' })).toBe(MEASURE_MESSAGES.tooManyDecimals('Baseline', 0));
    expect(problem({ target: 'lots' })).toBe(MEASURE_MESSAGES.notANumber('Target'));
    expect(problem({ amber_band: '150' })).toBe(MEASURE_MESSAGES.amberBand);
  });

  it('should want exactly one initiative or focus area on creation', () => {
    const body = { title: 'T', unit: 'number', baseline: 0, target: 1, direction: 'increase' };
    expect(createMeasureRequest.safeParse({ ...body, initiative: 1 }).success).toBe(true);
    expect(createMeasureRequest.safeParse(body).success).toBe(false);
    const both = createMeasureRequest.safeParse({ ...body, initiative: 1, focus_area: 2 });
    expect(both.success ? null : both.error.issues[0]?.message).toBe(MEASURE_MESSAGES.oneOwner);
  });
});

const line = {
  direction: 'increase' as const,
  baseline: '0',
  target: '100',
  amber_band: '10',
  start_date: '2027-01-01',
  target_date: '2027-12-31',
};

describe('what the numbers say', () => {
  it('should measure progress from baseline to target, beyond 100 % too', () => {
    expect(progressOf(line, '50')).toBe(0.5);
    expect(progressOf(line, '120')).toBeCloseTo(1.2);
    expect(formatProgress(line, '120')).toBe('120 %');
    expect(progressOf({ ...line, direction: 'decrease', baseline: '10', target: '5' }, '6')).toBeCloseTo(0.8);
    expect(formatProgress({ ...line, direction: 'at_most', target: '5' }, '6')).toBe('not met');
    expect(formatProgress({ ...line, direction: 'at_least', target: '5' }, '6')).toBe('met');
  });

  it('should expect a straight line from baseline to target, flat outside it', () => {
    expect(expectedAt(line, '2026-06-01')).toBe(0);
    expect(expectedAt(line, '2027-07-02T09:00:00.000Z')).toBeCloseTo(50, 0);
    expect(expectedAt(line, '2028-03-01')).toBe(100);
    expect(expectedAt({ ...line, direction: 'at_least' }, '2027-02-01')).toBe(100);
  });

  it('should suggest on track, behind within the amber band, or off track', () => {
    const middle = '2027-07-02';
    expect(suggestionFor(line, '50', middle)).toBe('on_track');
    expect(suggestionFor(line, '45', middle)).toBe('behind');
    expect(suggestionFor(line, '30', middle)).toBe('off_track');
    const falling = { ...line, direction: 'decrease' as const, baseline: '100', target: '0' };
    expect(suggestionFor(falling, '50', middle)).toBe('on_track');
    expect(suggestionFor(falling, '58', middle)).toBe('behind');
    const floor = { ...line, direction: 'at_least' as const, target: '95' };
    expect(suggestionFor(floor, '95', middle)).toBe('on_track');
    expect(suggestionFor(floor, '90', middle)).toBe('behind');
    expect(suggestionFor(floor, '80', middle)).toBe('off_track');
    const ceiling = { ...line, direction: 'at_most' as const, target: '5' };
    expect(suggestionFor(ceiling, '5.4', middle)).toBe('behind');
    expect(suggestionFor(ceiling, '7', middle)).toBe('off_track');
  });

  it('should mark an owner status the numbers contradict, and only then', () => {
    expect(disagrees('OT', 'off_track')).toBe(true);
    expect(disagrees('OT', 'behind')).toBe(true);
    expect(disagrees('BL', 'on_track')).toBe(true);
    expect(disagrees('DE', 'behind')).toBe(false);
    expect(disagrees('CO', 'off_track')).toBe(false);
    expect(disagrees('OT', null)).toBe(false);
  });

  it('should roll up capped progress and the worst suggestion over the latest values', () => {
    const measure = (value: string | null, history: Measure['history'] = []): Measure =>
      ({
        ...line,
        current: {
          due_date: '2027-07-02T09:00:00.000Z',
          value,
          note: '',
          version: 1,
          updated_by: null,
          updated_at: '',
        },
        history,
      }) as unknown as Measure;
    const past = [{ due_date: '2027-06-25T09:00:00.000Z', value: '10', note: '' }];
    expect(rollUpProgress([measure('150'), measure(null, past)])).toBeCloseTo((1 + 0.1) / 2);
    expect(rollUpProgress([measure(null)])).toBeNull();
    expect(worstSuggestion([measure('60'), measure(null, past)])).toBe('off_track');
    expect(worstSuggestion([measure(null)])).toBeNull();
  });

  it('should write a value with its unit, decimals and label, exactly as stored', () => {
    const base = { currency: null, decimals: 2, unit_label: '' };
    expect(formatMeasureValue({ ...base, unit: 'currency', currency: 'EUR' }, '1200')).toBe('€1,200.00');
    expect(formatMeasureValue({ ...base, unit: 'percent', decimals: 1 }, '0.3')).toBe('0.3 %');
    expect(
      formatMeasureValue({ ...base, unit: 'number', decimals: 0, unit_label: 'customers' }, '1250'),
    ).toBe('1,250 customers');
    expect(formatMeasureValue({ ...base, unit: 'number', decimals: 4 }, '123456789.1234')).toBe(
      '123,456,789.1234',
    );
  });
});
