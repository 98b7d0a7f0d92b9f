/** A title cleared and left: the stored title comes back, and with it no rule message (spec §5). */
import { MESSAGES } from '@keystone/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { saveSession } from '../src/api/session';
import { fakeServer, ok, renderApp } from './renderApp';
import { setRichText } from './richTextEditing';
import { MARK, wireStrategy } from './strategyPageFixtures';

beforeAll(async () => {
  await Promise.all([import('../src/routes/strategy/StrategyPage'), import('../src/realtime/RealtimeFrame')]);
});

function openStrategy() {
  saveSession({ id: MARK.id, token: 'key' });
  const server = fakeServer({
    'GET /api/strategy/1': ok(wireStrategy()),
    'GET /api/locked-fields/': ok([]),
    'POST /api/lock-field/': { status: 403, body: { detail: 'not in these tests' } },
    'POST /api/unlock-field/': ok({ detail: 'The field was not locked.' }),
  });
  renderApp('/strategy/1');
  return server;
}

describe('a cleared title that is left', { timeout: 20_000 }, () => {
  it('should show the stored strategy title again without "Field should not be empty."', async () => {
    const { calls } = openStrategy();
    const title = await screen.findByRole('textbox', { name: 'Strategy title' });
    fireEvent.focus(title);
    fireEvent.change(title, { target: { value: '' } });
    expect(await screen.findByText(MESSAGES.fieldEmpty)).toBeTruthy();

    fireEvent.blur(title);
    await waitFor(() => expect(title).toHaveProperty('value', 'North star'));
    expect(screen.queryByText(MESSAGES.fieldEmpty)).toBeNull();
    // Nothing was sent: the empty title never was a valid edit.
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([]);
  });

  it('should do the same for a focus area title', async () => {
    openStrategy();
    const title = await screen.findByRole('textbox', { name: 'Title of focus area 1' });
    const editor = await setRichText(title, '');
    expect(await screen.findByText(MESSAGES.fieldEmpty)).toBeTruthy();

    fireEvent.blur(editor);
    await waitFor(() => expect(editor.textContent).toBe('Focus 11'));
    expect(screen.queryByText(MESSAGES.fieldEmpty)).toBeNull();
  });
});
