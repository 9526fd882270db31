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

/**
 * The interface language as the person chose it: kept in this browser and, when signed in, saved to the profile (a
 * signed-in person's saved language wins over the browser's). The page must be open on the site; reload or navigate
 * after.
 */
export async function chooseLanguage(page: Page, language: 'uk' | 'en'): Promise<void> {
  const saved = await page.evaluate(async (value) => {
    localStorage.setItem('rozmova-language', value);
    const entry = document.cookie.split('; ').find((part) => part.startsWith('auth_token='));
    if (!entry) return true;
    const response = await fetch('/v1/auth/profile', {
      method: 'PUT',
      headers: { Authorization: `Bearer ${decodeURIComponent(entry.slice('auth_token='.length))}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ locale: value }),
    });
    return response.ok;
  }, language);
  expect(saved, 'the profile keeps the language').toBe(true);
}
