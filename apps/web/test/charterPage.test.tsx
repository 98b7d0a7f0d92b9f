import { CHARTER_MESSAGES, type InitiativeDetail, MESSAGES } from '@keystone/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { saveSession } from '../src/api/session';
import { fakeServer, renderApp } from './renderApp';
import { wireInitiative } from './wireInitiative';

const ok = (body: unknown) => ({ status: 200, body });
const OWNER = { id: 1, name: 'Olga Owner', email: 'olga@example.com' };
const SPONSOR = { id: 2, name: 'Sam Sponsor', email: 'sam@example.com' };
const MEMBER = { id: 3, name: 'Max Member', email: 'max@example.com' };

function wireCharter(fields: Partial<InitiativeDetail> = {}): InitiativeDetail {
  return {
    ...wireInitiative(10, 5, {
      title: '<p>Self-serve onboarding</p>',
      problem_statement: '<p>Trials do not convert.</p>',
      owners: [OWNER],
      sponsors: [SPONSOR],
      team_members: [MEMBER],
    }),
    strategy_id: 4,
    ambition: '<p>Every team finds us.</p>',
    strategy_masters: [],
    focus_area_title: '<p>Growth</p>',
    ...fields,
  };
}

function openCharterAs(userId: number, answers: Parameters<typeof fakeServer>[0] = {}) {
  saveSession({ id: userId, token: 'key' });
  const server = fakeServer({
    'GET /api/initiative/10': ok(wireCharter()),
    'GET /api/initiative/10/timelines/': ok([]),
    'GET /api/initiative/10/activity/?limit=100': ok({ results: [], next_before: null }),
    ...answers,
  });
  return { ...renderApp('/initiative-charter/10'), ...server };
}

describe('initiative charter page', () => {
  it('should show the not-found page when the initiative cannot be read', async () => {
    openCharterAs(OWNER.id, { 'GET /api/initiative/10': { status: 404, body: { detail: 'Not found.' } } });
    expect(await screen.findByText('There is no page at this address.')).toBeTruthy();
  });

  it('should show the charter with its team and a link to the strategy team', async () => {
    openCharterAs(OWNER.id);
    expect(await screen.findByRole('heading', { level: 1, name: 'Self-serve onboarding' })).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Sponsors' }).textContent).toContain('Sam Sponsor');
    expect(screen.getByRole('link', { name: CHARTER_MESSAGES.strategyTeamLink }).getAttribute('href')).toBe(
      '/strategy-team/4',
    );
    expect(screen.getByRole('textbox', { name: 'Problem statement' }).getAttribute('aria-readonly')).toBe(
      'false',
    );
    expect(await screen.findByText(/No milestones yet/)).toBeTruthy();
  });

  it('should show a team member every field read-only, with the reason', async () => {
    openCharterAs(MEMBER.id);
    const problem = await screen.findByRole('textbox', { name: 'Problem statement' });
    expect(problem.getAttribute('aria-readonly')).toBe('true');
    fireEvent.mouseOver(problem);
    expect((await screen.findByRole('tooltip')).textContent).toBe(MESSAGES.noPermission);
    await screen.findByText(/No milestones yet/);
    expect(screen.queryByRole('button', { name: 'Add row' })).toBeNull();
    const request = screen.getByRole('button', { name: CHARTER_MESSAGES.sendApprovalRequest });
    expect(request).toHaveProperty('disabled', true);
  });

  it('should show the server’s refusal by the request button, then clear it after 3 seconds', async () => {
    const { calls } = openCharterAs(OWNER.id, {
      'PATCH /api/initiative/10/send-charter-review-request/': {
        status: 409,
        body: { detail: CHARTER_MESSAGES.alreadyApproved },
      },
    });
    const request = await screen.findByRole('button', { name: CHARTER_MESSAGES.sendApprovalRequest });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(request);
    expect((await screen.findByRole('alert')).textContent).toBe(CHARTER_MESSAGES.alreadyApproved);
    expect(calls.filter((call) => call.path.endsWith('/send-charter-review-request/'))).toHaveLength(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3000);
    });
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('should send the request with an empty body and then reload the initiative', async () => {
    const { calls } = openCharterAs(OWNER.id, {
      'PATCH /api/initiative/10/send-charter-review-request/': ok({
        detail: CHARTER_MESSAGES.approvalRequestSent,
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: CHARTER_MESSAGES.sendApprovalRequest }));
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/initiative/10')).toHaveLength(2));
    const request = calls.find((call) => call.path.endsWith('/send-charter-review-request/'));
    expect(request?.method).toBe('PATCH');
    expect(request?.body).toBeUndefined();
  });
});
