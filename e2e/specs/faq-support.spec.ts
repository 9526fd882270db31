import type { Browser, Page } from '@playwright/test';
import { apiLogin, createUser, expectNoSidewaysScroll, signInBrowser } from '../support/booking.ts';
import { expect, expectAccessible, test, uniqueEmail, watchContentSecurityPolicy } from '../support/fixtures.ts';

/*
 * The FAQ and the support desk: a visitor (Ukrainian, 360 px) finds an answer by a Ukrainian word, says it helped,
 * then writes to support with an e-mail; an operator takes the request from the queue and answers by e-mail; the
 * visitor opens the private link from the first e-mail (read from the test's SMTP server) and reads the answer, in
 * Ukrainian and in English. The search finds a word by another of its forms ("оплата" → "оплатити", "payment" →
 * "pay"). An admin's new question is saved as a draft and the editor says so, with Publish. axe checks every new page.
 */

const QUESTION = { uk: 'Як повернути кошти за консультацію?', en: 'How do I get a refund for a consultation?' };
const ANSWER = {
  uk: 'Повернення коштів приходить на ту саму картку протягом кількох днів.',
  en: 'The refund goes back to the same card within a few days.',
};
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 2)]);
const PAY_QUESTION = { uk: 'Як оплатити консультацію?', en: 'How do I pay for a consultation?' };

async function pageIn(browser: Browser, baseURL: string, language: 'uk' | 'en', width: number) {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 800 } });
  await context.addInitScript((lang) => localStorage.setItem('rozmova-language', lang), language);
  return { context, page: await context.newPage(), checkCsp: watchContentSecurityPolicy(context) };
}

async function checkPage(page: Page, heading: string) {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
}

test('a visitor finds an answer, votes, writes to support, and reads the operator’s e-mail answer at the private link', async ({
  browser,
  request,
  server,
  mail,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const adminToken = await apiLogin(request, server.admin.email, server.admin.password);
  const auth = { authorization: `Bearer ${adminToken}` };
  const topic = await (
    await request.post('/v1/admin/faq/topics', {
      headers: auth,
      data: { title: { uk: 'Оплата', en: 'Payment' }, position: 0, isPublished: true },
    })
  ).json();
  const question = await (
    await request.post('/v1/admin/faq/questions', {
      headers: auth,
      data: { topicId: topic.id, question: QUESTION, answer: ANSWER, position: 0, isPublished: true },
    })
  ).json();
  const payAnswer = { uk: 'Карткою онлайн одразу після вибору часу.', en: 'By card online right after choosing the time.' };
  await request.post('/v1/admin/faq/questions', {
    headers: auth,
    data: { topicId: topic.id, question: PAY_QUESTION, answer: payAnswer, position: 1, isPublished: true },
  });
  const operator = await createUser(request, adminToken, {
    email: uniqueEmail('desk-operator'),
    name: 'Oksana Operator',
    role: 'operator',
  });
  const visitorEmail = uniqueEmail('desk-visitor');
  const visitor = await pageIn(browser, baseURL, 'uk', 360);

  await test.step('the visitor finds the answer by a Ukrainian word and says it helped', async () => {
    await visitor.page.goto('/');
    await visitor.page.getByRole('contentinfo').getByRole('link', { name: 'Питання та відповіді' }).click();
    await expect(visitor.page).toHaveURL(/\/faq$/);
    await checkPage(visitor.page, 'Питання та відповіді');
    const search = visitor.page.getByLabel('Пошук у відповідях');
    await search.fill('оплата');
    await expect(visitor.page.getByRole('link', { name: PAY_QUESTION.uk })).toBeVisible();
    await search.fill('повернення');
    await visitor.page.getByRole('link', { name: QUESTION.uk }).click();
    await checkPage(visitor.page, QUESTION.uk);
    await expect(visitor.page.getByText(ANSWER.uk)).toBeVisible();
    await visitor.page.getByRole('button', { name: 'Так' }).click();
    await expect(visitor.page.getByText('Дякуємо за відгук.')).toBeVisible();
    const counts = await (await request.get(`/v1/faq/questions/${question.id}`)).json();
    expect(counts.question).toMatchObject({ helpfulYes: 1, helpfulNo: 0 });
  });

  await test.step('from the answer the visitor writes to support with an e-mail', async () => {
    await visitor.page.getByRole('link', { name: 'Написати в підтримку' }).click();
    await checkPage(visitor.page, 'Написати в підтримку');
    await visitor.page.getByRole('combobox', { name: 'Тема', exact: true }).selectOption('payment');
    await visitor.page.getByRole('textbox', { name: 'Ел. пошта' }).fill(visitorEmail);
    await visitor.page.getByLabel('Що сталося?').fill('Скасувала консультацію, а гроші ще не повернулися.');
    await expect(visitor.page.getByRole('button', { name: 'Файл (необов’язково) Оберіть файл', exact: true })).toBeVisible();
    await visitor.page.getByRole('button', { name: 'Надіслати звернення' }).click();
    await expect(visitor.page.getByText('Звернення надіслано')).toBeVisible();
  });
  const received = await mail.waitFor(visitorEmail);
  const link = new URL(/https?:\/\/\S+/.exec(received.text)![0]);

  await test.step('an operator takes the request from the queue and answers by e-mail', async () => {
    const desk = await pageIn(browser, baseURL, 'en', 1280);
    await signInBrowser(desk.context, server, await apiLogin(request, operator.email, operator.password));
    await desk.page.goto('/operator/requests');
    await checkPage(desk.page, 'Support requests');
    await desk.page.getByRole('button').filter({ hasText: visitorEmail }).click();
    await desk.page.getByRole('button', { name: 'Take' }).click();
    await expect(desk.page.getByText('Taken by Oksana Operator')).toBeVisible();
    await desk.page.getByLabel('Your answer').fill('Повернення вже в дорозі: гроші надійдуть на картку до п’ятниці.');
    await desk.page.getByRole('button', { name: 'Send answer' }).click();
    await expect(desk.page.getByText('Answer sent.')).toBeVisible();
    await expectAccessible(desk.page);
    desk.checkCsp();
    await desk.context.close();
  });
  const answer = await mail.waitFor(visitorEmail);
  expect(answer.subject).toContain('відповідь на ваше звернення');
  expect(answer.text).toContain('гроші надійдуть на картку до п’ятниці');

  // The answer carries its own link back to the request.
  const answerLink = new URL(/https?:\/\/\S+/.exec(answer.text)![0]);
  expect(answerLink.pathname).toBe(link.pathname);

  await test.step('the visitor opens the answer’s link, reads the answer and writes back, in Ukrainian and in English', async () => {
    await visitor.page.goto(`${answerLink.pathname}${answerLink.search}`);
    await checkPage(visitor.page, 'Ваше звернення');
    await expect(visitor.page.getByText('У роботі')).toBeVisible();
    await expect(visitor.page.getByText('Повернення вже в дорозі: гроші надійдуть на картку до п’ятниці.')).toBeVisible();
    await visitor.page.getByLabel('Ваша відповідь').fill('Дякую! Якщо до понеділка не надійдуть, напишу ще.');
    await visitor.page.getByRole('button', { name: 'Надіслати', exact: true }).click();
    await expect(visitor.page.getByText('Дякую! Якщо до понеділка не надійдуть, напишу ще.')).toBeVisible();
    await expect(visitor.page.getByText(/^Ви · /)).toBeVisible();
    await expect(visitor.page.getByLabel('Ваша відповідь')).toHaveValue('');
    await expectAccessible(visitor.page);
    // The first letter's link still opens it.
    await visitor.page.goto(`${link.pathname}${link.search}`);
    await expect(visitor.page.getByText('Дякую! Якщо до понеділка не надійдуть, напишу ще.')).toBeVisible();
    await visitor.page.goto(`${link.pathname}?token=wrong`);
    await expect(visitor.page.getByText('Не вдається відкрити звернення')).toBeVisible();
    visitor.checkCsp();
    await visitor.context.close();

    const english = await pageIn(browser, baseURL, 'en', 360);
    await english.page.goto(`${link.pathname}${link.search}`);
    await checkPage(english.page, 'Your support request');
    await expect(english.page.getByText('In progress')).toBeVisible();
    await english.page.goto('/faq');
    await checkPage(english.page, 'Questions and answers');
    await english.page.getByLabel('Search the answers').fill('refnd');
    await expect(english.page.getByRole('link', { name: QUESTION.en })).toBeVisible();
    await english.page.getByLabel('Search the answers').fill('payment');
    await expect(english.page.getByRole('link', { name: PAY_QUESTION.en })).toBeVisible();
    await english.page.goto('/support');
    await checkPage(english.page, 'Write to support');
    english.checkCsp();
    await english.context.close();
  });
});

test('in dark mode an admin edits the FAQ and a patient follows its own request in the cabinet', async ({
  browser,
  request,
  server,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const adminToken = await apiLogin(request, server.admin.email, server.admin.password);
  const patient = await createUser(request, adminToken, { email: uniqueEmail('desk-patient'), name: 'Olena Desk', role: 'patient' });

  const admin = await pageIn(browser, baseURL, 'en', 1280);
  await admin.context.addInitScript(() => localStorage.setItem('rozmova-color-scheme', 'dark'));
  await signInBrowser(admin.context, server, adminToken);
  await admin.page.goto('/admin/faq');
  await checkPage(admin.page, 'FAQ editor');
  await admin.page.getByRole('button', { name: 'Add topic' }).click();
  const topicDialog = admin.page.getByRole('dialog', { name: 'Add topic' });
  await topicDialog.getByLabel('Title in Ukrainian').fill('Обліковий запис');
  await topicDialog.getByLabel('Title in English').fill('Account');
  await topicDialog.getByRole('button', { name: 'Save' }).click();
  await expect(admin.page.getByRole('heading', { level: 2, name: 'Account' })).toBeVisible();
  const account = admin.page.getByRole('region', { name: 'Account' });
  await account.getByRole('button', { name: 'Add question' }).click();
  const questionDialog = admin.page.getByRole('dialog', { name: 'Add question' });
  await questionDialog.getByLabel('Question in Ukrainian').fill('Як змінити пароль?');
  await questionDialog.getByLabel('Answer in Ukrainian').fill('У кабінеті, на вкладці «Профіль».');
  await questionDialog.getByLabel('Question in English').fill('How do I change my password?');
  await questionDialog.getByLabel('Answer in English').fill('In your cabinet, on the Profile tab.');
  await expect(questionDialog.getByRole('switch', { name: 'Publish now' })).not.toBeChecked();
  await questionDialog.getByRole('button', { name: 'Save' }).click();
  const notice = account.getByRole('status').filter({ hasText: 'Saved as a draft — not visible on /faq until published' });
  await expect(notice).toContainText('Its topic “Account” is a draft too');
  await expect(account.getByText('Draft', { exact: true })).toHaveCount(2); // the topic's badge and the question's
  await expectAccessible(admin.page);
  await notice.getByRole('button', { name: 'Publish' }).click();
  await expect(admin.page.getByText('Published. It shows on /faq once its topic is published.')).toBeVisible();
  await expect(notice).toHaveCount(0);
  admin.checkCsp();
  await admin.context.close();

  const own = await pageIn(browser, baseURL, 'en', 360);
  await own.context.addInitScript(() => localStorage.setItem('rozmova-color-scheme', 'dark'));
  await signInBrowser(own.context, server, await apiLogin(request, patient.email, patient.password));
  await own.page.goto('/support?topic=account');
  await checkPage(own.page, 'Write to support');
  await expect(own.page.getByRole('textbox', { name: 'E-mail' })).toHaveCount(0);
  await own.page.getByLabel('What happened?').fill('The verification code never arrives.');
  const attachment = own.page.getByRole('button', { name: 'Attachment (optional) Choose file', exact: true });
  await attachment.focus();
  const chooser = own.page.waitForEvent('filechooser');
  await own.page.keyboard.press('Enter');
  await (await chooser).setFiles({ name: 'code-screen.png', mimeType: 'image/png', buffer: PNG });
  await expect(own.page.getByRole('button', { name: 'Attachment (optional) code-screen.png', exact: true })).toBeVisible();
  await own.page.getByRole('button', { name: 'Send request' }).click();
  await own.page.getByRole('link', { name: 'My requests' }).click();
  await expect(own.page.getByText('The verification code never arrives.')).toBeVisible();
  await expect(own.page.getByText('Waiting')).toBeVisible();
  await expectAccessible(own.page);
  await expectNoSidewaysScroll(own.page);
  own.checkCsp();
  await own.context.close();
});
