import { randomUUID } from 'node:crypto';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { apiLogin, bearer, createUser, expectNoSidewaysScroll, profileOf, signInBrowser, type SeededUser } from '../support/booking.ts';
import { expect, expectAccessible, test as base, uniqueEmail, watchContentSecurityPolicy } from '../support/fixtures.ts';
import { chooseLanguage, dialog } from '../support/ui.ts';

/*
 * The operator console (issue: operators' items): with nobody else to take a conversation the transfer dialog says so;
 * with one operator and one admin each is offered to the other (admins answer chats too); an operator keeps what it
 * typed as a canned reply from the message box and inserts it later; the patient search finds "Олена Петренко" by
 * "Петренко Олена"; the chats and the support requests have names of their own, on the page and in the tab. axe checks
 * the pages and dialogs at 1280 and 360 px in English and Ukrainian.
 */

// An app of this file's own: the people who answer chats are exactly the first admin and the operator made here.
const test = base.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  appEnv: [async ({}, use) => use({ DEMO_DATA: 'false' }), { scope: 'worker' }],
});

const conversation = (page: Page) => page.locator('.operator-console__conversation');
const messages = (page: Page, text: string) =>
  conversation(page).locator('[data-testid="chat-message"][data-sender="operator"]').filter({ hasText: text });

/** A patient whose support conversation has its first message. */
async function patientWhoWrote(request: APIRequestContext, adminToken: string, name: string): Promise<SeededUser & { patientId: string }> {
  const patient = await createUser(request, adminToken, { email: uniqueEmail('console-patient'), name, role: 'patient' });
  const token = await apiLogin(request, patient.email, patient.password);
  const sent = await request.post('/v1/messages', {
    headers: bearer(token),
    data: { message_text: 'Добрий день, маю питання', message_recipientType: 'operator', client_message_id: randomUUID() },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  return { ...patient, patientId: (await profileOf(request, token)).role_specific_data.patient!.patientId };
}

test('operators and admins pass conversations to each other, keep canned replies from the message box, find patients surname first', async ({
  browser,
  request,
  server,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const adminToken = await apiLogin(request, server.admin.email, server.admin.password);
  const contexts: { context: BrowserContext; checkCsp: () => void }[] = [];
  const signedIn = async (token: string) => {
    const context = await browser.newContext({ baseURL });
    contexts.push({ context, checkCsp: watchContentSecurityPolicy(context) });
    await signInBrowser(context, server, token);
    return context.newPage();
  };
  const olena = await patientWhoWrote(request, adminToken, 'Олена Петренко');
  const adminPage = await signedIn(adminToken);

  await test.step('the admin alone: the transfer dialog says there is no one else to pass the conversation to', async () => {
    await adminPage.goto(`/operator?patient=${olena.patientId}`);
    await adminPage.getByTestId('claim-conversation').click();
    await expect(conversation(adminPage).getByTestId('conversation-holder')).toHaveText('Held by you');
    await adminPage.getByTestId('transfer-conversation').click();
    const transfer = dialog(adminPage, 'Transfer the conversation');
    await expect(transfer.getByText('No other operator or admin is available.', { exact: true })).toBeVisible();
    await expect(transfer.getByRole('radio')).toHaveCount(0);
    await expectAccessible(adminPage);
    // The button under the text, not the dialog's ✕.
    await transfer.getByRole('button', { name: 'Close', exact: true }).filter({ hasText: 'Close' }).click();
    await expect(transfer).toHaveCount(0);
  });

  const iryna = await createUser(request, adminToken, { email: uniqueEmail('console-operator'), name: 'Iryna Operator', role: 'operator' });
  const marta = await patientWhoWrote(request, adminToken, 'Marta Hrytsenko');
  const page = await signedIn(await apiLogin(request, iryna.email, iryna.password));
  const welcome = 'Thank you for writing. An operator answers within 15 minutes.';

  await test.step('the operator keeps what it typed as a canned reply from the message box, then inserts and sends it', async () => {
    await page.goto(`/operator?patient=${marta.patientId}`);
    await page.getByTestId('claim-conversation').click();
    await expect(conversation(page).getByTestId('conversation-holder')).toHaveText('Held by you');
    const saveAs = conversation(page).getByRole('button', { name: 'Save as canned reply', exact: true });
    await expect(saveAs).toBeDisabled();
    await conversation(page).getByTestId('chat-input').fill(welcome);
    await saveAs.click();
    const save = dialog(page, 'Save as a canned reply');
    await expect(save.getByRole('textbox', { name: 'Text' })).toHaveValue(welcome);
    await expect(save.getByRole('textbox', { name: 'Title' })).toBeFocused();
    await save.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(save.getByText('Give the reply a title', { exact: true })).toBeVisible();
    await expectAccessible(page);
    await save.getByRole('textbox', { name: 'Title' }).fill('Welcome');
    await save.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(save).toHaveCount(0);
    await expect(page.getByText('The canned reply "Welcome" is saved.', { exact: true })).toBeVisible();
    // Saving sent nothing: the text is still in the box.
    await expect(conversation(page).getByTestId('chat-input')).toHaveValue(welcome);
    await expect(messages(page, welcome)).toHaveCount(0);

    await conversation(page).getByTestId('chat-input').fill('');
    await conversation(page).getByRole('button', { name: 'Insert a reply', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Welcome', exact: true }).click();
    await expect(conversation(page).getByTestId('chat-input')).toHaveValue(welcome);
    await conversation(page).getByTestId('chat-send').click();
    await expect(messages(page, welcome)).toHaveCount(1);
  });

  await test.step('one operator and one admin: each is offered to the other, never to itself', async () => {
    await page.getByTestId('transfer-conversation').click();
    const transfer = dialog(page, 'Transfer the conversation');
    await expect(transfer.getByRole('radio')).toHaveCount(1);
    await expectAccessible(page);
    await transfer.getByRole('radio', { name: /^Administrator/ }).check();
    await transfer.getByRole('textbox', { name: 'Note for your colleague' }).fill('Asks about a refund.');
    await transfer.getByRole('button', { name: 'Transfer', exact: true }).click();
    await expect(transfer).toHaveCount(0);
    await expect(conversation(page).getByTestId('conversation-holder')).toHaveText('Held by Administrator');

    // The admin's dialog reads the list again when it opens: the new operator is there.
    await adminPage.getByTestId('transfer-conversation').click();
    const adminTransfer = dialog(adminPage, 'Transfer the conversation');
    await expect(adminTransfer.getByRole('radio')).toHaveCount(1);
    await expect(adminTransfer.getByRole('radio', { name: /^Iryna Operator/ })).toBeVisible();
    await adminTransfer.getByRole('button', { name: 'Cancel', exact: true }).click();
  });

  await test.step('the patient search finds a name typed surname first', async () => {
    await page.getByRole('navigation', { name: 'Operator console' }).getByRole('link', { name: 'Patients', exact: true }).click();
    const search = page.getByRole('searchbox', { name: 'E-mail, phone or name' });
    // Each query follows one with the other answer, so a result on screen is that query's.
    for (const [query, found] of [
      ['Петренко Марта', false],
      ['Петренко Олена', true],
      ['Шевченко', false],
      ['олена петренко', true],
    ] as const) {
      await search.fill(query);
      if (!found) await expect(page.getByText('No patient matches this.', { exact: true })).toBeVisible();
      else {
        await expect(page.getByText('Patients found: 1', { exact: true })).toBeVisible();
        await expect(page.getByRole('link', { name: 'Олена Петренко', exact: true })).toBeVisible();
      }
    }
  });

  const titles = {
    en: { chats: 'Patient chats', chatsNav: 'Chats', requests: 'Support requests', console: 'Operator console' },
    uk: { chats: 'Чати з пацієнтами', chatsNav: 'Чати', requests: 'Звернення до підтримки', console: 'Консоль оператора' },
  };
  for (const language of ['en', 'uk'] as const) {
    const names = titles[language];
    await test.step(`${language}: the chats and the support requests have names of their own; axe at 1280 and 360 px`, async () => {
      await chooseLanguage(page, language);
      for (const width of [1280, 360]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(`/operator?patient=${marta.patientId}`);
        await expect(page.getByRole('heading', { level: 1, name: names.chats, exact: true })).toBeVisible();
        await expect(page).toHaveTitle(`${names.chats} · Rozmova`);
        const nav = page.getByRole('navigation', { name: names.console });
        await expect(nav.getByRole('link', { name: names.chatsNav, exact: true })).toHaveAttribute('aria-current', 'page');
        await expect(messages(page, welcome)).toBeVisible();
        await expectNoSidewaysScroll(page);
        await expectAccessible(page);

        await conversation(page).getByTestId('chat-input').fill(welcome);
        await conversation(page)
          .getByRole('button', { name: language === 'en' ? 'Save as canned reply' : 'Зберегти як шаблон' })
          .click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await expectAccessible(page);
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toHaveCount(0);
        // An unsent message would make leaving the page ask first (updates.spec.ts).
        await conversation(page).getByTestId('chat-input').fill('');

        await nav.getByRole('link', { name: names.requests, exact: true }).click();
        await expect(page.getByRole('heading', { level: 1, name: names.requests, exact: true })).toBeVisible();
        await expect(page).toHaveTitle(`${names.requests} · Rozmova`);
        await expectNoSidewaysScroll(page);
        await expectAccessible(page);
      }
    });
  }

  await test.step('uk: the transfer dialog at 1280 and 360 px', async () => {
    await chooseLanguage(adminPage, 'uk');
    for (const width of [1280, 360]) {
      await adminPage.setViewportSize({ width, height: 800 });
      await adminPage.goto(`/operator?patient=${olena.patientId}`);
      await adminPage.getByTestId('transfer-conversation').click();
      const transfer = dialog(adminPage, 'Передати розмову');
      await expect(transfer.getByRole('radiogroup', { name: 'Кому передати' })).toBeVisible();
      await expect(transfer).toContainText('(пацієнт: Олена Петренко)');
      await expectNoSidewaysScroll(adminPage);
      await expectAccessible(adminPage);
      await adminPage.keyboard.press('Escape');
    }
  });

  for (const { context, checkCsp } of contexts) {
    checkCsp();
    await context.close();
  }
});
