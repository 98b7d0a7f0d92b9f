/**
 * Exact decimal numbers as they travel (DESIGN §10): a measure's baseline, target and readings
 * are decimal strings on the wire and PostgreSQL `numeric` in the database, so what a person
 * typed is what they read back (0.1 + 0.2 stays 0.3). Arithmetic on them (progress, the
 * expected line) is derived and only ever shown rounded, so it may use binary numbers.
 */

/** A plain decimal as a person or a script writes it: sign, digits, an optional fraction or exponent. */
const DECIMAL = /^([+-])?(\d*)(?:\.(\d*))?(?:e([+-]?\d{1,4}))?$/i;

/** What `parseDecimal` finds wrong with a text, in words of MEASURE_MESSAGES. */
export type DecimalProblem = 'notANumber' | 'tooPrecise' | 'tooManyDecimals';

/**
 * Reads a decimal written as text (or a JSON number) into its canonical string: no exponent, no
 * leading zeros, no trailing fractional zeros, "-0" as "0". At most `significant` significant
 * digits and `maxDecimals` digits after the point; `Infinity`, `NaN`, hex and empty text are no number.
 */
export function parseDecimal(
  input: string | number,
  significant: number,
  maxDecimals: number,
): { value: string } | { problem: DecimalProblem } {
  if (typeof input === 'number' && !Number.isFinite(input)) return { problem: 'notANumber' };
  // No thousands separators: "1,5" means 1.5 to half of Europe and 15 to the rest, so it is no number.
  const text = String(input).trim();
  const match = DECIMAL.exec(text);
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) return { problem: 'notANumber' };
  const [, sign, whole = '', fraction = '', exponentText] = match;
  const exponent = Number(exponentText ?? 0);
  // All digits, and where the point sits in them once the exponent has moved it.
  let digits = whole + fraction;
  let point = whole.length + exponent;
  const leading = digits.length - digits.replace(/^0+/, '').length;
  digits = digits.slice(leading);
  point -= leading;
  digits = digits.replace(/0+$/, '');
  if (digits === '') return { value: '0' };
  if (digits.length > significant) return { problem: 'tooPrecise' };
  if (point > significant) return { problem: 'tooPrecise' };
  const decimals = Math.max(0, digits.length - point);
  if (decimals > maxDecimals) return { problem: 'tooManyDecimals' };
  const integerPart = point <= 0 ? '0' : digits.slice(0, point).padEnd(point, '0');
  const fractionPart = point < 0 ? '0'.repeat(-point) + digits : digits.slice(Math.max(point, 0));
  const body = fractionPart ? `${integerPart}.${fractionPart}` : integerPart;
  return { value: sign === '-' ? `-${body}` : body };
}

/** Compares two canonical decimal strings exactly: -1, 0 or 1. */
export function compareDecimals(a: string, b: string): -1 | 0 | 1 {
  const negativeA = a.startsWith('-');
  const negativeB = b.startsWith('-');
  if (negativeA !== negativeB) return negativeA ? -1 : 1;
  const [wholeA = '', fractionA = ''] = a.replace('-', '').split('.');
  const [wholeB = '', fractionB = ''] = b.replace('-', '').split('.');
  const width = Math.max(fractionA.length, fractionB.length);
  const digitsA = wholeA.padStart(20, '0') + fractionA.padEnd(width, '0');
  const digitsB = wholeB.padStart(20, '0') + fractionB.padEnd(width, '0');
  const magnitude = digitsA === digitsB ? 0 : digitsA < digitsB ? -1 : 1;
  return (negativeA ? -magnitude : magnitude) as -1 | 0 | 1;
}
