import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  apiLogin,
  createDoctor,
  createUser,
  expectNoSidewaysScroll,
  profileOf,
  setFreeConsultations,
  signInBrowser,
  type SeededUser,
} from '../support/booking.ts';
import type { AppServer } from '../support/app-server.ts';
import { expect, expectAccessible, test, uniqueEmail } from '../support/fixtures.ts';
import { withInstancesDownInTurn } from '../support/failover.ts';
import { dialog } from '../support/ui.ts';

/*
 * The five-step booking, the payment result page and the public specialist pages, in Chromium against the
 * built app. Doctors and patients are seeded through the admin API; everything a patient does is done in the UI.
 * The doctor takes bookings from two days ahead, so a paid cancellation is always refunded (> 24 hours).
 */

const DOCTOR = 'Olena Kovalenko';
const PRICE = /UAH\s1,200/;

let seeded: Promise<{ adminToken: string; doctor: SeededUser }> | undefined;

/** One doctor for the whole file (the app is shared by the file's tests). */
function seed(request: APIRequestContext, server: AppServer) {
  seeded ??= (async () => {
    const adminToken = await apiLogin(request, server.admin.email, server.admin.password);
    const doctor = await createDoctor(request, adminToken, {
      email: uniqueEmail('doctor'),
      name: DOCTOR,
      specialisations: ['psychologist', 'psychotherapist'],
      languages: ['uk', 'en'],
      experience_years: 12,
      price: 120_000,
      consultation_minutes: 50,
      buffer_minutes: 10,
      min_notice_minutes: 2 * 24 * 60,
      bio: { uk: 'Працює з тривогою та вигоранням.', en: 'Works with anxiety and burnout.' },
    });
    return { adminToken, doctor };
  })();
  return seeded;
}

async function newPatient(request: APIRequestContext, adminToken: string, name: string) {
  const patient = await createUser(request, adminToken, { email: uniqueEmail('patient'), name, role: 'patient' });
  const token = await apiLogin(request, patient.email, patient.password);
  return { ...patient, token, profile: await profileOf(request, token) };
}

/**
 * What a person reads for a booked time, "12 March, 14:05", in the browser's (and this process's) time zone;
 * computed here with Intl, not with the app's own formatting.
 */
function expectedDateText(iso: string): string {
  const date = new Date(iso);
  const dayMonth = date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long' });
  const time = date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return `${dayMonth}, ${time}`;
}

const stepHeading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

/**
 * Picks the first free time of the day the calendar opened on and returns it as the API gave it.
 * The time chips are radios drawn by their labels, which is what a person clicks.
 */
async function pickTime(scope: Page | Locator): Promise<string> {
  const time = scope
    .getByRole('radiogroup', { name: /^Free times on / })
    .getByRole('radio')
    .first();
  await expect(time).toBeAttached();
  const [value, id] = await Promise.all([time.getAttribute('value'), time.getAttribute('id')]);
  await scope.locator(`label[for="${id}"]`).click();
  await expect(time).toBeChecked();
  return value!;
}

async function pickFirstTime(page: Page): Promise<string> {
  await expect(stepHeading(page, 'Choose a date and time')).toBeVisible();
  return pickTime(page);
}

/** The summary table's value for a row. */
const summaryValue = (page: Page, row: string) => page.getByRole('row', { name: new RegExp(`^${row}`) }).getByRole('cell');

test('a patient books and pays (a declined try first), reschedules and cancels', async ({ page, request, server, context }) => {
  test.setTimeout(180_000);
  const { adminToken } = await seed(request, server);
  const patient = await newPatient(request, adminToken, 'Andrii Melnyk');
  await signInBrowser(context, server, patient.token);

  await test.step('the cabinet offers booking; step 1 lists, searches and filters specialists', async () => {
    await page.goto('/user');
    const consultation = page.getByRole('region', { name: 'Consultation', exact: true });
    await expect(consultation).toContainText('You have no upcoming consultation.');
    await consultation.getByRole('link', { name: 'Book a consultation', exact: true }).click();
    await expect(page).toHaveURL('/user/appointment-step1');
    await expect(stepHeading(page, 'Choose a specialist')).toBeVisible();
    const card = page.getByRole('article', { name: DOCTOR });
    await expect(card).toContainText('Psychologist');
    await expect(card).toContainText(PRICE);
    await expect(card).toContainText('Ukrainian, English');
    await expect(card.getByText('OK', { exact: true })).toBeVisible(); // initials (docs/product.md §9)
    await expectAccessible(page);

    await page.getByRole('combobox', { name: 'Specialisation' }).selectOption({ label: 'Psychiatrist' });
    await expect(page.getByText('No specialists match your search.')).toBeVisible();
    await page.getByRole('combobox', { name: 'Specialisation' }).selectOption({ label: 'Psychotherapist' });
    await expect(card).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search by name, specialisation or topic' }).fill('burnout');
    await expect(page.getByText('Specialists found: 1')).toBeVisible();
    await card.getByRole('button', { name: `Choose ${DOCTOR}` }).click();
  });

  let firstTime = '';
  await test.step('steps 2 and 3: a time, then the details; a reload keeps the choices', async () => {
    await expect(page).toHaveURL('/user/appointment-step2');
    await expect(page.getByText(/^Times are shown in your time zone: /)).toBeVisible();
    firstTime = await pickFirstTime(page);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Next', exact: true }).click();

    await expect(page).toHaveURL('/user/appointment-step3');
    await page.reload();
    await expect(stepHeading(page, 'Tell us about your visit')).toBeVisible();
    await page.getByRole('textbox', { name: 'Reason for the visit (optional)' }).fill('Trouble sleeping before exams.');
    await page.getByRole('textbox', { name: 'Phone' }).fill('+380501234567');
    await expect(page.getByRole('button', { name: 'Choose a file to upload', exact: true })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
  });

  await test.step('step 4 shows the price; the sandbox payment is declined, then paid', async () => {
    await expect(page).toHaveURL('/user/appointment-step4');
    await expect(summaryValue(page, 'Specialist')).toContainText(DOCTOR);
    await expect(summaryValue(page, 'Date and time')).toContainText(expectedDateText(firstTime));
    await expectAccessible(page);
    // With several instances, one is down for the declined try and the other for the paid one.
    await withInstancesDownInTurn(server, [
      async () => {
        await page.getByRole('button', { name: /^Book and pay UAH\s1,200$/ }).click();
        await expect(page).toHaveURL(/\/v1\/payments\/sandbox\//);
        await page.getByRole('button', { name: 'Decline', exact: true }).click();
        await expect(page).toHaveURL(/\/user\/payment-success\?appointment=/);
        await expect(stepHeading(page, 'Payment result')).toBeVisible();
        await expect(page.getByRole('status').filter({ hasText: 'The payment did not go through' })).toBeVisible();
        await expectAccessible(page);
      },
      async () => {
        await page.getByRole('button', { name: 'Try again', exact: true }).click();
        await expect(page).toHaveURL(/\/v1\/payments\/sandbox\//);
        await page.getByRole('button', { name: 'Pay', exact: true }).click();
        await expect(page).toHaveURL(/\/user\/payment-success\?appointment=/);
        await expect(page.getByRole('status').filter({ hasText: 'Payment received' })).toBeVisible();
        await expectAccessible(page);
      },
    ]);
    await page.getByRole('link', { name: 'See my consultation', exact: true }).click();
  });

  await test.step('step 5: the summary, the calendar file and the session block', async () => {
    await expect(page).toHaveURL('/user/appointment-step5');
    await expect(stepHeading(page, 'Your consultation is booked')).toBeVisible();
    await expect(summaryValue(page, 'Payment')).toHaveText(/^Paid \(UAH\s1,200\)$/);
    await expect(summaryValue(page, 'Date and time')).toContainText(expectedDateText(firstTime));
    await expect(summaryValue(page, 'Reason for the visit')).toHaveText('Trouble sleeping before exams.');
    const session = page.getByRole('region', { name: 'Session', exact: true });
    await expect(session).toContainText(/Starts in \d+ d \d+ h/);
    await expect(session.getByRole('button', { name: 'Join the consultation' })).toBeDisabled();
    await expectAccessible(page);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Add to calendar (.ics)', exact: true }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.ics$/);
    const text = await (await file.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'));
    expect(text).toContain('BEGIN:VEVENT');

    // A reload comes back to step 5: the server's current appointment is the truth.
    await page.reload();
    await expect(stepHeading(page, 'Your consultation is booked')).toBeVisible();
  });

  let newTime = '';
  await test.step('reschedules to another time with the same doctor, without paying again', async () => {
    await page.getByRole('button', { name: 'Reschedule', exact: true }).click();
    await expect(page).toHaveURL('/user/appointment-step2');
    await expect(page.getByRole('article', { name: DOCTOR })).toBeVisible();
    await expect(page.getByText(/^You are moving your consultation of /)).toBeVisible();
    // The patient's own booked time is not offered again (available-slots leaves it out for the patient).
    newTime = await pickFirstTime(page);
    expect(newTime).not.toBe(firstTime);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(page).toHaveURL('/user/appointment-step4');
    await expect(page.getByText(/will move to/)).toBeVisible();
    await page.getByRole('button', { name: 'Move my consultation', exact: true }).click();
    await expect(page).toHaveURL('/user/appointment-step5');
    await expect(summaryValue(page, 'Date and time')).toContainText(expectedDateText(newTime));
    await expect(summaryValue(page, 'Payment')).toHaveText(/^Paid/);
  });

  await test.step('cancels: the dialog says the payment is refunded', async () => {
    await page.getByRole('button', { name: 'Cancel the consultation', exact: true }).click();
    const cancel = dialog(page, 'Cancel the consultation');
    await expect(cancel).toContainText('its payment will be refunded to your card');
    await expectAccessible(page);
    await cancel.getByRole('button', { name: 'Cancel the consultation', exact: true }).click();
    await expect(page).toHaveURL('/user');
    await expect(page.getByText('Your consultation has been cancelled.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Consultation', exact: true })).toContainText('You have no upcoming consultation.');
    // Nothing to show any more: step 5 sends the patient back to the first step.
    await page.goto('/user/appointment-step5');
    await expect(page).toHaveURL('/user/appointment-step1');
  });
});

test('a patient with a free consultation books without paying (its first time taken meanwhile), on a 360 px screen', async ({
  page,
  request,
  server,
  context,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 360, height: 740 });
  const { adminToken, doctor } = await seed(request, server);
  const patient = await newPatient(request, adminToken, 'Sofiia Bondar');
  await setFreeConsultations(request, adminToken, patient.profile.role_specific_data.patient!.patient_cardId, 1);
  await signInBrowser(context, server, patient.token);

  // A step whose choices are missing sends the patient to the first incomplete one.
  await page.goto('/user/appointment-step3');
  await expect(page).toHaveURL('/user/appointment-step1');
  await expectNoSidewaysScroll(page);
  // "Book" on the public list takes a signed-in patient straight to step 2 with that doctor.
  await page.goto('/our-specialists');
  await expectNoSidewaysScroll(page);
  await page.getByRole('button', { name: `Book ${DOCTOR}` }).click();
  await expect(page).toHaveURL('/user/appointment-step2');
  await expect(page.getByRole('article', { name: DOCTOR })).toBeVisible();
  const taken = await pickFirstTime(page);
  await expectNoSidewaysScroll(page);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('textbox', { name: 'Phone' }).fill('+380671112233');
  await expectNoSidewaysScroll(page);
  await page.getByRole('button', { name: 'Next', exact: true }).click();

  await expect(page.getByText(/This consultation is free for you: it is funded by our partner organisation ADRA/)).toBeVisible();
  await expect(summaryValue(page, 'Price')).toHaveText('Free');
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);

  // Meanwhile somebody else books that time: the patient is told so and chooses again from fresh times.
  const other = await newPatient(request, adminToken, 'Ivan Quick');
  const response = await request.post('/v1/appointments', {
    headers: { Authorization: `Bearer ${other.token}` },
    data: {
      appointment_doctorId: doctor.id,
      appointment_patientId: other.profile.role_specific_data.patient!.patientId,
      appointment_date: taken,
    },
  });
  expect(response.status()).toBe(201);
  await page.getByRole('button', { name: 'Book for free', exact: true }).click();
  await expect(page).toHaveURL('/user/appointment-step2');
  await expect(page.getByRole('alert').filter({ hasText: 'This time has just been booked by someone else' })).toBeVisible();
  const radios = page.getByRole('radiogroup', { name: /^Free times on / }).getByRole('radio');
  await expect(radios.first()).toBeAttached();
  await expect(page.locator(`input[type="radio"][value="${taken}"]`)).toHaveCount(0);
  await pickFirstTime(page);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'Phone' })).toHaveValue('+380671112233');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('button', { name: 'Book for free', exact: true }).click();

  await expect(page).toHaveURL('/user/appointment-step5');
  await expect(summaryValue(page, 'Payment')).toHaveText('Free (ADRA)');
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  const card = (await (
    await request.get(`/v1/patients-cards/${patient.profile.role_specific_data.patient!.patient_cardId}`, {
      headers: { Authorization: `Bearer ${patient.token}` },
    })
  ).json()) as { patient_available_free_consultations: number };
  expect(card.patient_available_free_consultations).toBe(0);
});

test('a visitor books from /our-specialists and pays; /prices shows the price', async ({ page, request, server }) => {
  test.setTimeout(120_000);
  const { adminToken } = await seed(request, server);
  const taken = await createUser(request, adminToken, { email: uniqueEmail('taken'), name: 'Existing Patient', role: 'patient' });

  await test.step('/prices and /our-specialists from the header', async () => {
    await page.goto('/');
    // The header's row holds the buttons and switches; the links are in its menu.
    await page.getByRole('banner').getByRole('button', { name: 'Open menu', exact: true }).click();
    await dialog(page, 'Menu').getByRole('link', { name: 'Prices', exact: true }).click();
    await expect(page).toHaveURL('/prices');
    await expect(page.getByRole('row', { name: /^Psychologist/ })).toContainText(PRICE);
    await expect(page.getByRole('row', { name: /^Psychologist/ })).toContainText('50 min');
    await expect(page.getByRole('heading', { name: 'Free consultations' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'See our specialists', exact: true }).click();
    await expect(page).toHaveURL('/our-specialists');
    await expect(page.getByRole('heading', { level: 1, name: 'Our specialists' })).toBeVisible();
    await expectAccessible(page);
  });

  await test.step('picks a time and fills the form; an e-mail with an account is refused without telling whether it has a password', async () => {
    await page.getByRole('button', { name: `Book ${DOCTOR}` }).click();
    const book = dialog(page, `Book a consultation with ${DOCTOR}`);
    await expect(book).toBeVisible();
    await pickTime(book);
    await expectAccessible(page);
    await book.getByRole('button', { name: 'Continue', exact: true }).click();
    await book.getByRole('textbox', { name: 'Name' }).fill('Maria Visitor');
    await book.getByRole('textbox', { name: 'E-mail' }).fill(taken.email);
    await book.getByRole('textbox', { name: 'Phone' }).fill('+380931234567');
    await book.getByRole('button', { name: 'Book the consultation', exact: true }).click();
    await expect(book.getByText('Please accept the terms of use and the privacy policy')).toBeVisible();
    await book.getByRole('checkbox', { name: 'I agree to the terms of use and the privacy policy' }).check();
    await book.getByRole('button', { name: 'Book the consultation', exact: true }).click();
    await expect(book.getByRole('alert')).toContainText('An account with this e-mail already exists. Sign in to book from your account.');
    await expect(book.getByRole('alert').getByRole('button', { name: 'Log in to book' })).toBeVisible();
    await expectAccessible(page);

    await book.getByRole('textbox', { name: 'E-mail' }).fill(uniqueEmail('visitor'));
    await book.getByRole('button', { name: 'Book the consultation', exact: true }).click();
  });

  await test.step('is signed in and continues at step 4, pays and sees step 5', async () => {
    await expect(page).toHaveURL('/user/appointment-step4');
    await expect(page.getByRole('button', { name: 'Account menu', exact: true })).toBeVisible();
    await expect(page.getByText(/^Your time is held until \d\d:\d\d/)).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: /^Pay UAH\s1,200$/ }).click();
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Payment received' })).toBeVisible();
    await page.getByRole('link', { name: 'See my consultation', exact: true }).click();
    await expect(stepHeading(page, 'Your consultation is booked')).toBeVisible();
    await expect(summaryValue(page, 'Specialist')).toContainText(DOCTOR);
  });
});

test('the specialist pages in Ukrainian, dark', async ({ page, request, server }) => {
  await seed(request, server);
  await page.addInitScript(() => {
    localStorage.setItem('rozmova-language', 'uk');
    localStorage.setItem('rozmova-color-scheme', 'dark');
  });
  await page.goto('/our-specialists');
  await expect(page.getByRole('heading', { level: 1, name: 'Наші фахівці' })).toBeVisible();
  await expect(page.getByRole('article', { name: DOCTOR })).toContainText('Психолог');
  await expect(page.getByRole('button', { name: `Записатися: ${DOCTOR}` })).toBeVisible();
  await expectAccessible(page);
  await page.goto('/prices');
  await expect(page.getByRole('heading', { level: 1, name: 'Ціни' })).toBeVisible();
  await expect(page.getByRole('row', { name: /^Психолог/ })).toContainText(/1\s200\s(₴|грн)/);
  await expectAccessible(page);
});
