/**
 * The accessibility statement (issue 28): the signed-out pages' footer links to it, and its page
 * shows docs/ACCESSIBILITY.md as real headings, lists and tables, also on a phone.
 */
import { ACCESSIBILITY_TEXT } from '@keystone/contract';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../src/api/session';
import { parseInline, parseMarkdown } from '../src/routes/accessibility/markdownBlocks';
import { fakeServer, renderApp } from './renderApp';

const CONFIG = {
  'GET /api/config/': {
    status: 200,
    body: { product_name: 'Keystone', google: null, needs_setup: false, sso: false },
  },
};

beforeEach(() => {
  fakeServer(CONFIG);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the statement’s Markdown', () => {
  it('should read headings, paragraphs, wrapped list items and tables', () => {
    const blocks = parseMarkdown(
      [
        '# Title',
        '',
        'One line',
        'and its next.',
        '',
        '- first',
        '  wrapped',
        '- second',
        '',
        '| A | B |',
        '|---|---|',
        '| 1 | **2** |',
      ].join('\n'),
    );
    expect(blocks).toEqual([
      { kind: 'heading', level: 1, content: [{ kind: 'text', text: 'Title' }] },
      { kind: 'paragraph', content: [{ kind: 'text', text: 'One line and its next.' }] },
      {
        kind: 'list',
        items: [[{ kind: 'text', text: 'first wrapped' }], [{ kind: 'text', text: 'second' }]],
      },
      {
        kind: 'table',
        head: [[{ kind: 'text', text: 'A' }], [{ kind: 'text', text: 'B' }]],
        rows: [[[{ kind: 'text', text: '1' }], [{ kind: 'strong', text: '2' }]]],
      },
    ]);
  });

  it('should read strong text, code and links inside a line', () => {
    expect(parseInline('See `e2e/x.ts`, **now**, at [the site](https://example.com).')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'code', text: 'e2e/x.ts' },
      { kind: 'text', text: ', ' },
      { kind: 'strong', text: 'now' },
      { kind: 'text', text: ', at ' },
      { kind: 'link', text: 'the site', href: 'https://example.com' },
      { kind: 'text', text: '.' },
    ]);
  });
});

describe('/accessibility', () => {
  it('should be linked from the login page’s footer and show the report', async () => {
    renderApp('/login');
    const footer = await screen.findByRole('contentinfo');
    await userEvent.click(within(footer).getByRole('link', { name: ACCESSIBILITY_TEXT.footerLink }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Keystone Accessibility Conformance Report' }),
    ).toBeTruthy();
    expect(
      screen.getByRole('heading', { level: 3, name: 'Table 1: Success Criteria, Level A' }),
    ).toBeTruthy();
    // Every criterion is a row with a conformance level under a column header.
    const levelA = screen.getAllByRole('table')[1];
    expect(
      within(levelA!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Criteria', 'Conformance Level', 'Remarks and Explanations']);
    expect(within(levelA!).getByRole('row', { name: /^2\.1\.1 Keyboard \(Level A\)/ })).toBeTruthy();
    expect(document.title).toBe(`${ACCESSIBILITY_TEXT.pageTitle} · Keystone`);
  });

  it('should not show the footer to a signed-in person', async () => {
    saveSession({ id: 7, token: 'key' });
    renderApp('/accessibility');
    await screen.findByRole('heading', { level: 1, name: 'Keystone Accessibility Conformance Report' });
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });

  it('should stay open to phones, which other pages send to the device warning', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
    );
    const { router } = renderApp('/accessibility');
    await screen.findByRole('heading', { level: 1, name: 'Keystone Accessibility Conformance Report' });
    expect(router.state.location.pathname).toBe('/accessibility');
  });
});
