/**
 * The strategy menu's "Download readings (CSV)": the readings file fetched with the session's key
 * and saved under the server's name, or the server's reason shown when it refuses.
 */
import { READINGS_CSV_TEXT } from '@keystone/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../src/api/session';
import { fakeServer, ok, renderApp } from './renderApp';
import { ANNA, wireStrategy } from './strategyPageFixtures';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

const CSV = 'GET /api/strategy/1/measure-readings.csv';

async function chooseDownload(answers: Parameters<typeof fakeServer>[0]) {
  // Someone who may only view the strategy may download its readings too.
  saveSession({ id: ANNA.id, token: 'key' });
  const server = fakeServer({ 'GET /api/strategy/1': ok(wireStrategy()), ...answers });
  renderApp('/strategy/1');
  fireEvent.click(await screen.findByRole('button', { name: 'Strategy menu' }));
  fireEvent.click(await screen.findByRole('menuitem', { name: READINGS_CSV_TEXT.download }));
  return server;
}

describe('downloading the measures’ readings', () => {
  it('should fetch the CSV with the session’s key and save it as a file', async () => {
    const saved: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:readings');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { fetchMock } = await chooseDownload({ [CSV]: ok('Strategy') });
    await waitFor(() => expect(saved).toEqual(['measure-readings-1.csv']));
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).endsWith('.csv'))!;
    expect(init?.headers).toMatchObject({ Accept: 'text/csv', Authorization: 'Token key' });
  });

  it('should say why when the server refuses', async () => {
    await chooseDownload({ [CSV]: { status: 429, body: { detail: 'Too many downloads: wait a minute.' } } });
    expect(await screen.findByText('Too many downloads: wait a minute.')).toBeTruthy();
  });
});
