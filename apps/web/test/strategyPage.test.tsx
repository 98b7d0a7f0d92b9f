import { MESSAGES, STRATEGY_MESSAGES } from '@keystone/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../src/api/session';
import { fakeServer, renderApp } from './renderApp';
import { ANNA, MARK, wireStrategy, wireSummary } from './strategyPageFixtures';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

const ok = (body: unknown) => ({ status: 200, body });

function openStrategyAs(userId: number, answers: Record<string, { status: number; body: unknown }> = {}) {
  saveSession({ id: userId, token: 'key' });
  const server = fakeServer({ 'GET /api/strategy/1': ok(wireStrategy()), ...answers });
  const view = renderApp('/strategy/1');
  return { ...view, ...server };
}

const textbox = (name: string) => screen.getByRole('textbox', { name });

describe('strategy page for someone who is not a strategy master', () => {
  it('should show title, ambition and focus areas read-only, and initiative titles by role', async () => {
    openStrategyAs(ANNA.id);
    const title = await screen.findByRole('textbox', { name: 'Strategy title' });
    expect(title).toHaveProperty('readOnly', true);
    expect(textbox('Ambition').getAttribute('aria-readonly')).toBe('true');
    expect(textbox('Title of focus area 1').getAttribute('aria-readonly')).toBe('true');
    const areaOne = screen.getByRole('region', { name: 'Focus area 1' });
    // Anna owns initiative 101 (editable) and is only a team member of 102 (read-only).
    expect(
      within(areaOne).getByRole('textbox', { name: 'Title of initiative 1' }).getAttribute('aria-readonly'),
    ).toBe('false');
    expect(
      within(areaOne).getByRole('textbox', { name: 'Title of initiative 2' }).getAttribute('aria-readonly'),
    ).toBe('true');
  });

  it('should offer no dragging, adding or deleting', async () => {
    openStrategyAs(ANNA.id);
    await screen.findByRole('textbox', { name: 'Strategy title' });
    expect(screen.queryByRole('button', { name: /^(Move|Drag) / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete / })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add focus area' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add initiative' })).toBeNull();
  });

  it('should explain with a tooltip that the user may not edit the field', async () => {
    openStrategyAs(ANNA.id);
    const title = await screen.findByRole('textbox', { name: 'Strategy title' });
    fireEvent.mouseOver(title);
    expect(await screen.findByRole('tooltip')).toHaveProperty('textContent', MESSAGES.noPermission);
  });

  it('should leave Strategy Settings and Delete out of the menu', async () => {
    openStrategyAs(ANNA.id);
    fireEvent.click(await screen.findByRole('button', { name: 'Strategy menu' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Strategy Team' })).toBeTruthy();
    expect(within(menu).queryByRole('menuitem', { name: 'Strategy Settings' })).toBeNull();
    expect(within(menu).queryByRole('menuitem', { name: 'Delete' })).toBeNull();
  });
});

describe('strategy page for a strategy master', () => {
  it('should make every field editable and offer the structure controls', async () => {
    openStrategyAs(MARK.id);
    const title = await screen.findByRole('textbox', { name: 'Strategy title' });
    expect(title).toHaveProperty('readOnly', false);
    expect(textbox('Ambition').getAttribute('aria-readonly')).toBe('false');
    // Each focus area is moved by drag or by its Move menu, both named by its title.
    expect(screen.getAllByRole('button', { name: /^Move 'Focus 1[12]'$/ })).toHaveLength(2);
    expect(screen.getAllByRole('button', { name: /^Drag 'Focus 1[12]'$/ })).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Add focus area' })).toBeTruthy();
    // Focus area 2 has a single initiative: it cannot be deleted.
    const areaTwo = screen.getByRole('region', { name: 'Focus area 2' });
    expect(within(areaTwo).queryByRole('button', { name: "Delete 'Initiative 103'" })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Strategy menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Delete' })).toBeTruthy();
  });

  it('should turn editing off in preview', async () => {
    openStrategyAs(MARK.id);
    fireEvent.click(await screen.findByRole('button', { name: 'Strategy menu' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Preview' }));
    await waitFor(() => expect(textbox('Strategy title')).toHaveProperty('readOnly', true));
    expect(textbox('Ambition').getAttribute('aria-readonly')).toBe('true');
    expect(screen.queryByRole('button', { name: /^(Move|Drag) / })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add focus area' })).toBeNull();
  });

  it('should save the title 250 ms after typing and show Saved', async () => {
    const { calls } = openStrategyAs(MARK.id, {
      'PATCH /api/strategy/update/1/': ok(wireSummary(1, 'Sharper north star')),
    });
    const title = await screen.findByRole('textbox', { name: 'Strategy title' });
    fireEvent.change(title, { target: { value: 'Sharper north star' } });
    expect(await screen.findByText('Saved', {}, { timeout: 2000 })).toBeTruthy();
    expect(calls.at(-1)).toEqual({
      method: 'PATCH',
      path: '/api/strategy/update/1/',
      body: { title: 'Sharper north star', version: 1 },
    });
  });

  it('should not save an empty title and say why', async () => {
    const { calls } = openStrategyAs(MARK.id);
    const title = await screen.findByRole('textbox', { name: 'Strategy title' });
    fireEvent.change(title, { target: { value: '' } });
    expect(await screen.findByText(MESSAGES.fieldEmpty)).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
  });
});

describe('strategy page states', () => {
  it('should say the strategy is missing when the server answers 404', async () => {
    saveSession({ id: ANNA.id, token: 'key' });
    localStorage.setItem('lastActiveStrategy', '5');
    fakeServer({});
    renderApp('/strategy/5');
    expect(await screen.findByText(MESSAGES.strategyMissing)).toBeTruthy();
    expect(screen.getByRole('link', { name: MESSAGES.strategyMissingLink }).getAttribute('href')).toBe(
      '/strategies/',
    );
    expect(localStorage.getItem('lastActiveStrategy')).toBeNull();
  });

  it('should remember the strategy as the last active one', async () => {
    openStrategyAs(MARK.id);
    await screen.findByRole('textbox', { name: 'Strategy title' });
    expect(localStorage.getItem('lastActiveStrategy')).toBe('1');
  });
});

describe('strategies list', () => {
  it('should split strategies by whether the user may edit them', async () => {
    saveSession({ id: ANNA.id, token: 'key' });
    fakeServer({
      'GET /api/strategies/': ok([wireSummary(2, '', [ANNA]), wireSummary(1, 'Shared with Anna', [MARK])]),
    });
    renderApp('/strategies');
    const mine = await screen.findByRole('region', { name: STRATEGY_MESSAGES.ownedByMe });
    const others = screen.getByRole('region', { name: STRATEGY_MESSAGES.ownedByOthers });
    expect(await within(mine).findByRole('link', { name: /Untitled Strategy/ })).toBeTruthy();
    expect(
      within(others)
        .getByRole('link', { name: /Shared with Anna/ })
        .getAttribute('href'),
    ).toBe('/strategy/1');
    expect(within(mine).getByRole('button', { name: STRATEGY_MESSAGES.createStrategy })).toBeTruthy();
  });
});
