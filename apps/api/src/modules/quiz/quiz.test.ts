import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { defaultQuizLevelRules } from '@rozmova/contracts';
import { call, createTestApp, loginAs, type SignedIn, type TestContext } from '../../test/harness.ts';

const QUIZ = '/v1/quizz';
const RULES = '/v1/quizz/level-rules';

let t: TestContext;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  expect(await t.services.quiz.seedIfEmpty()).toBe(true);
  admin = await loginAs(t.app, 'admin');
});
afterAll(async () => {
  await t?.close();
});

const asAdmin = (method: string, url: string, body?: object) => call(t.app, method, url, { token: admin.token, body });
const answers = (label: string) => [
  { value: 'A', text: { uk: `${label} А`, en: `${label} A` } },
  { value: 'B', text: { uk: `${label} Б`, en: `${label} B` } },
  { value: 'C', text: { uk: `${label} В`, en: `${label} C` } },
];
const newQuestion = (label: string, question_order?: number) => ({
  question_text: { uk: `Питання ${label}`, en: `Question ${label}` },
  question_answers: answers(label),
  ...(question_order === undefined ? {} : { question_order }),
});

async function questions() {
  const response = await call(t.app, 'GET', QUIZ);
  expect(response.status).toBe(200);
  return response.body as {
    id: string;
    question_order: number;
    question_text: { en: string };
    question_answers: { id: string; value: string }[];
  }[];
}

function expectDense(list: { question_order: number }[]) {
  expect(list.map((question) => question.question_order)).toEqual(list.map((_, index) => index + 1));
}

describe('GET /v1/quizz', () => {
  test('anyone gets the 50 seeded questions in order, each with answers A, B and C in both languages', async () => {
    const list = await questions();
    expect(list).toHaveLength(50);
    expectDense(list);
    for (const question of list) {
      expect(question.question_answers.map((answer) => answer.value).sort()).toEqual(['A', 'B', 'C']);
      expect(question).toMatchObject({ question_text: { uk: expect.any(String), en: expect.any(String) } });
    }
  });

  test('seeding again leaves a database with questions alone', async () => {
    expect(await t.services.quiz.seedIfEmpty()).toBe(false);
    expect(await questions()).toHaveLength(50);
  });
});

describe('quiz CRUD (admin) keeps the order dense', () => {
  test('insert at a position moves the others down; without a position it goes last', async () => {
    const before = await questions();
    const inserted = await asAdmin('POST', QUIZ, newQuestion('second', 2));
    expect(inserted.status).toBe(201);
    expect(inserted.body).toMatchObject({ question_order: 2, question_text: { en: 'Question second' } });
    expect(inserted.body.question_answers.map((answer: { id: string }) => answer.id)).toHaveLength(3);
    const last = await asAdmin('POST', QUIZ, newQuestion('last', 10_000));
    expect(last.body.question_order).toBe(before.length + 2);

    const after = await questions();
    expectDense(after);
    expect(after[1]!.id).toBe(inserted.body.id);
    expect(after[2]!.id).toBe(before[1]!.id);
    expect(after.at(-1)!.id).toBe(last.body.id);

    const appended = await asAdmin('POST', QUIZ, newQuestion('appended'));
    expect(appended.body.question_order).toBe(after.length + 1);
  });

  test('moving a question shifts the ones in between; answer ids stay with their letter', async () => {
    const before = await questions();
    const moving = before[4]!;
    const moved = await asAdmin('PUT', `${QUIZ}/${moving.id}`, {
      question_order: 1,
      question_answers: answers('edited'),
    });
    expect(moved.status).toBe(200);
    expect(moved.body.question_order).toBe(1);
    for (const answer of moved.body.question_answers as { id: string; value: string }[]) {
      expect(answer.id).toBe(moving.question_answers.find((old) => old.value === answer.value)!.id);
    }
    const after = await questions();
    expectDense(after);
    expect(after.map((question) => question.id)).toEqual([
      moving.id,
      ...before.filter((question) => question.id !== moving.id).map((question) => question.id),
    ]);

    const down = await asAdmin('PUT', `${QUIZ}/${moving.id}`, { question_order: 3 });
    expect(down.body.question_order).toBe(3);
    const again = await questions();
    expectDense(again);
    expect(again[2]!.id).toBe(moving.id);
  });

  test('deleting closes the gap', async () => {
    const before = await questions();
    const removed = before[9]!;
    expect((await asAdmin('DELETE', `${QUIZ}/${removed.id}`)).status).toBe(204);
    const after = await questions();
    expect(after).toHaveLength(before.length - 1);
    expectDense(after);
    expect(after.map((question) => question.id)).toEqual(
      before.filter((question) => question.id !== removed.id).map((question) => question.id),
    );
    expect((await asAdmin('DELETE', `${QUIZ}/${removed.id}`)).status).toBe(404);
    expect((await asAdmin('PUT', `${QUIZ}/${removed.id}`, { question_order: 1 })).status).toBe(404);
  });

  test('400 for two answers, a repeated letter, a missing language or an unknown field', async () => {
    const bad = [
      { ...newQuestion('x'), question_answers: answers('x').slice(0, 2) },
      { ...newQuestion('x'), question_answers: [...answers('x').slice(0, 2), answers('y')[0]] },
      { ...newQuestion('x'), question_text: { uk: 'Лише українською' } },
      { ...newQuestion('x'), question_order: 0 },
      { ...newQuestion('x'), level: 'red' },
    ];
    for (const body of bad) {
      const response = await asAdmin('POST', QUIZ, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.code).toBe('VALIDATION_FAILED');
    }
    expect((await asAdmin('PUT', `${QUIZ}/${(await questions())[0]!.id}`, {})).status).toBe(400);
  });

  test('patients and staff other than admins may not edit', async () => {
    for (const role of ['patient', 'operator', 'doctor'] as const) {
      const who = await loginAs(t.app, role);
      expect((await call(t.app, 'POST', QUIZ, { token: who.token, body: newQuestion('no') })).status).toBe(403);
    }
    expect((await call(t.app, 'POST', QUIZ, { body: newQuestion('no') })).status).toBe(401);
  });
});

describe('level rules', () => {
  test('the default reads docs/product.md §9 safety first (docs/product.md §4 "Self-check"): every level is reachable, none is undetermined', async () => {
    const fresh = await createTestApp();
    try {
      await fresh.services.quiz.seedIfEmpty();
      const freshAdmin = await loginAs(fresh.app, 'admin');
      const response = await call(fresh.app, 'GET', RULES, { token: freshAdmin.token });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        rules: [
          { level: 'red', letter: 'B', min: 16, max: 1000 },
          { level: 'green', letter: 'A', min: 34, max: 1000 },
          { level: 'yellow', letter: 'C', min: 0, max: 1000 },
        ],
        reachable: { red: true, yellow: true, green: true, unknown: false },
        question_count: 50,
      });
    } finally {
      await fresh.close();
    }
  });

  test('an admin saves new rules; reachable follows them; scoring uses them', async () => {
    const count = (await questions()).length;
    const rules = [
      { level: 'green', letter: 'A', min: 30, max: count },
      { level: 'red', letter: 'B', min: 10, max: count },
      { level: 'yellow', letter: 'C', min: 0, max: count },
    ];
    const saved = await asAdmin('PUT', RULES, { rules });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ rules, reachable: { red: true, yellow: true, green: true, unknown: false }, question_count: count });
    expect((await asAdmin('GET', RULES)).body.rules).toEqual(rules);
    expect(await t.services.quiz.getRules()).toEqual(rules);
  });

  test('400 when min is above max, distressed answers to all questions would not be red, or a level is unknown', async () => {
    const count = (await questions()).length;
    const before = await asAdmin('GET', RULES);
    const cases = [
      [{ level: 'red', letter: 'B', min: 5, max: 4 }, 'body.rules.0.max'],
      [{ level: 'red', letter: 'B', min: 16, max: count - 1 }, 'body.rules'],
      [{ level: 'yellow', letter: 'B', min: 0, max: count }, 'body.rules'],
      [{ level: 'unknown', letter: 'B', min: 0, max: 1 }, 'body.rules.0.level'],
      [{ level: 'red', letter: 'D', min: 0, max: 1 }, 'body.rules.0.letter'],
      [{ level: 'red', letter: 'B', min: -1, max: 1 }, 'body.rules.0.min'],
    ] as const;
    for (const [rule, path] of cases) {
      const response = await asAdmin('PUT', RULES, { rules: [rule] });
      expect(response.status, JSON.stringify(rule)).toBe(400);
      expect(response.body.errors.map((error: { path: string }) => error.path)).toContain(path);
    }
    const unsafe = await asAdmin('PUT', RULES, { rules: [{ level: 'red', letter: 'B', min: 16, max: 34 }] });
    expect(unsafe.body.errors).toEqual([
      { path: 'body.rules', code: 'INVALID_VALUE', message: `Distressed answers to all ${count} questions must give red` },
    ]);
    expect((await asAdmin('GET', RULES)).body).toEqual(before.body);
  });

  test('saved rules that are no longer safe (a question added since) give way to the default', async () => {
    const count = (await questions()).length;
    const rules = [{ level: 'red', letter: 'B', min: 10, max: count }];
    expect((await asAdmin('PUT', RULES, { rules })).status).toBe(200);
    const added = await asAdmin('POST', QUIZ, {
      question_text: { uk: 'Ще одне', en: 'One more' },
      question_answers: (['A', 'B', 'C'] as const).map((value) => ({ value, text: { uk: value, en: value } })),
    });
    expect(added.status).toBe(201);
    expect(await t.services.quiz.getRules()).toEqual(defaultQuizLevelRules);
    expect((await asAdmin('DELETE', `${QUIZ}/${added.body.id}`)).status).toBe(204);
    expect(await t.services.quiz.getRules()).toEqual(rules);
  });

  test('only admins change the rules; anyone reads them (a visitor’s browser scores with them)', async () => {
    const operator = await loginAs(t.app, 'operator');
    expect((await call(t.app, 'PUT', RULES, { token: operator.token, body: { rules: [] } })).status).toBe(403);
    expect((await call(t.app, 'PUT', RULES, { body: { rules: [] } })).status).toBe(401);
    const read = await call(t.app, 'GET', RULES);
    expect(read.status).toBe(200);
    expect(read.body.rules).toEqual(await t.services.quiz.getRules());
  });
});
