import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { expect } from 'vitest';
import { submittedApplicant } from './factories.ts';
import { call, PASSWORD, uniqueEmail, type SignedIn, type TestContext } from './harness.ts';
import { templates } from './walk-templates.ts';

/** The people and things the authorization walk's requests are about, made with the walk's own test app. */
export function walkFixtures(t: TestContext) {
  async function registerCode(email: string): Promise<string> {
    expect((await call(t.app, 'POST', '/v1/verification-codes/register/send-code', { body: { email } })).status).toBe(204);
    return t.mail.codeFor(email);
  }

  /** The owner's patient record and card ids. */
  async function idsOf(owner: SignedIn): Promise<{ patientId: string; cardId: string }> {
    const account = await t.services.accounts.getAccount(owner.userId);
    return { patientId: account.patientId!, cardId: account.cardId! };
  }

  const newQuestionId = async () => (await t.services.quiz.create(templates['POST /v1/quizz'] as never)).id;

  /** A new doctor account (with its empty profile), not the caller. */
  async function doctorOfWalk(): Promise<string> {
    return (
      await t.services.accounts.createAccount({
        email: uniqueEmail('walk-doctor'),
        userName: 'Walk Doctor',
        role: 'doctor',
        emailVerified: true,
      })
    ).id;
  }

  /** Makes a doctor bookable every day at every whole hour (Kyiv), with a price in kopiyky. */
  async function makeBookable(id: string, price: number): Promise<string> {
    const account = await t.services.accounts.getAccount(id);
    await t.services.doctors.update(account, id, {
      price,
      specialisations: ['psychologist'],
      weekly_hours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '24:00' })),
      published: true,
    });
    return id;
  }

  const bookableDoctorOfWalk = async (price: number) => makeBookable(await doctorOfWalk(), price);

  /** A new operator account, not the caller. */
  async function operatorOfWalk(): Promise<string> {
    const user = await t.services.accounts.createAccount({
      email: uniqueEmail('walk-operator'),
      userName: 'Walk Operator',
      role: 'operator',
      emailVerified: true,
    });
    return user.id;
  }

  /** A canned reply of the caller when it may keep them (operators, admins), else of another operator. */
  async function cannedReplyOf(actor: SignedIn | undefined): Promise<string> {
    const role = actor && (await t.services.accounts.getAccount(actor.userId)).user.role;
    const keeper = actor && (role === 'operator' || role === 'admin') ? actor.userId : await operatorOfWalk();
    return (await t.services.support.cannedReplies.create(keeper, { title: 'Walk', text: 'Walk' })).id;
  }

  /** A whole hour a day from now (past the 2-hour notice, far from the meeting window). */
  const walkSlot = () =>
    new Date(Math.ceil(t.clock.now().getTime() / 3_600_000) * 3_600_000 + 24 * 3_600_000).toISOString().replace('.000Z', 'Z');

  /** The owner's appointment with a walk doctor (price 0: free; else held awaiting payment). */
  async function appointmentOf(owner: SignedIn, price = 0) {
    const account = await t.services.accounts.getAccount(owner.userId);
    const body = {
      appointment_doctorId: await bookableDoctorOfWalk(price),
      appointment_patientId: account.patientId!,
      appointment_date: walkSlot(),
    };
    return (await t.services.appointments.create(account, body)).appointment;
  }

  /** The sandbox checkout page of the owner's held appointment: its payment id and the signed Pay form. */
  async function sandboxFormsOf(owner: SignedIn): Promise<{ paymentId: string; pay: { data: string; signature: string } }> {
    const account = await t.services.accounts.getAccount(owner.userId);
    const checkout = await t.services.payments.startCheckout(account, (await appointmentOf(owner, 50_000)).id);
    const page = await call(t.app, 'GET', checkout.checkout.url);
    const [, data, signature] = /name="data" value="([^"]+)">\s*<input type="hidden" name="signature" value="([^"]+)"/.exec(page.text)!;
    return { paymentId: checkout.payment_id, pay: { data: data!, signature: signature! } };
  }

  const WALK_PDF = Buffer.from('%PDF-1.7\n% a document of the authorization walk\n%%EOF\n');

  /** A document of the owner, stored through the documents service. */
  async function documentOf(owner: SignedIn): Promise<string> {
    const account = await t.services.accounts.getAccount(owner.userId);
    return (await t.services.documents.upload(account, Readable.from([WALK_PDF]))).id;
  }

  /** The owner's unpublished quiz feedback. */
  /** A notification of the owner. */
  async function notificationOf(owner: SignedIn): Promise<string> {
    const account = await t.services.accounts.getAccount(owner.userId);
    return (await t.services.notifications.create(account, { notification_message: 'Walk', users_user_id: owner.userId })).id;
  }

  async function feedbackOf(owner: SignedIn): Promise<string> {
    const account = await t.services.accounts.getAccount(owner.userId);
    return (await t.services.feedback.create(account, { type: 'quiz', feedback_rating: 4, feedback_comment: 'Walk' })).id;
  }

  /** A submitted specialist application, waiting for an admin. */
  const applicationOfWalk = async () => (await t.services.specialists.mine((await submittedApplicant(t)).userId)).id;

  /** A published FAQ topic, and a published question in one (the walk's own, made through the FAQ service). */
  const faqTopicOfWalk = async () =>
    (await t.services.faq.createTopic({ title: { uk: 'Тема', en: 'Topic' }, position: 0, isPublished: true })).id;
  const faqQuestionOfWalk = async () =>
    (
      await t.services.faq.createQuestion({
        topicId: await faqTopicOfWalk(),
        question: { uk: 'Питання', en: 'Question' },
        answer: { uk: 'Відповідь', en: 'Answer' },
        position: 0,
        isPublished: true,
      })
    ).id;

  /** The owner's support request, from an address of its own (the walk is not the per-address limit's test). */
  async function deskRequestOf(owner: SignedIn, withAttachment = false): Promise<string> {
    const account = await t.services.accounts.getAccount(owner.userId);
    const attachment = withAttachment ? await t.services.supportDesk.storeAttachment(Readable.from([WALK_PDF])) : undefined;
    return (await t.services.supportDesk.create(account, { topic: 'other', message: 'Walk' }, `walk-${randomUUID()}`, attachment)).id;
  }

  /** The session a landing-page booking hands out: its own passwordless account, the e-mail not proved yet. */
  async function landingSession(): Promise<SignedIn> {
    const email = uniqueEmail('walk-landing');
    const booked = await call(t.app, 'POST', '/v1/appointments/from-landing', {
      body: {
        appointmentDto: { appointment_doctorId: await bookableDoctorOfWalk(0), appointment_date: walkSlot() },
        email,
        user_name: 'Walk Booker',
        accept_terms: true,
      },
    });
    expect(booked.status, booked.text).toBe(201);
    const user = await t.services.accounts.findByEmail(email);
    return { token: booked.body.token, email, password: '', userId: user!.id };
  }

  /** A landing session whose e-mail's owner has signed up since (with the code): a session from before the claim. */
  async function sessionFromBeforeClaim(): Promise<SignedIn> {
    const landing = await landingSession();
    const body = { email: landing.email, code: await registerCode(landing.email), password: PASSWORD, user_name: 'Walk Owner' };
    expect((await call(t.app, 'POST', '/v1/auth/register-patient', { body })).status).toBe(201);
    return landing;
  }

  /** A valid request per route, so the answer reflects who is asking and nothing else. */
  return {
    landingSession,
    sessionFromBeforeClaim,
    registerCode,
    idsOf,
    newQuestionId,
    doctorOfWalk,
    makeBookable,
    bookableDoctorOfWalk,
    operatorOfWalk,
    cannedReplyOf,
    walkSlot,
    appointmentOf,
    sandboxFormsOf,
    WALK_PDF,
    documentOf,
    notificationOf,
    feedbackOf,
    applicationOfWalk,
    faqTopicOfWalk,
    faqQuestionOfWalk,
    deskRequestOf,
  };
}
