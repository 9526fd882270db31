import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { Appointment } from '@rozmova/contracts';
import {
  apiLogin,
  bearer,
  createDoctor,
  createUser,
  expectNoSidewaysScroll,
  ok,
  profileOf,
  setFreeConsultations,
  signInBrowser,
  type SeededUser,
} from '../support/booking.ts';
import { expect, expectAccessible, test, uniqueEmail } from '../support/fixtures.ts';
import { chooseLanguage } from '../support/ui.ts';

/*
 * The doctor's agenda on the schedule tab (issue: the schedule was a working-hours form only): two patients book the
 * doctor, one free of charge and one who still has to pay, in two consecutive weeks. The doctor finds them by day and
 * by week (Monday first) with their names, times in Kyiv and status, moves to the next week and back, in English and
 * Ukrainian, at 1280 and 360 px, light and dark, axe on each.
 */

const KYIV = 'Europe/Kyiv';
const DAY_MS = 86_400_000;

/** YYYY-MM-DD of an instant in Kyiv. */
const kyivDay = (at: string | Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: KYIV, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(at));
const kyivTime = (at: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: KYIV, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(at));
/** Days since 1970 of a calendar day, and of the Monday of its week. */
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const mondayNumber = (day: string) => dayNumber(day) - ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7);

async function book(request: APIRequestContext, patient: SeededUser, doctorId: string, pick: (slots: string[]) => string | undefined) {
  const token = await apiLogin(request, patient.email, patient.password);
  const patientId = (await profileOf(request, token)).role_specific_data.patient!.patientId;
  const slots = await ok<string[]>(await request.get(`/v1/doctors/${doctorId}/available-slots`, { params: { duration: 21 } }), 'slots');
  const date = pick(slots);
  expect(date, 'a free time to book').toBeDefined();
  return ok<Appointment>(
    await request.post('/v1/appointments', {
      headers: bearer(token),
      data: { appointment_doctorId: doctorId, appointment_patientId: patientId, appointment_date: date },
    }),
    'book',
  );
}

const agendaOf = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** The days of the week view, Monday first, each a list item named by its heading. */
const weekDays = (agenda: Locator) => agenda.getByRole('listitem').filter({ has: agenda.page().getByRole('heading', { level: 4 }) });

async function clickTimes(button: Locator, times: number) {
  for (let i = 0; i < times; i++) await button.click();
}

test('the doctor sees its consultations by day and by week, moves to the next week and back, in both languages', async ({
  page,
  request,
  server,
  context,
}) => {
  test.setTimeout(240_000);
  const adminToken = await apiLogin(request, server.admin.email, server.admin.password);
  const doctor = await createDoctor(request, adminToken, { email: uniqueEmail('agenda-doctor'), name: 'Olena Shevchenko', price: 80_000 });
  const taras = await createUser(request, adminToken, { email: uniqueEmail('agenda-taras'), name: 'Taras Koval', role: 'patient' });
  const maria = await createUser(request, adminToken, { email: uniqueEmail('agenda-maria'), name: 'Maria Lysenko', role: 'patient' });
  const tarasCard = (await profileOf(request, await apiLogin(request, taras.email, taras.password))).role_specific_data.patient!;
  await setFreeConsultations(request, adminToken, tarasCard.patient_cardId, 1);

  // Taras the first free time (free of charge); Maria the first time of the following week (awaiting payment).
  const first = await book(request, taras, doctor.id, (slots) => slots[0]);
  const firstDay = kyivDay(first.appointment_date);
  const second = await book(request, maria, doctor.id, (slots) =>
    slots.find((slot) => mondayNumber(kyivDay(slot)) === mondayNumber(firstDay) + 7),
  );
  const secondDay = kyivDay(second.appointment_date);
  const today = kyivDay(new Date());
  const firstRange = `${kyivTime(first.appointment_date)}–${kyivTime(first.appointment_endDate)}`;
  const secondRange = `${kyivTime(second.appointment_date)}–${kyivTime(second.appointment_endDate)}`;

  await signInBrowser(context, server, await apiLogin(request, doctor.email, doctor.password));
  await page.goto('/doctor?tab=schedule');
  const agenda = agendaOf(page, 'Agenda');

  await test.step('Day view: an empty day says so; the day of each consultation lists it with the name, time and status', async () => {
    await expect(agenda.getByText('Times are shown in the Europe/Kyiv time zone.')).toBeVisible();
    await expect(agenda.getByRole('radio', { name: 'Day' })).toBeChecked();
    await agenda.getByRole('button', { name: 'Previous day', exact: true }).click();
    await expect(agenda.getByText('No consultations on this day.', { exact: true })).toBeVisible();
    await expect(agenda.getByText('Working hours: 08:00–20:00', { exact: true })).toBeVisible();
    await agenda.getByRole('button', { name: 'Today', exact: true }).click();
    await clickTimes(agenda.getByRole('button', { name: 'Next day', exact: true }), dayNumber(firstDay) - dayNumber(today));
    const item = agenda.getByRole('listitem').filter({ hasText: 'Taras Koval' });
    await expect(item).toContainText(firstRange);
    await expect(item).toContainText('Scheduled');
    await expect(item.getByRole('link', { name: 'Taras Koval', exact: true })).toHaveAttribute(
      'href',
      `/doctor/patients/${first.appointment_patientId}`,
    );
    await expect(agenda.getByText('Maria Lysenko')).toHaveCount(0);
    await expectAccessible(page);

    await clickTimes(agenda.getByRole('button', { name: 'Next day', exact: true }), dayNumber(secondDay) - dayNumber(firstDay));
    const maria = agenda.getByRole('listitem').filter({ hasText: 'Maria Lysenko' });
    await expect(maria).toContainText(secondRange);
    await expect(maria).toContainText('Awaiting payment');
    await expect(agenda.getByText('Taras Koval')).toHaveCount(0);
  });

  await test.step('Week view from Monday: one consultation a week; next week and back', async () => {
    await agenda.getByRole('button', { name: 'Today', exact: true }).click();
    await agenda.getByText('Week', { exact: true }).click();
    await expect(agenda.getByRole('radio', { name: 'Week' })).toBeChecked();
    await clickTimes(agenda.getByRole('button', { name: 'Next week', exact: true }), (mondayNumber(firstDay) - mondayNumber(today)) / 7);
    const days = weekDays(agenda);
    await expect(days).toHaveCount(7);
    await expect(days.first().getByRole('heading', { level: 4 })).toHaveText(/^Mon /);
    const firstWeekDay = days.nth(dayNumber(firstDay) - mondayNumber(firstDay));
    await expect(firstWeekDay).toContainText(firstRange);
    await expect(firstWeekDay.getByRole('link', { name: 'Taras Koval', exact: true })).toBeVisible();
    await expect(agenda.getByText('Maria Lysenko')).toHaveCount(0);
    // Side by side on a wide screen.
    const [monday, tuesday] = [await days.nth(0).boundingBox(), await days.nth(1).boundingBox()];
    expect(tuesday!.x).toBeGreaterThan(monday!.x);
    await expectAccessible(page);

    await agenda.getByRole('button', { name: 'Next week', exact: true }).click();
    const secondWeekDay = days.nth(dayNumber(secondDay) - mondayNumber(secondDay));
    await expect(secondWeekDay).toContainText(secondRange);
    await expect(secondWeekDay.getByRole('link', { name: 'Maria Lysenko', exact: true })).toBeVisible();
    await expect(agenda.getByText('Taras Koval')).toHaveCount(0);
    await agenda.getByRole('button', { name: 'Previous week', exact: true }).click();
    await expect(agenda.getByText('Taras Koval', { exact: true })).toBeVisible();
    await expect(agenda.getByText('Maria Lysenko')).toHaveCount(0);

    // A day's heading opens that day.
    await firstWeekDay.getByRole('button').click();
    await expect(agenda.getByRole('radio', { name: 'Day' })).toBeChecked();
    await expect(agenda.getByRole('link', { name: 'Taras Koval', exact: true })).toBeVisible();
  });

  await test.step('dark, 360 px: the week is a list of days that fits the screen', async () => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.setViewportSize({ width: 360, height: 740 });
    await page.reload();
    await agenda.getByText('Week', { exact: true }).click();
    await clickTimes(agenda.getByRole('button', { name: 'Next week', exact: true }), (mondayNumber(secondDay) - mondayNumber(today)) / 7);
    const days = weekDays(agenda);
    await expect(days.nth(dayNumber(secondDay) - mondayNumber(secondDay))).toContainText('Maria Lysenko');
    const [monday, tuesday] = [await days.nth(0).boundingBox(), await days.nth(1).boundingBox()];
    expect(tuesday!.x).toBe(monday!.x);
    expect(tuesday!.y).toBeGreaterThan(monday!.y);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
  });

  await test.step('Ukrainian, dark and light, 360 and 1280 px: the same agenda in Ukrainian words', async () => {
    await chooseLanguage(page, 'uk');
    await page.reload();
    const uk = agendaOf(page, 'Календар консультацій');
    await expect(uk.getByText('Час показано в часовому поясі Europe/Kyiv.')).toBeVisible();
    await uk.getByRole('button', { name: 'Попередній день', exact: true }).click();
    await expect(uk.getByText('Цього дня консультацій немає.', { exact: true })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);

    await page.emulateMedia({ colorScheme: 'light' });
    await uk.getByText('Тиждень', { exact: true }).click();
    await uk.getByRole('button', { name: 'Сьогодні', exact: true }).click();
    await clickTimes(
      uk.getByRole('button', { name: 'Наступний тиждень', exact: true }),
      (mondayNumber(firstDay) - mondayNumber(today)) / 7,
    );
    const days = weekDays(uk);
    await expect(days.first().getByRole('heading', { level: 4 })).toHaveText(/^Пн/);
    await expect(days.nth(dayNumber(firstDay) - mondayNumber(firstDay))).toContainText('Заплановано');
    await uk.getByRole('button', { name: 'Наступний тиждень', exact: true }).click();
    await expect(days.nth(dayNumber(secondDay) - mondayNumber(secondDay))).toContainText('Очікує оплати');
    await expect(uk.getByText('Taras Koval')).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);

    await page.setViewportSize({ width: 1280, height: 800 });
    await uk.getByRole('button', { name: 'Попередній тиждень', exact: true }).click();
    await expect(uk.getByText('Taras Koval', { exact: true })).toBeVisible();
    await expectAccessible(page);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectAccessible(page);
  });
});
