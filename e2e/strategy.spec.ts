/**
 * The strategy page of issue 3 in a real browser against the real server: create, fill in and
 * autosave, add up to the limits, reorder by drag, delete with confirmation, download the image,
 * and what someone who is not a strategy master may do.
 */
import { readFile } from 'node:fs/promises';
import { MESSAGES, STRATEGY_MESSAGES } from '@keystone/contract';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiCall, createUser, logInBrowser } from './helpers/apiUsers';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const focusAreas = (page: Page) => page.getByTestId('focus-area');
const focusArea = (page: Page, position: number) =>
  page.getByRole('region', { name: `Focus area ${position}` });

/** Replaces the text of a rich-text field by typing, as a user would. */
async function typeInto(field: Locator, text: string) {
  await field.click();
  await field.press('ControlOrMeta+a');
  await field.pressSequentially(text);
}

/** A mouse drag in small steps, so dnd-kit sees the pointer travel from one place to the other. */
async function dragByMouse(page: Page, from: Locator, to: Locator) {
  const start = await from.boundingBox();
  const end = await to.boundingBox();
  if (!start || !end) throw new Error('drag source or target is not visible');
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(start.x + start.width / 2 + 10, start.y + start.height / 2, { steps: 3 });
  await page.mouse.move(end.x + end.width / 2, end.y + end.height / 2, { steps: 15 });
  await page.mouse.up();
}

test('a strategy master builds, reorders, prunes and downloads a strategy', async ({ page, app }) => {
  const master = await createUser(app, 'Master');
  await logInBrowser(page, master);

  // Create from the list; the new strategy starts with one focus area holding one initiative.
  await page.goto('/strategies');
  await page.getByRole('button', { name: STRATEGY_MESSAGES.createStrategy }).click();
  await expect(page).toHaveURL(/\/strategy\/\d+$/);
  await expect(focusAreas(page)).toHaveCount(1);

  // Title and ambition save by themselves.
  await page.getByRole('textbox', { name: 'Strategy title' }).fill('Grow the platform');
  await expect(page.getByRole('status', { name: 'Save status' })).toHaveText('Saved');
  await typeInto(page.getByRole('textbox', { name: 'Ambition' }), 'Double recurring revenue by 2027.');
  await expect(page.getByRole('status', { name: 'Save status' })).toHaveText('Saved');

  // Focus areas up to five: then the add button is gone.
  for (let count = 2; count <= 5; count += 1) {
    await page.getByRole('button', { name: 'Add focus area' }).click();
    await expect(focusAreas(page)).toHaveCount(count);
  }
  await expect(page.getByRole('button', { name: 'Add focus area' })).toHaveCount(0);
  await typeInto(focusArea(page, 1).getByRole('textbox', { name: 'Title of focus area 1' }), 'Customers');
  await typeInto(focusArea(page, 2).getByRole('textbox', { name: 'Title of focus area 2' }), 'Revenue');
  await expect(page.getByRole('status', { name: 'Save status' })).toHaveText('Saved');

  // Initiatives in the first focus area.
  const first = focusArea(page, 1);
  await first.getByRole('button', { name: 'Add initiative' }).click();
  await expect(first.getByTestId('initiative-card')).toHaveCount(2);
  await typeInto(first.getByRole('textbox', { name: 'Title of initiative 1' }), 'Self-service onboarding');
  await typeInto(first.getByRole('textbox', { name: 'Title of initiative 2' }), 'Health score');
  await expect(page.getByRole('status', { name: 'Save status' })).toHaveText('Saved');

  // Drag focus area 1 onto focus area 2: the order changes and survives a reload.
  const sorted = page.waitForResponse((response) => response.url().includes('/api/focusarea/sort/'));
  await dragByMouse(
    page,
    page.getByRole('button', { name: "Drag 'Customers'" }),
    page.getByRole('button', { name: "Drag 'Revenue'" }),
  );
  expect((await sorted).ok()).toBe(true);
  await expect(focusArea(page, 1).getByRole('textbox', { name: 'Title of focus area 1' })).toHaveText(
    'Revenue',
  );
  await page.reload();
  await expect(focusArea(page, 1).getByRole('textbox', { name: 'Title of focus area 1' })).toHaveText(
    'Revenue',
  );
  await expect(focusArea(page, 2).getByRole('textbox', { name: 'Title of focus area 2' })).toHaveText(
    'Customers',
  );

  // Keyboard reordering of initiatives: focus the handle, Space, arrow down, Space.
  const customers = focusArea(page, 2);
  const keyboardSorted = page.waitForResponse((response) => response.url().includes('/api/initiative/sort/'));
  await customers.getByRole('button', { name: "Drag 'Self-service onboarding'" }).focus();
  // dnd-kit announces each step in a live region; waiting for it keeps the keys in step with the sensor.
  const announcement = page.locator('[id^="DndLiveRegion"]').filter({ hasText: /Picked up| is over / });
  await page.keyboard.press('Space');
  await expect(announcement).toHaveCount(1);
  const pickedUp = (await announcement.textContent()) ?? '';
  // The sensor listens for the arrow keys from a timer it set on pick-up: a timer set now runs after it.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));
  await page.keyboard.press('ArrowDown');
  await expect(announcement).not.toHaveText(pickedUp);
  await page.keyboard.press('Space');
  expect((await keyboardSorted).ok()).toBe(true);
  await expect(customers.getByRole('textbox', { name: 'Title of initiative 1' })).toHaveText('Health score');

  // Deleting asks first and says what goes with it.
  await customers.getByRole('button', { name: "Delete 'Self-service onboarding'" }).click();
  await expect(page.getByRole('dialog')).toContainText(STRATEGY_MESSAGES.deleteInitiativeConfirm);
  await page.getByRole('button', { name: 'Delete initiative', exact: true }).click();
  await expect(customers.getByTestId('initiative-card')).toHaveCount(1);
  await expect(customers.getByRole('textbox', { name: 'Title of initiative 1' })).toHaveText('Health score');
  await page.getByRole('button', { name: 'Delete focus area 5' }).click();
  await expect(page.getByRole('dialog')).toContainText(STRATEGY_MESSAGES.deleteFocusAreaConfirm);
  await page.getByRole('button', { name: 'Delete focus area', exact: true }).click();
  await expect(focusAreas(page)).toHaveCount(4);
  await expect(page.getByRole('button', { name: 'Add focus area' })).toBeVisible();

  // Download the page as a PNG named after the strategy.
  await page.getByRole('button', { name: 'Strategy menu' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Download', exact: true }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('strategy_Grow the platform.png');
  const image = await readFile(await download.path());
  expect(image.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  expect(image.length).toBeGreaterThan(10_000);
  // Back in edit mode after the export.
  await expect(page.getByRole('textbox', { name: 'Strategy title' })).toBeEditable();

  // Deleting the strategy asks first, then leads to the list, where it is gone.
  await page.getByRole('button', { name: 'Strategy menu' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('button', { name: 'Delete strategy', exact: true }).click();
  await expect(page).toHaveURL(/\/strategies$/);
  await expect(page.getByRole('link', { name: /Grow the platform/ })).toHaveCount(0);
});

interface WireStrategy {
  id: number;
  focus_areas: { id: number; initiatives: { id: number }[] }[];
}

test('someone who is not a strategy master sees read-only fields with the reason', async ({ page, app }) => {
  const master = await createUser(app, 'Owner');
  const member = await createUser(app, 'Member');
  const token = master.token;
  const strategy = await apiCall<WireStrategy>(app, '/strategy/create/', { method: 'POST', body: {}, token });
  await apiCall(app, `/strategy/update/${strategy.id}/`, {
    method: 'PATCH',
    body: { title: 'Shared plan' },
    token,
  });
  const area = strategy.focus_areas[0]!;
  const second = await apiCall<{ id: number }>(app, '/initiative/create/', {
    method: 'POST',
    body: { focus_area: area.id },
    token,
  });
  // The member is on the team of the first initiative and owns the second.
  const person = [{ id: member.id, email: member.email }];
  await apiCall(app, '/assign-users-to-strategy/', {
    method: 'PATCH',
    token,
    body: {
      strategy_id: strategy.id,
      initiatives: [
        { initiative_id: area.initiatives[0]!.id, team_members: person },
        { initiative_id: second.id, owners: person },
      ],
    },
  });

  await logInBrowser(page, member);
  await page.goto(`/strategy/${strategy.id}`);
  const title = page.getByRole('textbox', { name: 'Strategy title' });
  await expect(title).toHaveValue('Shared plan');
  await expect(title).not.toBeEditable();
  await title.hover();
  await expect(page.getByRole('tooltip')).toHaveText(MESSAGES.noPermission);
  await expect(page.getByRole('textbox', { name: 'Ambition' })).toHaveAttribute('aria-readonly', 'true');
  await expect(page.getByRole('textbox', { name: 'Title of focus area 1' })).toHaveAttribute(
    'aria-readonly',
    'true',
  );
  await expect(page.getByRole('textbox', { name: 'Title of initiative 1' })).toHaveAttribute(
    'aria-readonly',
    'true',
  );
  await expect(page.getByRole('textbox', { name: 'Title of initiative 2' })).toHaveAttribute(
    'aria-readonly',
    'false',
  );
  await expect(page.getByRole('button', { name: /^(Move|Drag) / })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add focus area' })).toHaveCount(0);

  // An owner's edit of their initiative title is saved.
  await typeInto(page.getByRole('textbox', { name: 'Title of initiative 2' }), 'Owned by the member');
  await expect(page.getByRole('status', { name: 'Save status' })).toHaveText('Saved');

  // On the list it is a strategy owned by others.
  await page.goto('/strategies');
  await expect(
    page
      .getByRole('region', { name: STRATEGY_MESSAGES.ownedByOthers })
      .getByRole('link', { name: /Shared plan/ }),
  ).toBeVisible();
});

test('an edit made while the server cannot be reached is retried until it is saved', async ({
  page,
  app,
}) => {
  const master = await createUser(app, 'Offline');
  const strategy = await apiCall<WireStrategy>(app, '/strategy/create/', {
    method: 'POST',
    body: {},
    token: master.token,
  });
  await logInBrowser(page, master);
  await page.goto(`/strategy/${strategy.id}`);

  // The first two attempts fail as if the network were down.
  let failures = 2;
  await page.route('**/api/strategy/update/**', (route) => {
    if (failures === 0) return route.continue();
    failures -= 1;
    return route.abort('internetdisconnected');
  });
  await page.getByRole('textbox', { name: 'Strategy title' }).fill('Written offline');
  const saveStatus = page.getByRole('status', { name: 'Save status' });
  await expect(saveStatus).toHaveText('Not saved — retrying');
  await expect(saveStatus).toHaveText('Saved');
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Strategy title' })).toHaveValue('Written offline');
});

test('/login downloads none of the strategy editor', async ({ page }) => {
  const scripts: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.text());
  });
  await page.goto('/login', { waitUntil: 'networkidle' });
  const code = await Promise.all(scripts);
  expect(code.length).toBeGreaterThan(0);
  // Markers of TipTap (ProseMirror), dnd-kit and html-to-image: each lives in lazily loaded chunks.
  for (const marker of ['ProseMirror', 'DndLiveRegion', 'image/svg+xml;charset=utf-8']) {
    expect(
      code.some((text) => text.includes(marker)),
      marker,
    ).toBe(false);
  }
});
