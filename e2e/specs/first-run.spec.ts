import type { Appointment, Checkout } from '@rozmova/contracts';
import { expect, test, uniqueEmail } from '../support/fixtures.ts';
import { apiLogin, createDoctor, createUser, profileOf, signInBrowser } from '../support/booking.ts';
import { chooseLanguage, dialog, logIn } from '../support/ui.ts';

/**
 * What a new user met on a first run: the app started on another port than 3000 without PUBLIC_URL (as the test server
 * is), unknown paths, page titles, and the admin's own account.
 */

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

test('on another port without PUBLIC_URL, paying on the sandbox page comes back to the same address', async ({
  page,
  request,
  server,
  context,
  cluster,
}) => {
  // Behind a proxy an instance cannot know the address visitors use: it is told (PUBLIC_URL), as the cluster run does.
  test.skip(cluster, 'one process without PUBLIC_URL');
  expect(new URL(server.baseURL).port).not.toBe('3000');
  const adminToken = await apiLogin(request, server.admin.email, server.admin.password);
  const doctor = await createDoctor(request, adminToken, {
    email: uniqueEmail('port-doctor'),
    name: 'Ірина Port',
    price: 90_000,
    specialisations: ['psychologist'],
    published: true,
  });
  const user = await createUser(request, adminToken, { email: uniqueEmail('port-patient'), name: 'Port Patient', role: 'patient' });
  const token = await apiLogin(request, user.email, user.password);
  const patientId = (await profileOf(request, token)).role_specific_data.patient!.patientId;
  const slots = (await (await request.get(`/v1/doctors/${doctor.id}/available-slots`, { params: { duration: 14 } })).json()) as string[];
  const booked = await request.post('/v1/appointments', {
    headers: bearer(token),
    data: { appointment_doctorId: doctor.id, appointment_patientId: patientId, appointment_date: slots[0] },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const appointment = (await booked.json()) as Appointment;
  const started = await request.post('/v1/payments/checkout', { headers: bearer(token), data: { appointment_id: appointment.id } });
  const { checkout } = (await started.json()) as Checkout;

  await signInBrowser(context, server, token);
  await page.goto(checkout.url);
  expect(new URL(page.url()).origin).toBe(server.baseURL);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(`${server.baseURL}/user/payment-success?appointment=${appointment.id}`);
  await expect(page.getByRole('status').filter({ hasText: 'Payment received' })).toBeVisible();

  // The calendar file links to the meeting on the address the server listens on.
  const ics = await request.get(`/v1/appointments/${appointment.id}/calendar.ics`, { headers: bearer(token) });
  expect(await ics.text()).toContain(`URL:http://localhost:${new URL(server.baseURL).port}/meet/`);
});

test('an unknown path answers 404 with the 404 page, and React Router does not warn', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
  });
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found', exact: true })).toBeVisible();
  await expect(page).toHaveTitle('Page not found · Rozmova');
  expect((await page.goto('/about-us/team'))?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found', exact: true })).toBeVisible();
  // A page of the app is 200.
  expect((await page.goto('/about-us'))?.status()).toBe(200);
  await expect(page).toHaveTitle('About us · Rozmova');
  expect(warnings.filter((text) => /route|React Router/i.test(text))).toEqual([]);
});

test('every page has its own title, in the reader language', async ({ page }) => {
  const english: [string, string][] = [
    ['/', 'Rozmova: online consultations with specialists'],
    ['/about-us', 'About us · Rozmova'],
    ['/contacts', 'Contacts · Rozmova'],
    ['/diagnosis', 'Wellbeing self-check · Rozmova'],
    ['/term-of-use', 'Terms of use · Rozmova'],
    ['/privacy-policy', 'Privacy policy · Rozmova'],
    ['/our-specialists', 'Our specialists · Rozmova'],
    ['/prices', 'Prices · Rozmova'],
  ];
  for (const [path, title] of english) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(title);
  }
  await page.evaluate(() => localStorage.setItem('rozmova-language', 'uk'));
  const ukrainian: [string, string][] = [
    ['/', 'Rozmova: онлайн-консультації з фахівцями'],
    ['/about-us', 'Про нас · Rozmova'],
    ['/prices', 'Ціни · Rozmova'],
    ['/no-such-page', 'Сторінку не знайдено · Rozmova'],
  ];
  for (const [path, title] of ukrainian) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(title);
  }
});

test('an admin deactivating its own account is told why, in both languages', async ({ page, server }) => {
  await logIn(page, server.admin.email, server.admin.password, '/admin');
  await expect(page).toHaveTitle('Users · Rozmova');
  await page.getByRole('searchbox', { name: 'Search by name or e-mail', exact: true }).fill(server.admin.email);
  await page.getByRole('button', { name: `Deactivate ${server.admin.email}`, exact: true }).click();
  const confirm = dialog(page, 'Deactivate user');
  await confirm.getByRole('button', { name: 'Deactivate', exact: true }).click();
  await expect(confirm).toContainText('You cannot deactivate your own account. Another admin can do it.');
  await expect(confirm).not.toContainText('You are not allowed to do this');
  await page.keyboard.press('Escape');

  await chooseLanguage(page, 'uk');
  await page.reload();
  await expect(page).toHaveTitle('Користувачі · Rozmova');
  await page.getByRole('searchbox').fill(server.admin.email);
  await page.getByRole('button', { name: `Деактивувати ${server.admin.email}`, exact: true }).click();
  await dialog(page, 'Деактивація користувача').getByRole('button', { name: 'Деактивувати', exact: true }).click();
  await expect(page.getByRole('dialog')).toContainText(
    'Не можна деактивувати власний обліковий запис. Це може зробити інший адміністратор.',
  );
  // The shared admin reads English in the other tests.
  await chooseLanguage(page, 'en');
});
