import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, createTestApp, registerPatient, type SignedIn, type TestContext } from '../../test/harness.ts';
import { updateCard } from './patients.repository.ts';

// docs/product.md §4 "Self-check": docs/product.md §9's thresholds read safety first, scored by the server at completion.
let t: TestContext;
let questions: { id: string; question_is_crisis: boolean; question_answers: { id: string; value: 'A' | 'B' | 'C' }[] }[];
let crisisIndex: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.services.quiz.seedIfEmpty();
  questions = (await call(t.app, 'GET', '/v1/quizz')).body;
  crisisIndex = questions.findIndex((question) => question.question_is_crisis);
});
afterAll(async () => {
  await t?.close();
});

interface Patient extends SignedIn {
  cardId: string;
}

async function newPatient(locale: 'uk' | 'en' = 'en'): Promise<Patient> {
  const signed = await registerPatient(t.app, t.mail, { locale });
  const profile = await call(t.app, 'GET', '/v1/auth/profile', { token: signed.token });
  return { ...signed, cardId: profile.body.role_specific_data.patient.patient_cardId };
}

/** One answer per question: the letter `pick(index)` chooses. */
const answers = (pick: (index: number) => 'A' | 'B' | 'C') =>
  questions.map((question, index) => ({
    question_id: question.id,
    answer_id: question.question_answers.find((answer) => answer.value === pick(index))!.id,
  }));

/** `b` distressed answers and `a` calm ones (never on the crisis question unless `crisis`), the rest in between. */
function split(a: number, b: number, crisis = false) {
  const order = questions.map((_, index) => index).filter((index) => index !== crisisIndex);
  const letters = new Map<number, 'A' | 'B' | 'C'>();
  if (crisis) letters.set(crisisIndex, 'B');
  else order.push(crisisIndex);
  for (const index of order) {
    const used = [...letters.values()];
    const bs = used.filter((letter) => letter === 'B').length;
    const as = used.filter((letter) => letter === 'A').length;
    letters.set(index, bs < b ? 'B' : as < a ? 'A' : 'C');
  }
  return answers((index) => letters.get(index)!);
}

async function complete(p: Patient, results: ReturnType<typeof answers>) {
  const response = await call(t.app, 'PUT', `/v1/patients-cards/${p.cardId}`, {
    token: p.token,
    body: { patient_quizz_results: results, patient_quizz_is_completed: true },
  });
  expect(response.status).toBe(200);
  return response.body.patient_quizz_recommendations.at(-1);
}

describe('completing the self-check', () => {
  test('the most distressed answer to all 50 questions is red, with where to get help; all calm is green; all in between yellow', async () => {
    const p = await newPatient();
    expect(
      await complete(
        p,
        answers(() => 'B'),
      ),
    ).toMatchObject({
      quiz_recommendation_level: 'red',
      quiz_recommendation_title: 'Do not be ashamed to seek help',
      quiz_recommendation_text: expect.stringContaining('7333'),
      quiz_recommendation_score: 'A: 0, B: 50, C: 0',
    });
    expect(
      await complete(
        p,
        answers(() => 'A'),
      ),
    ).toMatchObject({ quiz_recommendation_level: 'green', quiz_recommendation_score: 'A: 50, B: 0, C: 0' });
    expect(
      await complete(
        p,
        answers(() => 'C'),
      ),
    ).toMatchObject({ quiz_recommendation_level: 'yellow', quiz_recommendation_score: 'A: 0, B: 0, C: 50' });
  });

  test.each([
    [35, 15, 'green'],
    [34, 16, 'red'],
    [0, 15, 'yellow'],
    [0, 16, 'red'],
    [0, 35, 'red'],
    [34, 0, 'green'],
    [33, 0, 'yellow'],
    [33, 15, 'yellow'],
  ] as const)('%i calm and %i distressed answers (the rest in between) → %s', async (a, b, level) => {
    const p = await newPatient();
    expect(await complete(p, split(a, b))).toMatchObject({
      quiz_recommendation_level: level,
      quiz_recommendation_score: `A: ${a}, B: ${b}, C: ${50 - a - b}`,
    });
  });

  test('the distressed answer to the question about not wanting to live is red by itself, even with every other answer calm', async () => {
    const p = await newPatient('uk');
    expect(await complete(p, split(49, 1, true))).toMatchObject({
      quiz_recommendation_level: 'red',
      quiz_recommendation_title: 'Не соромтеся звернутися по допомогу',
      quiz_recommendation_score: 'A: 49, B: 1, C: 0',
    });
  });
});

describe('results stored under the earlier reading', () => {
  /** A card as the literal thresholds left it: the answers of a completion and the level they were told then. */
  async function storedEarlier(results: ReturnType<typeof answers>, score: string, level: 'yellow' | 'unknown' | 'red', completed = true) {
    const p = await newPatient();
    await updateCard(t.database.db, p.cardId, {
      quizzResults: results,
      quizzIsCompleted: completed,
      appendRecommendation: {
        quiz_recommendation_date: '2026-11-01T10:00:00.000Z',
        quiz_recommendation_title: 'x',
        quiz_recommendation_text: 'x',
        quiz_recommendation_level: level,
        quiz_recommendation_score: score,
      },
    });
    return p;
  }
  const levels = async (p: Patient) =>
    (await call(t.app, 'GET', `/v1/patients-cards/${p.cardId}`, { token: p.token })).body.patient_quizz_recommendations.map(
      (r: { quiz_recommendation_level: string }) => r.quiz_recommendation_level,
    );

  test('are scored again once: a level that changes gets a new recommendation and note, so a patient now red meets the crisis lines', async () => {
    const allDistressed = await storedEarlier(
      answers(() => 'B'),
      'A: 0, B: 50, C: 0',
      'yellow',
    );
    const crisis = await storedEarlier(split(49, 1, true), 'A: 49, B: 1, C: 0', 'yellow');
    // A retake under way: the answers kept are the new attempt's, not the stored result's.
    const retaking = await storedEarlier(split(10, 1, true).slice(0, 5), 'A: 30, B: 5, C: 15', 'unknown', false);
    const alreadyRed = await storedEarlier(answers(() => 'B').slice(0, 50), 'A: 0, B: 20, C: 30', 'red');

    // Earlier tests scored under the new rules already; only the cards above differ from them.
    expect(await t.services.patients.rescoreQuizResultsOnce()).toBe(3);
    expect(await levels(allDistressed)).toEqual(['yellow', 'red']);
    expect(await levels(crisis)).toEqual(['yellow', 'red']);
    expect(await levels(retaking)).toEqual(['unknown', 'yellow']);
    expect(await levels(alreadyRed)).toEqual(['red']);
    const card = await call(t.app, 'GET', `/v1/patients-cards/${allDistressed.cardId}`, { token: allDistressed.token });
    expect(card.body.patient_quizz_recommendations[1]).toMatchObject({
      quiz_recommendation_title: 'Do not be ashamed to seek help',
      quiz_recommendation_score: 'A: 0, B: 50, C: 0',
    });
    expect(card.body.patient_notes.map((note: { note_text: string }) => note.note_text)).toEqual(['red, A: 0, B: 50, C: 0']);

    // Once per database: a second start changes nothing more.
    const later = await storedEarlier(
      answers(() => 'B'),
      'A: 0, B: 50, C: 0',
      'yellow',
    );
    expect(await t.services.patients.rescoreQuizResultsOnce()).toBe(0);
    expect(await levels(later)).toEqual(['yellow']);
    expect(await levels(allDistressed)).toEqual(['yellow', 'red']);
  });
});
