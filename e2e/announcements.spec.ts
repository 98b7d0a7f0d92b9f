/**
 * Status messages reach screen readers (issue 28, WCAG 4.1.3): two strategy masters on one
 * strategy, each in a browser context of their own. What the app's live regions receive is
 * recorded as a screen reader would meet it (each node added to a region), and it must tell the
 * save once per burst, another person taking, changing and leaving a field, a failed save with
 * its reason, a conflict and the recovery, without a word per keystroke or about the user's own typing.
 */
import { ANNOUNCEMENT_TEXT } from '@keystone/contract';
import type { Browser, Page } from '@playwright/test';
import { expect, type RunningApp, test } from './fixtures';
import { type ApiUser, createUser } from './helpers/apiUsers';
import { openStrategyAs, SHARED_TITLE, sharedStrategy, strategyTitle } from './helpers/sharedStrategy';

interface Heard {
  politeness: string;
  text: string;
}

/**
 * Runs in the page before its scripts: every node added to one of the announcer's live regions,
 * with the region's politeness. A string, because e2e is compiled without the DOM types.
 */
const RECORD_ANNOUNCEMENTS = `
  window.__heard = [];
  new MutationObserver((mutations) => {
    for (const mutation of mutations) {
      const region = mutation.target.closest && mutation.target.closest('[data-testid^="announcer-"]');
      if (!region) continue;
      for (const node of mutation.addedNodes) {
        if (node.textContent) window.__heard.push({ politeness: region.getAttribute('aria-live'), text: node.textContent });
      }
    }
  }).observe(document, { childList: true, subtree: true });
`;

const heard = (page: Page): Promise<Heard[]> =>
  page.evaluate(() => (globalThis as unknown as { __heard: Heard[] }).__heard);
/** The texts heard so far in the polite region. */
const politelyHeard = async (page: Page) =>
  (await heard(page)).filter((item) => item.politeness === 'polite').map((item) => item.text);
/** How many announcements so far contained `text`. */
const timesHeard = async (page: Page, text: string) =>
  (await heard(page)).filter((item) => item.text.includes(text)).length;

const TITLE = 'Strategy title';
const ALICE = 'Alice Tester';
const saveStatus = (page: Page) => page.getByRole('status', { name: 'Save status' });

/** Alice and Bruno on one strategy, each page recording what its live regions are told. */
async function twoPeople(browser: Browser, app: RunningApp) {
  const alice = await createUser(app, 'Alice');
  const bruno = await createUser(app, 'Bruno');
  const strategyId = await sharedStrategy(app, alice, bruno);
  const open = async (user: ApiUser) => {
    const opened = await openStrategyAs(browser, app, user, strategyId, (page) =>
      page.addInitScript(RECORD_ANNOUNCEMENTS),
    );
    // The live connection is up, so the other person's locks and edits arrive.
    await expect(opened.page.getByRole('status', { name: 'Connection status' })).toHaveText('');
    return opened;
  };
  return { asAlice: await open(alice), asBruno: await open(bruno) };
}

test('saves, another person’s lock and live edits are announced politely, once each', async ({
  browser,
  app,
}) => {
  const { asAlice, asBruno } = await twoPeople(browser, app);

  // The regions are in the page from the start, empty, drawn nowhere.
  const region = asBruno.page.getByTestId('announcer-polite');
  await expect(region).toHaveAttribute('aria-live', 'polite');
  await expect(region).toHaveText('');
  await expect(asBruno.page.getByTestId('announcer-assertive')).toHaveAttribute('aria-live', 'assertive');

  // Alice goes into the title: Bruno hears that she is editing it.
  await strategyTitle(asAlice.page).click();
  await expect(region).toHaveText(ANNOUNCEMENT_TEXT.fieldTaken(TITLE, ALICE));

  // She types ten characters, slower than the autosave waits, so nearly every one is saved.
  await strategyTitle(asAlice.page).press('End');
  await strategyTitle(asAlice.page).pressSequentially(' by voice', { delay: 350 });
  await expect(strategyTitle(asBruno.page)).toHaveValue(`${SHARED_TITLE} by voice`);
  await expect(saveStatus(asAlice.page)).toHaveText('Saved');
  await expect.poll(() => timesHeard(asAlice.page, ANNOUNCEMENT_TEXT.saved)).toBe(1);
  // A moment later still once, and nothing else: no word per keystroke, none about her own typing.
  await asAlice.page.waitForTimeout(2000);
  expect(await politelyHeard(asAlice.page)).toEqual([ANNOUNCEMENT_TEXT.saved]);

  // Bruno heard her edit once for the whole burst, naming her and the field.
  await expect.poll(() => timesHeard(asBruno.page, ANNOUNCEMENT_TEXT.liveEdit(ALICE, TITLE))).toBe(1);

  // She leaves the field: Bruno hears it is free.
  await strategyTitle(asAlice.page).blur();
  await expect.poll(() => timesHeard(asBruno.page, ANNOUNCEMENT_TEXT.fieldReleased(TITLE, ALICE))).toBe(1);
  await expect(strategyTitle(asBruno.page)).toBeEditable();
  expect(await timesHeard(asBruno.page, ANNOUNCEMENT_TEXT.fieldTaken(TITLE, ALICE))).toBe(1);
  // Nothing of this needed Bruno to act: his assertive region stayed silent.
  expect((await heard(asBruno.page)).filter((item) => item.politeness === 'assertive')).toEqual([]);

  await asAlice.context.close();
  await asBruno.context.close();
});

test('a save that cannot reach the server, a conflict and the recovery are announced', async ({
  browser,
  app,
}) => {
  const { asAlice, asBruno } = await twoPeople(browser, app);

  // Bruno's connection drops while he rewrites the title: he hears why it is not saved, once for
  // all the attempts that fail while he is offline.
  await asBruno.context.setOffline(true);
  await strategyTitle(asBruno.page).fill('Bruno’s north star');
  const retrying = ANNOUNCEMENT_TEXT.saveRetrying(ANNOUNCEMENT_TEXT.serverUnreachable);
  await expect(asBruno.page.getByTestId('announcer-polite')).toHaveText(retrying);
  await asBruno.page.waitForTimeout(4000);
  expect(await timesHeard(asBruno.page, retrying)).toBe(1);

  // Alice rewrites it meanwhile; when Bruno is back his edit is stale, and he is told at once
  // which field needs his choice.
  await strategyTitle(asAlice.page).fill('Alice’s north star');
  await strategyTitle(asAlice.page).blur();
  await expect(saveStatus(asAlice.page)).toHaveText('Saved');
  await asBruno.context.setOffline(false);
  await expect(asBruno.page.getByTestId('announcer-assertive')).toHaveText(
    ANNOUNCEMENT_TEXT.conflict(TITLE),
    {
      timeout: 30_000,
    },
  );

  // He keeps his own: the page is saved again, and he hears so.
  await asBruno.page.getByRole('button', { name: 'Use mine' }).click();
  await expect(saveStatus(asBruno.page)).toHaveText('Saved');
  await expect.poll(() => timesHeard(asBruno.page, ANNOUNCEMENT_TEXT.saved)).toBe(1);
  expect(await timesHeard(asBruno.page, ANNOUNCEMENT_TEXT.conflict(TITLE))).toBe(1);
  // His own typing was never announced to him.
  expect((await heard(asBruno.page)).some((item) => item.text.includes('Bruno'))).toBe(false);

  await asAlice.context.close();
  await asBruno.context.close();
});
