/** Names that only screen readers meet (the visible texts are elsewhere). */

/**
 * How screen readers name the time picker's options. The picker shows two digits ("01", "05");
 * its own names were "1 hour", "5 minutes", which do not contain what is seen (WCAG 2.5.3), so
 * the name starts with the digits as shown.
 */
const named = (singular: string, plural: string) => (value: string) => {
  const shown = value.padStart(2, '0');
  return `${shown} ${Number(value) === 1 ? singular : plural}`;
};

export const CLOCK_OPTION_NAMES = {
  hours: named('hour', 'hours'),
  minutes: named('minute', 'minutes'),
  seconds: named('second', 'seconds'),
} as const;

/**
 * The landmark around a menu or list that pops up over the page (portalled to the end of the
 * document, outside the header and main landmarks, where screen readers' landmark lists miss it).
 */
export const POP_UP_LABEL = 'Pop-up';
