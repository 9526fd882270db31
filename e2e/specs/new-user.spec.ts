import type { APIRequestContext, Page } from '@playwright/test';
import type { QuizQuestion } from '@rozmova/contracts';
import { expect, expectAccessible, test, uniqueEmail, watchContentSecurityPolicy } from '../support/fixtures.ts';
import { answerQuestions } from '../support/quiz.ts';
import { apiLogin, createUser, expectNoCutButtons, expectNoSidewaysScroll, profileOf, signInBrowser } from '../support/booking.ts';

/** What a new patient meets first: the self-check as a visitor, the saved result, in both languages and at 360 px. */

const inUkrainian = (page: Page) => page.addInitScript(() => localStorage.setItem('rozmova-language', 'uk'));

test('a visitor at the red level sees the crisis lines and the way to book at once; sign-up only keeps the result', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/diagnosis');
  await page.getByRole('button', { name: 'Start the self-check', exact: true }).click();

  // Back still works after an answer moved on.
  await page.getByRole('radiogroup').getByRole('radio').nth(2).click();
  await expect(page.getByRole('heading', { name: /^Question 2 of \d+$/ })).toBeVisible();
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page.getByRole('heading', { name: /^Question 1 of \d+$/ })).toBeVisible();
  await expect(page.getByRole('radiogroup').getByRole('radio').nth(2)).toBeChecked();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByRole('heading', { name: /^Question 2 of \d+$/ })).toBeVisible();
  await page.getByRole('button', { name: 'Back', exact: true }).click();

  // The distressed answer to the first 20 questions: red (16 or more, docs/product.md §4 "Self-check").
  await answerQuestions(page, { choice: (index) => (index < 20 ? 2 : 0) });

  const help = page.getByRole('region', { name: 'Get help now' });
  await expect(help.getByRole('link', { name: '7333', exact: true })).toHaveAttribute('href', 'tel:7333');
  await expect(help.getByRole('link', { name: '112', exact: true })).toHaveAttribute('href', 'tel:112');
  await expect(page.getByRole('heading', { name: 'Do not be ashamed to seek help', exact: true })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('Level:Red');
  await expect(page.getByRole('link', { name: 'Book a specialist', exact: true })).toHaveAttribute(
    'href',
    '/our-specialists?specialisation=psychotherapist',
  );
  await expect(page.getByRole('link', { name: 'Create an account to keep my result', exact: true })).toBeVisible();
  await expectAccessible(page);

  // Still there after a reload; a retake starts again from the intro.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Do not be ashamed to seek help', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Retake the self-check', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Start the self-check', exact: true })).toBeVisible();
});

test('a visitor at 360 px in Ukrainian with a yellow result gets next steps, not a dead end', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 360, height: 740 });
  await inUkrainian(page);
  await page.goto('/diagnosis');
  await page.getByRole('button', { name: 'Почати самоперевірку', exact: true }).click();
  // 30 well answers and 20 in between: neither red nor green, so yellow (docs/product.md §4 "Self-check").
  await answerQuestions(page, { choice: (index) => (index < 30 ? 0 : 1), next: 'Далі', finish: 'Побачити результат' });

  await expect(page.getByRole('heading', { name: 'Подбайте про себе', exact: true })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('Рівень:Жовтий');
  await expect(page.getByRole('region', { name: 'Допомога просто зараз' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Що можна зробити далі', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Записатися до фахівця', exact: true })).toHaveAttribute('href', '/our-specialists');
  await expect(page.getByRole('button', { name: 'Пройти самоперевірку ще раз', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Створити обліковий запис і зберегти результат', exact: true })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoCutButtons(page);
  await expectAccessible(page);
});

async function completeQuizByApi(request: APIRequestContext, token: string, cardId: string, choice: (index: number) => 'A' | 'B' | 'C') {
  const questions = (await (await request.get('/v1/quizz')).json()) as QuizQuestion[];
  const results = questions.map((question, index) => ({
    question_id: question.id,
    answer_id: question.question_answers.find((answer) => answer.value === choice(index))!.id,
  }));
  const response = await request.put(`/v1/patients-cards/${cardId}`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { patient_quizz_results: results, patient_quizz_is_completed: true },
  });
  expect(response.status()).toBe(200);
}

test('a result saved in Ukrainian is read in English: advice, level and note in the reader’s language', async ({
  page,
  context,
  request,
  server,
}) => {
  const adminToken = await apiLogin(request, server.admin.email, server.admin.password);
  const patient = await createUser(request, adminToken, { email: uniqueEmail('uk-result'), name: 'Оксана Мельник', role: 'patient' });
  const token = await apiLogin(request, patient.email, patient.password);
  const headers = { Authorization: `Bearer ${token}` };
  expect((await request.put('/v1/auth/profile', { headers, data: { locale: 'uk' } })).status()).toBe(200);
  const cardId = (await profileOf(request, token)).role_specific_data.patient!.patient_cardId;
  // 30 A and 20 C: yellow, stored in Ukrainian with the note "yellow, A: 30, B: 0, C: 20".
  await completeQuizByApi(request, token, cardId, (index) => (index < 30 ? 'A' : 'C'));
  // Later the patient reads the site in English (the saved language is the interface's).
  expect((await request.put('/v1/auth/profile', { headers, data: { locale: 'en' } })).status()).toBe(200);

  await signInBrowser(context, server, token);
  await page.goto('/user?tab=card');
  const main = page.getByRole('main');
  await expect(main).toContainText('Take care of yourself');
  await expect(main).toContainText('It looks like things have not been easy lately.');
  await expect(main).toContainText('Self-check: Yellow (answers A: 30, B: 0, C: 20)');
  await expect(main).not.toContainText('Подбайте');
  await expect(main).not.toContainText('yellow, A: 30');

  await page.goto('/user/quizz?stage=recommend');
  await expect(page.getByRole('heading', { name: 'Take care of yourself', exact: true })).toBeVisible();
  await expect(main).toContainText('Answers: A: 30, B: 0, C: 20');
  await expect(page.getByRole('link', { name: 'Book a specialist', exact: true })).toHaveAttribute('href', '/user/appointment-step1');
  await expectAccessible(page);
});

test('a Ukrainian browser gets Ukrainian at once; the header choice wins from then on; a saved language wins once signed in', async ({
  browser,
  baseURL,
  request,
  server,
}) => {
  const context = await browser.newContext({ baseURL, locale: 'uk-UA' });
  const checkCsp = watchContentSecurityPolicy(context);
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'uk');
  await expect(page.getByRole('combobox', { name: 'Мова', exact: true })).toHaveValue('uk');

  await page.getByRole('combobox', { name: 'Мова', exact: true }).selectOption('en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Language', exact: true })).toHaveValue('en');

  // Signed in, the language saved in the profile wins over both.
  const adminToken = await apiLogin(request, server.admin.email, server.admin.password);
  const patient = await createUser(request, adminToken, { email: uniqueEmail('uk-browser'), name: 'Ганна Бондар', role: 'patient' });
  const token = await apiLogin(request, patient.email, patient.password);
  expect((await request.put('/v1/auth/profile', { headers: { Authorization: `Bearer ${token}` }, data: { locale: 'uk' } })).status()).toBe(
    200,
  );
  await signInBrowser(context, server, token);
  await page.goto('/user');
  await expect(page.locator('html')).toHaveAttribute('lang', 'uk');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Ганна');
  checkCsp();
  await context.close();
});
