import type { APIResponse, Page, Response } from '@playwright/test';
import type { PatientCard, QuizQuestion, User } from '@rozmova/contracts';
// The web client's own decryption: the spec opens the seeding answers and what the browser received with it.
import { decryptPayload, isEncryptedPayload } from '../../apps/web/src/lib/decrypt-response.ts';
import { bearer, createUser, seedPatient, signInBrowser } from '../support/booking.ts';
import { expect, test as base, uniqueEmail, watchContentSecurityPolicy } from '../support/fixtures.ts';
import { logIn } from '../support/ui.ts';

/*
 * Response encryption (docs/product.md §7, docs/product.md: "supported end to end when the key is configured, for the patient card
 * and messages"). The app runs with DECRYPTION_KEY: a patient finds the self-check result in the card, writes to
 * support and reads the answer; an operator reads the message in the inbox and the conversation, sees the patient's card
 * and answers. Every answer of the card, profile, message and inbox routes the browsers received was the encrypted
 * envelope (no plain text in it), every other API answer plain JSON, and the pages show the plain text.
 */

const KEY = 'e2e-public-decryption-key';

const test = base.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  appEnv: [async ({}, use) => use({ DECRYPTION_KEY: KEY }), { scope: 'worker' }],
});

/** The routes whose successful answers are encrypted (docs/response-encryption.md). */
const encryptedRoutes: { method: string; path: RegExp }[] = [
  { method: 'GET', path: /^\/v1\/patients-cards\/[^/]+$/ },
  { method: 'PUT', path: /^\/v1\/patients-cards\/[^/]+$/ },
  { method: 'GET', path: /^\/v1\/auth\/profile$/ },
  { method: 'PUT', path: /^\/v1\/auth\/profile$/ },
  { method: 'GET', path: /^\/v1\/messages$/ },
  { method: 'POST', path: /^\/v1\/messages$/ },
  { method: 'GET', path: /^\/v1\/support\/inbox$/ },
];
const isEncryptedRoute = (method: string, path: string) =>
  encryptedRoutes.some((route) => route.method === method && route.path.test(path));

interface Answer {
  method: string;
  path: string;
  status: number;
  body: Promise<unknown>;
}

/** Every JSON answer of the API the page receives (page.on('response')), its body read as it arrives. */
function watchApiAnswers(page: Page): Answer[] {
  const answers: Answer[] = [];
  page.on('response', (response: Response) => {
    const path = new URL(response.url()).pathname;
    if (!path.startsWith('/v1/') || !(response.headers()['content-type'] ?? '').includes('application/json')) return;
    const method = response.request().method();
    answers.push({ method, path, status: response.status(), body: response.json().catch(() => undefined) });
  });
  return answers;
}

/** The envelope, exactly `{ encrypted: { salt, iv, encrypted } }`, opened with the key. */
async function opened(body: unknown): Promise<unknown> {
  expect(Object.keys(body as object)).toEqual(['encrypted']);
  const { encrypted } = body as { encrypted: unknown };
  expect(isEncryptedPayload(encrypted), 'an encrypted envelope').toBe(true);
  return decryptPayload(encrypted as Parameters<typeof decryptPayload>[0], KEY);
}

/** Seeding through the API: the answer of an encrypted route must be OK and is opened as the browser opens it. */
async function openedAnswer<T>(response: APIResponse, what: string): Promise<T> {
  if (!response.ok()) throw new Error(`${what}: HTTP ${response.status()} ${await response.text()}`);
  return (await opened(await response.json())) as T;
}

/**
 * What the page received: each encrypted route's 2xx answers are envelopes whose raw text has none of `secrets`;
 * every other JSON answer (errors included) is plain. Returns the opened answers of `method path`.
 */
async function checkAnswers(answers: Answer[], secrets: string[]): Promise<Map<string, unknown[]>> {
  const openedByRoute = new Map<string, unknown[]>();
  for (const answer of answers) {
    const body = await answer.body;
    if (body === undefined) continue;
    const key = `${answer.method} ${answer.path}`;
    if (isEncryptedRoute(answer.method, answer.path) && answer.status >= 200 && answer.status < 300) {
      for (const secret of secrets) expect(JSON.stringify(body), `${key} carries no plain text`).not.toContain(secret);
      openedByRoute.set(key, [...(openedByRoute.get(key) ?? []), await opened(body)]);
    } else {
      expect(body === null || typeof body !== 'object' || !('encrypted' in body), `${key} (${answer.status}) is plain`).toBe(true);
    }
  }
  return openedByRoute;
}

const chatMessage = (scope: Page | ReturnType<Page['locator']>, sender: 'patient' | 'operator', text: string) =>
  scope.locator(`[data-testid="chat-message"][data-sender="${sender}"]`).filter({ hasText: text });

test('with DECRYPTION_KEY the card, profile, messages and inbox travel encrypted while both sides read them as usual', async ({
  browser,
  request,
  server,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { adminToken, patient } = await seedPatient(request, server, { email: uniqueEmail('cipher-patient'), name: 'Olena Shyfruvalna' });
  const operator = await createUser(request, adminToken, {
    email: uniqueEmail('cipher-operator'),
    name: 'Anna Operator',
    role: 'operator',
  });

  const profile = await openedAnswer<User>(await request.get('/v1/auth/profile', { headers: bearer(patient.token) }), 'profile');
  const { patientId, patient_cardId: cardId } = profile.role_specific_data.patient!;
  const questions = (await (await request.get('/v1/quizz')).json()) as QuizQuestion[];
  const card = await openedAnswer<PatientCard>(
    await request.put(`/v1/patients-cards/${cardId}`, {
      headers: bearer(patient.token),
      data: {
        patient_quizz_results: questions.map((q) => ({
          question_id: q.id,
          answer_id: q.question_answers.find((a) => a.value === 'A')!.id,
        })),
        patient_quizz_is_completed: true,
      },
    }),
    'self-check',
  );
  await openedAnswer(
    await request.put(`/v1/patients-cards/${cardId}`, { headers: bearer(adminToken), data: { patient_available_free_consultations: 2 } }),
    'free consultations',
  );
  const level = card.patient_quizz_recommendations.at(-1)!.quiz_recommendation_level;
  const levelName = { red: 'Red', yellow: 'Yellow', green: 'Green', unknown: 'Not determined' }[level];
  const counts = `A: ${questions.length}, B: 0, C: 0`;

  const newPage = async () => {
    const context = await browser.newContext({ baseURL });
    const checkCsp = watchContentSecurityPolicy(context);
    const page = await context.newPage();
    return { context, checkCsp, page, answers: watchApiAnswers(page) };
  };
  const patientSide = await newPage();
  const operatorSide = await newPage();
  await signInBrowser(patientSide.context, server, patient.token);
  const patientPage = patientSide.page;
  const operatorPage = operatorSide.page;

  await test.step('the patient opens My card: the self-check result and its note in plain words', async () => {
    await patientPage.goto('/user?tab=card');
    await expect(patientPage.getByRole('tab', { name: 'My card', exact: true })).toHaveAttribute('aria-selected', 'true');
    const main = patientPage.getByRole('main');
    await expect(main.getByRole('table').getByRole('row')).toHaveCount(2);
    await expect(main.getByRole('table')).toContainText(levelName);
    await expect(main.getByRole('table')).toContainText(counts);
    await expect(main).toContainText(`Self-check: ${levelName} (answers ${counts})`);
  });

  const question = 'Добрий день! Can I move my consultation to Friday?';
  const reply = 'Of course, Olena: Friday at 10:00 is free.';
  await test.step('the patient writes to support; the message shows as sent', async () => {
    await patientPage.getByTestId('chat-launcher').click();
    const panel = patientPage.getByTestId('chat-panel');
    await panel.getByTestId('chat-input').fill(question);
    await panel.getByTestId('chat-send').click();
    await expect(chatMessage(panel, 'patient', question)).toHaveAttribute('data-status', /^(Sent|Delivered)$/);
  });

  const conversation = operatorPage.locator('.operator-console__conversation');
  await test.step('the operator signs in, reads it in the inbox and the conversation, sees the card and answers', async () => {
    await logIn(operatorPage, operator.email, operator.password, '/operator');
    const row = operatorPage.locator(`[data-testid="inbox-conversation"][data-patient-id="${patientId}"]`);
    await expect(row).toContainText(patient.name);
    await expect(row).toContainText(question);
    await row.click();
    await expect(chatMessage(conversation, 'patient', question)).toBeVisible();
    await expect(operatorPage.getByText('Free consultations left: 2', { exact: true })).toBeVisible();
    await expect(operatorPage.getByText(counts, { exact: true })).toBeVisible();
    await conversation.getByTestId('chat-input').fill(reply);
    await conversation.getByTestId('chat-send').click();
    await expect(chatMessage(conversation, 'operator', reply)).toHaveAttribute('data-status', /^(Sent|Delivered|Read)$/);
  });

  await test.step('the patient reads the answer, also after a reload (from the encrypted message list)', async () => {
    await expect(chatMessage(patientPage.getByTestId('chat-panel'), 'operator', reply)).toBeVisible();
    await patientPage.reload();
    await patientPage.getByTestId('chat-launcher').click();
    const panel = patientPage.getByTestId('chat-panel');
    await expect(chatMessage(panel, 'operator', reply)).toBeVisible();
    await expect(chatMessage(panel, 'patient', question)).toBeVisible();
  });

  await test.step('every card, profile, message and inbox answer the browsers got was encrypted; the rest plain', async () => {
    const patientSaw = await checkAnswers(patientSide.answers, [question, reply, patient.email]);
    const operatorSaw = await checkAnswers(operatorSide.answers, [question, reply, operator.email]);
    const cardKey = `GET /v1/patients-cards/${cardId}`;
    expect(patientSaw.get(cardKey)?.at(-1)).toMatchObject({ patient_cardId: cardId, patient_available_free_consultations: 2 });
    expect(operatorSaw.get(cardKey)?.at(-1)).toMatchObject({ patient_cardId: cardId });
    expect(patientSaw.get('GET /v1/auth/profile')?.length).toBeGreaterThan(0);
    expect(operatorSaw.get('GET /v1/auth/profile')?.length).toBeGreaterThan(0);
    expect(patientSaw.get('POST /v1/messages')).toEqual([expect.objectContaining({ message_text: question })]);
    expect(operatorSaw.get('POST /v1/messages')).toEqual([expect.objectContaining({ message_text: reply })]);
    const listed = (patientSaw.get('GET /v1/messages') ?? []).flatMap(
      (list) => (list as { messages: { message_text: string }[] }).messages,
    );
    expect(listed.map((m) => m.message_text)).toEqual(expect.arrayContaining([question, reply]));
    const inboxes = (operatorSaw.get('GET /v1/support/inbox') ?? []) as { conversations: { last_message_text: string | null }[] }[];
    expect(inboxes.some((inbox) => inbox.conversations.some((c) => c.last_message_text === question))).toBe(true);
    // The answers of other routes were read and came plain (the sign-in, for one).
    expect(operatorSide.answers.some((a) => a.path === '/v1/auth/login' && a.status === 200)).toBe(true);
  });

  for (const side of [patientSide, operatorSide]) {
    side.checkCsp();
    await side.context.close();
  }
});
