import { CALENDAR_LABELS, CALENDAR_MESSAGES, type CalendarFeed } from '@keystone/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../src/api/session';
import { type FakeAnswer, fakeServer, renderApp } from './renderApp';

const details = {
  id: 7,
  name: 'Anna Smith',
  email: 'anna@example.com',
  first_name: 'Anna',
  last_name: 'Smith',
  business_title: 'COO',
  is_admin: false,
};
const URL_SHOWN = 'https://keystone.example.com/api/calendar/feed/kst_cal_abc.ics';
const feed: CalendarFeed = { created_at: '2026-03-01T09:00:00Z', last_fetched_at: null };

describe('Calendar section on /profile-settings', () => {
  beforeEach(() => saveSession({ id: 7, token: 'key' }));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  function startServer(answers: Record<string, FakeAnswer>) {
    return fakeServer({
      'GET /api/get-user-details/': { status: 200, body: details },
      'GET /api/invites/': { status: 200, body: [] },
      'GET /api/auth/sessions/': { status: 200, body: [] },
      ...answers,
    });
  }

  it('should make an address, show it once with a copy button and how to add it, then replace it after asking', async () => {
    let current: CalendarFeed | null = null;
    const { calls } = startServer({
      'GET /api/calendar/': () => ({ status: 200, body: { feed: current } }),
      'POST /api/calendar/': () => {
        const detail = current ? CALENDAR_MESSAGES.replaced : CALENDAR_MESSAGES.created;
        current = feed;
        return { status: 201, body: { detail, url: URL_SHOWN, feed } };
      },
    });
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderApp('/profile-settings');

    fireEvent.click(await screen.findByRole('button', { name: CALENDAR_LABELS.create }, { timeout: 10_000 }));
    expect(await screen.findByText(CALENDAR_MESSAGES.created)).toBeTruthy();
    expect(screen.getByText(URL_SHOWN)).toBeTruthy();
    for (const line of [
      CALENDAR_MESSAGES.howToGoogle,
      CALENDAR_MESSAGES.howToOutlook,
      CALENDAR_MESSAGES.howToApple,
    ])
      expect(screen.getByText(line)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: CALENDAR_LABELS.copyAddress }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(URL_SHOWN));
    expect(await screen.findByText(/No calendar app has read it yet/)).toBeTruthy();

    // Replacing asks first; cancelling sends nothing.
    fireEvent.click(screen.getByRole('button', { name: CALENDAR_LABELS.replace }));
    const dialog = await screen.findByRole('dialog', { name: CALENDAR_LABELS.replaceTitle });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: CALENDAR_LABELS.replace }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: CALENDAR_LABELS.replaceTitle })).getByRole('button', {
        name: CALENDAR_LABELS.replace,
      }),
    );
    expect(await screen.findByText(CALENDAR_MESSAGES.replaced)).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(2);
  });

  it('should turn the address off after asking, and say so', async () => {
    let current: CalendarFeed | null = { ...feed, last_fetched_at: '2026-03-02T10:00:00Z' };
    startServer({
      'GET /api/calendar/': () => ({ status: 200, body: { feed: current } }),
      'DELETE /api/calendar/': () => {
        current = null;
        return { status: 200, body: { detail: CALENDAR_MESSAGES.turnedOff } };
      },
    });
    renderApp('/profile-settings');
    // The section is its own chunk, loaded once the page is shown.
    expect(await screen.findByText(/A calendar app last read it on/, {}, { timeout: 10_000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: CALENDAR_LABELS.turnOff }));
    const dialog = await screen.findByRole('dialog', { name: CALENDAR_LABELS.turnOffTitle });
    fireEvent.click(within(dialog).getByRole('button', { name: CALENDAR_LABELS.turnOff }));
    const said = await screen.findByRole('status');
    expect(said.textContent).toContain(CALENDAR_MESSAGES.turnedOff);
    expect(await screen.findByRole('button', { name: CALENDAR_LABELS.create })).toBeTruthy();
  });

  it('should offer to read again when the state cannot be read', async () => {
    startServer({ 'GET /api/calendar/': { status: 500, body: { detail: 'Server error' } } });
    renderApp('/profile-settings');
    expect(await screen.findByText(CALENDAR_LABELS.loadFailed, {}, { timeout: 10_000 })).toBeTruthy();
  });
});
