import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** Steps a person takes again and again, through the UI only (English texts). */

export const dialog = (page: Page, name: string) => page.getByRole('dialog', { name, exact: true });

/** Opens the login dialog from the header of a landing page. */
export async function openLogin(page: Page) {
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  const login = dialog(page, 'Log in');
  await expect(login).toBeVisible();
  return login;
}

/** Fills and submits the login dialog; it stays open (the caller checks the outcome). */
export async function submitLogin(page: Page, email: string, password: string) {
  const login = dialog(page, 'Log in');
  await login.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await login.getByLabel('Password', { exact: true }).fill(password);
  await login.getByRole('button', { name: 'Sign in', exact: true }).click();
  return login;
}

/** Logs in from the home page and waits for the page the app opens after login. */
export async function logIn(page: Page, email: string, password: string, landing: '/user' | '/admin' | '/doctor' | '/operator' = '/user') {
  await page.goto('/');
  await openLogin(page);
  await submitLogin(page, email, password);
  await expect(page).toHaveURL(landing);
}

export async function openAccountMenu(page: Page) {
  await page.getByRole('button', { name: 'Account menu', exact: true }).click();
  await expect(page.getByRole('menu')).toBeVisible();
}

export async function logOut(page: Page) {
  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'Log out', exact: true }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account menu', exact: true })).toHaveCount(0);
}

/** The Mantine colour scheme the page is drawn in. */
export const colorSchemeOf = (page: Page) => page.locator('html').getAttribute('data-mantine-color-scheme');
