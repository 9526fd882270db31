/**
 * Test factories: the one place tests make people, doctors with working hours, bookings and held payments, and read
 * back what the app did (rows, notifications, pending jobs). Not a test file itself. Tests import these and their own
 * module's files, never another module's folder.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { twoFactorPaths, type Message, type Role, type UpdateSpecialistApplicationBody } from '@rozmova/contracts';
import { appointments, jobs, payments } from '../db/schema.ts';
import { notifications } from '../db/schema-chat.ts';
import { twoFactorChallenges } from '../db/schema-staff.ts';
import { newToken, sha256 } from '../lib/crypto.ts';
import { call, DAY, HOUR, PASSWORD, PDF, sessionFor, uniqueEmail, type SignedIn, type TestContext } from './harness.ts';
import { totpCode } from './totp.ts';

/** A Monday in winter (Kyiv is UTC+2, no clock change near it), 08:00 UTC. Tests set the clock here first. */
export const BASE = Date.parse('2027-01-11T08:00:00Z');

export interface Person extends SignedIn {
  patientId: string | null;
}

/** An account of any role with a session written directly (no password, no argon2): quick, for many accounts. */
export async function quickAccount(t: TestContext, role: Role, userName = `Test ${role}`): Promise<Person> {
  const email = uniqueEmail(`quick-${role}`);
  const user = await t.services.accounts.createAccount({ email, userName, role, emailVerified: true, locale: 'uk' });
  const account = await t.services.accounts.getAccount(user.id);
  return { token: await sessionFor(t, user.id), email, password: '', userId: user.id, patientId: account.patientId };
}

export const quickPatient = (t: TestContext, userName = 'Олена Пацієнтка') => quickAccount(t, 'patient', userName);

/** A complete specialist application's profile (step 2 of the sign-up). */
export const applicationProfile: UpdateSpecialistApplicationBody = {
  user_name: 'Марія Коваленко',
  name_en: 'Mariia Kovalenko',
  specialisations: ['psychologist'],
  bio: { uk: 'Працюю з тривогою та вигоранням.', en: 'I work with anxiety and burnout.' },
  languages: ['uk', 'en'],
  experience_years: 7,
};

/** An applicant (role `none`, with a password) whose application is complete and submitted, waiting for an admin. */
export async function submittedApplicant(t: TestContext, locale: 'uk' | 'en' = 'uk'): Promise<Person> {
  const email = uniqueEmail('applicant');
  const user = await t.services.accounts.createAccount({
    email,
    password: PASSWORD,
    userName: 'Applicant',
    role: 'none',
    emailVerified: true,
    locale,
  });
  const who = { token: await sessionFor(t, user.id), email, password: PASSWORD, userId: user.id, patientId: null };
  await t.services.specialists.updateMine(who.userId, applicationProfile);
  await t.services.specialists.uploadDiploma(who.userId, Readable.from([PDF]));
  await t.services.specialists.submitMine(who.userId);
  return who;
}

/** A fresh session at the clock's time: staff sessions end after 30 idle minutes, so tests that move the clock renew them. */
export async function renew(t: TestContext, who: Person): Promise<Person> {
  return { ...who, token: await sessionFor(t, who.userId) };
}

/**
 * A doctor every day from 00:00 to 24:00 Kyiv time, 50-minute consultations with a 10-minute buffer: a slot starts
 * at every whole hour. Minimum notice 2 hours, horizon 60 days.
 */
export async function bookableDoctor(t: TestContext, input: { price?: number; userName?: string } = {}): Promise<Person> {
  const doctor = await quickAccount(t, 'doctor', input.userName ?? `Др. Ірина ${randomBytes(2).toString('hex')}`);
  const account = await t.services.accounts.getAccount(doctor.userId);
  await t.services.doctors.update(account, doctor.userId, {
    price: input.price ?? 0,
    specialisations: ['psychologist'],
    weekly_hours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '24:00' })),
    published: true,
  });
  return doctor;
}

/** A whole hour `days` after BASE's day at `hourUtc`, as docs/product.md §5 writes it (UTC, `Z`). */
export const slotAt = (days: number, hourUtc: number) =>
  new Date(Date.UTC(2027, 0, 11 + days, hourUtc)).toISOString().replace('.000Z', 'Z');

export const book = (t: TestContext, who: Person, body: Record<string, unknown>) =>
  call(t.app, 'POST', '/v1/appointments', { token: who.token, body });

export const bookFor = (t: TestContext, patient: Person, doctor: Person, date: string, extra: Record<string, unknown> = {}) =>
  book(t, patient, { appointment_doctorId: doctor.userId, appointment_patientId: patient.patientId, appointment_date: date, ...extra });

export async function appointmentRow(t: TestContext, id: string) {
  const [row] = await t.database.db.select().from(appointments).where(eq(appointments.id, id));
  return row!;
}

export async function paymentRows(t: TestContext, appointmentId: string) {
  return t.database.db.select().from(payments).where(eq(payments.appointmentId, appointmentId));
}

/** Runs the due jobs, as the worker would right after a commit: notifications are delivered through the job queue. */
export async function deliver(t: TestContext): Promise<void> {
  while ((await t.services.jobs.runDue()) > 0);
}

/** The user's in-app notification texts, oldest first, once the queued ones are delivered. */
export async function notificationTexts(t: TestContext, userId: string): Promise<string[]> {
  await deliver(t);
  const rows = await t.database.db.select().from(notifications).where(eq(notifications.userId, userId));
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).map((row) => row.message);
}

export async function pendingJobKeys(t: TestContext): Promise<string[]> {
  const rows = await t.database.db.select({ key: jobs.key }).from(jobs).where(eq(jobs.status, 'pending'));
  return rows.map((row) => row.key).sort();
}

/** Moves the clock and runs what became due (as the worker would). */
export async function advanceAndRun(t: TestContext, ms: number): Promise<void> {
  t.clock.advance(ms);
  await deliver(t);
}

/** The whole hour `days` days after the clock's time (bookable: past the notice, inside the horizon). */
export const slotAfterClock = (t: TestContext, days = 1) =>
  new Date(Math.ceil(t.clock.now().getTime() / HOUR) * HOUR + days * DAY).toISOString().replace('.000Z', 'Z');

/**
 * A consultation that took place: the patient books the doctor (who must be bookable) at `date`, the clock moves to
 * its start and the doctor completes it; the clock is then put back. Returns the appointment id.
 */
export async function completedConsultation(
  t: TestContext,
  patientUserId: string,
  doctorUserId: string,
  date = slotAfterClock(t),
): Promise<string> {
  const patient = await t.services.accounts.getAccount(patientUserId);
  const body = { appointment_doctorId: doctorUserId, appointment_patientId: patient.patientId!, appointment_date: date };
  const { appointment } = await t.services.appointments.create(patient, body);
  const before = t.clock.now();
  t.clock.set(Date.parse(date) + 5 * 60_000);
  try {
    const doctor = await t.services.accounts.getAccount(doctorUserId);
    await t.services.appointments.modify(doctor, appointment.id, { appointment_status: 'completed', appointment_note: 'Seen.' });
  } finally {
    t.clock.set(before);
  }
  return appointment.id;
}

/** A new patient booked with a new doctor tomorrow at 10:00 UTC (scheduled). */
export async function scheduledConsultation(t: TestContext) {
  const doctor = await bookableDoctor(t);
  const patient = await quickPatient(t);
  const response = await bookFor(t, patient, doctor, slotAt(1, 10));
  if (response.status !== 201) throw new Error(`booking failed: ${response.status} ${response.text}`);
  return { doctor, patient, appointmentId: (response.body as { id: string }).id };
}

/**
 * A booking awaiting payment: the patient books a doctor with a price (the time is held 15 minutes) and starts the
 * checkout. Returns the appointment id and the checkout's answer (the provider's page or form).
 */
export async function heldPayment(t: TestContext, patient: Person, doctor: Person, date: string) {
  const booked = await bookFor(t, patient, doctor, date);
  if (booked.status !== 201) throw new Error(`booking failed: ${booked.status} ${JSON.stringify(booked.body)}`);
  const appointmentId = (booked.body as { id: string }).id;
  const checkout = await call(t.app, 'POST', '/v1/payments/checkout', { token: patient.token, body: { appointment_id: appointmentId } });
  return { appointmentId, checkout };
}

/** Writes a message as `who` with a fresh client_message_id; the stored message (anything but a 201 throws). */
export async function sendMessage(t: TestContext, who: Person, body: Record<string, unknown>): Promise<Message> {
  const response = await call(t.app, 'POST', '/v1/messages', { token: who.token, body: { client_message_id: randomUUID(), ...body } });
  if (response.status !== 201) throw new Error(`message not stored: ${response.status} ${response.text}`);
  return response.body as Message;
}

/** In a support conversation: a patient writes to the operators, or, naming the patient, a member of staff to it. */
export const supportMessage = (t: TestContext, who: Person, text: string, patient?: Person) =>
  sendMessage(
    t,
    who,
    patient
      ? { message_text: text, message_recipientType: 'patient', message_patientId: patient.patientId }
      : { message_text: text, message_recipientType: 'operator' },
  );

/** A multipart/form-data body built by hand, as a browser sends it: the file in `field` (default `file`). */
export function multipartFile(content: Buffer, options: { field?: string; filename?: string; contentType?: string } = {}) {
  const boundary = `----rozmova${randomUUID()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${options.field ?? 'file'}"; filename="${options.filename ?? 'scan.pdf'}"\r\n` +
      `Content-Type: ${options.contentType ?? 'application/pdf'}\r\n\r\n`,
  );
  return {
    body: Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** Uploads a document as `who` (anonymous without); the status and the JSON answer. */
export async function uploadDocument(
  t: TestContext,
  who: SignedIn | undefined,
  content: Buffer,
  options: Parameters<typeof multipartFile>[1] = {},
) {
  const { body, contentType } = multipartFile(content, options);
  const response = await t.app.inject({
    method: 'POST',
    url: '/v1/user-references/create-my',
    headers: { 'content-type': contentType, ...(who ? { authorization: `Bearer ${who.token}` } : {}) },
    payload: body,
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read the JSON answer's fields directly
  return { status: response.statusCode, body: response.json() as any };
}

export { DAY, HOUR };

/**
 * Sets up a member of staff's authenticator through the account page's calls (setup, then its first code), as a
 * person does with the app; the clock's current step is used by that first code. The secret and the recovery codes.
 */
export async function enrolTwoFactor(t: TestContext, who: SignedIn): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await call(t.app, 'POST', twoFactorPaths.setup, { token: who.token, body: { code: null } });
  if (setup.status !== 200) throw new Error(`setup answered ${setup.status}: ${setup.text}`);
  const secret: string = setup.body.secret;
  const code = totpCode(secret, t.clock.now());
  const enabled = await call(t.app, 'POST', twoFactorPaths.enable, { token: who.token, body: { code } });
  if (enabled.status !== 200) throw new Error(`enable answered ${enabled.status}: ${enabled.text}`);
  return { secret, recoveryCodes: enabled.body.recovery_codes };
}

/**
 * A live second-step challenge for an account, written the way the two-factor module writes one (the password step's
 * answer): for walks that need one without signing in.
 */
export async function challengeFor(t: TestContext, userId: string, kind: 'code' | 'enrol'): Promise<string> {
  const challenge = newToken();
  const at = t.clock.now();
  await t.database.db
    .insert(twoFactorChallenges)
    .values({ userId, tokenHash: sha256(challenge), kind, createdAt: at, expiresAt: new Date(at.getTime() + 5 * 60_000) });
  return challenge;
}
