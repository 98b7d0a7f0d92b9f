import { INVITE_MESSAGES, MESSAGES } from '@keystone/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../src/api/session';
import { checkInviteText } from '../src/components/invites/inviteText';
import { type FakeCall, fakeServer, renderApp } from './renderApp';

describe('checkInviteText', () => {
  it('should split on commas, trim, strip markup and drop duplicates', () => {
    expect(checkInviteText('<p>anna@example.com, Ben@Example.com</p><p>anna@example.com</p>')).toEqual({
      ok: true,
      emails: ['anna@example.com', 'ben@example.com'],
    });
  });

  it('should name every invalid address', () => {
    expect(checkInviteText('anna@example.com, not-an-email, ben@,  carl@example.org')).toEqual({
      ok: false,
      message: `${MESSAGES.invalidEmail}: not-an-email, ben@`,
    });
  });

  it('should refuse an empty box', () => {
    expect(checkInviteText(' , ')).toEqual({ ok: false, message: MESSAGES.invalidEmail });
  });
});

const details = {
  id: 7,
  name: 'Anna Smith',
  email: 'anna@example.com',
  first_name: 'Anna',
  last_name: 'Smith',
  business_title: 'COO',
  is_admin: false,
};
const invite = {
  id: 1,
  email: 'ben@example.com',
  invited_by: 7,
  is_accepted: false,
  accepted_at: null,
  created_at: '2025-01-01T00:00:00Z',
  last_sent_at: '2025-01-01T00:00:00Z',
};

describe('invite form on /profile-settings', () => {
  beforeEach(() => saveSession({ id: 7, token: 'key' }));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  function startServer(created: object = { invited: ['carl@example.com'], skipped: [], not_invited: [] }) {
    return fakeServer({
      'GET /api/get-user-details/': { status: 200, body: details },
      'GET /api/invites/': { status: 200, body: [invite] },
      'POST /api/invites/create/': { status: 201, body: { detail: 'Invites sent.', ...created } },
    });
  }

  const inviteBox = () => screen.findByRole('textbox', { name: 'E-mail addresses' });
  const inviteCreations = (calls: FakeCall[]) => calls.filter((c) => c.path === '/api/invites/create/');

  it('should not submit when Enter is pressed in the box', async () => {
    const { calls } = startServer();
    renderApp('/profile-settings');
    const box = await inviteBox();
    fireEvent.change(box, { target: { value: 'carl@example.com' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter' });
    await screen.findByText('ben@example.com');
    expect(inviteCreations(calls)).toHaveLength(0);
  });

  it('should name the invalid addresses and send nothing', async () => {
    const { calls } = startServer();
    renderApp('/profile-settings');
    fireEvent.change(await inviteBox(), { target: { value: 'carl@example.com, carl@' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(`${MESSAGES.invalidEmail}: carl@`)).toBeTruthy();
    expect(inviteCreations(calls)).toHaveLength(0);
  });

  it('should send the addresses as an array, confirm, and fetch the invites again', async () => {
    const { calls } = startServer();
    renderApp('/profile-settings');
    const list = await screen.findByRole('list', { name: 'Invites' });
    expect(within(list).getByText('Pending')).toBeTruthy();
    fireEvent.change(await inviteBox(), { target: { value: 'Carl@example.com ,\n' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(MESSAGES.invitesUpdated)).toBeTruthy();
    expect(inviteCreations(calls).map((c) => c.body)).toEqual([['carl@example.com']]);
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/invites/').length).toBe(2));
  });

  it('should say which addresses were not invited and why, and not that invites were updated', async () => {
    startServer({
      invited: [],
      skipped: ['ben@example.com', 'anna@example.com'],
      not_invited: [
        { email: 'ben@example.com', reason: 'invited' },
        { email: 'anna@example.com', reason: 'member' },
      ],
    });
    renderApp('/profile-settings');
    fireEvent.change(await inviteBox(), { target: { value: 'ben@example.com, anna@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const list = await screen.findByRole('list', { name: 'Not invited' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      INVITE_MESSAGES.notInvited('ben@example.com', 'invited'),
      INVITE_MESSAGES.notInvited('anna@example.com', 'member'),
    ]);
    expect(screen.getByText(INVITE_MESSAGES.noneInvited)).toBeTruthy();
    expect(screen.queryByText(MESSAGES.invitesUpdated)).toBeNull();
  });

  it('should name an address that cannot join, saying nothing of where it is known', async () => {
    startServer({
      invited: ['carl@example.com'],
      skipped: ['yan@zeta.test'],
      not_invited: [{ email: 'yan@zeta.test', reason: 'unavailable' }],
    });
    renderApp('/profile-settings');
    fireEvent.change(await inviteBox(), { target: { value: 'carl@example.com, yan@zeta.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const list = await screen.findByRole('list', { name: 'Not invited' });
    expect(within(list).getByRole('listitem').textContent).toBe(
      'yan@zeta.test was not invited: this address cannot join your organisation. Ask the person for another address.',
    );
  });

  it('should confirm the invited ones and list the others when some were invited', async () => {
    startServer({
      invited: ['carl@example.com'],
      skipped: ['anna@example.com'],
      not_invited: [{ email: 'anna@example.com', reason: 'member' }],
    });
    renderApp('/profile-settings');
    fireEvent.change(await inviteBox(), { target: { value: 'carl@example.com, anna@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(MESSAGES.invitesUpdated)).toBeTruthy();
    expect(screen.getByText('anna@example.com was not invited: already a member.')).toBeTruthy();
  });
});
