import { readFile } from 'node:fs/promises';
import type { BrowserContext, Page } from '@playwright/test';
// What the person's authenticator app shows, computed as the app does (otpauth): one helper for both suites.
import { totpCode, totpCodeOfStep, totpStep } from '../../apps/api/src/test/totp.ts';
import { bearer, createUser, ok } from '../support/booking.ts';
import { expect, expectAccessible, test, uniqueEmail } from '../support/fixtures.ts';
import { dialog } from '../support/ui.ts';

/*
 * Staff two-factor sign-in on a phone (360 px), with STAFF_2FA=required: every member of staff sets up an
 * authenticator right after the password. The codes are computed here from the secret the page shows, as the app
 * would; a code of one 30-second step signs in once, so each sign-in takes the next step's code when this one's is used.
 */

test.use({ appEnv: { STAFF_2FA: 'required' }, viewport: { width: 360, height: 740 } });
test.describe.configure({ mode: 'serial' });

/** The newest step each secret's code was used for. */
const lastStep = new Map<string, number>();

/** A code the server takes now: this step's, or the next one's (one step of drift) when this one's was used. */
async function freshCode(secret: string): Promise<string> {
  const used = lastStep.get(secret) ?? -1;
  // Two steps used ahead of the clock: wait for the clock to reach the next one (the server allows one step of drift).
  await expect.poll(() => totpStep(Date.now()) + 1 > used, { timeout: 35_000, intervals: [1000] }).toBe(true);
  const step = Math.max(totpStep(Date.now()), used + 1);
  lastStep.set(secret, step);
  return totpCodeOfStep(secret, step);
}

const admin = { token: '', secret: '', recoveryCodes: [] as string[] };

async function look(page: Page, language: 'en' | 'uk', scheme: 'light' | 'dark') {
  await page.addInitScript(
    ([language, scheme]) => {
      localStorage.setItem('rozmova-language', language);
      localStorage.setItem('rozmova-color-scheme', scheme);
    },
    [language, scheme] as const,
  );
}

const sessionTokenOf = async (context: BrowserContext) =>
  (await context.cookies()).find((cookie) => cookie.name === 'auth_token')?.value ?? '';

/** The password step of the sign-in dialog. */
async function password(page: Page, email: string, secret: string, title: string, submit: string) {
  await page.goto('/?auth=login');
  const login = dialog(page, title);
  await login.getByRole('textbox', { name: /E-mail|Ел\. пошта/ }).fill(email);
  await login.getByLabel(/^(Password|Пароль)$/).fill(secret);
  await login.getByRole('button', { name: submit, exact: true }).click();
}

/** The enrolment page: reads the key, enters its code, reads the recovery codes (the page then asks to save them). */
async function enrol(page: Page, texts: { code: string; confirm: string; codesTitle: string }) {
  const key = (await page.getByTestId('two-factor-secret').textContent())!.replace(/\s/g, '');
  expect(key).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByRole('textbox', { name: texts.code }).fill(await freshCode(key));
  await page.getByRole('button', { name: texts.confirm, exact: true }).click();
  await expect(page.getByRole('heading', { name: texts.codesTitle })).toBeVisible();
  const codes = await page.getByTestId('recovery-codes').getByRole('listitem').allTextContents();
  return { key, codes };
}

test('an admin who must use two factors sets up an authenticator right after the password (en, dark)', async ({
  page,
  context,
  server,
}) => {
  await look(page, 'en', 'dark');
  await password(page, server.admin.email, server.admin.password, 'Log in', 'Sign in');
  await expect(page).toHaveURL('/sign-in/authenticator');
  await expect(page.getByRole('heading', { level: 1, name: 'Set up two-factor sign-in' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code that adds Rozmova to your authenticator app' })).toBeVisible();
  // No session yet: the password alone signed nobody in.
  expect(await sessionTokenOf(context)).toBe('');
  await expect(page.getByRole('textbox', { name: 'Code from the app' })).toHaveAttribute('autocomplete', 'one-time-code');
  await expectAccessible(page);

  const { key, codes } = await enrol(page, { code: 'Code from the app', confirm: 'Confirm', codesTitle: 'Save your recovery codes' });
  expect(codes).toHaveLength(10);
  for (const code of codes) expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
  await expectAccessible(page);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download as a file' }).click();
  const file = await readFile((await (await downloading).path())!, 'utf8');
  expect(file).toContain(`Rozmova recovery codes for ${server.admin.email}`);
  for (const code of codes) expect(file).toContain(code);

  const next = page.getByRole('button', { name: 'Continue', exact: true });
  await expect(next).toBeDisabled();
  await page.getByRole('checkbox', { name: 'I have saved these codes somewhere safe' }).check();
  await next.click();
  await expect(page).toHaveURL('/admin');
  Object.assign(admin, { token: await sessionTokenOf(context), secret: key, recoveryCodes: codes });
  expect(admin.token).not.toBe('');
});

test('the next sign-in asks for the app’s code in the dialog; a used code is refused', async ({ page, context, server }) => {
  await password(page, server.admin.email, server.admin.password, 'Log in', 'Sign in');
  const second = dialog(page, 'Two-factor sign-in');
  const field = second.getByRole('textbox', { name: 'Code from the app' });
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(field).toHaveAttribute('inputmode', 'numeric');
  expect(await sessionTokenOf(context)).toBe('');
  await expectAccessible(page);

  // The code the enrolment used: refused (used, or by now out of its window), and still no session.
  await field.fill(totpCodeOfStep(admin.secret, lastStep.get(admin.secret)!));
  await second.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(second.getByRole('alert')).toHaveText(/This code has just been used|This code is not right/);
  expect(await sessionTokenOf(context)).toBe('');

  await field.fill(await freshCode(admin.secret));
  await second.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL('/admin');
});

test('a recovery code signs in instead of the app, once (uk, light)', async ({ page, server }) => {
  await look(page, 'uk', 'light');
  const [code] = admin.recoveryCodes;
  const useRecovery = async () => {
    await password(page, server.admin.email, server.admin.password, 'Вхід', 'Увійти в кабінет');
    const second = dialog(page, 'Двофакторний вхід');
    await second.getByRole('button', { name: 'Увійти за резервним кодом' }).click();
    const field = second.getByRole('textbox', { name: 'Резервний код' });
    await expect(field).toBeFocused();
    await field.fill(code!.toLowerCase());
    await second.getByRole('button', { name: 'Увійти', exact: true }).click();
    return second;
  };
  await useRecovery();
  // The admin's saved language is English: once signed in, the console follows it.
  await expect(page).toHaveURL('/admin');
  await page.context().clearCookies();
  const second = await useRecovery();
  await expect(second.getByRole('alert')).toHaveText(/Код неправильний/);
  await expectAccessible(page);
});

test('an admin resets an operator’s two-factor sign-in; the operator sets up a new authenticator (uk, light)', async ({
  page,
  request,
  server,
}) => {
  const operator = await createUser(request, admin.token, {
    email: uniqueEmail('2fa-operator'),
    name: 'Оксана Оператор',
    role: 'operator',
    locale: 'uk',
  });
  // The operator enrols through the API, as the page does, with the code the app would show.
  const login = await ok<{ challenge: string }>(
    await request.post('/v1/auth/login', { data: { email: operator.email, password: operator.password, role: 'patient' } }),
    'operator password step',
  );
  const setup = await ok<{ secret: string }>(
    await request.post('/v1/auth/two-factor/enrolment', { data: { challenge: login.challenge } }),
    'setup',
  );
  const enrolled = await ok<{ token: string }>(
    await request.post('/v1/auth/two-factor/enrolment/confirm', {
      data: { challenge: login.challenge, code: totpCode(setup.secret, Date.now()) },
    }),
    'confirm',
  );
  expect((await request.get('/v1/auth/profile', { headers: bearer(enrolled.token) })).status()).toBe(200);

  await page.context().addCookies([{ name: 'auth_token', value: admin.token, url: server.baseURL, sameSite: 'Strict' }]);
  await page.goto('/admin');
  await page.getByRole('searchbox', { name: 'Search by name or e-mail' }).fill(operator.email);
  await page.getByRole('button', { name: `Reset the two-factor sign-in of ${operator.email}` }).click();
  const confirm = dialog(page, 'Reset two-factor sign-in');
  await expect(confirm).toContainText(`Оксана Оператор (${operator.email}) will be signed out everywhere`);
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Reset two-factor', exact: true }).click();
  await expect(page.getByText(`The two-factor sign-in of ${operator.email} has been reset.`)).toBeVisible();

  // The operator's session ended; the audit log names who reset whose.
  expect((await request.get('/v1/auth/profile', { headers: bearer(enrolled.token) })).status()).toBe(401);
  const audit = await ok<{ entries: { action: string; resource: string; resource_id: string }[] }>(
    await request.get('/v1/admin/audit-log?action=reset', { headers: bearer(admin.token) }),
    'audit log',
  );
  expect(audit.entries).toContainEqual(expect.objectContaining({ action: 'reset', resource: 'two_factor', resource_id: operator.id }));

  // Their next sign-in sets up a new authenticator, in their language.
  await page.context().clearCookies();
  await look(page, 'uk', 'light');
  await password(page, operator.email, operator.password, 'Вхід', 'Увійти в кабінет');
  await expect(page).toHaveURL('/sign-in/authenticator');
  await expect(page.getByRole('heading', { level: 1, name: 'Налаштування двофакторного входу' })).toBeVisible();
  await expectAccessible(page);
  const { key } = await enrol(page, { code: 'Код із застосунку', confirm: 'Підтвердити', codesTitle: 'Збережіть резервні коди' });
  expect(key).not.toBe(setup.secret);
  await expectAccessible(page);
  await page.getByRole('checkbox', { name: 'Коди збережено в надійному місці' }).check();
  await page.getByRole('button', { name: 'Продовжити', exact: true }).click();
  await expect(page).toHaveURL('/operator');
});

test('the account page moves the authenticator to a new phone; it cannot be turned off where required', async ({
  page,
  context,
  server,
}) => {
  await context.addCookies([{ name: 'auth_token', value: admin.token, url: server.baseURL, sameSite: 'Strict' }]);
  await page.goto('/user');
  await page.getByRole('link', { name: 'Manage two-factor sign-in' }).click();
  await expect(page).toHaveURL('/user/security');
  await expect(page.getByRole('heading', { level: 1, name: 'Two-factor sign-in' })).toBeVisible();
  await expect(page.getByText('Recovery codes left: 9')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Turn off' })).toHaveCount(0);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Set up a new authenticator' }).click();
  const check = dialog(page, 'Set up a new authenticator');
  await check.getByRole('textbox', { name: 'Code from the app or a recovery code' }).fill(await freshCode(admin.secret));
  await check.getByRole('button', { name: 'Continue', exact: true }).click();
  const { key, codes } = await enrol(page, { code: 'Code from the app', confirm: 'Confirm', codesTitle: 'Save your recovery codes' });
  expect(key).not.toBe(admin.secret);
  await page.getByRole('checkbox', { name: 'I have saved these codes somewhere safe' }).check();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByText('Two-factor sign-in is on. You have been signed out on your other devices.')).toBeVisible();
  await expect(page.getByText('Recovery codes left: 10')).toBeVisible();
  await expectAccessible(page);
  Object.assign(admin, { secret: key, recoveryCodes: codes, token: await sessionTokenOf(context) });
});
