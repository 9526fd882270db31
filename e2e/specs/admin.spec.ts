import type { Browser, Locator, Page } from '@playwright/test';
import { expect, expectAccessible, test, uniqueEmail } from '../support/fixtures.ts';
import { dialog, logIn, openAccountMenu, openLogin, submitLogin } from '../support/ui.ts';

interface NewUser {
  name: string;
  email: string;
  password: string;
  role: 'Operator' | 'Patient';
}

async function createUser(page: Page, user: NewUser) {
  await page.getByRole('button', { name: 'Create user', exact: true }).click();
  const create = dialog(page, 'Create user');
  await expect(create.getByRole('textbox', { name: 'Name', exact: true })).toBeFocused();
  await create.getByRole('textbox', { name: 'Name', exact: true }).fill(user.name);
  await create.getByRole('textbox', { name: 'E-mail', exact: true }).fill(user.email);
  await create.getByLabel('Password', { exact: true }).fill(user.password);
  await create.getByRole('combobox', { name: 'Role', exact: true }).selectOption({ label: user.role });
  await create.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(create).toBeHidden();
  await expect(page.getByText(`User ${user.email} has been created.`, { exact: true })).toBeVisible();
}

/** The row's status badge shows its whole word (a tight table once cut it to "А…"): nothing of it is clipped. */
async function expectWholeStatus(row: Locator, status: string) {
  const badge = row.locator('.mantine-Badge-label').filter({ hasText: status });
  await expect(badge).toHaveText(status);
  const clipped = await badge.evaluate((label) => label.scrollWidth > label.clientWidth);
  expect(clipped, `the badge "${status}" is clipped`).toBe(false);
}

/** A second person in their own browser window. */
async function openOtherBrowser(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL });
  return { context, page: await context.newPage() };
}

test('the admin creates an operator, finds it and deactivates it', async ({ page, server, browser }) => {
  const operator: NewUser = {
    // A long name squeezes the status column: its badge must still read whole.
    name: 'Iryna Oleksandrivna Shevchuk-Kovalenko',
    email: uniqueEmail('operator'),
    password: 'Operator-Desk-4471',
    role: 'Operator',
  };

  await logIn(page, server.admin.email, server.admin.password, '/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Users', exact: true })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: server.admin.email })).toBeVisible();
  await expectAccessible(page);
  await openAccountMenu(page);
  await expect(page.getByRole('menuitem', { name: 'Administration', exact: true })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Create user', exact: true }).click();
  await expect(dialog(page, 'Create user')).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await createUser(page, operator);

  const search = page.getByRole('searchbox', { name: 'Search by name or e-mail', exact: true });
  const rows = page.getByRole('table').getByRole('row');
  const operatorRow = rows.filter({ hasText: operator.email });
  await search.fill(operator.email);
  await expect(rows).toHaveCount(2); // the header and the operator
  await expect(operatorRow).toContainText(operator.name);
  await expect(operatorRow).toContainText('Operator');
  await expect(operatorRow).toContainText('Active');
  await expectWholeStatus(operatorRow, 'Active');
  await expect(page.getByText('Users found: 1', { exact: true })).toBeVisible();

  // By name too, and the role filter keeps it.
  await search.fill('shevchuk');
  await expect(operatorRow).toBeVisible();
  await page.getByRole('combobox', { name: 'Filter by role', exact: true }).selectOption({ label: 'Operator' });
  await expect(operatorRow).toBeVisible();
  await page.getByRole('combobox', { name: 'Filter by role', exact: true }).selectOption({ label: 'Doctor' });
  await expect(operatorRow).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Filter by role', exact: true }).selectOption({ label: 'All roles' });
  await search.fill(operator.email);
  await expect(rows).toHaveCount(2);

  await page.getByRole('button', { name: `Deactivate ${operator.email}`, exact: true }).click();
  const confirm = dialog(page, 'Deactivate user');
  await expect(confirm).toContainText(`${operator.name} (${operator.email}) will be signed out everywhere and will not be able to log in.`);
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Deactivate', exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText(`${operator.email} has been deactivated.`, { exact: true })).toBeVisible();
  await expect(operatorRow).toContainText('Deactivated');
  await expectWholeStatus(operatorRow, 'Deactivated');
  await expect(page.getByRole('button', { name: `Activate ${operator.email}`, exact: true })).toBeVisible();
  await page.reload();
  await search.fill(operator.email);
  await expect(operatorRow).toContainText('Deactivated');

  // The deactivated operator cannot log in.
  const other = await openOtherBrowser(browser, server.baseURL);
  await other.page.goto('/');
  await openLogin(other.page);
  const login = await submitLogin(other.page, operator.email, operator.password);
  await expect(login.getByRole('alert')).toBeVisible();
  await expect(other.page.getByRole('button', { name: 'Account menu', exact: true })).toHaveCount(0);
  await expect(other.page).toHaveURL('/?auth=login');
  await other.context.close();
});

test('a patient visiting /admin is sent to the home page', async ({ page, server, browser }) => {
  const patient: NewUser = { name: 'Petro Kravets', email: uniqueEmail('patient'), password: 'Patient-Garden-5820', role: 'Patient' };
  await logIn(page, server.admin.email, server.admin.password, '/admin');
  await createUser(page, patient);

  const other = await openOtherBrowser(browser, server.baseURL);
  const patientPage = other.page;
  await logIn(patientPage, patient.email, patient.password);
  await expect(patientPage.getByRole('heading', { level: 1, name: `Hello, ${patient.name}!`, exact: true })).toBeVisible();
  await openAccountMenu(patientPage);
  await expect(patientPage.getByRole('menuitem', { name: 'My cabinet', exact: true })).toBeVisible();
  await expect(patientPage.getByRole('menuitem', { name: 'Administration', exact: true })).toHaveCount(0);
  await patientPage.keyboard.press('Escape');

  await patientPage.goto('/admin');
  await expect(patientPage).toHaveURL('/');
  await expect(patientPage.getByRole('heading', { level: 1 })).toHaveText('Talk to a psychologist or a doctor online');
  await expect(patientPage.getByRole('heading', { name: 'Users', exact: true })).toHaveCount(0);
  // Still logged in: the guard only turned the patient away.
  await expect(patientPage.getByRole('button', { name: 'Account menu', exact: true })).toBeVisible();
  await other.context.close();

  // A visitor who is not logged in is turned away too.
  const visitor = await openOtherBrowser(browser, server.baseURL);
  await visitor.page.goto('/admin');
  await expect(visitor.page).toHaveURL('/');
  await expect(visitor.page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
  await visitor.context.close();
});
