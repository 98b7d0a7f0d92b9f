/**
 * The strategy's title and ambition on the progress page (spec §2 "Only strategy masters may
 * edit", §5 "Progress update strategy title must not be empty"): its masters edit them in the
 * current view as on the strategy page; a locked due date and everyone else read them.
 */
import { MESSAGES } from '@keystone/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { openProgressAs } from './progressUpdateFixtures';
import { ok } from './renderApp';
import { typeInto } from './richTextEditing';
import { ANNA, MARK, wireSummary } from './strategyPageFixtures';

beforeAll(async () => {
  await Promise.all([
    import('../src/routes/progress-update/ProgressUpdatePage'),
    import('../src/realtime/RealtimeFrame'),
  ]);
});

const title = () => screen.findByRole('textbox', { name: 'Strategy title' }, { timeout: 10_000 });
const ambition = () => screen.getByRole('textbox', { name: 'Ambition' });

describe('progress page: the strategy title and ambition', () => {
  it('should let a master edit the title, under the page heading it names, saved as on the strategy page', async () => {
    const { calls } = openProgressAs(MARK.id, {
      'PATCH /api/strategy/update/1/': ok(wireSummary(1, 'Sharper north star')),
    });
    const box = await title();
    expect(box).toHaveProperty('readOnly', false);
    expect(screen.getByRole('heading', { level: 1, name: 'North star' }).contains(box)).toBe(true);
    fireEvent.change(box, { target: { value: 'Sharper north star' } });
    expect(await screen.findByText('Saved', {}, { timeout: 2000 })).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([
      { method: 'PATCH', path: '/api/strategy/update/1/', body: { title: 'Sharper north star', version: 1 } },
    ]);
  });

  it('should refuse an empty title with the spec’s message and send nothing', async () => {
    const { calls } = openProgressAs(MARK.id);
    fireEvent.change(await title(), { target: { value: '' } });
    expect(await screen.findByText(MESSAGES.fieldEmpty)).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
  });

  it('should let a master edit the ambition', async () => {
    const { calls } = openProgressAs(MARK.id, {
      'PATCH /api/strategy/update/1/': (call) =>
        ok({ ...wireSummary(1, 'North star'), ...(call.body as object), version: 2 }),
    });
    await title();
    expect(ambition().getAttribute('aria-readonly')).toBe('false');
    await typeInto(ambition(), 'Grow faster');
    expect(await screen.findByText('Saved', {}, { timeout: 2000 })).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PATCH').at(-1)?.body).toEqual({
      ambition: '<p>Grow faster</p>',
      version: 1,
    });
  });

  it('should show both read-only to someone who is not a master', async () => {
    openProgressAs(ANNA.id);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'North star' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Strategy title' })).toBeNull();
    expect(ambition().getAttribute('aria-readonly')).toBe('true');
  });

  it('should show both read-only to a master at a locked due date', async () => {
    openProgressAs(MARK.id);
    await title();
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Due Date' }));
    fireEvent.click(await screen.findByRole('option', { name: /^11\/30\/2026/ }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Strategy title' })).toBeNull());
    expect(screen.getByRole('heading', { level: 1, name: 'North star' })).toBeTruthy();
    expect(ambition().getAttribute('aria-readonly')).toBe('true');
  });
});
