/** The paper a browser's locale prints on, and the name a downloaded PDF is saved under. */
import { paperForLocale } from '@keystone/contract';
import { describe, expect, it } from 'vitest';
import { downloadName } from '../src/api/pdf';

describe('paperForLocale', () => {
  it.each([
    ['en-US', 'letter'],
    ['en', 'letter'],
    ['fr-CA', 'letter'],
    ['es-MX', 'letter'],
    ['fil-PH', 'letter'],
    ['en-GB', 'a4'],
    ['de-DE', 'a4'],
    ['de', 'a4'],
    ['uk-UA', 'a4'],
    ['', 'a4'],
    ['not a locale!', 'a4'],
  ])('should print %s on %s', (locale, paper) => {
    expect(paperForLocale(locale)).toBe(paper);
  });
});

describe('downloadName', () => {
  it('should prefer the UTF-8 name, then the plain one, then the fallback', () => {
    expect(
      downloadName(
        `attachment; filename="Growth-Lodz.pdf"; filename*=UTF-8''Growth%20%C5%81%C3%B3d%C5%BA.pdf`,
        'x.pdf',
      ),
    ).toBe('Growth Łódź.pdf');
    expect(downloadName('attachment; filename="Growth.pdf"', 'x.pdf')).toBe('Growth.pdf');
    expect(downloadName('attachment; filename="Plain.pdf"; filename*=UTF-8\'\'%E0%A4%A.pdf', 'x.pdf')).toBe(
      'Plain.pdf',
    );
    expect(downloadName(null, 'strategy.pdf')).toBe('strategy.pdf');
  });
});
