/**
 * Help videos (issue 27): every help dialog shows its built-in screencast, which nothing downloads
 * before someone plays it; an administrator points a topic at the organisation's own video on
 * /organisation, and a member's dialog then frames it through the player page, whose policy allows
 * that video's host alone while the app's own policy stays as it was.
 */
import { HELP_VIDEO_LABELS, HELP_VIDEO_MESSAGES } from '@keystone/contract';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiCall, createUser, logInBrowser, organisationAdmin } from './helpers/apiUsers';
import { axeViolations } from './helpers/axe';

const YOUTUBE_ID = 'dQw4w9WgXcQ';
const EMBED = `https://www.youtube-nocookie.com/embed/${YOUTUBE_ID}`;

/** Nothing leaves loopback: a request to any other host gets a stand-in page. */
async function keepOffline(context: BrowserContext): Promise<string[]> {
  const outside: string[] = [];
  await context.route(
    (url) => !['127.0.0.1', 'localhost'].includes(url.hostname),
    (route) => {
      outside.push(route.request().url());
      return route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: '<!doctype html><title>Player</title>',
      });
    },
  );
  return outside;
}

/** The directives of a CSP header, by name. */
const directives = (header: string | undefined) =>
  new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );

async function openHelp(page: Page, title: string) {
  await page
    .getByRole('button', { name: `Help: ${title}` })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('each help dialog shows its built-in video, downloaded only when played', async ({ app, page }) => {
  // Thirteen dialogs, each checked with axe.
  test.setTimeout(300_000);
  const user = await createUser(app, 'Viewer');
  const strategy = await apiCall<{ id: number }>(app, '/strategy/create/', {
    method: 'POST',
    body: {},
    token: user.token,
  });
  const initiative = (
    await apiCall<{ focus_areas: { initiatives: { id: number }[] }[] }>(app, `/strategy/${strategy.id}/`, {
      token: user.token,
    })
  ).focus_areas[0]!.initiatives[0]!.id;
  const videoRequests: string[] = [];
  page.on('request', (request) => {
    if (/\.webm(\?|$)/.test(request.url())) videoRequests.push(request.url());
  });
  await logInBrowser(page, user);

  const pages: [string, string[]][] = [
    [`/strategy/${strategy.id}`, ['Strategy', 'Ambition', 'Focus areas', 'Initiatives']],
    [`/strategy-team/${strategy.id}`, ['Teams']],
    [
      `/initiative-charter/${initiative}`,
      [
        'Initiative charter',
        'Problem statement',
        'Scope',
        'Risks and dependencies',
        'Deliverables',
        'Impact',
        'Timeline',
        'Sponsor approval',
      ],
    ],
  ];
  let videoUrl = '';
  for (const [path, titles] of pages) {
    await page.goto(path);
    for (const title of titles) {
      const dialog = await openHelp(page, title);
      const video = dialog.getByLabel(`${title}: video`);
      await expect(video).toHaveJSProperty('tagName', 'VIDEO');
      await expect(video).toHaveAttribute('controls', '');
      await expect(video).toHaveAttribute('preload', 'none');
      await expect(video).toHaveAttribute('poster', /\.webp$/);
      await expect(video).not.toHaveAttribute('autoplay');
      const describedBy = await video.getAttribute('aria-describedby');
      await expect(page.locator(`[id="${describedBy}"]`)).toContainText('What the video shows (no sound):');
      // The poster has been painted: the dialog shows a picture of the app, not an empty box.
      await expect
        .poll(() => video.evaluate((element) => (element as unknown as { poster: string }).poster))
        .toMatch(/\/assets\/.*\.webp$/);
      videoUrl = (await video.locator('source').getAttribute('src')) ?? '';
      // Measured once the dialog has faded in: mid-fade its text is lighter than it will be.
      await page.waitForFunction(() =>
        (globalThis as unknown as { document: { getAnimations(): { playState: string }[] } }).document
          .getAnimations()
          .every((animation) => animation.playState !== 'running'),
      );
      expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }
  }
  // Opening pages and dialogs fetched no video.
  expect(videoRequests).toEqual([]);

  // A built-in video is a hashed asset: cached for a year.
  const answer = await page.request.get(videoUrl);
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toContain('video/webm');
  expect(answer.headers()['cache-control']).toBe('public, max-age=31536000, immutable');

  // Played from the keyboard: the video's own controls take focus and Space starts it.
  await page.goto(`/strategy/${strategy.id}`);
  const dialog = await openHelp(page, 'Ambition');
  const video = dialog.getByLabel('Ambition: video');
  await video.focus();
  await page.keyboard.press('Space');
  await expect.poll(() => videoRequests.length).toBeGreaterThan(0);
  await expect
    .poll(() => video.evaluate((element) => (element as unknown as { paused: boolean }).paused))
    .toBe(false);
});

test('an administrator’s video for a topic reaches members, and only its host is allowed', async ({
  app,
  browser,
}) => {
  test.setTimeout(180_000);
  const admin = await organisationAdmin(app);
  const member = await createUser(app, 'Member');
  const strategy = await apiCall<{ id: number }>(app, '/strategy/create/', {
    method: 'POST',
    body: {},
    token: member.token,
  });
  const before = (await fetch(`${app.baseURL}/`)).headers.get('content-security-policy');
  expect(directives(before ?? '').get('frame-src')).toEqual(["'self'"]);

  // The administrator chooses a YouTube video for "Ambition" on /organisation.
  const adminContext = await browser.newContext({ baseURL: app.baseURL });
  await keepOffline(adminContext);
  const adminPage = await adminContext.newPage();
  await logInBrowser(adminPage, admin);
  await adminPage.goto('/organisation');
  const section = adminPage.getByRole('list', { name: HELP_VIDEO_LABELS.heading });
  await section.getByRole('button', { name: `${HELP_VIDEO_LABELS.edit}: Ambition` }).click();
  const form = adminPage.getByRole('form', { name: `${HELP_VIDEO_LABELS.heading}: Ambition` });
  const address = form.getByRole('textbox', { name: HELP_VIDEO_LABELS.addressField });
  await address.fill('https://example.com/not-a-video');
  await form.getByRole('button', { name: HELP_VIDEO_LABELS.save }).click();
  await expect(form.getByText(HELP_VIDEO_MESSAGES.addressNotSupported)).toBeVisible();
  expect(await axeViolations(adminPage, `ul[aria-label="${HELP_VIDEO_LABELS.heading}"]`)).toEqual([]);
  await address.fill(`https://youtu.be/${YOUTUBE_ID}`);
  await form
    .getByRole('textbox', { name: HELP_VIDEO_LABELS.descriptionField })
    .fill('Our chief executive explains this year’s ambition.');
  await form.getByRole('button', { name: HELP_VIDEO_LABELS.save }).click();
  await expect(adminPage.getByRole('status').filter({ hasText: HELP_VIDEO_MESSAGES.saved })).toBeVisible();
  await expect(
    section.getByRole('link', { name: `https://www.youtube.com/watch?v=${YOUTUBE_ID}` }),
  ).toBeVisible();
  // The form is gone: focus is back on the topic's Edit button (WCAG 2.4.3).
  const editAmbition = section.getByRole('button', { name: `${HELP_VIDEO_LABELS.edit}: Ambition` });
  await expect(editAmbition).toBeFocused();

  // A member's dialog frames the player page, which frames the YouTube player.
  const memberContext = await browser.newContext({ baseURL: app.baseURL });
  const outside = await keepOffline(memberContext);
  const page = await memberContext.newPage();
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to frame/i.test(message.text())) violations.push(message.text());
  });
  await logInBrowser(page, member);
  await page.goto(`/strategy/${strategy.id}`);
  const dialog = await openHelp(page, 'Ambition');
  const frame = dialog.getByTitle('Ambition: video');
  await expect(frame).toHaveAttribute('src', /^\/help-player\/[\w-]+\/$/);
  await expect(dialog).toContainText('Our chief executive explains this year’s ambition.');
  const player = page.frameLocator('iframe[title="Ambition: video"]');
  await expect(player.locator('iframe')).toHaveAttribute('src', EMBED);
  await expect.poll(() => outside).toContain(EMBED);
  // The stand-in player loaded: the player page's policy let the frame through.
  await expect
    .poll(() => page.frames().some((each) => each.url() === EMBED && !each.url().startsWith('chrome-error')))
    .toBe(true);
  expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);

  const playerAnswer = await page.request.get((await frame.getAttribute('src'))!);
  const policy = directives(playerAnswer.headers()['content-security-policy']);
  expect(policy.get('frame-src')).toEqual(['https://www.youtube-nocookie.com']);
  expect(policy.get('default-src')).toEqual(["'none'"]);
  // The app's own policy is the same as before the choice.
  expect((await fetch(`${app.baseURL}/`)).headers.get('content-security-policy')).toBe(before);
  expect(violations).toEqual([]);

  // Back to the built-in video.
  await section.getByRole('button', { name: `${HELP_VIDEO_LABELS.reset}: Ambition` }).click();
  await expect(adminPage.getByRole('status').filter({ hasText: HELP_VIDEO_MESSAGES.reset })).toBeVisible();
  // Reset is gone with the chosen video: focus is on the Edit button, not the page.
  await expect(editAmbition).toBeFocused();
  await page.reload();
  const again = await openHelp(page, 'Ambition');
  await expect(again.getByLabel('Ambition: video')).toHaveJSProperty('tagName', 'VIDEO');
  await adminContext.close();
  await memberContext.close();
});
