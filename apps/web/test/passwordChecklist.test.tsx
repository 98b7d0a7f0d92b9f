import { PASSWORD_RULES } from '@keystone/contract';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PasswordChecklist } from '../src/components/PasswordChecklist';
import { fakeServer, renderApp } from './renderApp';

/** The tick state of each rule, read the way a screen reader would. */
function tickStates(): Record<string, string> {
  const list = screen.getByRole('list', { name: 'Password requirements' });
  const states: Record<string, string> = {};
  for (const item of within(list).getAllByRole('listitem')) {
    const rule = item.querySelector('span')?.textContent ?? '';
    states[rule] = within(item).queryByRole('img', { name: 'Met' }) ? 'Met' : 'Not met';
  }
  return states;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('PasswordChecklist', () => {
  it('should tick only the rules a weak password meets', () => {
    render(<PasswordChecklist password="abc" />);
    expect(tickStates()).toEqual({
      'Password must be at least 8 characters long': 'Not met',
      'Must include an uppercase letter': 'Not met',
      'Must include a lowercase letter': 'Met',
      'Must include a number': 'Not met',
      'Must include a special character': 'Not met',
    });
  });

  it('should tick every rule for a strong password', () => {
    render(<PasswordChecklist password="Str0ng&long" />);
    const states = tickStates();
    expect(Object.keys(states)).toEqual(PASSWORD_RULES.map((rule) => rule.message));
    expect(Object.values(states).every((state) => state === 'Met')).toBe(true);
  });
});

describe('signup password field', () => {
  beforeEach(() => {
    fakeServer({
      'GET /api/config/': {
        status: 200,
        body: { product_name: 'Keystone', google: null, needs_setup: false, sso: false },
      },
    });
  });

  it('should show the checklist while focused and update it as the user types', async () => {
    renderApp('/signup');
    const password = await screen.findByLabelText(/^Password/);
    expect(screen.queryByRole('list', { name: 'Password requirements' })).toBeNull();

    fireEvent.focus(password);
    fireEvent.change(password, { target: { value: 'Abcdefgh' } });
    await waitFor(() => expect(tickStates()['Must include an uppercase letter']).toBe('Met'));
    expect(tickStates()['Must include a number']).toBe('Not met');

    fireEvent.change(password, { target: { value: 'Abcdefgh1' } });
    await waitFor(() => expect(tickStates()['Must include a number']).toBe('Met'));

    fireEvent.blur(password);
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Password requirements' })).toBeNull());
  });

  it("should say 'Passwords do not match' on signup when the repeat differs", async () => {
    renderApp('/signup');
    fireEvent.change(await screen.findByLabelText(/^Password/), { target: { value: 'Str0ng&long' } });
    const repeat = screen.getByLabelText(/^Repeat password/);
    fireEvent.change(repeat, { target: { value: 'Str0ng&lonG' } });
    fireEvent.blur(repeat);
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
  });
});
