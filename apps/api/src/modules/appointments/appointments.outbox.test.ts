import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { buildApp } from '../../app.ts';
import { jobs } from '../../db/schema.ts';
import { notifications } from '../../db/schema-chat.ts';
import { createSmtpMailer } from '../../lib/mailer.ts';
import { call, createTestApp, fileTestApp, MINUTE, type TestApp, type TestContext } from '../../test/harness.ts';
import { NOTICE_JOB } from './appointments.announcements.ts';
import { BASE, bookableDoctor, bookFor, deliver, quickPatient, slotAt, type Person } from '../../test/factories.ts';

// Notifications of a change are jobs added in the change's transaction: the job queue is the outbox.

const t = await fileTestApp(BASE);

const inAppOf = (ctx: TestContext, userId: string) => ctx.database.db.select().from(notifications).where(eq(notifications.userId, userId));

/** Booked e-mails of both people, once the mail catcher has the expected count (none may follow: sending is awaited). */
async function bookedMails(ctx: TestContext, patient: Person, doctor: Person) {
  await ctx.mail.waitFor(patient.email, (m) => m.subject === 'Запис на онлайн-сесію');
  await ctx.mail.waitFor(doctor.email, (m) => m.subject === 'Новий запис');
  return { patient: ctx.mail.to(patient.email).length, doctor: ctx.mail.to(doctor.email).length };
}

describe('a crash after the commit', () => {
  test('the next instance on the same database delivers the booking’s notifications: one in-app and one e-mail each', async () => {
    const first = await createTestApp();
    let second: TestApp | undefined;
    try {
      first.clock.set(BASE);
      const doctor = await bookableDoctor(first);
      const patient = await quickPatient(first);
      // The process dies right after the commit: nothing it would do after it happens (and its worker is off).
      first.services.notifications.notify = async () => {
        throw new Error('the process is gone');
      };
      first.services.jobs.runSoon = () => undefined;
      expect((await bookFor(first, patient, doctor, slotAt(2, 10))).status).toBe(201);
      await first.app.close();
      expect(await inAppOf(first, doctor.userId)).toEqual([]);

      second = (await buildApp({
        config: first.config,
        database: first.database,
        clock: first.clock,
        mailer: createSmtpMailer(first.mail.url, first.config.mailFrom),
      })) as TestApp;
      await second.ready();
      while ((await second.services.jobs.runDue()) > 0);

      expect((await inAppOf(first, patient.userId)).map((n) => n.message)).toEqual([
        expect.stringContaining('Ви записалися на онлайн-сесію'),
      ]);
      expect((await inAppOf(first, doctor.userId)).map((n) => n.message)).toEqual([expect.stringContaining('Новий запис на онлайн-сесію')]);
      expect(await bookedMails(first, patient, doctor)).toEqual({ patient: 1, doctor: 1 });

      // Running the queue again delivers nothing more.
      expect(await second.services.jobs.runDue()).toBe(0);
      expect(await inAppOf(first, doctor.userId)).toHaveLength(1);
    } finally {
      await second?.close();
      await first.close();
    }
  });
});

describe('a notification job run twice', () => {
  test('a run repeated after a crash before its outcome was recorded adds no second in-app notification', async () => {
    const doctor = await bookableDoctor(t);
    const patient = await quickPatient(t);
    const booked = (await bookFor(t, patient, doctor, slotAt(2, 10))).body;
    await deliver(t);
    expect(await bookedMails(t, patient, doctor)).toEqual({ patient: 1, doctor: 1 });

    // The jobs ran but their end was never written: they are pending again once their lease is over.
    const notices = and(eq(jobs.kind, NOTICE_JOB), eq(jobs.status, 'done'), sql`${jobs.payload}->>'appointmentId' = ${booked.id}`);
    const done = await t.database.db.select().from(jobs).where(notices);
    expect(done.map((job) => (job.payload as { userId: string }).userId).sort()).toEqual([doctor.userId, patient.userId].sort());
    await t.database.db.update(jobs).set({ status: 'pending', lockedUntil: null }).where(notices);
    await deliver(t);

    expect(await inAppOf(t, patient.userId)).toHaveLength(1);
    expect(await inAppOf(t, doctor.userId)).toHaveLength(1);
    // The e-mail goes at least once: one already taken by the mail server cannot be taken back, so it goes again.
    await t.mail.waitFor(doctor.email, (m) => m.subject === 'Новий запис');
    expect(t.mail.to(doctor.email)).toHaveLength(2);
  });

  test('a mail server that refused makes the job retry: one in-app notification and one e-mail in the end', async () => {
    const doctor = await bookableDoctor(t);
    const patient = await quickPatient(t);
    const send = t.services.mailer.send;
    t.services.mailer.send = async () => {
      throw new Error('connect ECONNREFUSED');
    };
    try {
      expect((await bookFor(t, patient, doctor, slotAt(2, 11))).status).toBe(201);
      await deliver(t);
    } finally {
      t.services.mailer.send = send;
    }
    expect(await inAppOf(t, doctor.userId)).toHaveLength(1);
    expect(t.mail.to(doctor.email)).toEqual([]);

    t.clock.advance(MINUTE);
    await deliver(t);
    expect(await inAppOf(t, doctor.userId)).toHaveLength(1);
    expect(await inAppOf(t, patient.userId)).toHaveLength(1);
    expect(await bookedMails(t, patient, doctor)).toEqual({ patient: 1, doctor: 1 });
  });

  test('a cancellation and a move are delivered through the queue too', async () => {
    const doctor = await bookableDoctor(t);
    const patient = await quickPatient(t);
    const booked = (await bookFor(t, patient, doctor, slotAt(2, 12))).body;
    const moved = await call(t.app, 'PUT', `/v1/appointments/${booked.id}`, {
      token: patient.token,
      body: { appointment_date: slotAt(2, 13) },
    });
    expect(moved.status).toBe(200);
    await call(t.app, 'PUT', `/v1/appointments/${booked.id}`, { token: patient.token, body: { appointment_status: 'canceled' } });
    const pending = await t.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, NOTICE_JOB), eq(jobs.status, 'pending')));
    expect(pending).toHaveLength(6);
    await deliver(t);
    const texts = (await inAppOf(t, doctor.userId)).map((n) => n.message);
    expect(texts).toHaveLength(3);
    expect(texts).toEqual(
      expect.arrayContaining([
        expect.stringContaining('Новий запис'),
        expect.stringContaining('перенесено'),
        expect.stringContaining('відмінено'),
      ]),
    );
  });
});
