import { SESSION_MESSAGES } from '@keystone/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../src/api/session';
import { type FakeAnswer, fakeServer, renderApp } from './renderApp';

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const CHROME =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const details = {
  id: 7,
  name: 'Anna Smith',
  email: 'anna@example.com',
  first_name: 'Anna',
  last_name: 'Smith',
  business_title: 'COO',
  is_admin: false,
};
const session = (id: number, userAgent: string, current: boolean) => ({
  id,
  created_at: '2026-03-01T09:00:00Z',
  last_used_at: '2026-03-02T10:00:00Z',
  user_agent: userAgent,
  ip: '203.0.113.9',
  current,
});

describe('Security section on /profile-settings', () => {
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
      ...answers,
    });
  }

  it('should describe each session, mark this browser and end another one', async () => {
    let sessions = [session(2, CHROME, true), session(1, FIREFOX, false)];
    const { calls } = startServer({
      'GET /api/auth/sessions/': () => ({ status: 200, body: sessions }),
      'DELETE /api/auth/sessions/1/': () => {
        sessions = sessions.slice(0, 1);
        return { status: 200, body: { detail: SESSION_MESSAGES.sessionEnded } };
      },
    });
    renderApp('/profile-settings');
    const list = await screen.findByRole('list', { name: 'Your sessions' });
    const [current, other] = within(list).getAllByRole('listitem');
    expect(within(current!).getByText('Chrome on macOS')).toBeTruthy();
    expect(within(current!).getByText('This browser')).toBeTruthy();
    expect(within(other!).getByText('Firefox on Windows')).toBeTruthy();
    expect(within(other!).getByText(/from 203\.0\.113\.9/)).toBeTruthy();

    const end = within(other!).getByRole('button', { name: /^End session: Firefox on Windows/ });
    end.focus();
    fireEvent.click(end);
    expect(await screen.findByText(SESSION_MESSAGES.sessionEnded)).toBeTruthy();
    expect(await screen.findByText(SESSION_MESSAGES.noOtherSessions)).toBeTruthy();
    // The button is gone with its session: focus is on the list, not lost to the page (WCAG 2.4.3).
    expect(document.activeElement).toBe(list);
    expect(calls.filter((call) => call.path === '/api/auth/sessions/1/')).toHaveLength(1);
  });

  it('should say no more about last use than the hourly record tells', async () => {
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    startServer({
      'GET /api/auth/sessions/': {
        status: 200,
        body: [
          { ...session(3, CHROME, true), last_used_at: minutesAgo(50) },
          { ...session(2, FIREFOX, false), last_used_at: minutesAgo(9) },
          session(1, FIREFOX, false),
        ],
      },
    });
    renderApp('/profile-settings');
    const list = await screen.findByRole('list', { name: 'Your sessions' });
    const [current, recent, older] = within(list).getAllByRole('listitem');
    expect(within(current!).getByText(/· in use now ·/)).toBeTruthy();
    expect(within(recent!).getByText(/· active within the last hour ·/)).toBeTruthy();
    // As the spec writes timestamps: MM/DD/YYYY at hh:mm A and the zone.
    expect(within(older!).getByText(/· last used around 03\/0[12]\/2026 at \d\d:\d\d [AP]M /)).toBeTruthy();
    expect(list.textContent).not.toMatch(/· last used (?!around)/);
  });

  it('should say when the sessions cannot be loaded', async () => {
    startServer({ 'GET /api/auth/sessions/': { status: 500, body: { detail: 'Boom' } } });
    renderApp('/profile-settings');
    expect(await screen.findByText(SESSION_MESSAGES.fetchSessionsFailed)).toBeTruthy();
  });

  it("should show the server's field error under the current password, then confirm a change", async () => {
    let attempt = 0;
    const { calls } = startServer({
      'GET /api/auth/sessions/': { status: 200, body: [session(2, CHROME, true)] },
      'POST /api/auth/password/change/': () =>
        ++attempt === 1
          ? {
              status: 400,
              body: {
                detail: SESSION_MESSAGES.oldPasswordWrong,
                errors: { old_password: [SESSION_MESSAGES.oldPasswordWrong] },
              },
            }
          : { status: 200, body: { detail: SESSION_MESSAGES.passwordChanged } },
    });
    renderApp('/profile-settings');
    const form = await screen.findByRole('form', { name: 'Change password' });
    const fill = (name: string, value: string) =>
      fireEvent.change(within(form).getByLabelText(new RegExp(`^${name}`)), { target: { value } });
    fill('Current password', 'Old-pass1!');
    fill('New password', 'Changed-pass3?');
    fill('Repeat new password', 'Changed-pass3?');
    fireEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText(SESSION_MESSAGES.oldPasswordWrong)).toBeTruthy();

    fill('Current password', 'Right-pass1!');
    fireEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText(SESSION_MESSAGES.passwordChanged)).toBeTruthy();
    await waitFor(() =>
      expect((within(form).getByLabelText(/^Current password/) as HTMLInputElement).value).toBe(''),
    );
    const sent = calls.filter((call) => call.path === '/api/auth/password/change/').map((call) => call.body);
    expect(sent[1]).toEqual({
      old_password: 'Right-pass1!',
      new_password1: 'Changed-pass3?',
      new_password2: 'Changed-pass3?',
    });
  });
});
