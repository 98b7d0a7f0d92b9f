import { readdirSync } from 'node:fs';
import path from 'node:path';
import { HELP_VIDEO_LABELS, type HelpTopic } from '@keystone/contract';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../src/api/queryClient';
import { HelpButton } from '../src/components/help/HelpButton';
import { HELP_CONTENT } from '../src/help/content';
import { HELP_TITLES, HELP_TOPICS } from '../src/help/topics';
import { VIDEO_DESCRIPTIONS } from '../src/help/videos';
import { theme } from '../src/theme';
import { fakeServer, ok } from './renderApp';

function renderHelp(topic: HelpTopic) {
  return render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={createQueryClient()}>
        <HelpButton topic={topic} />
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

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

describe('built-in help videos', () => {
  it('should have a recorded video and poster for every topic, and nothing else', () => {
    const files = readdirSync(path.join(import.meta.dirname, '../src/help/videos')).sort();
    const expected = HELP_TOPICS.flatMap((topic) => [`${topic}.webm`, `${topic}.webp`]).sort();
    expect(files).toEqual(expected);
  });

  it('should describe what each video shows', () => {
    for (const topic of HELP_TOPICS)
      expect(VIDEO_DESCRIPTIONS[topic].split(/\s+/).length).toBeGreaterThan(12);
  });
});

describe('HelpButton', () => {
  beforeEach(() => fakeServer({ 'GET /api/help-videos/': ok([]) }));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it.each(HELP_TOPICS)(
    'should show the %s dialog with its video, controls, a poster and what it shows',
    async (topic) => {
      const user = userEvent.setup();
      renderHelp(topic);
      await user.click(screen.getByRole('button', { name: `Help: ${HELP_TITLES[topic]}` }));
      const dialog = await screen.findByRole('dialog', { name: HELP_TITLES[topic] });
      const video = (await within(dialog).findByLabelText(
        `${HELP_TITLES[topic]}: video`,
      )) as HTMLVideoElement;
      expect(video.tagName).toBe('VIDEO');
      expect(video.controls).toBe(true);
      expect(video.autoplay).toBe(false);
      // Nothing downloads until the reader plays it; the poster shows what it is about meanwhile.
      expect(video.preload).toBe('none');
      expect(video.poster).toMatch(new RegExp(`${topic}.*\\.webp$`));
      expect(video.querySelector('source')?.getAttribute('src')).toMatch(new RegExp(`${topic}.*\\.webm$`));
      const description = document.getElementById(video.getAttribute('aria-describedby') ?? '');
      expect(description?.textContent).toContain(VIDEO_DESCRIPTIONS[topic]);
    },
  );

  it('should show the video the organisation chose, through its player page, with its description', async () => {
    fakeServer({
      'GET /api/help-videos/': ok([
        {
          topic: 'ambition',
          host: 'vimeo',
          address: 'https://vimeo.com/76979871',
          embed_url: 'https://player.vimeo.com/video/76979871?dnt=1',
          description: 'Our CEO on this year’s ambition.',
          player_url: '/help-player/abc/',
        },
      ]),
    });
    const user = userEvent.setup();
    renderHelp('ambition');
    await user.click(screen.getByRole('button', { name: 'Help: Ambition' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ambition' });
    const frame = await within(dialog).findByTitle('Ambition: video');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe('/help-player/abc/');
    expect(within(dialog).getByText(/Our CEO on this year’s ambition\./)).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: HELP_VIDEO_LABELS.openVideo }).getAttribute('href')).toBe(
      'https://vimeo.com/76979871',
    );
    expect(dialog.querySelector('video')).toBeNull();
  });

  it('should open the dialog with the keyboard and close it with Escape, returning focus', async () => {
    const user = userEvent.setup();
    renderHelp('ambition');
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

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(button);
  });

  it('should show the final word where the topic has one', async () => {
    const user = userEvent.setup();
    renderHelp('strategy');
    await user.click(screen.getByRole('button', { name: 'Help: Strategy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Strategy' });
    expect(within(dialog).getByText('Final word')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Close help' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
