/**
 * Approval on record on the charter page (issue 15): the warning before the first edit of an
 * approved charter, and the approval history read from the initiative's activity.
 */
import { type ActivityEntry, CHARTER_MESSAGES, type InitiativeDetail } from '@keystone/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { saveSession } from '../src/api/session';
import { type FakeAnswer, fakeServer, ok, renderApp } from './renderApp';
import { wireInitiative } from './wireInitiative';

const OWNER = { id: 1, name: 'Olga Owner', email: 'olga@example.com' };
const SPONSOR = { id: 2, name: 'Sam Sponsor', email: 'sam@example.com' };
const MEMBER = { id: 3, name: 'Max Member', email: 'max@example.com' };
const APPROVED = {
  sponsor_approval: true,
  sponsor_approval_requested: true,
  sponsor_approval_at: '2026-03-02T10:00:00Z',
  sponsor_approval_user: SPONSOR,
};
const ACTIVITY = '/api/initiative/10/activity/?limit=100';

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
    ambition: '',
    strategy_masters: [],
    focus_area_title: '<p>Growth</p>',
    ...fields,
  };
}

let nextId = 100;
function entry(fields: Partial<ActivityEntry>): ActivityEntry {
  return {
    id: nextId--,
    model: 'initiative',
    record_id: 10,
    initiative_id: 10,
    field: 'approval',
    old_value: null,
    new_value: 'requested',
    version: 2,
    user: OWNER,
    created_at: '2026-03-01T09:30:00Z',
    ...fields,
  };
}

const page = (results: ActivityEntry[], nextBefore: number | null = null) =>
  ok({ results, next_before: nextBefore });

function openCharterAs(
  userId: number,
  charter: Partial<InitiativeDetail>,
  answers: Record<string, FakeAnswer> = {},
) {
  saveSession({ id: userId, token: 'key' });
  const server = fakeServer({
    'GET /api/initiative/10': ok(wireCharter(charter)),
    'GET /api/initiative/10/timelines/': ok([]),
    [`GET ${ACTIVITY}`]: page([]),
    ...answers,
  });
  return { ...renderApp('/initiative-charter/10'), ...server };
}

/** The page is there once its timeline loaded (the last read); the first render of a run is slow. */
async function pageShown() {
  await screen.findByText(/No milestones yet/, {}, { timeout: 10_000 });
}

/** The open dialog, found cheaply (role queries over the whole page are slow in jsdom). */
const openDialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
const dialogShown = () => waitFor(() => expect(openDialog()).not.toBeNull()).then(() => openDialog()!);
const noDialog = () => waitFor(() => expect(openDialog()).toBeNull());

/**
 * What a browser does once the dialog opened: the dialog takes the focus from the field (jsdom
 * moves none), and a frame passes before anyone can click (the editor's own delayed focus lands
 * in it, while the dialog is open).
 */
async function dialogTakesFocus(name: string) {
  // The page behind the open dialog is hidden from assistive technology.
  const field = screen.getByRole('textbox', { name, hidden: true });
  fireEvent.focusOut(field);
  fireEvent.blur(field);
  await new Promise((resolve) => requestAnimationFrame(resolve));
}

/** What a browser does when a field takes the focus (React listens to focusin). */
function focus(element: HTMLElement) {
  fireEvent.focusIn(element);
  fireEvent.focus(element);
}

const warning = CHARTER_MESSAGES.editWithdrawsApproval('Sam Sponsor');

describe('editing an approved charter', { timeout: 40_000 }, () => {
  it('should say whose approval an edit withdraws, and ask once until the editor goes on', async () => {
    const { calls } = openCharterAs(OWNER.id, APPROVED);
    await pageShown();
    const problem = screen.getByRole('textbox', { name: 'Problem statement' });

    focus(problem);
    const dialog = await dialogShown();
    expect(within(dialog).getByText(CHARTER_MESSAGES.editWithdrawsApprovalTitle).id).toBe(
      dialog.getAttribute('aria-labelledby'),
    );
    expect(within(dialog).getByText(warning)).toBeTruthy();
    await dialogTakesFocus('Problem statement');
    fireEvent.click(within(dialog).getByRole('button', { name: CHARTER_MESSAGES.cancelEditing }));
    await noDialog();

    // Cancelled: the next edit asks again.
    const impact = screen.getByRole('textbox', { name: 'Impact' });
    focus(impact);
    const again = await dialogShown();
    await dialogTakesFocus('Impact');
    fireEvent.click(within(again).getByRole('button', { name: CHARTER_MESSAGES.continueEditing }));
    await noDialog();

    // The fields may be editors now, in place of their static text.
    focus(screen.getByRole('textbox', { name: 'Problem statement' }));
    focus(screen.getByRole('textbox', { name: 'Impact' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(openDialog()).toBeNull();
    // Focusing takes the field's lock; nothing was written.
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([]);
  });

  it('should ask before adding a timeline row, and add it only after Continue', async () => {
    const { calls } = openCharterAs(OWNER.id, APPROVED, {
      'POST /api/timeline/create/': {
        status: 201,
        body: {
          id: 7,
          model: 'timeline',
          description: null,
          start_date: null,
          end_date: null,
          initiative: 10,
          version: 1,
        },
      },
    });
    await pageShown();
    const add = screen.getByRole('button', { name: 'Add row' });
    fireEvent.click(add);
    const dialog = await dialogShown();
    expect(within(dialog).getByText(warning)).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/timeline/create/')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: CHARTER_MESSAGES.continueEditing }));
    await waitFor(() => expect(calls.some((call) => call.path === '/api/timeline/create/')).toBe(true));
  });

  it('should not ask when the charter is not approved', async () => {
    openCharterAs(OWNER.id, { sponsor_approval_requested: true });
    await pageShown();
    focus(screen.getByRole('textbox', { name: 'Problem statement' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add row' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(openDialog()).toBeNull();
  });

  it('should not ask a team member, whose fields are read-only', async () => {
    openCharterAs(MEMBER.id, APPROVED);
    await pageShown();
    focus(screen.getByRole('textbox', { name: 'Problem statement' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(openDialog()).toBeNull();
  });
});

describe('the approval history', { timeout: 40_000 }, () => {
  it('should list every step, newest first, by whom and naming the parts an edit changed', async () => {
    openCharterAs(
      OWNER.id,
      {},
      {
        [`GET ${ACTIVITY}`]: page([
          entry({ new_value: 'unapproved', user: SPONSOR }),
          entry({ field: 'impact', new_value: '<p>More</p>' }),
          entry({ new_value: 'withdrawn', old_value: { fields: ['timeline', 'impact'] } }),
          entry({ new_value: 'approved', user: SPONSOR }),
          entry({ new_value: 'requested', user: null }),
        ]),
      },
    );
    const list = await screen.findByRole('list', { name: CHARTER_MESSAGES.approvalHistory });
    const items = within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toHaveLength(4);
    expect(items[0]).toContain('Sam Sponsor withdrew the approval');
    expect(items[1]).toContain('Olga Owner changed Impact and Timeline, which withdrew the approval');
    expect(items[2]).toContain('Sam Sponsor approved the charter');
    expect(items[3]).toContain('Someone else asked for approval');
    expect(items[3]).toMatch(/03\/01\/2026/);
  });

  it('should read older activity until it finds steps', async () => {
    openCharterAs(
      OWNER.id,
      {},
      {
        [`GET ${ACTIVITY}`]: page([entry({ field: 'impact', new_value: '<p>x</p>' })], 50),
        [`GET ${ACTIVITY}&before=50`]: page([entry({ new_value: 'requested' })]),
      },
    );
    const list = await screen.findByRole('list', { name: CHARTER_MESSAGES.approvalHistory });
    expect(list.textContent).toContain('Olga Owner asked for approval');
  });

  it('should say there are no steps yet', async () => {
    openCharterAs(OWNER.id, {});
    expect(await screen.findByText(CHARTER_MESSAGES.noApprovalSteps)).toBeTruthy();
  });

  it('should read the history again after the sponsor approves', async () => {
    let approved = false;
    const { calls } = openCharterAs(
      SPONSOR.id,
      {},
      {
        'GET /api/initiative/10': () => ok(wireCharter(approved ? APPROVED : {})),
        'PATCH /api/initiative-approve/10/': () => {
          approved = true;
          const { sponsor_approval_requested: _requested, ...answer } = APPROVED;
          return ok({ message: CHARTER_MESSAGES.approved, ...answer });
        },
        [`GET ${ACTIVITY}`]: () => page(approved ? [entry({ new_value: 'approved', user: SPONSOR })] : []),
      },
    );
    await screen.findByText(CHARTER_MESSAGES.noApprovalSteps);
    fireEvent.click(screen.getByRole('checkbox'));
    const list = await screen.findByRole('list', { name: CHARTER_MESSAGES.approvalHistory });
    expect(list.textContent).toContain('Sam Sponsor approved the charter');
    expect(calls.filter((call) => call.path === ACTIVITY).length).toBeGreaterThanOrEqual(2);
  });
});
