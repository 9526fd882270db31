import type { Page } from '@playwright/test';
import { apiLogin, createDoctor, createUser, expectNoSidewaysScroll, profileOf, signInBrowser } from '../support/booking.ts';
import { expect, expectAccessible, uniqueEmail, watchContentSecurityPolicy } from '../support/fixtures.ts';
import { bookUrgent, expectVideoPlaying, meetingTest as test } from '../support/meeting.ts';
import { chooseLanguage, dialog } from '../support/ui.ts';

/*
 * The call on a phone (issue "The video room on a phone"): the patient on a 360 px Android phone (touch, a mobile
 * user agent), the doctor on a 1280 px desktop. On the phone the call fills the screen without the site header, the
 * controls are one row (mute, camera, chat, More, leave), no screen sharing is offered, and the chat is a panel over
 * the lower part of the video that leaves the picture undimmed and mute and leave clickable. On the desktop the chat
 * sits beside the video and screen sharing is offered. Both languages, light and dark, axe with the chat open.
 */

const PHONE_AGENT = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36';
test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, userAgent: PHONE_AGENT });

const room = (page: Page) => page.getByTestId('meeting-room');
const controls = (page: Page) => page.getByRole('group', { name: /^(Call controls|Керування дзвінком)$/ });
const box = async (page: Page, testId: string) => {
  const found = await page.getByTestId(testId).boundingBox();
  expect(found, testId).not.toBeNull();
  return found!;
};

/** Every control in one row (the same top within 4 px), inside the window, and nothing scrolls sideways. */
async function expectOneRowOfControls(page: Page, names: string[]) {
  const bar = controls(page);
  for (const name of names) await expect(bar.getByRole('button', { name, exact: true })).toBeVisible();
  const width = page.viewportSize()!.width;
  const boxes = await bar.getByRole('button').evaluateAll((buttons) =>
    buttons.map((button) => {
      const rect = button.getBoundingClientRect();
      return { name: button.getAttribute('aria-label') ?? button.textContent, top: rect.top, left: rect.left, right: rect.right };
    }),
  );
  expect(boxes.length).toBe(names.length);
  const tops = boxes.map((b) => b.top);
  expect(Math.max(...tops) - Math.min(...tops), `one row: ${JSON.stringify(boxes)}`).toBeLessThanOrEqual(4);
  for (const b of boxes) {
    expect(b.left, `${b.name} inside the window`).toBeGreaterThanOrEqual(0);
    expect(b.right, `${b.name} inside the window`).toBeLessThanOrEqual(width);
  }
  await expectNoSidewaysScroll(page);
}

/** The outgoing audio track is sent (unmuted) or not: what the other side hears. */
const sendsSound = (page: Page) =>
  page.evaluate(() => window.__rozmovaPeer?.getSenders().find((sender) => sender.track?.kind === 'audio')?.track?.enabled ?? false);

/** What a tap on the upper middle of the other person's video reaches: the video itself, nothing laid over it. */
const upperVideoIsUncovered = (page: Page) =>
  page.getByTestId('remote-video').evaluate((video) => {
    const rect = video.getBoundingClientRect();
    return document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height * 0.25) === video;
  });

test('on a phone the call fills the screen with one row of controls and a chat panel that keeps mute and leave reachable; on a desktop the chat sits beside the video', async ({
  page: patientPage,
  browser,
  request,
  server,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const adminToken = await apiLogin(request, server.admin.email, server.admin.password);
  const operator = await createUser(request, adminToken, { email: uniqueEmail('operator'), name: 'Phone Operator', role: 'operator' });
  const doctor = await createDoctor(request, adminToken, { email: uniqueEmail('doctor'), name: 'Dr Olena Shevchuk' });
  const patient = await createUser(request, adminToken, { email: uniqueEmail('patient'), name: 'Mariia Phone', role: 'patient' });
  const patientToken = await apiLogin(request, patient.email, patient.password);
  const patientId = (await profileOf(request, patientToken)).role_specific_data.patient!.patientId;
  const appointment = await bookUrgent(request, await apiLogin(request, operator.email, operator.password), doctor.id, patientId);
  const roomPath = `/meet/${appointment.appointment_roomId}`;

  // The doctor on a desktop: its own context, without the phone's settings of this file.
  const doctorContext = await browser.newContext({
    baseURL,
    viewport: { width: 1280, height: 800 },
    isMobile: false,
    hasTouch: false,
    userAgent: undefined,
  });
  const cspOfDoctor = watchContentSecurityPolicy(doctorContext);
  await signInBrowser(doctorContext, server, await apiLogin(request, doctor.email, doctor.password));
  await signInBrowser(patientPage.context(), server, patientToken);
  const doctorPage = await doctorContext.newPage();

  await test.step('the device check keeps the site header; both join and the call connects', async () => {
    await patientPage.goto(roomPath);
    await expect(room(patientPage)).toHaveAttribute('data-call-state', 'prejoin');
    await expect(patientPage.getByRole('banner')).toBeVisible();
    await patientPage.getByRole('button', { name: 'Join the consultation', exact: true }).click();
    await doctorPage.goto(roomPath);
    await doctorPage.getByRole('button', { name: 'Join the consultation', exact: true }).click();
    for (const page of [patientPage, doctorPage]) {
      await expect(room(page)).toHaveAttribute('data-call-state', 'connected', { timeout: 20_000 });
      await expectVideoPlaying(page, 'remote-video');
    }
  });

  await test.step('on the phone the call fills the screen: no site header, most of it video, one row of controls', async () => {
    await expect(patientPage.getByRole('banner')).toBeHidden();
    const video = await box(patientPage, 'remote-video');
    expect(video.width).toBeGreaterThanOrEqual(355);
    expect(video.width * video.height, 'the video takes most of the screen').toBeGreaterThanOrEqual(0.7 * 360 * 740);
    await expectOneRowOfControls(patientPage, ['Mute', 'Camera off', 'Chat', 'More', 'Leave']);
    await expect(patientPage.getByRole('button', { name: 'Leave', exact: true })).toBeInViewport({ ratio: 1 });
  });

  await test.step('the More menu holds the rest, without screen sharing on a phone; Escape returns to its button', async () => {
    const more = controls(patientPage).getByRole('button', { name: 'More', exact: true });
    await more.click();
    const menu = patientPage.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: 'Devices', exact: true })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Report a problem', exact: true })).toBeVisible();
    await expect(patientPage.getByRole('menuitem', { name: 'Share screen', exact: true })).toHaveCount(0);
    await expect(patientPage.getByRole('button', { name: 'Share screen', exact: true })).toHaveCount(0);
    await patientPage.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(more).toBeFocused();
  });

  const patientChat = dialog(patientPage, `Chat with ${doctor.name}`);
  await test.step('the chat opens as a panel over the lower part of the video: nothing dims the picture', async () => {
    await controls(patientPage).getByRole('button', { name: 'Chat', exact: true }).click();
    await expect(patientChat).toBeVisible();
    await expect(patientPage.locator('[aria-modal="true"]')).toHaveCount(0);
    expect(await upperVideoIsUncovered(patientPage), 'the upper video is not covered').toBe(true);
    const video = await box(patientPage, 'remote-video');
    const panel = (await patientChat.boundingBox())!;
    const bar = (await controls(patientPage).boundingBox())!;
    expect(panel.y, 'the panel covers only the lower part of the video').toBeGreaterThanOrEqual(video.y + video.height * 0.3);
    expect(panel.y + panel.height, 'the panel ends above the controls').toBeLessThanOrEqual(bar.y + 1);
    const send = (await patientChat.getByRole('button', { name: 'Send', exact: true }).boundingBox())!;
    expect(send.y + send.height, 'the panel holds all of its composer').toBeLessThanOrEqual(panel.y + panel.height);
    await expectOneRowOfControls(patientPage, ['Mute', 'Camera off', 'Chat', 'More', 'Leave']);
  });

  await test.step('with the chat open, mute and leave are clickable', async () => {
    expect(await sendsSound(patientPage)).toBe(true);
    await controls(patientPage).getByRole('button', { name: 'Mute', exact: true }).click();
    await expect(controls(patientPage).getByRole('button', { name: 'Unmute', exact: true })).toBeVisible();
    expect(await sendsSound(patientPage), 'muted: no sound goes out').toBe(false);
    await controls(patientPage).getByRole('button', { name: 'Unmute', exact: true }).click();
    await expect(controls(patientPage).getByRole('button', { name: 'Mute', exact: true })).toBeVisible();
    expect(await sendsSound(patientPage)).toBe(true);

    await controls(patientPage).getByRole('button', { name: 'Leave', exact: true }).click();
    const leave = dialog(patientPage, 'Leave the consultation?');
    await expect(leave).toBeVisible();
    await leave.getByRole('button', { name: 'Stay', exact: true }).click();
    await expect(leave).toBeHidden();
    await expect(room(patientPage)).toHaveAttribute('data-call-state', 'connected');
    await expect(patientChat).toBeVisible();
  });

  await test.step('the patient writes from the panel; it passes axe in light and dark; Escape closes it', async () => {
    const message = patientChat.getByRole('textbox', { name: 'Message', exact: true });
    await message.fill('I can see you, doctor.');
    await patientChat.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(patientChat.getByRole('log', { name: 'Messages' })).toContainText('I can see you, doctor.');
    await expectAccessible(patientPage);
    await patientPage.emulateMedia({ colorScheme: 'dark' });
    await expect(patientPage.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expectAccessible(patientPage);
    await patientPage.emulateMedia({ colorScheme: 'light' });

    await message.focus();
    await patientPage.keyboard.press('Escape');
    await expect(patientChat).toBeHidden();
    await expect(controls(patientPage).getByRole('button', { name: 'Chat', exact: true })).toBeFocused();
  });

  await test.step('on the desktop the chat sits beside the video, and screen sharing is offered', async () => {
    await expectOneRowOfControls(doctorPage, ['Mute', 'Camera off', 'Chat, unread messages: 1', 'More', 'Leave or end']);
    await controls(doctorPage).getByRole('button', { name: 'Chat, unread messages: 1', exact: true }).click();
    const doctorChat = dialog(doctorPage, `Chat with ${patient.name}`);
    await expect(doctorChat.getByRole('log', { name: 'Messages' })).toContainText('I can see you, doctor.');
    const video = await box(doctorPage, 'remote-video');
    const panel = (await doctorChat.boundingBox())!;
    expect(panel.x, 'the panel is beside the video').toBeGreaterThanOrEqual(video.x + video.width - 1);
    expect(video.width, 'the video keeps most of the width').toBeGreaterThanOrEqual(1280 * 0.6);
    expect(await upperVideoIsUncovered(doctorPage)).toBe(true);
    await expectAccessible(doctorPage);

    const more = controls(doctorPage).getByRole('button', { name: 'More', exact: true });
    await more.click();
    await expect(doctorPage.getByRole('menuitem', { name: 'Share screen', exact: true })).toBeVisible();
    await doctorPage.keyboard.press('Escape');
    await expect(more).toBeFocused();
  });

  await test.step('in Ukrainian, light and dark, the phone call is the same and passes axe with the chat open', async () => {
    await chooseLanguage(patientPage, 'uk');
    await patientPage.reload();
    await expect(room(patientPage)).toHaveAttribute('data-call-state', 'connected', { timeout: 20_000 });
    await expect(patientPage.getByRole('banner')).toBeHidden();
    await expectOneRowOfControls(patientPage, ['Вимкнути мікрофон', 'Вимкнути камеру', 'Чат', 'Більше', 'Вийти']);
    await controls(patientPage).getByRole('button', { name: 'Чат', exact: true }).click();
    const chat = dialog(patientPage, `Чат: ${doctor.name}`);
    await expect(chat.getByRole('log')).toContainText('I can see you, doctor.');
    await expect(chat.getByRole('button', { name: 'Закрити чат', exact: true })).toBeVisible();
    await expect(controls(patientPage).getByRole('button', { name: 'Вийти', exact: true })).toBeInViewport({ ratio: 1 });
    await expectAccessible(patientPage);
    await patientPage.emulateMedia({ colorScheme: 'dark' });
    await expect(patientPage.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expectAccessible(patientPage);
    await chat.getByRole('button', { name: 'Закрити чат', exact: true }).click();
    await expect(chat).toBeHidden();
    await expect(controls(patientPage).getByRole('button', { name: 'Чат', exact: true })).toBeFocused();
  });

  await doctorContext.close();
  cspOfDoctor();
});
