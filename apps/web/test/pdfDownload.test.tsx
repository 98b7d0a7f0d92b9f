/**
 * The paper a browser's locale prints on, the name a downloaded PDF is saved under, and what the
 * export button says when the server is making too many PDFs to take one more.
 */
import { PDF_MESSAGES, paperForLocale } from '@keystone/contract';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { downloadName } from '../src/api/fileDownload';
import { saveSession } from '../src/api/session';
import { fakeServer, ok, renderApp } from './renderApp';
import { wireInitiative } from './wireInitiative';

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

describe('the charter export when the server is busy', () => {
  it('should show the server’s message to try again shortly', async () => {
    saveSession({ id: 1, token: 'key' });
    const busy = { status: 503, body: { detail: PDF_MESSAGES.busy, retry_after: 3 } };
    fakeServer({
      'GET /api/initiative/10': ok({
        ...wireInitiative(10, 5, { title: '<p>Self-serve onboarding</p>' }),
        strategy_id: 4,
        ambition: '',
        strategy_masters: [],
        focus_area_title: '<p>Growth</p>',
      }),
      'GET /api/initiative/10/timelines/': ok([]),
      'GET /api/initiative/10/activity/?limit=100': ok({ results: [], next_before: null }),
      'GET /api/initiative/10/pdf/?paper=a4': busy,
      'GET /api/initiative/10/pdf/?paper=letter': busy,
    });
    renderApp('/initiative-charter/10');
    // The charter page's code loads lazily: its first load may take a while on a busy machine.
    fireEvent.click(
      await screen.findByRole('button', { name: PDF_MESSAGES.downloadPdf }, { timeout: 20_000 }),
    );
    expect(await screen.findByText(PDF_MESSAGES.busy)).toBeTruthy();
  }, 30_000);
});
