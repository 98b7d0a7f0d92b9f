/**
 * History on the progress and charter pages (issue 15): who last edited a progress comment and
 * when, each initiative's last progress update, and the charter's Activity panel restoring a
 * charter field with the initiative's cached version.
 */
import { ACTIVITY_MESSAGES, BOARD_TEXT, HISTORY_MESSAGES, type InitiativeDetail } from '@keystone/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { saveSession } from '../src/api/session';
import { openProgressAs, progressStrategy, rowOf, wireComment } from './progressUpdateFixtures';
import { fakeServer, ok, renderApp } from './renderApp';
import { ANNA, MARK } from './strategyPageFixtures';
import { wireInitiative } from './wireInitiative';

const LAST_UPDATE = '2026-11-30T08:00:00.000Z';
/** Spec §9: the last update as a date only, MM/DD/YYYY (the same day from UTC−8 to UTC+15). */
const LAST_UPDATE_DAY = '11/30/2026';

describe('progress page history lines', () => {
  it('should name the last editor of a comment and each initiative’s last progress update', async () => {
    openProgressAs(MARK.id, {
      'GET /api/strategy/1': ok(
        progressStrategy((strategy) => ({
          ...strategy,
          focus_areas: strategy.focus_areas.map((area) => ({
            ...area,
            initiatives: area.initiatives.map((initiative) =>
              initiative.id === 101
                ? {
                    ...initiative,
                    last_progress_update: LAST_UPDATE,
                    comments: [
                      {
                        ...wireComment(101, 'PR', '<p>Beta shipped</p>'),
                        author: ANNA,
                        updated_at: new Date(Date.now() - 5 * 60_000).toISOString(),
                      },
                      wireComment(101, 'RB'),
                      wireComment(101, 'NS'),
                    ],
                  }
                : initiative,
            ),
          })),
        })),
      ),
    });
    await screen.findByRole('heading', { level: 1, name: 'North star' }, { timeout: 10_000 });
    const row = rowOf(101);
    expect(within(row).getByText(HISTORY_MESSAGES.lastEdited('Anna', '5 minutes ago'))).toBeTruthy();
    // Nobody wrote the other two comments: no line for them.
    expect(within(row).getAllByText(/^Last edited by/)).toHaveLength(1);
    expect(within(row).getByText(`Last progress update: ${LAST_UPDATE_DAY}`)).toBeTruthy();
    expect(within(rowOf(102)).getByText(BOARD_TEXT.noUpdateYet)).toBeTruthy();
  });
});

const OWNER = { id: 1, name: 'Olga Owner', email: 'olga@example.com' };
const MEMBER = { id: 3, name: 'Max Member', email: 'max@example.com' };

function wireCharter(fields: Partial<InitiativeDetail> = {}): InitiativeDetail {
  return {
    ...wireInitiative(10, 5, {
      title: '<p>Self-serve onboarding</p>',
      problem_statement: '<p>Trials do not convert.</p>',
      owners: [OWNER],
      team_members: [MEMBER],
      version: 4,
      last_progress_update: LAST_UPDATE,
    }),
    strategy_id: 4,
    ambition: '<p>Every team finds us.</p>',
    strategy_masters: [],
    focus_area_title: '<p>Growth</p>',
    ...fields,
  };
}

const problemEdit = {
  id: 50,
  model: 'initiative',
  record_id: 10,
  initiative_id: 10,
  field: 'problem_statement',
  old_value: '<p>Nobody tries us.</p>',
  new_value: '<p>Trials do not convert.</p>',
  version: 4,
  user: OWNER,
  created_at: new Date().toISOString(),
};

function openCharterAs(userId: number) {
  let stored: Partial<InitiativeDetail> = {};
  saveSession({ id: userId, token: 'key' });
  const server = fakeServer({
    // Like the server, the charter reads back what was last stored.
    'GET /api/initiative/10': () => ok(wireCharter(stored)),
    'GET /api/initiative/10/timelines/': ok([]),
    'GET /api/initiative/10/activity/?limit=50': ok({ results: [problemEdit], next_before: null }),
    'PATCH /api/initiative/update/10/': (call) => {
      stored = { ...(call.body as Partial<InitiativeDetail>), version: 5 };
      return ok(wireCharter(stored));
    },
  });
  return { ...renderApp('/initiative-charter/10'), ...server };
}

describe('charter page history', () => {
  it('should show the last progress update and restore a charter field with the cached version', async () => {
    const { calls } = openCharterAs(OWNER.id);
    expect(
      await screen.findByText(HISTORY_MESSAGES.lastProgressUpdate(LAST_UPDATE_DAY), {}, { timeout: 10_000 }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: HISTORY_MESSAGES.activity }));
    const panel = await screen.findByRole('dialog', { name: HISTORY_MESSAGES.activity });
    const [item] = await within(panel).findAllByTestId('activity-item');
    expect(item?.textContent).toContain('Problem statement');
    fireEvent.click(within(item!).getByRole('button', { name: ACTIVITY_MESSAGES.restorePrevious }));
    await within(panel).findByText(HISTORY_MESSAGES.restored);
    expect(calls.find((call) => call.method === 'PATCH')).toMatchObject({
      path: '/api/initiative/update/10/',
      body: { problem_statement: '<p>Nobody tries us.</p>', version: 4 },
    });
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Problem statement', hidden: true }).textContent).toContain(
        'Nobody tries us.',
      ),
    );
  });

  it('should offer a team member no restore of charter text', async () => {
    openCharterAs(MEMBER.id);
    fireEvent.click(
      await screen.findByRole('button', { name: HISTORY_MESSAGES.activity }, { timeout: 10_000 }),
    );
    const panel = await screen.findByRole('dialog', { name: HISTORY_MESSAGES.activity });
    const [item] = await within(panel).findAllByTestId('activity-item');
    expect(within(item!).queryAllByRole('button')).toHaveLength(0);
  });
});
