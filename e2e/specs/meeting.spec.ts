import type { BrowserContext, Page } from '@playwright/test';
import type { Feedback, FeedbackList } from '@rozmova/contracts';
import { apiLogin, createDoctor, createUser, expectNoSidewaysScroll, profileOf, signInBrowser } from '../support/booking.ts';
import { expect, expectAccessible, uniqueEmail, watchContentSecurityPolicy } from '../support/fixtures.ts';
import { withEachInstanceDown } from '../support/failover.ts';
import { bookUrgent, expectVideoFlowing, expectVideoPlaying, inboundVideo, meetingTest as test } from '../support/meeting.ts';
import { armNetworkEmulation, dropNetwork, restoreNetwork } from '../support/network-drop.ts';
import { dialog } from '../support/ui.ts';

/*
 * The video consultation from both sides (issue "Video consultations: the meeting room /meet/{roomId}"): an operator
 * books an urgent consultation (through the API), the patient checks its devices and waits, the doctor sees it
 * waiting and joins, video flows both ways (read from the peer connection's getStats), the chat works both ways, the
 * patient's network drops for 10 s and the call comes back by itself, a reload rejoins the same call, strangers see
 * nothing, and the doctor completes the consultation, which the patient then rates.
 */

const TIME_ZONE = 'Europe/Kyiv';
test.use({ timezoneId: TIME_ZONE });

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
/** HH:mm of an instant in the browsers' time zone, as a person reads it. */
const hhmm = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));
const room = (page: Page) => page.getByTestId('meeting-room');

test('a patient and a doctor hold a video consultation: waiting, video, chat, a dropped network, a reload, completion and a rating', async ({
  page: patientPage,
  browser,
  request,
  server,
  baseURL,
}) => {
  // About 40 s on an idle machine (10 s of it the dropped network); the margin is for a loaded one.
  test.setTimeout(240_000);
  const adminToken = await apiLogin(request, server.admin.email, server.admin.password);
  const operator = await createUser(request, adminToken, { email: uniqueEmail('operator'), name: 'Oksana Operator', role: 'operator' });
  const doctor = await createDoctor(request, adminToken, { email: uniqueEmail('doctor'), name: 'Dr Iryna Melnyk' });
  const patient = await createUser(request, adminToken, { email: uniqueEmail('patient'), name: 'Taras Bondar', role: 'patient' });
  const patientToken = await apiLogin(request, patient.email, patient.password);
  const patientId = (await profileOf(request, patientToken)).role_specific_data.patient!.patientId;

  // The patient uses the test's own page; everyone else gets a context of its own, watched for CSP violations too.
  const contexts: { context: BrowserContext; checkCsp: () => void }[] = [];
  const newContext = async (token?: string) => {
    const context = await browser.newContext({ baseURL, timezoneId: TIME_ZONE });
    contexts.push({ context, checkCsp: watchContentSecurityPolicy(context) });
    if (token) await signInBrowser(context, server, token);
    return context;
  };
  const doctorContext = await newContext(await apiLogin(request, doctor.email, doctor.password));
  const doctorPage = await doctorContext.newPage();
  await signInBrowser(patientPage.context(), server, patientToken);

  await test.step('the doctor has its console open; an operator books an urgent consultation for now', async () => {
    await doctorPage.goto('/doctor');
    await expect(doctorPage.getByRole('heading', { level: 1, name: 'Doctor console', exact: true })).toBeVisible();
  });
  const appointment = await bookUrgent(request, await apiLogin(request, operator.email, operator.password), doctor.id, patientId);
  expect(appointment.appointment_urgent).toBe(true);
  const roomPath = `/meet/${appointment.appointment_roomId}`;
  const startsAt = hhmm(appointment.appointment_date);

  // DevTools' network emulation reaches WebRTC only when armed before the page makes its peer connections.
  const patientNetwork = await armNetworkEmulation(patientPage);

  await test.step('the patient opens the room and checks the camera, the microphone and the connection', async () => {
    await patientPage.goto(roomPath);
    await expect(patientPage.getByRole('heading', { level: 1, name: `Consultation with ${doctor.name}`, exact: true })).toBeVisible();
    await expect(patientPage.getByText(`Your consultation starts at ${startsAt}.`, { exact: true })).toBeVisible();
    await expect(patientPage.getByLabel('Your camera', { exact: true })).toBeVisible();
    await expect
      .poll(() => patientPage.getByTestId('preview-video').evaluate((video: HTMLVideoElement) => !video.paused && video.videoWidth > 0))
      .toBe(true);
    // The fake microphone plays syllable-like tones (support/meeting.ts), so the level meter hears it.
    await expect(patientPage.getByText('We can hear you.', { exact: true })).toBeVisible();
    await expect(patientPage.getByText('Checking your connection…', { exact: true })).toHaveCount(0);
    await expect(room(patientPage)).toHaveAttribute('data-call-state', 'prejoin');
    await expectAccessible(patientPage);
  });

  // A live notice (Mantine's Alert, role alert) named by its title.
  const waitingCard = doctorPage.getByRole('alert', { name: 'Patients waiting', exact: true });
  await test.step('the patient joins and waits; the doctor sees it waiting, with its device check, within a second', async () => {
    await patientPage.getByRole('button', { name: 'Join the consultation', exact: true }).click();
    await expect(room(patientPage)).toHaveAttribute('data-call-state', 'waiting');
    await expect(waitingCard).toContainText(`${patient.name} is waiting in the room since`, { timeout: 1_000 });
    await expect(waitingCard).toContainText('Device check: camera works · microphone works', { timeout: 1_000 });
    await expect(waitingCard).toContainText('joins with video');

    await expect(patientPage.getByText('You are in the waiting room', { exact: true })).toBeVisible();
    await expect(patientPage.getByText(`The consultation starts at ${startsAt}.`, { exact: true })).toBeVisible();
    await expect(patientPage.getByText('The doctor has not joined yet.', { exact: true })).toBeVisible();
    await expect(patientPage.getByText('Waiting for the doctor', { exact: true })).toBeVisible();
    await expectVideoPlaying(patientPage, 'local-video');
    await expectAccessible(patientPage);
    await expectAccessible(doctorPage);
  });

  await test.step('while the patient waits, another patient gets "not yours" and a visitor the sign-in dialog; neither sees the room', async () => {
    const stranger = await createUser(request, adminToken, { email: uniqueEmail('stranger'), name: 'Petro Stranger', role: 'patient' });
    const strangerToken = await apiLogin(request, stranger.email, stranger.password);
    const byRoom = await request.get(`/v1/appointments/byroomid/${appointment.appointment_roomId}`, { headers: bearer(strangerToken) });
    expect(byRoom.status()).toBe(404);

    const strangerPage = await (await newContext(strangerToken)).newPage();
    await strangerPage.goto(roomPath);
    await expect(
      strangerPage.getByRole('heading', { level: 1, name: 'This consultation is not in your account', exact: true }),
    ).toBeVisible();
    await expect(strangerPage.getByRole('link', { name: 'Go to my account', exact: true })).toBeVisible();
    await expect(strangerPage.locator('video')).toHaveCount(0);
    await expect(strangerPage.getByText(doctor.name)).toHaveCount(0);
    await expectAccessible(strangerPage);

    const visitorPage = await (await newContext()).newPage();
    await visitorPage.goto(roomPath);
    const login = dialog(visitorPage, 'Log in');
    await expect(login).toBeVisible();
    await expect(visitorPage).toHaveURL(`${roomPath}?auth=login`);
    await expect(visitorPage.getByRole('heading', { level: 1, name: 'Sign in to join your consultation', exact: true })).toBeVisible();
    await expect(visitorPage.locator('video')).toHaveCount(0);
    await expect(visitorPage.getByText(doctor.name)).toHaveCount(0);
    await expectAccessible(visitorPage);
  });

  await test.step("the doctor joins from the console; each side decodes the other one's video", async () => {
    await waitingCard.getByRole('button', { name: `Join ${patient.name} in the room`, exact: true }).click();
    await expect(doctorPage).toHaveURL(roomPath);
    await doctorPage.getByRole('button', { name: 'Join the consultation', exact: true }).click();
    for (const [page, other] of [
      [patientPage, doctor.name],
      [doctorPage, patient.name],
    ] as const) {
      await expect(room(page)).toHaveAttribute('data-call-state', 'connected', { timeout: 15_000 });
      await expect(page.getByText(`Connected with ${other}`, { exact: true })).toBeVisible();
      await expectVideoPlaying(page, 'remote-video');
      await expectVideoPlaying(page, 'local-video');
      await expectVideoFlowing(page);
    }
    await expect(doctorPage.getByTestId('remote-video')).toHaveCount(1);
    await expectAccessible(patientPage);
    await expectAccessible(doctorPage);
  });

  await test.step('the chat works both ways during the call', async () => {
    await patientPage.getByRole('button', { name: 'Chat', exact: true }).click();
    const patientChat = dialog(patientPage, `Chat with ${doctor.name}`);
    await patientChat.getByRole('textbox', { name: 'Message', exact: true }).fill('Can you hear me well?');
    await patientChat.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(patientChat.getByRole('log', { name: 'Messages' })).toContainText('Can you hear me well?');

    await doctorPage.getByRole('button', { name: 'Chat, unread messages: 1', exact: true }).click();
    const doctorChat = dialog(doctorPage, `Chat with ${patient.name}`);
    await expect(doctorChat.getByRole('log', { name: 'Messages' })).toContainText('Can you hear me well?');
    await doctorChat
      .getByRole('textbox', { name: 'Message', exact: true })
      .fill('Yes, clearly. Here is the link: https://example.org/sleep');
    await doctorChat.getByRole('textbox', { name: 'Message', exact: true }).press('Enter');
    await expect(patientChat.getByRole('log', { name: 'Messages' })).toContainText(
      'Yes, clearly. Here is the link: https://example.org/sleep',
    );
    await expectAccessible(patientPage);
    await patientPage.keyboard.press('Escape');
    await doctorPage.keyboard.press('Escape');
    await expect(patientChat).toBeHidden();
    await expect(doctorChat).toBeHidden();
  });

  await test.step("the patient's network drops for 10 s: media stops, then comes back without a click", async () => {
    const droppedAt = Date.now();
    await dropNetwork(patientNetwork);
    // Media really stopped: the doctor's decoded frames stay the same for 2 s in a row.
    let still = { ...(await inboundVideo(doctorPage)), since: Date.now() };
    await expect(async () => {
      const now = await inboundVideo(doctorPage);
      if (now.peer !== still.peer || now.framesDecoded !== still.framesDecoded) still = { ...now, since: Date.now() };
      expect(Date.now() - still.since, 'no new frames on the doctor side').toBeGreaterThanOrEqual(2_000);
    }).toPass({ timeout: 8_000, intervals: [250] });
    // The doctor sees "reconnecting…" well before the browser calls the connection disconnected, never a frozen picture.
    await expect(room(doctorPage)).toHaveAttribute('data-call-state', 'reconnecting', { timeout: 5_000 });
    // Holding the network down for the whole 10 s is the scenario itself, not a wait for an event.
    await patientPage.waitForTimeout(Math.max(0, droppedAt + 10_000 - Date.now()));
    await restoreNetwork(patientNetwork);

    for (const page of [doctorPage, patientPage]) {
      await expect(room(page)).toHaveAttribute('data-call-state', 'connected', { timeout: 15_000 });
    }
    await expectVideoFlowing(doctorPage, 15_000, 'the doctor decodes the patient again');
    await expectVideoFlowing(patientPage, 15_000, 'the patient decodes the doctor again');
  });

  await test.step('a reload of the patient page rejoins the same call; the doctor still sees one person', async () => {
    const before = await inboundVideo(doctorPage);
    await patientPage.reload();
    await expect(room(patientPage)).toHaveAttribute('data-call-state', 'connected', { timeout: 20_000 });
    await expect(room(doctorPage)).toHaveAttribute('data-call-state', 'connected', { timeout: 20_000 });
    await expectVideoFlowing(patientPage);
    await expectVideoFlowing(doctorPage);
    // The doctor's side replaced its connection with the new one, and shows the patient once.
    expect((await inboundVideo(doctorPage)).peer).not.toBe(before.peer);
    await expect(doctorPage.getByTestId('remote-video')).toHaveCount(1);
    await expect(doctorPage.getByText(`Connected with ${patient.name}`, { exact: true })).toBeVisible();
  });

  await test.step('with each instance killed in turn, a reload of the patient page still rejoins through the other', () =>
    withEachInstanceDown(server, async () => {
      await patientPage.reload();
      for (const page of [patientPage, doctorPage]) {
        await expect(room(page)).toHaveAttribute('data-call-state', 'connected', { timeout: 20_000 });
        await expectVideoFlowing(page);
      }
      await expect(doctorPage.getByTestId('remote-video')).toHaveCount(1);
    }));

  await test.step('on a 360 px phone the patient room fits and stays accessible', async () => {
    await patientPage.setViewportSize({ width: 360, height: 740 });
    await expectVideoPlaying(patientPage, 'remote-video');
    await expect(patientPage.getByRole('button', { name: 'Leave', exact: true })).toBeInViewport();
    await expectNoSidewaysScroll(patientPage);
    await expectAccessible(patientPage);
    await patientPage.setViewportSize({ width: 1280, height: 800 });
  });

  const advice = 'Keep a sleep diary for two weeks and go to bed at the same time.';
  await test.step('the doctor completes the consultation from the room with a note and advice', async () => {
    await doctorPage.getByRole('button', { name: 'Leave or end', exact: true }).click();
    const close = dialog(doctorPage, 'Leave or end the consultation');
    await close.getByRole('button', { name: 'End the consultation', exact: true }).click();
    const complete = dialog(doctorPage, 'Complete the consultation');
    await complete
      .getByRole('textbox', { name: 'Note', exact: true })
      .fill('Insomnia for three months; no risk signs. Follow-up in two weeks.');
    await complete.getByRole('textbox', { name: 'Advice for the patient (optional)', exact: true }).fill(advice);
    await expectAccessible(doctorPage);
    await complete.getByRole('button', { name: 'Complete', exact: true }).click();
    await expect(doctorPage.getByRole('heading', { level: 1, name: 'This consultation is over', exact: true })).toBeVisible();
    await expect(room(doctorPage)).toHaveAttribute('data-call-state', 'ended');
  });

  await test.step('the patient room turns into the feedback form; the patient rates 5 with a comment', async () => {
    const feedback = dialog(patientPage, `How was your consultation with ${doctor.name}?`);
    await expect(feedback).toBeVisible();
    await expect(room(patientPage)).toHaveAttribute('data-call-state', 'ended');
    await expect(patientPage.getByRole('heading', { level: 1, name: 'This consultation is over', exact: true })).toBeVisible();
    await expect(patientPage.getByRole('region', { name: `Advice from ${doctor.name}` })).toContainText(advice);
    await expect(patientPage.locator('video')).toHaveCount(0);
    await expectAccessible(patientPage);
    // The stars are radio buttons drawn by their labels (the inputs themselves are visually hidden): a click on the fifth star.
    const fifth = feedback.getByRole('radio', { name: '5 of 5', exact: true });
    await feedback.locator(`label[for="${await fifth.getAttribute('id')}"]`).click();
    await expect(fifth).toBeChecked();
    await feedback.getByRole('textbox', { name: 'Comment (optional)', exact: true }).fill('Calm and attentive, thank you.');
    await feedback.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(feedback.getByText('Thank you for your feedback', { exact: true })).toBeVisible();
    await expect(feedback).toContainText('It is published after moderation.');

    const response = await request.get(`/v1/feedback/user/${patient.id}`, {
      headers: bearer(patientToken),
      params: { type: 'doctor' },
    });
    expect(response.status(), await response.text()).toBe(200);
    const reviews = ((await response.json()) as FeedbackList).feedback as Feedback[];
    expect(reviews.map((r) => [r.appointment_id, r.doctor_id, r.feedback_rating, r.feedback_comment, r.is_published])).toEqual([
      [appointment.id, doctor.id, 5, 'Calm and attentive, thank you.', false],
    ]);
  });

  for (const { context, checkCsp } of contexts) {
    await context.close();
    checkCsp();
  }
});
