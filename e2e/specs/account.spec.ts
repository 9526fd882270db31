import type { Page } from '@playwright/test';
import { expect, expectAccessible, test, uniqueEmail } from '../support/fixtures.ts';
import { withEachInstanceDown } from '../support/failover.ts';
import { dialog, logOut, openLogin, submitLogin } from '../support/ui.ts';

const chooseLanguage = async (page: Page, label: 'Language' | 'Мова', language: 'English' | 'Українська') => {
  await page.getByRole('combobox', { name: label, exact: true }).selectOption({ label: language });
  await expect(page.locator('html')).toHaveAttribute('lang', language === 'English' ? 'en' : 'uk');
};

test('a patient signs up, logs in, recovers and changes the password, changes the phone and deletes the account', async ({
  page,
  mail,
  server,
}) => {
  test.setTimeout(180_000);
  const name = 'Olena Marchenko';
  const email = uniqueEmail('patient');
  const firstPassword = 'Kalyna-Sunrise-2025';
  const recoveredPassword = 'Dnipro-Evening-7741';
  const changedPassword = 'Karpaty-Morning-9032';
  const greeting = page.getByRole('heading', { level: 1, name: `Hello, ${name}!`, exact: true });

  await test.step('signs up in three steps with the code sent by e-mail', async () => {
    await page.goto('/');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await expect(page).toHaveURL('/?auth=signup');
    const signup = dialog(page, 'Sign up');
    await expect(signup.getByRole('textbox', { name: 'Name', exact: true })).toBeFocused();
    await expectAccessible(page);

    await signup.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await signup.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
    await signup.getByRole('checkbox', { name: 'I agree to the terms of use and the privacy policy', exact: true }).check();
    await signup.getByRole('button', { name: 'Get a code', exact: true }).click();

    const code = signup.getByRole('textbox', { name: 'Code', exact: true });
    await expect(code).toBeVisible();
    await expect(signup).toContainText(`We have sent a 6-digit code to ${email}.`);
    await expect(signup.getByRole('button', { name: 'Back', exact: true })).toBeVisible();
    await expect(signup.getByRole('button', { name: /^Send again/ })).toBeVisible();
    await expectAccessible(page);
    await code.fill(await mail.codeFor(email));
    await signup.getByRole('button', { name: 'Confirm', exact: true }).click();

    const password = signup.getByLabel('Password', { exact: true });
    await expect(password).toBeVisible();
    await expect(signup.getByRole('textbox', { name: 'Phone (optional)', exact: true })).toBeVisible();
    await expectAccessible(page);
    await password.fill(firstPassword);
    await signup.getByRole('button', { name: 'Create account', exact: true }).click();

    await expect(page).toHaveURL('/user');
    await expect(greeting).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Profile', exact: true })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('main')).toContainText(email);
    await expectAccessible(page);
  });

  await test.step('logs out and lands on the home page', async () => {
    await logOut(page);
    await expectAccessible(page);
  });

  await test.step('the cabinet is closed to a visitor who is not logged in', async () => {
    // Going back in the history to the cabinet, and opening its address directly.
    await page.goBack();
    await expect(page).toHaveURL('/');
    await expect(greeting).toHaveCount(0);
    await page.goto('/user');
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
    await expect(greeting).toHaveCount(0);
  });

  await test.step('a wrong password shows the §8 text, in English and in Ukrainian', async () => {
    await openLogin(page);
    const login = await submitLogin(page, email, 'Not-My-Password-1');
    await expect(login.getByRole('alert')).toHaveText('Invalid credentials');
    await expect(page).toHaveURL('/?auth=login');
    await expectAccessible(page);

    await page.keyboard.press('Escape');
    await expect(login).toBeHidden();
    await chooseLanguage(page, 'Language', 'Українська');
    await page.getByRole('button', { name: 'Увійти', exact: true }).click();
    const uaLogin = dialog(page, 'Вхід');
    await uaLogin.getByRole('textbox', { name: 'Ел. пошта', exact: true }).fill(email);
    await uaLogin.getByLabel('Пароль', { exact: true }).fill('Not-My-Password-1');
    await uaLogin.getByRole('button', { name: 'Увійти в кабінет', exact: true }).click();
    await expect(uaLogin.getByRole('alert')).toHaveText('Невірні облікові данні');
    await expectAccessible(page);

    await page.keyboard.press('Escape');
    await expect(uaLogin).toBeHidden();
    await chooseLanguage(page, 'Мова', 'English');
  });

  await test.step('logs in with the right password', async () => {
    await openLogin(page);
    await submitLogin(page, email, firstPassword);
    await expect(page).toHaveURL('/user');
    await expect(greeting).toBeVisible();
  });

  await test.step('the session holds whichever instance is down (with several)', () =>
    withEachInstanceDown(server, async () => {
      await page.reload();
      await expect(greeting).toBeVisible();
    }));

  await test.step('logs out', () => logOut(page));

  await test.step('recovers the password in four steps with the code sent by e-mail', async () => {
    const login = await openLogin(page);
    await login.getByRole('button', { name: 'Forgot password?', exact: true }).click();
    await expect(page).toHaveURL('/?auth=forgot');
    const reset = dialog(page, 'Reset password');
    await expect(login).toBeHidden();
    await expectAccessible(page);
    await reset.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
    await reset.getByRole('button', { name: 'Get a code', exact: true }).click();

    const code = reset.getByRole('textbox', { name: 'Code', exact: true });
    await expect(code).toBeVisible();
    await expectAccessible(page);
    await code.fill(await mail.codeFor(email));
    await reset.getByRole('button', { name: 'Confirm', exact: true }).click();

    const newPassword = reset.getByLabel('New password', { exact: true });
    await expect(newPassword).toBeVisible();
    await expectAccessible(page);
    await newPassword.fill(recoveredPassword);
    await reset.getByRole('button', { name: 'Save password', exact: true }).click();

    await expect(reset.getByRole('status')).toHaveText('Your password has been changed and you are logged in.');
    await expect(page.getByRole('button', { name: 'Account menu', exact: true })).toBeVisible();
    await expectAccessible(page);
    await reset.getByRole('button', { name: 'Go to my cabinet', exact: true }).click();
    await expect(page).toHaveURL('/user');
    await expect(greeting).toBeVisible();
  });

  await test.step('the old password no longer works, the recovered one does', async () => {
    await logOut(page);
    await openLogin(page);
    const login = await submitLogin(page, email, firstPassword);
    await expect(login.getByRole('alert')).toHaveText('Invalid credentials');
    await submitLogin(page, email, recoveredPassword);
    await expect(page).toHaveURL('/user');
    await expect(greeting).toBeVisible();
  });

  await test.step('changes the password in the profile', async () => {
    await page.getByRole('button', { name: 'Change password', exact: true }).click();
    const change = dialog(page, 'Change password');
    await expect(change.getByLabel('Current password', { exact: true })).toBeFocused();
    await expectAccessible(page);
    await change.getByLabel('Current password', { exact: true }).fill(recoveredPassword);
    await change.getByLabel('New password', { exact: true }).fill(changedPassword);
    await change.getByRole('button', { name: 'Save password', exact: true }).click();
    await expect(change).toBeHidden();
    await expect(page.getByText('Your password has been changed. Other devices have been signed out.')).toBeVisible();

    // The session in this browser survives the change, and the new password is the one that works.
    await page.reload();
    await expect(greeting).toBeVisible();
    await logOut(page);
    await openLogin(page);
    const login = await submitLogin(page, email, recoveredPassword);
    await expect(login.getByRole('alert')).toHaveText('Invalid credentials');
    await submitLogin(page, email, changedPassword);
    await expect(page).toHaveURL('/user');
    await expect(greeting).toBeVisible();
  });

  await test.step('changes the phone after confirming the password', async () => {
    const details = page.getByRole('region', { name: 'Personal details', exact: true });
    await expect(details).toContainText('Not set');
    await page.getByRole('button', { name: 'Change phone', exact: true }).click();
    const change = dialog(page, 'Change phone');
    await expect(change).toContainText('For your security, confirm your password first.');
    await expectAccessible(page);

    await change.getByLabel('Password', { exact: true }).fill('Not-My-Password-1');
    await change.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(change.getByText('The password is not correct', { exact: true })).toBeVisible();
    await expect(change.getByRole('textbox', { name: 'New phone number', exact: true })).toHaveCount(0);

    await change.getByLabel('Password', { exact: true }).fill(changedPassword);
    await change.getByRole('button', { name: 'Continue', exact: true }).click();
    const phone = change.getByRole('textbox', { name: 'New phone number', exact: true });
    await expect(phone).toBeVisible();
    await expectAccessible(page);
    // Typed as a Ukrainian writes it, stored and shown in E.164 (docs/product.md §6).
    await phone.fill('050 123 45 67');
    await change.getByRole('button', { name: 'Save phone', exact: true }).click();
    await expect(change).toBeHidden();
    await expect(page.getByText('Your phone number has been saved.', { exact: true })).toBeVisible();
    await expect(details).toContainText('+380501234567');
    await page.reload();
    await expect(details).toContainText('+380501234567');
  });

  await test.step('deletes the account after confirming the password and cannot log in anymore', async () => {
    await page.getByRole('button', { name: 'Delete account', exact: true }).click();
    const remove = dialog(page, 'Delete account');
    await expect(remove).toContainText('This cannot be undone');
    await remove.getByLabel('Password', { exact: true }).fill(changedPassword);
    await remove.getByRole('button', { name: 'Continue', exact: true }).click();
    const confirm = remove.getByRole('button', { name: 'Delete my account', exact: true });
    await expect(confirm).toBeVisible();
    await expect(remove.getByRole('button', { name: 'Cancel', exact: true })).toBeVisible();
    await expectAccessible(page);
    await confirm.click();

    await expect(page).toHaveURL('/');
    await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Account menu', exact: true })).toHaveCount(0);
    await page.goto('/user');
    await expect(page).toHaveURL('/');

    await openLogin(page);
    const login = await submitLogin(page, email, changedPassword);
    await expect(login.getByRole('alert')).toHaveText('No user is registered with this e-mail');
    await page.keyboard.press('Escape');
    await chooseLanguage(page, 'Language', 'Українська');
    await page.getByRole('button', { name: 'Увійти', exact: true }).click();
    const uaLogin = dialog(page, 'Вхід');
    await uaLogin.getByRole('textbox', { name: 'Ел. пошта', exact: true }).fill(email);
    await uaLogin.getByLabel('Пароль', { exact: true }).fill(changedPassword);
    await uaLogin.getByRole('button', { name: 'Увійти в кабінет', exact: true }).click();
    await expect(uaLogin.getByRole('alert')).toHaveText('Користувача з такою поштою незареєстровано');
  });
});

test('the login dialog leads to sign-up, which refuses an empty form', async ({ page }) => {
  await page.goto('/?auth=login');
  const login = dialog(page, 'Log in');
  await expect(login.getByRole('textbox', { name: 'E-mail', exact: true })).toBeFocused();
  await login.getByRole('button', { name: 'Create an account', exact: true }).click();
  await expect(page).toHaveURL('/?auth=signup');
  await expect(dialog(page, 'Sign up')).toBeVisible();
  await expect(login).toBeHidden();

  // Empty forms are refused with field messages before anything is sent.
  const signup = dialog(page, 'Sign up');
  await signup.getByRole('button', { name: 'Get a code', exact: true }).click();
  await expect(signup.getByText('Enter your name', { exact: true })).toBeVisible();
  await expect(signup.getByText('Enter a valid e-mail address', { exact: true })).toBeVisible();
  await expect(signup.getByText('Please accept the terms of use and the privacy policy', { exact: true })).toBeVisible();
  await expect(signup.getByRole('textbox', { name: 'Code', exact: true })).toHaveCount(0);
  await expectAccessible(page);
});
