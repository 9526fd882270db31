import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import type { Message, MessageList } from '@rozmova/contracts';
import { apiLogin, createUser, expectNoSidewaysScroll, profileOf, signInBrowser } from '../support/booking.ts';
import { expect, expectAccessible, test as base, uniqueEmail } from '../support/fixtures.ts';
import { chooseLanguage } from '../support/ui.ts';

/**
 * The patient's side of the support chat (docs/product.md "user chat panel"): the floating button on the signed-in pages,
 * the panel at 360 px in light and dark and both languages, by keyboard, with a document attached, a failed send and
 * its retry, the unread badge and the read marks, the operator's name and availability, and the cabinet's chat tab.
 * The operator acts through the API here; the two-sided chat with the inbox is the operator spec's.
 */

// An app of this file's own: "Offline" is true only while no operator or admin of another spec is still connected.
const test = base.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  appEnv: [async ({}, use) => use({ DEMO_DATA: 'false' }), { scope: 'worker' }],
});

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
// A 1×1 PNG: the server checks the type from the content.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

async function operatorWrites(request: APIRequestContext, token: string, patientId: string, text: string): Promise<Message> {
  const response = await request.post('/v1/messages', {
    headers: bearer(token),
    data: { message_text: text, message_recipientType: 'patient', message_patientId: patientId, client_message_id: randomUUID() },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Message;
}

async function supportMessages(request: APIRequestContext, token: string): Promise<Message[]> {
  const response = await request.get('/v1/messages?recipientType=operator&limit=100', { headers: bearer(token) });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as MessageList).messages;
}

const launcher = (page: Page) => page.getByTestId('chat-launcher');
const panel = (page: Page) => page.getByRole('dialog', { name: /^(Support chat|Чат підтримки)$/ });
const lastMessage = (page: Page) => page.getByTestId('chat-message').last();

test('a patient chats with support from the floating panel at 360 px: keyboard, ticks, a document, a retry, unread and read, light and dark, both languages', async ({
  page,
  request,
  server,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 360, height: 740 });
  const adminToken = await apiLogin(request, server.admin.email, server.admin.password);
  const patient = await createUser(request, adminToken, { email: uniqueEmail('chat'), name: 'Oksana Chat', role: 'patient' });
  const operator = await createUser(request, adminToken, { email: uniqueEmail('operator'), name: 'Anna Operator', role: 'operator' });
  const patientToken = await apiLogin(request, patient.email, patient.password);
  const operatorToken = await apiLogin(request, operator.email, operator.password);
  const patientId = (await profileOf(request, patientToken)).role_specific_data.patient!.patientId;
  const upload = await request.post('/v1/user-references/create-my', {
    headers: bearer(patientToken),
    multipart: { file: { name: 'blood-test.png', mimeType: 'image/png', buffer: PNG } },
  });
  expect(upload.ok(), await upload.text()).toBe(true);
  await signInBrowser(page.context(), server, patientToken);

  await test.step('the button opens the panel with the focus in the message field; availability says what to expect', async () => {
    await page.goto('/user/quizz');
    await expect(launcher(page)).toHaveAccessibleName('Chat with us');
    await launcher(page).click();
    await expect(panel(page)).toBeVisible();
    await expect(page.getByTestId('chat-input')).toBeFocused();
    await expect(page.getByTestId('chat-availability')).toContainText('Offline.');
    await expect(page.getByTestId('chat-availability')).toContainText('we will answer when we are back');
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
  });

  await test.step('Enter sends; the message shows Sent, once, and the server has it once', async () => {
    await page.getByTestId('chat-input').fill('Hello, I need a certificate for work.');
    await page.getByTestId('chat-input').press('Enter');
    await expect(lastMessage(page)).toHaveAttribute('data-status', 'Sent');
    await expect(lastMessage(page)).toHaveAttribute('data-sender', 'patient');
    await expect(lastMessage(page)).toContainText('Hello, I need a certificate for work.');
    await expect(lastMessage(page).getByText('Sent', { exact: true })).toBeAttached();
    await expect(page.getByTestId('chat-message')).toHaveCount(1);
    expect((await supportMessages(request, patientToken)).map((message) => message.message_text)).toEqual([
      'Hello, I need a certificate for work.',
    ]);
  });

  await test.step('attaches one of the own documents, named as it was uploaded', async () => {
    await page.getByRole('button', { name: 'Attach a document', exact: true }).click();
    const name = 'blood-test.png';
    const item = page.getByRole('menuitem', { name, exact: true });
    await item.click();
    await expect(panel(page)).toContainText(`Attached: ${name}`);
    await page.getByTestId('chat-input').fill('Here are my results.');
    await page.getByTestId('chat-send').click();
    await expect(lastMessage(page)).toHaveAttribute('data-status', 'Sent');
    await lastMessage(page)
      .getByRole('button', { name: `Open the document ${name}`, exact: true })
      .click();
    const viewer = page.getByRole('dialog', { name, exact: true });
    await expect(viewer.getByRole('img', { name, exact: true })).toBeVisible();
    await viewer.getByRole('button', { name: 'Close', exact: true }).last().click();
    await expect(viewer).toHaveCount(0);
    await expect(panel(page)).toBeVisible();
    const [stored] = await supportMessages(request, patientToken);
    expect(stored).toMatchObject({ message_text: 'Here are my results.', message_documentName: encodeURIComponent(name) });
  });

  await test.step('a send without a network fails and is kept; its retry stores it once', async () => {
    await page.context().setOffline(true);
    await page.getByTestId('chat-input').fill('Are you there?');
    await page.getByTestId('chat-send').click();
    await expect(lastMessage(page)).toHaveAttribute('data-status', 'failed');
    await expect(lastMessage(page)).toContainText('Not sent.');
    await page.getByTestId('chat-retry').click();
    await expect(lastMessage(page)).toHaveAttribute('data-status', 'failed');
    await page.context().setOffline(false);
    // Sent again by itself when the connection comes back, or by the retry button.
    const retry = page.getByTestId('chat-retry');
    // The button goes as soon as the message is sent again by itself, so a click that finds it gone is no failure.
    if (await retry.isVisible()) await retry.click({ timeout: 5_000 }).catch(() => undefined);
    await expect(lastMessage(page)).toHaveAttribute('data-status', 'Sent');
    const texts = (await supportMessages(request, patientToken)).map((message) => message.message_text);
    expect(texts.filter((text) => text === 'Are you there?')).toHaveLength(1);
  });

  await test.step('Escape closes the panel and gives the focus back to the button', async () => {
    await page.keyboard.press('Escape');
    await expect(panel(page)).toBeHidden();
    await expect(launcher(page)).toBeFocused();
  });

  await test.step('an operator answers while the panel is closed: the badge counts it; opening reads it; the name shows', async () => {
    const claimed = await request.post(`/v1/patients/${patientId}/claim`, { headers: bearer(operatorToken) });
    expect(claimed.ok(), await claimed.text()).toBe(true);
    const answer = await operatorWrites(request, operatorToken, patientId, 'Hello Oksana, I will prepare it today.');
    await expect(launcher(page)).toHaveAccessibleName('Chat with us, unread messages: 1');
    await launcher(page).click();
    await expect(lastMessage(page)).toHaveAttribute('data-sender', 'operator');
    await expect(lastMessage(page)).toContainText('Anna Operator');
    await expect(panel(page)).toContainText('Your operator: Anna Operator');
    await expect
      .poll(async () => (await supportMessages(request, patientToken)).find((message) => message.id === answer.id)?.message_status)
      .toBe('Read');
    await page.keyboard.press('Escape');
    await expect(launcher(page)).toHaveAccessibleName('Chat with us');
  });

  await test.step('in Ukrainian and dark, the panel reads the same and passes axe', async () => {
    await page.evaluate(() => localStorage.setItem('rozmova-color-scheme', 'dark'));
    await chooseLanguage(page, 'uk');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await launcher(page).click();
    await expect(panel(page)).toBeVisible();
    await expect(page.getByTestId('chat-input')).toBeFocused();
    await expect(panel(page).getByRole('log', { name: 'Повідомлення' })).toBeVisible();
    await expect(panel(page)).toContainText('Ваш оператор: Anna Operator');
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await page.keyboard.press('Escape');
  });

  await test.step('the cabinet has the chat as a tab, without the floating button; the meeting room has none', async () => {
    await page.goto('/user?tab=chat');
    await expect(page.getByTestId('chat-panel')).toBeVisible();
    await expect(page.getByTestId('chat-message')).toHaveCount(4);
    await expect(launcher(page)).toHaveCount(0);
    await expectAccessible(page);
    await page.goto(`/meet/${randomUUID()}`);
    await expect(page.getByRole('main')).toBeVisible();
    await expect(launcher(page)).toHaveCount(0);
  });
});
