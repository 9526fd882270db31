import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import type { AdminUser, Appointment, Doctor, UpdateDoctorBody, User } from '@rozmova/contracts';
import type { AppServer } from './app-server.ts';
import { expect } from './fixtures.ts';

/** Seeding through the API (fast); what a person does is done through the UI in the specs. */

/** The JSON of a response that must be OK; a failure names the step and the server's answer. */
export async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> {
  if (!response.ok()) throw new Error(`${what}: HTTP ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

export async function apiLogin(request: APIRequestContext, email: string, password: string): Promise<string> {
  const { token } = await ok<{ token: string }>(
    await request.post('/v1/auth/login', { data: { email, password, role: 'patient' } }),
    'login',
  );
  return token;
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

export interface SeededUser {
  id: string;
  email: string;
  password: string;
  name: string;
}

/**
 * An account made by the admin (POST /v1/admin/users): verified, with a password, English unless `locale` says (a
 * signed-in person's saved language is the interface's).
 */
export async function createUser(
  request: APIRequestContext,
  adminToken: string,
  user: { email: string; name: string; role: 'patient' | 'doctor' | 'operator'; password?: string; locale?: 'uk' | 'en' },
): Promise<SeededUser> {
  const password = user.password ?? 'Booking-Test-Passw0rd-77';
  const created = await ok<AdminUser>(
    await request.post('/v1/admin/users', {
      headers: bearer(adminToken),
      data: { email: user.email, password, user_name: user.name, user_role: user.role, locale: user.locale ?? 'en' },
    }),
    'create user',
  );
  return { id: created.id, email: user.email, password, name: user.name };
}

/** A patient made by the admin and signed in through the API (its `token`); the admin's token comes along for more seeding. */
export async function seedPatient(
  request: APIRequestContext,
  server: AppServer,
  patient: { email: string; name: string },
): Promise<{ adminToken: string; patient: SeededUser & { token: string } }> {
  const adminToken = await apiLogin(request, server.admin.email, server.admin.password);
  const user = await createUser(request, adminToken, { ...patient, role: 'patient' });
  return { adminToken, patient: { ...user, token: await apiLogin(request, user.email, user.password) } };
}

/** A published doctor with hours every day of the week (the doctor's own zone, Europe/Kyiv), free unless a price is given. */
export async function createDoctor(
  request: APIRequestContext,
  adminToken: string,
  doctor: { email: string; name: string } & UpdateDoctorBody,
): Promise<SeededUser & { doctor: Doctor }> {
  const { email, name, ...profile } = doctor;
  const user = await createUser(request, adminToken, { email, name, role: 'doctor' });
  const weekly_hours = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '08:00', end: '20:00' }));
  const updated = await ok<Doctor>(
    await request.put(`/v1/doctors/${user.id}`, {
      headers: bearer(adminToken),
      data: {
        weekly_hours,
        time_zone: 'Europe/Kyiv',
        specialisations: ['psychologist'],
        price: 0,
        published: true,
        ...profile,
      } satisfies UpdateDoctorBody,
    }),
    'update doctor',
  );
  return { ...user, doctor: updated };
}

/** The patient books the doctor's first free time in the next 14 days (a paid doctor's booking then awaits payment). */
export async function bookFirstSlot(request: APIRequestContext, token: string, doctorId: string, patientId: string): Promise<Appointment> {
  const slots = await ok<string[]>(await request.get(`/v1/doctors/${doctorId}/available-slots`, { params: { duration: 14 } }), 'slots');
  return ok<Appointment>(
    await request.post('/v1/appointments', {
      headers: bearer(token),
      data: { appointment_doctorId: doctorId, appointment_patientId: patientId, appointment_date: slots[0] },
    }),
    'book',
  );
}

/** POST /v1/payments/checkout: the provider's page for an appointment that awaits payment. */
export async function startCheckout(
  request: APIRequestContext,
  token: string,
  appointmentId: string,
): Promise<{ checkout: { url: string }; payment_id: string }> {
  return ok(await request.post('/v1/payments/checkout', { headers: bearer(token), data: { appointment_id: appointmentId } }), 'checkout');
}

export async function profileOf(request: APIRequestContext, token: string): Promise<User> {
  return ok<User>(await request.get('/v1/auth/profile', { headers: bearer(token) }), 'profile');
}

/** PUT /v1/patients-cards/:id as the admin. */
export async function setFreeConsultations(request: APIRequestContext, adminToken: string, cardId: string, count: number): Promise<void> {
  await ok(
    await request.put(`/v1/patients-cards/${cardId}`, {
      headers: bearer(adminToken),
      data: { patient_available_free_consultations: count },
    }),
    'set free consultations',
  );
}

/** Signs the browser in with a token, exactly as the app keeps it (the auth_token cookie). */
export async function signInBrowser(context: BrowserContext, server: AppServer, token: string): Promise<void> {
  await context.addCookies([{ name: 'auth_token', value: token, url: server.baseURL, sameSite: 'Strict' }]);
}

/** No button's label is cut (a label wider than its button at this width). */
export async function expectNoCutButtons(page: Page): Promise<void> {
  const cut = await page
    .locator('main .mantine-Button-label')
    .evaluateAll((labels) => labels.filter((label) => label.scrollWidth > label.clientWidth + 1).map((label) => label.textContent));
  expect(cut, `cut buttons on ${page.url()}`).toEqual([]);
}

/** The page scrolls sideways at this width: nothing may stick out. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `sideways scroll on ${page.url()}`).toBeLessThanOrEqual(0);
}
