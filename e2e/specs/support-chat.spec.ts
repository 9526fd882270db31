import type { BrowserContext, Locator, Page } from '@playwright/test';
import { apiLogin, createUser, expectNoSidewaysScroll, profileOf, signInBrowser, type SeededUser } from '../support/booking.ts';
import { expect, expectAccessible, test, uniqueEmail, watchContentSecurityPolicy } from '../support/fixtures.ts';
import { withEachInstanceDown } from '../support/failover.ts';
import { dropNetwork, restoreNetwork } from '../support/network-drop.ts';
import { watchSockets } from '../support/socket-watch.ts';
import { chooseLanguage, dialog, logIn } from '../support/ui.ts';

/*
 * The support chat from both sides (issue 11): a patient writes from the floating chat, the conversation appears in
 * the operator's inbox under unassigned/new without a reload, the operator claims it and answers; the ticks reach
 * Read, typing shows on both sides; a second operator gets it by a transfer with a note, closes and reopens it. Then
 * the patient's network drops (the socket really closes) while the operator writes three messages, and when it comes
 * back the patient has each of them exactly once, without a reload. axe checks the inbox in light and dark, English
 * and Ukrainian, and it works one pane at a time at 360 px.
 */

const row = (page: Page, patientId: string) => page.locator(`[data-testid="inbox-conversation"][data-patient-id="${patientId}"]`);
const messages = (scope: Page | Locator, sender: 'patient' | 'operator', text: string) =>
  scope.locator(`[data-testid="chat-message"][data-sender="${sender}"]`).filter({ hasText: text });

async function setHolder(page: Page, holder: 'Mine' | 'Unassigned' | 'All') {
  await page.getByTestId('inbox-filter-holder').getByText(holder, { exact: true }).click();
}

/** Milliseconds from `start` until the locator is visible. */
async function timeUntilVisible(locator: Locator, start: number): Promise<number> {
  await expect(locator).toBeVisible();
  return Date.now() - start;
}

test('a patient and operators chat: live inbox, claim, ticks to Read, typing, transfer with a note, close, reopen and a dropped network', async ({
  browser,
  request,
  server,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const adminToken = await apiLogin(request, server.admin.email, server.admin.password);
  const anna = await createUser(request, adminToken, { email: uniqueEmail('operator-a'), name: 'Anna Operator', role: 'operator' });
  const patient = await createUser(request, adminToken, { email: uniqueEmail('chat-patient'), name: 'Olena Kovalenko', role: 'patient' });
  const patientToken = await apiLogin(request, patient.email, patient.password);
  const patientId = (await profileOf(request, patientToken)).role_specific_data.patient!.patientId;

  const contexts: { context: BrowserContext; checkCsp: () => void }[] = [];
  const newPage = async (user?: SeededUser) => {
    const context = await browser.newContext({ baseURL });
    contexts.push({ context, checkCsp: watchContentSecurityPolicy(context) });
    if (user) await signInBrowser(context, server, await apiLogin(request, user.email, user.password));
    return context.newPage();
  };
  const annaPage = await newPage();
  const patientPage = await newPage(patient);
  // Before the page loads, so DevTools reports the socket it opens.
  const patientSockets = await watchSockets(patientPage);
  const panel = patientPage.getByTestId('chat-panel');

  await test.step('the operator signs in, lands on the inbox, goes online and watches unassigned/new', async () => {
    await logIn(annaPage, anna.email, anna.password, '/operator');
    await expect(annaPage.getByRole('heading', { level: 1, name: 'Patient chats', exact: true })).toBeVisible();
    await annaPage.getByTestId('operator-availability').getByText('Online', { exact: true }).click();
    await expect(annaPage.getByTestId('operator-availability')).toHaveAttribute('data-value', 'online');
    await setHolder(annaPage, 'Unassigned');
    await annaPage.getByTestId('inbox-filter-status').selectOption('new');
    await expect(annaPage).toHaveURL(/holder=unassigned/);
    await expect(row(annaPage, patientId)).toHaveCount(0);
  });

  const first = 'Hello, I cannot find where to upload my test results.';
  await test.step('the patient writes; the conversation appears in unassigned/new live, and the message is Delivered', async () => {
    await patientPage.goto('/user');
    await patientPage.getByTestId('chat-launcher').click();
    await expect(panel).toBeVisible();
    await panel.getByTestId('chat-input').fill(first);
    const sentAt = Date.now();
    await panel.getByTestId('chat-send').click();
    const appeared = await timeUntilVisible(row(annaPage, patientId), sentAt);
    test.info().annotations.push({ type: 'inbox row after send (ms)', description: String(appeared) });
    await expect(row(annaPage, patientId)).toHaveAttribute('data-status', 'new');
    await expect(row(annaPage, patientId)).toContainText(patient.name);
    await expect(row(annaPage, patientId)).toContainText(first);
    await expect(row(annaPage, patientId)).toContainText('Waiting under a minute');
    // Anna's tab acknowledged the event: the patient sees two ticks.
    await expect(messages(panel, 'patient', first)).toHaveAttribute('data-status', 'Delivered');
  });

  const conversation = annaPage.locator('.operator-console__conversation');
  await test.step('the operator opens and claims it: the patient sees Read; the conversation moves to "mine"', async () => {
    await row(annaPage, patientId).click();
    await expect(messages(conversation, 'patient', first)).toBeVisible();
    await expect(messages(panel, 'patient', first)).toHaveAttribute('data-status', 'Read');
    await annaPage.getByTestId('claim-conversation').click();
    await expect(conversation.getByTestId('conversation-holder')).toHaveText('Held by you');
    await expect(row(annaPage, patientId)).toHaveCount(0);
    await setHolder(annaPage, 'Mine');
    await annaPage.getByTestId('inbox-filter-status').selectOption('');
    await expect(row(annaPage, patientId)).toHaveAttribute('data-status', 'awaiting');
    await expect(conversation.getByTestId('support-event').filter({ hasText: 'Anna Operator claimed the conversation' })).toBeVisible();
  });

  const reply = 'Hi Olena, open My account, then the Documents tab.';
  await test.step('typing shows on both sides; the reply reaches the patient and turns Read', async () => {
    await conversation.getByTestId('chat-input').pressSequentially('Hi Olena', { delay: 20 });
    await expect(panel.getByTestId('chat-typing')).toContainText('Anna Operator');
    await conversation.getByTestId('chat-input').fill(reply);
    await conversation.getByTestId('chat-send').click();
    await expect(messages(panel, 'operator', reply)).toBeVisible();
    await expect(panel.getByTestId('chat-typing')).toHaveCount(0);
    // The patient's panel is open: the reply is read at once.
    await expect(messages(conversation, 'operator', reply)).toHaveAttribute('data-status', 'Read');
    await expect(row(annaPage, patientId)).toHaveAttribute('data-status', 'active');

    await panel.getByTestId('chat-input').pressSequentially('Thank', { delay: 20 });
    await expect(conversation.getByTestId('chat-typing')).toContainText(patient.name);
  });

  const bohdan = await createUser(request, adminToken, { email: uniqueEmail('operator-b'), name: 'Bohdan Operator', role: 'operator' });
  const bohdanPage = await newPage(bohdan);
  const note = 'She also asked about a refund for the cancelled consultation.';
  await test.step('a second operator gets the conversation by a transfer with a note, live in "mine"', async () => {
    await bohdanPage.goto('/operator?holder=mine');
    await expect(bohdanPage.getByText('No conversations here.', { exact: true })).toBeVisible();
    await annaPage.getByTestId('transfer-conversation').click();
    const transfer = dialog(annaPage, 'Transfer the conversation');
    await transfer.getByRole('radio', { name: /Bohdan Operator/ }).check();
    await transfer.getByRole('textbox', { name: 'Note for your colleague' }).fill(note);
    await transfer.getByRole('button', { name: 'Transfer', exact: true }).click();
    await expect(transfer).toHaveCount(0);
    await expect(conversation.getByTestId('conversation-holder')).toHaveText('Held by Bohdan Operator');
    await expect(row(annaPage, patientId)).toHaveCount(0);
    await expect(row(bohdanPage, patientId)).toBeVisible();
    await row(bohdanPage, patientId).click();
    const event = bohdanPage
      .getByTestId('support-event')
      .filter({ hasText: 'Anna Operator transferred the conversation to Bohdan Operator' });
    await expect(event).toContainText(note);
    await expect(messages(bohdanPage, 'patient', first)).toBeVisible();
  });

  await test.step('the second operator closes and reopens it', async () => {
    await bohdanPage.getByTestId('close-conversation').click();
    await expect(row(bohdanPage, patientId)).toHaveAttribute('data-status', 'closed');
    await expect(bohdanPage.getByTestId('reopen-conversation')).toBeVisible();
    await expect(bohdanPage.getByTestId('support-event').filter({ hasText: 'Bohdan Operator closed the conversation' })).toBeVisible();
    await bohdanPage.getByTestId('reopen-conversation').click();
    await expect(row(bohdanPage, patientId)).not.toHaveAttribute('data-status', 'closed');
    await expect(bohdanPage.getByTestId('close-conversation')).toBeVisible();
  });

  let round = 0;
  await test.step('with each instance killed in turn, each side writes and the other reads it once', () =>
    withEachInstanceDown(server, async () => {
      round += 1;
      const bohdanConversation = bohdanPage.locator('.operator-console__conversation');
      const question = `Is the refund on its way? (${round})`;
      await panel.getByTestId('chat-input').fill(question);
      await panel.getByTestId('chat-send').click();
      await expect(messages(bohdanConversation, 'patient', question)).toHaveCount(1);
      const answer = `Yes, within five days. (${round})`;
      await bohdanConversation.getByTestId('chat-input').fill(answer);
      await bohdanConversation.getByTestId('chat-send').click();
      await expect(messages(panel, 'operator', answer)).toHaveCount(1);
      await expect(messages(panel, 'patient', question)).toHaveCount(1);
    }));

  const whileAway = ['While you were away: 1', 'While you were away: 2', 'While you were away: 3'];
  await test.step("the patient's network drops while the operator writes three messages; they arrive once on reconnect", async () => {
    await patientPage.evaluate(() => ((window as { loadedOnce?: boolean }).loadedOnce = true));
    expect(patientSockets.open()).toBe(1);
    await dropNetwork(patientSockets.cdp);
    await expect.poll(() => patientSockets.open(), { message: "the patient's socket closes" }).toBe(0);
    const bohdanConversation = bohdanPage.locator('.operator-console__conversation');
    for (const text of whileAway) {
      await bohdanConversation.getByTestId('chat-input').fill(text);
      await bohdanConversation.getByTestId('chat-send').click();
      await expect(messages(bohdanConversation, 'operator', text)).toHaveAttribute('data-status', 'Sent');
    }
    await expect(messages(panel, 'operator', 'While you were away')).toHaveCount(0);
    const restoredAt = Date.now();
    await restoreNetwork(patientSockets.cdp);
    for (const text of whileAway) await expect(messages(panel, 'operator', text)).toHaveCount(1);
    test.info().annotations.push({ type: 'caught up after reconnect (ms)', description: String(Date.now() - restoredAt) });
    await expect.poll(() => patientSockets.open()).toBe(1);
    await expect(messages(panel, 'operator', 'While you were away')).toHaveCount(3);
    expect(await patientPage.evaluate(() => (window as { loadedOnce?: boolean }).loadedOnce)).toBe(true);
    // The open panel read them: the operator's ticks turn Read.
    for (const text of whileAway) await expect(messages(bohdanConversation, 'operator', text)).toHaveAttribute('data-status', 'Read');
  });

  await test.step('the inbox passes axe in light and dark, English and Ukrainian', async () => {
    await expectAccessible(bohdanPage);
    await bohdanPage.emulateMedia({ colorScheme: 'dark' });
    await expectAccessible(bohdanPage);
    await chooseLanguage(bohdanPage, 'uk');
    await bohdanPage.reload();
    await expect(bohdanPage.getByRole('heading', { level: 1, name: 'Чати з пацієнтами', exact: true })).toBeVisible();
    await expect(messages(bohdanPage, 'operator', whileAway[2]!)).toBeVisible();
    await expectAccessible(bohdanPage);
    await bohdanPage.emulateMedia({ colorScheme: 'light' });
    await expectAccessible(bohdanPage);
  });

  await test.step('at 360 px the inbox shows one pane at a time, with a way back', async () => {
    await annaPage.setViewportSize({ width: 360, height: 740 });
    await annaPage.goto('/operator');
    await expect(row(annaPage, patientId)).toBeVisible();
    await expectNoSidewaysScroll(annaPage);
    await row(annaPage, patientId).click();
    // The row went out of view with the inbox: the keyboard goes on from the conversation's heading.
    await expect(annaPage.getByRole('heading', { level: 2, name: patient.name, exact: true })).toBeFocused();
    await expect(row(annaPage, patientId)).toBeHidden();
    await expectNoSidewaysScroll(annaPage);
    await annaPage.getByRole('link', { name: 'About the patient', exact: true }).click();
    await expect(annaPage.getByRole('heading', { level: 2, name: 'Patient', exact: true })).toBeVisible();
    await expect(annaPage.getByText(patient.email, { exact: true })).toBeVisible();
    await annaPage.getByRole('link', { name: 'Back to the conversation', exact: true }).click();
    await annaPage.getByRole('link', { name: 'Back to conversations', exact: true }).click();
    await expect(row(annaPage, patientId)).toBeVisible();
    await expect(annaPage.getByRole('heading', { level: 2, name: 'Conversations', exact: true })).toBeFocused();
    await expectAccessible(annaPage);
  });

  for (const { context, checkCsp } of contexts) {
    checkCsp();
    await context.close();
  }
});
