import { ThemeProvider } from '@mui/material/styles';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { HelpButton } from '../src/components/help/HelpButton';
import { HELP_CONTENT } from '../src/help/content';
import { HELP_TITLES, HELP_TOPICS } from '../src/help/topics';
import { helpVideoUrl } from '../src/help/videos';
import { theme } from '../src/theme';

const filled = (text: string) => text.trim().length > 0;

describe('help content', () => {
  it.each(HELP_TOPICS)('should give %s a title, What, Why, Tips and good and weak Examples', (topic) => {
    const content = HELP_CONTENT[topic];
    expect(filled(HELP_TITLES[topic])).toBe(true);
    expect(filled(content.what)).toBe(true);
    expect(filled(content.why)).toBe(true);
    expect(content.tips.length).toBeGreaterThan(0);
    expect(content.tips.every(filled)).toBe(true);
    expect(content.examples.good.length).toBeGreaterThan(0);
    expect(content.examples.avoid.length).toBeGreaterThan(0);
    expect([...content.examples.good, ...content.examples.avoid].every(filled)).toBe(true);
  });

  it('should stay short enough to read in about a minute', () => {
    for (const content of Object.values(HELP_CONTENT)) {
      const text = [
        content.what,
        content.why,
        ...content.tips,
        ...content.examples.good,
        ...content.examples.avoid,
      ];
      const words = text.join(' ').split(/\s+/).length + (content.finalWord?.split(/\s+/).length ?? 0);
      expect(words).toBeLessThan(260);
    }
  });
});

describe('help videos', () => {
  it('should embed only YouTube-nocookie and Vimeo player addresses', () => {
    expect(helpVideoUrl('ambition', { ambition: 'https://www.youtube-nocookie.com/embed/abc_123' })).toBe(
      'https://www.youtube-nocookie.com/embed/abc_123',
    );
    expect(helpVideoUrl('ambition', { ambition: 'https://player.vimeo.com/video/42?h=1' })).toBe(
      'https://player.vimeo.com/video/42?h=1',
    );
    expect(helpVideoUrl('ambition', { ambition: 'https://example.com/embed/abc' })).toBeNull();
    expect(helpVideoUrl('ambition', {})).toBeNull();
  });
});

describe('HelpButton', () => {
  afterEach(cleanup);

  it('should open the dialog with the keyboard and close it with Escape, returning focus', async () => {
    const user = userEvent.setup();
    render(
      <ThemeProvider theme={theme}>
        <HelpButton topic="ambition" />
      </ThemeProvider>,
    );
    const button = screen.getByRole('button', { name: 'Help: Ambition' });
    await user.tab();
    expect(document.activeElement).toBe(button);
    await user.keyboard('{Enter}');

    const dialog = await screen.findByRole('dialog', { name: 'Ambition' });
    const table = within(dialog).getByRole('table', { name: 'Help' });
    for (const heading of ['What', 'Why', 'Tips', 'Examples']) {
      expect(within(table).getByRole('rowheader', { name: heading })).toBeTruthy();
    }
    expect(within(dialog).getByText(HELP_CONTENT.ambition.what)).toBeTruthy();
    // No video is configured, so no empty frame is left behind.
    expect(dialog.querySelector('iframe')).toBeNull();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(button);
  });

  it('should show the final word where the topic has one', async () => {
    const user = userEvent.setup();
    render(
      <ThemeProvider theme={theme}>
        <HelpButton topic="strategy" />
      </ThemeProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Help: Strategy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Strategy' });
    expect(within(dialog).getByText('Final word')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Close help' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
