import type { APIRequestContext } from '@playwright/test';
import type { QuizQuestion } from '@rozmova/contracts';
import {
  apiLogin,
  bearer,
  bookFirstSlot,
  createDoctor,
  createUser,
  expectNoSidewaysScroll,
  profileOf,
  signInBrowser,
} from '../support/booking.ts';
import { expect, expectAccessible, test, uniqueEmail, watchContentSecurityPolicy } from '../support/fixtures.ts';
import { chooseLanguage } from '../support/ui.ts';

/*
 * The doctor console's patients (issue: staff consoles): a patient books, uploads a document and has two self-check
 * results; the doctor finds the patient under My patients, opens the card (the chart and its table), marks the
 * document reviewed and adds a note before the consultation; another doctor does not see the patient; the ratings
 * page. axe on each page, English and Ukrainian, and 360 px.
 */

const PDF = Buffer.from('%PDF-1.7\n% lab results\n%%EOF\n');

async function completeSelfCheck(request: APIRequestContext, token: string, cardId: string, letter: 'A' | 'C') {
  const questions = (await (await request.get('/v1/quizz')).json()) as QuizQuestion[];
  const results = questions.map((question) => ({
    question_id: question.id,
    answer_id: question.question_answers.find((answer) => answer.value === letter)!.id,
  }));
  const response = await request.put(`/v1/patients-cards/${cardId}`, {
    headers: bearer(token),
    data: { patient_quizz_results: results, patient_quizz_is_completed: true },
  });
  expect(response.status(), await response.text()).toBe(200);
}

test('a doctor finds its patient, reads the card chart, reviews a document and writes a note; another doctor sees nothing', async ({
  page,
  request,
  server,
  context,
  browser,
}) => {
  test.setTimeout(180_000);
  const adminToken = await apiLogin(request, server.admin.email, server.admin.password);
  const doctor = await createDoctor(request, adminToken, { email: uniqueEmail('dp-doctor'), name: 'Iryna Melnyk' });
  const other = await createDoctor(request, adminToken, { email: uniqueEmail('dp-other'), name: 'Petro Other' });
  const patient = await createUser(request, adminToken, { email: uniqueEmail('dp-patient'), name: 'Sofiia Bondar', role: 'patient' });
  const patientToken = await apiLogin(request, patient.email, patient.password);
  const { patientId, patient_cardId: cardId } = (await profileOf(request, patientToken)).role_specific_data.patient!;

  await test.step('the patient takes the self-check twice, uploads a document and books the doctor', async () => {
    await completeSelfCheck(request, patientToken, cardId, 'A');
    await completeSelfCheck(request, patientToken, cardId, 'C');
    const uploaded = await request.post('/v1/user-references/create-my', {
      headers: bearer(patientToken),
      multipart: { file: { name: 'lab-results.pdf', mimeType: 'application/pdf', buffer: PDF } },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
    expect((await bookFirstSlot(request, patientToken, doctor.id, patientId)).appointment_status).toBe('scheduled');
  });

  await signInBrowser(context, server, await apiLogin(request, doctor.email, doctor.password));

  await test.step('the console shows the next patient; My patients lists and finds the patient', async () => {
    await page.goto('/doctor');
    const nav = page.getByRole('navigation', { name: 'Doctor console' });
    await expect(nav.getByRole('link', { name: 'Consultations' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: /^Next patient: Sofiia Bondar, / })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sofiia Bondar', exact: true })).toBeVisible();
    await nav.getByRole('link', { name: 'My patients', exact: true }).click();
    await expect(page).toHaveURL('/doctor/patients');
    await expect(page).toHaveTitle(/^My patients · Rozmova/);
    await expect(page.getByRole('heading', { level: 1, name: 'My patients' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search patients' }).fill('bondar');
    await expect(page.getByText('Patients found: 1', { exact: true })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search patients' }).fill('nobody-like-this');
    await expect(page.getByText('No patients match the search.', { exact: true })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search patients' }).fill(patient.email);
    await expect(page.getByText('Patients found: 1', { exact: true })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Sofiia Bondar', exact: true }).click();
    await expect(page).toHaveURL(`/doctor/patients/${patientId}`);
  });

  await test.step('the patient page: the chart and its table, the document reviewed, a note added', async () => {
    await expect(page.getByRole('heading', { level: 1, name: 'Sofiia Bondar' })).toBeVisible();
    await expect(page.getByTestId('self-check-chart')).toBeVisible();
    const table = page.getByRole('table', { name: 'Self-check results by date' });
    await expect(table.getByRole('row')).toHaveCount(3);
    // Each answer of the latest self-check (all "in between"), folded under its summary.
    const answers = page.getByRole('group').filter({ hasText: 'Answers of the latest self-check' });
    await page.getByText(/^Answers of the latest self-check \(\d+; distressed: 0\)$/).click();
    await expect(answers.getByRole('listitem').first()).toContainText('In between');
    await expectAccessible(page);
    const documents = page.getByRole('region', { name: 'Documents' });
    await expect(documents).toContainText('New');
    await documents.getByRole('button', { name: /^Mark .* reviewed$/ }).click();
    await expect(documents.getByRole('button', { name: /^Mark .* as new$/ })).toBeVisible();
    await expect(documents).toContainText('Reviewed');
    const notes = page.getByRole('region', { name: "Doctors' notes" });
    await notes.getByRole('textbox', { name: 'New note' }).fill('Sleeps badly since autumn.\nAsk about work.');
    await notes.getByRole('button', { name: 'Add note' }).click();
    await expect(notes.getByText(/Sleeps badly since autumn\./)).toBeVisible();
    await expect(notes.getByRole('textbox', { name: 'New note' })).toHaveValue('');
    await expect(page.getByRole('region', { name: 'Consultations with you' })).toContainText('Scheduled');
    await expect(page.getByRole('region', { name: 'Chat with Sofiia Bondar' })).toBeVisible();
    await expectAccessible(page);
  });

  await test.step('the ratings page', async () => {
    await page.getByRole('navigation', { name: 'Doctor console' }).getByRole('link', { name: 'Ratings', exact: true }).click();
    await expect(page).toHaveURL('/doctor/ratings');
    await expect(page.getByRole('heading', { level: 1, name: 'My ratings' })).toBeVisible();
    await expect(page.getByText('No ratings yet', { exact: true })).toBeVisible();
    await expect(page.getByText('No published reviews yet.', { exact: true })).toBeVisible();
    await expectAccessible(page);
  });

  await test.step('Ukrainian, dark, 360 px: the list and the patient page fit and pass axe', async () => {
    await chooseLanguage(page, 'uk');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/doctor/patients');
    await expect(page.getByRole('heading', { level: 1, name: 'Мої пацієнти' })).toBeVisible();
    await expect(page.getByText('Знайдено пацієнтів: 1', { exact: true })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await page.goto(`/doctor/patients/${patientId}`);
    await expect(page.getByRole('region', { name: 'Нотатки лікарів' })).toContainText('Sleeps badly since autumn.');
    await expect(page.getByTestId('self-check-chart')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
  });

  await test.step('another doctor does not see the patient: not in its list, the page is not found', async () => {
    const otherContext = await browser.newContext({ baseURL: server.baseURL });
    const checkPolicy = watchContentSecurityPolicy(otherContext);
    await signInBrowser(otherContext, server, await apiLogin(request, other.email, other.password));
    const otherPage = await otherContext.newPage();
    await otherPage.goto('/doctor/patients');
    await expect(
      otherPage.getByText('You have no patients yet. A patient appears here once they book a consultation with you.'),
    ).toBeVisible();
    await otherPage.goto(`/doctor/patients/${patientId}`);
    await expect(otherPage.getByRole('alert')).toBeVisible();
    await expect(otherPage.getByText('Sofiia Bondar')).toHaveCount(0);
    const notes = await request.get(`/v1/patients/${patientId}/notes`, {
      headers: bearer(await apiLogin(request, other.email, other.password)),
    });
    expect(notes.status()).toBe(404);
    checkPolicy();
    await otherContext.close();
  });
});
