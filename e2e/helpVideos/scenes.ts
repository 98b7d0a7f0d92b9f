/**
 * One short scene per help topic: the screen where the thing is written and a small interaction
 * with it, on the sample strategy of "Start from an example". `prepare` opens the screen before the
 * recording starts; `play` is what the video shows. The words of each video's description
 * (apps/web/src/help/videoDescriptions.ts) say what these scenes do: change both together.
 */
import type { HelpTopic } from '@keystone/contract';
import type { Locator, Page } from '@playwright/test';

export interface SceneWorld {
  page: Page;
  strategyId: number;
  key: string;
  baseUrl: string;
}

interface Scene {
  prepare(world: SceneWorld): Promise<void>;
  play(world: SceneWorld): Promise<void>;
  /** Seconds into the video of its poster frame (0.3 unless said). */
  posterAt?: number;
}

const pause = (page: Page, ms = 700) => page.waitForTimeout(ms);

/** Scrolls `target` to the middle of the window, where the viewer looks. */
async function centre(target: Locator): Promise<void> {
  // Runs in the page; e2e is compiled without the DOM types, hence the narrow shape.
  await target.evaluate((element) =>
    (element as unknown as { scrollIntoView(options: object): void }).scrollIntoView({ block: 'center' }),
  );
}

/** Moves the drawn pointer to the middle of `target` in small steps, as a hand would. */
async function pointAt(page: Page, target: Locator, steps = 18): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error(`nothing to point at: ${target}`);
  await page.mouse.move(box.x + Math.min(box.width / 2, 160), box.y + box.height / 2, { steps });
}

async function clickOn(page: Page, target: Locator): Promise<void> {
  await pointAt(page, target);
  await pause(page, 250);
  await target.click();
}

/** Clicks into a text field, goes to its end and types at a reader's pace. */
async function typeAtEnd(page: Page, field: Locator, text: string): Promise<void> {
  await clickOn(page, field);
  // The editor replaces the text at rest on focus.
  await pause(page, 500);
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(text, { delay: 45 });
  await saved(page);
}

/** Waits until the page says the typing is saved. */
async function saved(page: Page): Promise<void> {
  const status = page.getByRole('status', { name: 'Save status' });
  await status.filter({ hasText: 'Saved' }).waitFor({ timeout: 10_000 });
}

async function openStrategy({ page, strategyId }: SceneWorld): Promise<void> {
  await page.goto(`/strategy/${strategyId}`);
  await page.getByRole('textbox', { name: 'Strategy title' }).waitFor();
  await page.waitForLoadState('networkidle');
  await page.mouse.move(600, 700);
}

/** The charter of the sample's first initiative. */
async function openCharter(world: SceneWorld): Promise<void> {
  const { page } = world;
  await openStrategy(world);
  await page.getByRole('link', { name: 'Open initiative charter' }).first().click();
  await page.getByRole('textbox', { name: 'Problem statement' }).waitFor();
  await page.waitForLoadState('networkidle');
  await page.mouse.move(600, 700);
}

/** A charter scene: scroll to the field, then add a sentence to it. */
function charterField(label: string, text: string): Scene {
  return {
    prepare: async (world) => {
      await openCharter(world);
      await centre(world.page.getByRole('textbox', { name: label, exact: true }));
      await world.page.mouse.move(600, 700);
    },
    play: async ({ page }) => {
      await typeAtEnd(page, page.getByRole('textbox', { name: label, exact: true }), text);
    },
  };
}

const focusArea = (page: Page, position: number) =>
  page.getByRole('region', { name: `Focus area ${position}` });

export const SCENES: Record<HelpTopic, Scene> = {
  strategy: {
    prepare: openStrategy,
    play: async ({ page }) => {
      await pointAt(page, page.getByRole('textbox', { name: 'Strategy title' }));
      await pause(page);
      await pointAt(page, page.getByRole('textbox', { name: 'Ambition' }));
      await pause(page);
      await pointAt(page, focusArea(page, 1).getByRole('textbox', { name: 'Title of focus area 1' }));
      await pause(page);
      await pointAt(page, focusArea(page, 2).getByRole('textbox', { name: 'Title of initiative 1' }));
      await pause(page);
    },
  },
  ambition: {
    prepare: openStrategy,
    play: async ({ page }) => {
      await typeAtEnd(page, page.getByRole('textbox', { name: 'Ambition' }), ' Measured by repeat orders.');
    },
  },
  focusAreas: {
    prepare: openStrategy,
    play: async ({ page }) => {
      for (const position of [1, 2, 3]) {
        await pointAt(
          page,
          focusArea(page, position).getByRole('textbox', { name: `Title of focus area ${position}` }),
        );
        await pause(page, 500);
      }
      await clickOn(page, page.getByRole('button', { name: 'Add focus area' }));
      const title = focusArea(page, 4).getByRole('textbox', { name: 'Title of focus area 4' });
      await title.waitFor();
      await typeAtEnd(page, title, 'Partnerships');
    },
  },
  initiatives: {
    prepare: openStrategy,
    play: async ({ page }) => {
      const area = focusArea(page, 1);
      await clickOn(page, area.getByRole('button', { name: 'Add initiative' }));
      const titles = area.getByRole('textbox', { name: /^Title of initiative/ });
      await titles.last().waitFor();
      await typeAtEnd(page, titles.last(), 'Same-day delivery in two cities');
      await pointAt(page, area.getByRole('link', { name: 'Open initiative charter' }).last());
      await pause(page, 1200);
    },
  },
  teams: {
    prepare: async (world) => {
      const { page, strategyId } = world;
      await page.goto(`/strategy-team/${strategyId}`);
      await page.getByRole('combobox').first().waitFor();
      await page.waitForLoadState('networkidle');
      await page.mouse.move(600, 700);
    },
    play: async ({ page }) => {
      const team = page.getByRole('combobox', { name: /^Team of / }).first();
      await clickOn(page, team);
      await page.keyboard.type('sam.lee@northwind.example', { delay: 40 });
      await pause(page, 400);
      await page.keyboard.press('Enter');
      await page.mouse.move(700, 500, { steps: 10 });
      await pause(page, 1200);
    },
  },
  initiativeCharter: {
    prepare: openCharter,
    play: async ({ page }) => {
      await pointAt(page, page.getByRole('heading', { level: 1 }));
      await pause(page, 600);
      for (let step = 0; step < 6; step += 1) {
        await page.mouse.wheel(0, 260);
        await pause(page, 450);
      }
      await pause(page, 600);
    },
  },
  problemStatement: charterField('Problem statement', ' Returns cost us 4% of revenue.'),
  scope: charterField('Out of scope', ' Wholesale customers.'),
  risks: charterField('Risks and dependencies', ' Depends on the new warehouse system.'),
  deliverables: charterField('Deliverables', ' A weekly report for store managers.'),
  impact: charterField('Impact', ' Fewer complaints within three months.'),
  timeline: {
    prepare: async (world) => {
      await openCharter(world);
      await centre(world.page.getByRole('button', { name: 'Add row' }));
      await world.page.mouse.move(600, 700);
    },
    play: async ({ page }) => {
      const before = await page.getByRole('row', { name: /^timeline row \d+$/ }).count();
      await clickOn(page, page.getByRole('button', { name: 'Add row' }));
      const position = before + 1;
      const row = page.getByRole('row', { name: `timeline row ${position}` });
      await row.waitFor();
      await typeAtEnd(
        page,
        row.getByRole('textbox', { name: `Description of timeline row ${position}` }),
        'Pilot in one store',
      );
    },
  },
  sponsorApproval: {
    prepare: async (world) => {
      await openCharter(world);
      await centre(world.page.getByRole('button', { name: 'Request sponsor approval' }));
      await world.page.mouse.move(600, 700);
    },
    play: async ({ page }) => {
      await clickOn(page, page.getByRole('button', { name: 'Request sponsor approval' }));
      await page.getByRole('button', { name: 'Approval request email has been sent' }).waitFor();
      await pause(page, 800);
      await pointAt(page, page.getByRole('checkbox', { name: 'Approve the charter' }));
      await pause(page, 900);
    },
  },
};
