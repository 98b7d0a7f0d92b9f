/**
 * Issue 32: a strategy's master adds a signed webhook in the browser, a change is sent to a real
 * receiver on loopback (which verifies every delivery with the Standard Webhooks reference
 * library and fails its first try), and the delivery log shows the failure, then the delivery,
 * then "Send again" with the same webhook-id.
 */
import {
  WEBHOOK_DELIVERY_STATUS_LABELS,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_LABELS,
  WEBHOOK_MESSAGES,
} from '@keystone/contract';
import { expect } from '@playwright/test';
import { WebhookReceiver } from '../testing/webhookReceiver';
import { test } from './fixtures';
import { apiCall, createUser, logInBrowser } from './helpers/apiUsers';
import { axeViolations } from './helpers/axe';

const NAME = 'Planning bot';

test('a master adds a webhook and watches a failed try, the delivery and a resend in its log', async ({
  app,
  page,
}) => {
  const receiver = new WebhookReceiver({ failFirst: 1 });
  const url = await receiver.start();
  try {
    const master = await createUser(app, 'Hooks');
    const strategy = await apiCall<{ id: number }>(app, '/strategy/create/', {
      method: 'POST',
      body: { title: 'Hooked plan' },
      token: master.token,
    });
    await logInBrowser(page, master);
    await page.goto(`/strategy-settings/${strategy.id}`);

    const section = page.getByRole('region', { name: WEBHOOK_LABELS.strategyHeading });
    await section.getByRole('button', { name: WEBHOOK_LABELS.add }).click();
    const form = section.getByRole('form', { name: WEBHOOK_LABELS.addHeading });
    await form.getByRole('textbox', { name: WEBHOOK_LABELS.urlField }).fill(url);
    await form.getByRole('textbox', { name: WEBHOOK_LABELS.descriptionField }).fill(NAME);
    await form.getByRole('checkbox', { name: WEBHOOK_EVENT_LABELS['strategy.updated'] }).check();
    await form.getByRole('button', { name: WEBHOOK_LABELS.create }).click();

    // The secret is shown once: the receiver verifies every delivery with it.
    const shown = section.getByRole('region', { name: WEBHOOK_LABELS.newSecret });
    const secret = (await shown.locator('code').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    receiver.secrets = [secret];
    expect(await axeViolations(page, 'main')).toEqual([]);
    await shown.getByRole('button', { name: WEBHOOK_LABELS.secretSaved }).click();
    await expect(shown).toBeHidden();
    await expect(section.getByRole('heading', { name: NAME })).toBeVisible();

    await apiCall(app, `/strategy/update/${strategy.id}/`, {
      method: 'PATCH',
      body: { title: 'Hooked plan, renamed' },
      token: master.token,
    });
    const [first] = await receiver.waitFor(1);
    expect(first?.answeredStatus).toBe(500);
    expect(first?.verifiedWith).toEqual([0]);

    await section.getByRole('button', { name: WEBHOOK_LABELS.showLogButton(NAME) }).click();
    const log = section.getByRole('table', { name: WEBHOOK_LABELS.logTable(NAME) });
    const row = log.getByRole('row').filter({ hasText: WEBHOOK_EVENT_LABELS['strategy.updated'] });
    // The failed first try, waiting for its next: the log reads itself again until it is settled.
    await expect(row).toContainText(WEBHOOK_DELIVERY_STATUS_LABELS.pending);
    await expect(row).toContainText('500');
    await page.screenshot({ path: test.info().outputPath('webhook-log-failed.png'), fullPage: true });
    await expect(row).toContainText(WEBHOOK_DELIVERY_STATUS_LABELS.delivered, { timeout: 30_000 });
    await expect(row).toContainText(WEBHOOK_LABELS.tries(2));
    await expect(row).toContainText('200');
    const [, second] = await receiver.waitFor(2);
    expect(second?.answeredStatus).toBe(200);
    expect(second?.verifiedWith).toEqual([0]);
    expect(second?.headers['webhook-id']).toBe(first?.headers['webhook-id']);
    expect(second?.json).toMatchObject({ type: 'strategy.updated', data: { strategy_id: strategy.id } });
    expect(await axeViolations(page, 'main')).toEqual([]);

    await row.getByRole('button', { name: new RegExp(`^${WEBHOOK_LABELS.resend}`) }).click();
    await expect(
      section.getByRole('status').filter({ hasText: WEBHOOK_MESSAGES.resendQueued }),
    ).toBeVisible();
    const [, , third] = await receiver.waitFor(3);
    expect(third?.verifiedWith).toEqual([0]);
    expect(third?.headers['webhook-id']).toBe(first?.headers['webhook-id']);
    await expect(row).toContainText(WEBHOOK_DELIVERY_STATUS_LABELS.delivered);
    await page.screenshot({ path: test.info().outputPath('webhook-log-resent.png'), fullPage: true });
  } finally {
    await receiver.stop();
  }
});
