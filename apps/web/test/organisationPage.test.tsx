import { MESSAGES, ORGANISATION_MESSAGES } from '@keystone/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { securityLogQuery } from '../src/api/organisation';
import { saveSession } from '../src/api/session';
import { timeAgo } from '../src/lib/timeAgo';
import { entry, member, members, startServer } from './organisationFixtures';
import { ok, renderApp } from './renderApp';

describe('securityLogQuery', () => {
  it('should ask for the first page without a query', () => {
    expect(securityLogQuery({ user: null, kind: null }, null)).toEqual({});
  });

  it('should put the filters and the previous page’s end in the query', () => {
    expect(securityLogQuery({ user: 8, kind: 'login_failed' }, 40)).toEqual({
      user: 8,
      kind: 'login_failed',
      before: 40,
    });
  });
});

describe('timeAgo', () => {
  const now = new Date('2026-11-23T12:00:00Z');

  it('should read recent times relative to now, and a clock a little ahead as just now', () => {
    expect(timeAgo('2026-11-23T12:00:05Z', now)).toBe('Just now');
    expect(timeAgo('2026-11-23T11:55:00Z', now)).toBe('5 minutes ago');
    expect(timeAgo('2026-11-20T12:00:00Z', now)).toBe('3 days ago');
  });

  it('should give a date after a month', () => {
    // As the spec writes days: MM/DD/YYYY.
    expect(timeAgo('2026-09-01T12:00:00Z', now)).toBe('09/01/2026');
  });
});

describe('/organisation', () => {
  beforeEach(() => saveSession({ id: 7, token: 'key' }));

  it('should offer administrators the Organisation link in the avatar menu', async () => {
    startServer(true);
    const { router } = renderApp('/profile-settings');
    fireEvent.click(await screen.findByRole('button', { name: /account menu/i }));
    fireEvent.click(await screen.findByRole('link', { name: 'Organisation' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/organisation'));
    expect(await screen.findByRole('table', { name: 'Members of the organisation' })).toBeTruthy();
  }, 15_000);

  it('should not offer the link to anyone else', async () => {
    startServer(false);
    renderApp('/profile-settings');
    fireEvent.click(await screen.findByRole('button', { name: /account menu/i }));
    expect(await screen.findByRole('button', { name: 'Profile' })).toBeTruthy();
    await screen.findByText('Anna Smith', { selector: 'p' });
    expect(screen.queryByRole('link', { name: 'Organisation' })).toBeNull();
  });

  it('should tell a non-administrator the page is for administrators and ask nothing of it', async () => {
    const { calls } = startServer(false);
    renderApp('/organisation');
    expect(await screen.findByText(ORGANISATION_MESSAGES.adminsOnly)).toBeTruthy();
    expect(calls.filter((call) => call.path.startsWith('/api/organisation/'))).toEqual([]);
  });

  it('should show a failed read with its retry, and not ask for it again and again', async () => {
    const { calls } = startServer(true, {
      'GET /api/organisation/members/': { status: 500, body: { detail: null } },
    });
    renderApp('/organisation');
    // Each failure is tried twice (a passing error may clear) before it shows.
    expect(
      await screen.findByText(ORGANISATION_MESSAGES.fetchMembersFailed, {}, { timeout: 8000 }),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Pending invitations' })).toBeTruthy();
    const reads = () => calls.filter((call) => call.path === '/api/organisation/members/').length;
    const shown = reads();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(reads()).toBe(shown);
  }, 15_000);

  it('should list members with their strategies and roles, linked to the team page', async () => {
    startServer(true);
    renderApp('/organisation');
    const table = await screen.findByRole('table', { name: 'Members of the organisation' });
    const ben = within(table).getByText('Ben Jones').closest('tr') as HTMLElement;
    expect(within(ben).getByRole('link', { name: 'Growth 2027' }).getAttribute('href')).toBe(
      '/strategy-team/3',
    );
    expect(within(ben).getByText(/Strategy master, Owner/)).toBeTruthy();
    expect(within(ben).getByText('Active')).toBeTruthy();
    expect(within(ben).getByText('Never')).toBeTruthy();
    // Deactivating oneself is refused, so the own row does not offer it.
    expect(screen.queryByRole('button', { name: 'Deactivate Anna Smith' })).toBeNull();
  });

  it('should say before asking that the only master of a strategy cannot be deactivated, and send nothing', async () => {
    const { calls } = startServer(true);
    renderApp('/organisation');
    fireEvent.click(await screen.findByRole('button', { name: 'Deactivate Ben Jones' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ben Jones cannot be deactivated yet' });
    expect(dialog.textContent).toContain(
      'Ben Jones is the only strategy master of this strategy: "Growth 2027". Make someone else a strategy master first.',
    );
    expect(within(dialog).queryByRole('button', { name: 'Deactivate' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
  });

  it('should confirm a deactivation and show the server’s refusal where it is seen', async () => {
    // Anna is a master of Growth 2027 too, as far as the page knows; the server has seen otherwise.
    const refusal = ORGANISATION_MESSAGES.onlyMasterOf('Ben Jones', ['Growth 2027']);
    const { calls } = startServer(true, {
      'GET /api/organisation/members/': ok([
        member(7, 'Anna Smith', {
          is_admin: true,
          strategies: [{ id: 3, title: 'Growth 2027', roles: ['master'] }],
        }),
        members[1],
      ]),
      'PATCH /api/organisation/members/8/': { status: 409, body: { detail: refusal } },
    });
    renderApp('/organisation');
    fireEvent.click(await screen.findByRole('button', { name: 'Deactivate Ben Jones' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Ben Jones?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect((await screen.findByRole('alert')).textContent).toContain(refusal);
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([
      { is_active: false },
    ]);
  });

  it('should keep focus on the button that deactivated someone, which now reactivates them', async () => {
    let ben = member(8, 'Ben Jones');
    startServer(true, {
      'GET /api/organisation/members/': () => ok([members[0], ben]),
      'PATCH /api/organisation/members/8/': () => {
        ben = member(8, 'Ben Jones', { status: 'deactivated' });
        return ok({ detail: 'Ben Jones has been deactivated.', member: ben });
      },
    });
    renderApp('/organisation');
    const deactivate = await screen.findByRole('button', { name: 'Deactivate Ben Jones' });
    deactivate.focus();
    fireEvent.click(deactivate);
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Ben Jones?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    const reactivate = await screen.findByRole('button', { name: 'Reactivate Ben Jones' }, { timeout: 5000 });
    // The same button, relabelled: focus came back to it from the dialog (WCAG 2.4.3).
    expect(reactivate).toBe(deactivate);
    await waitFor(() => expect(document.activeElement).toBe(reactivate), { timeout: 5000 });
  });

  it('should page the security log with next_before and start again when a filter changes', async () => {
    const { calls } = startServer(true, {
      'GET /api/organisation/security-log/': ok({ results: [entry(50, 'login_succeeded')], next_before: 50 }),
      'GET /api/organisation/security-log/?before=50': ok({
        results: [entry(49, 'password_changed')],
        next_before: null,
      }),
      'GET /api/organisation/security-log/?kind=login_failed': ok({ results: [], next_before: null }),
    });
    renderApp('/organisation');
    const log = await screen.findByRole('table', { name: 'Security log' });
    expect(within(log).getByText('Signed in')).toBeTruthy();
    expect(within(log).getByText('Firefox on Windows')).toBeTruthy();
    expect(within(log).getByText('Password')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Show older' }));
    expect(await within(log).findByText('Password changed')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Show older' })).toBeNull());

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Event' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Failed sign-in' }));
    expect(await screen.findByText('No entries match these filters.')).toBeTruthy();
    expect(calls.map((call) => call.path).filter((path) => path.includes('security-log'))).toEqual([
      '/api/organisation/security-log/',
      '/api/organisation/security-log/?before=50',
      '/api/organisation/security-log/?kind=login_failed',
    ]);
  });

  it('should say in the invite form which addresses cannot join, and list no pending row for them', async () => {
    startServer(true, {
      'POST /api/invites/create/': {
        status: 201,
        body: {
          detail: 'Nobody was invited.',
          invited: [],
          skipped: ['yan@zeta.test'],
          not_invited: [{ email: 'yan@zeta.test', reason: 'unavailable' }],
        },
      },
    });
    renderApp('/organisation');
    fireEvent.change(await screen.findByRole('textbox', { name: 'E-mail addresses' }), {
      target: { value: 'yan@zeta.test' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const list = await screen.findByRole('list', { name: 'Not invited' });
    expect(within(list).getByRole('listitem').textContent).toBe(
      'yan@zeta.test was not invited: this address cannot join your organisation. Ask the person for another address.',
    );
    expect(screen.getByText('Nobody was invited.')).toBeTruthy();
    const invites = screen.getByRole('table', { name: 'Pending invitations' });
    expect(within(invites).queryByText('yan@zeta.test')).toBeNull();
  });

  it('should name a change of strategy masters and its strategy in the security log', async () => {
    startServer(true, {
      'GET /api/organisation/security-log/': ok({
        results: [
          {
            ...entry(51, 'master_added'),
            actor: { id: 7, name: 'Anna Smith', email: 'anna@example.com' },
            detail: { strategy_id: 3, strategy_title: 'Growth 2027' },
          },
          { ...entry(50, 'invite_refused'), user: null, detail: { email: 'yan@zeta.test' } },
        ],
        next_before: null,
      }),
    });
    renderApp('/organisation');
    const log = await screen.findByRole('table', { name: 'Security log' });
    const [, added, refused] = within(log).getAllByRole('row');
    expect(within(added!).getByText('Made strategy master')).toBeTruthy();
    expect(within(added!).getByText('Growth 2027')).toBeTruthy();
    expect(within(added!).getByText('Ben Jones')).toBeTruthy();
    expect(within(added!).getByText('Anna Smith')).toBeTruthy();
    expect(within(refused!).getByText('Not invited: the address cannot join')).toBeTruthy();
    expect(within(refused!).getByText('yan@zeta.test')).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Event' }));
    expect(await screen.findByRole('option', { name: 'No longer strategy master' })).toBeTruthy();
  });

  it('should show why a resend was refused, and revoke only after confirming', async () => {
    const { calls } = startServer(true, {
      'POST /api/invites/4/resend/': {
        status: 409,
        body: { detail: ORGANISATION_MESSAGES.inviteResendTooSoon },
      },
      'DELETE /api/invites/4/': ok({ detail: ORGANISATION_MESSAGES.inviteRevoked }),
    });
    renderApp('/organisation');
    const invites = await screen.findByRole('table', { name: 'Pending invitations' });
    fireEvent.click(
      within(invites).getByRole('button', { name: 'Resend the invitation to carl@example.com' }),
    );
    expect((await screen.findByRole('alert')).textContent).toContain(
      ORGANISATION_MESSAGES.inviteResendTooSoon,
    );

    fireEvent.click(
      within(invites).getByRole('button', { name: 'Revoke the invitation to carl@example.com' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this invitation?' });
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText(ORGANISATION_MESSAGES.inviteRevoked)).toBeTruthy();
    expect(screen.queryByText(MESSAGES.getInvitesFailed)).toBeNull();
  });
});
