/** Signing in and out through the login page, as a person does. */
import { expect, type Page } from '@playwright/test';

/** Logged in: off /login, with the account menu (the landing page is pathAfterLogin's choice). */
export async function expectLoggedIn(page: Page) {
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
}

export async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('button', { name: 'Logout', exact: true }).click();
  await expect(page).toHaveURL(/\/login\/?$/);
}

export async function passwordStep(page: Page, email: string, password: string) {
  // A fresh /login, so the landing page after it is the usual one (not the page logged out from).
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
}
