import type { Browser, Page } from '@playwright/test';
import { apiLogin, createUser, expectNoSidewaysScroll, signInBrowser } from '../support/booking.ts';
import { expect, expectAccessible, test, uniqueEmail, watchContentSecurityPolicy } from '../support/fixtures.ts';

/*
 * The FAQ and the support desk: a visitor (Ukrainian, 360 px) finds an answer by a Ukrainian word, says it helped,
 * then writes to support with an e-mail; an operator takes the request from the queue and answers by e-mail; the
 * visitor opens the private link from the first e-mail (read from the test's SMTP server) and reads the answer, in
 * Ukrainian and in English. axe checks every new page.
 */

const QUESTION = { uk: 'Як повернути кошти за консультацію?', en: 'How do I get a refund for a consultation?' };
const ANSWER = {
  uk: 'Повернення коштів приходить на ту саму картку протягом кількох днів.',
  en: 'The refund goes back to the same card within a few days.',
};

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
    await visitor.page.getByLabel('Пошук у відповідях').fill('повернення');
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
  await expectAccessible(admin.page);
  admin.checkCsp();
  await admin.context.close();

  const own = await pageIn(browser, baseURL, 'en', 360);
  await own.context.addInitScript(() => localStorage.setItem('rozmova-color-scheme', 'dark'));
  await signInBrowser(own.context, server, await apiLogin(request, patient.email, patient.password));
  await own.page.goto('/support?topic=account');
  await checkPage(own.page, 'Write to support');
  await expect(own.page.getByRole('textbox', { name: 'E-mail' })).toHaveCount(0);
  await own.page.getByLabel('What happened?').fill('The verification code never arrives.');
  await own.page.getByRole('button', { name: 'Send request' }).click();
  await own.page.getByRole('link', { name: 'My requests' }).click();
  await expect(own.page.getByText('The verification code never arrives.')).toBeVisible();
  await expect(own.page.getByText('Waiting')).toBeVisible();
  await expectAccessible(own.page);
  await expectNoSidewaysScroll(own.page);
  own.checkCsp();
  await own.context.close();
});
