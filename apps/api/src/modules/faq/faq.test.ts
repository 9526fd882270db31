import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { FAQ_ANSWER_MAX, FAQ_TITLE_MAX } from '@rozmova/contracts';
import { sql } from 'drizzle-orm';
import { call, createTestApp, loginAs, type SignedIn, type TestContext } from '../../test/harness.ts';

let t: TestContext;
let admin: SignedIn;
let patient: SignedIn;
let topicId: string;
let questionId: string;
let payQuestionId: string;
let hiddenQuestionId: string;
let hiddenTopicId: string;

const topicBody = (uk: string, en: string, isPublished = true) => ({ title: { uk, en }, position: 0, isPublished });
const questionBody = (topic: string, question: { uk: string; en: string }, answer: { uk: string; en: string }, isPublished = true) => ({
  topicId: topic,
  question,
  answer,
  position: 0,
  isPublished,
});
const asAdmin = (method: string, url: string, body?: unknown) => call(t.app, method, url, { token: admin.token, body });

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin');
  patient = await loginAs(t.app, 'patient');
  topicId = (await asAdmin('POST', '/v1/admin/faq/topics', topicBody('Оплата', 'Payment'))).body.id;
  questionId = (
    await asAdmin(
      'POST',
      '/v1/admin/faq/questions',
      questionBody(
        topicId,
        { uk: 'Як повернути кошти за консультацію?', en: 'How do I get a refund for a consultation?' },
        {
          uk: 'Повернення приходить на ту саму картку протягом кількох днів.',
          en: 'The refund goes back to the same card within a few days.',
        },
      ),
    )
  ).body.id;
  payQuestionId = (
    await asAdmin(
      'POST',
      '/v1/admin/faq/questions',
      questionBody(
        topicId,
        { uk: 'Як оплатити консультацію?', en: 'How do I pay for a consultation?' },
        { uk: 'Карткою онлайн одразу після вибору часу.', en: 'By card online right after choosing the time.' },
      ),
    )
  ).body.id;
  hiddenQuestionId = (
    await asAdmin(
      'POST',
      '/v1/admin/faq/questions',
      questionBody(topicId, { uk: 'Чернетка про повернення', en: 'A draft about refunds' }, { uk: 'Ще не готово', en: 'Not ready' }, false),
    )
  ).body.id;
  hiddenTopicId = (await asAdmin('POST', '/v1/admin/faq/topics', topicBody('Прихована', 'Hidden', false))).body.id;
  await asAdmin(
    'POST',
    '/v1/admin/faq/questions',
    questionBody(hiddenTopicId, { uk: 'Питання прихованої теми', en: 'A question of a hidden topic' }, { uk: 'Повернення', en: 'Refund' }),
  );
});

afterAll(async () => {
  await t.close();
});

describe('reading the FAQ', () => {
  test('lists only published topics with their published questions', async () => {
    const topics = await call(t.app, 'GET', '/v1/faq/topics');
    expect(topics.status).toBe(200);
    expect(topics.body.topics).toEqual([
      expect.objectContaining({ id: topicId, title: { uk: 'Оплата', en: 'Payment' }, questionCount: 2 }),
    ]);
    const topic = await call(t.app, 'GET', `/v1/faq/topics/${topicId}`);
    expect(topic.body.questions.map((q: { id: string }) => q.id)).toEqual([questionId, payQuestionId]);
  });

  test('an unpublished question or topic, or an unknown id, is 404', async () => {
    expect((await call(t.app, 'GET', `/v1/faq/questions/${hiddenQuestionId}`)).status).toBe(404);
    expect((await call(t.app, 'GET', `/v1/faq/topics/${hiddenTopicId}`)).status).toBe(404);
    expect((await call(t.app, 'GET', `/v1/faq/questions/${crypto.randomUUID()}`)).status).toBe(404);
    const answer = await call(t.app, 'GET', `/v1/faq/questions/${questionId}`);
    expect(answer.status).toBe(200);
    expect(answer.body.topic.id).toBe(topicId);
  });

  test.each([
    ['a Ukrainian word', 'повернення'],
    ['a Ukrainian word in another case', 'кошти'],
    ['a Ukrainian word with a typo', 'повернееня'],
    ['an English word', 'Refund'],
    ['an English word with a typo', 'refnd'],
  ])('search finds the answer by %s', async (_name, query) => {
    const found = await call(t.app, 'GET', `/v1/faq/search?query=${encodeURIComponent(query)}`);
    expect(found.status).toBe(200);
    expect(found.body.questions.map((q: { id: string }) => q.id)).toEqual([questionId]);
  });

  const search = async (query: string) => {
    const found = await call(t.app, 'GET', `/v1/faq/search?query=${encodeURIComponent(query)}`);
    expect(found.status, query).toBe(200);
    return found.body.questions.map((q: { id: string }) => q.id);
  };

  test.each([
    ['a longer English form', 'payment'],
    ['an English form with another ending', 'paying'],
    ['the English word itself', 'pay'],
    ['a Ukrainian noun of the verb', 'оплата'],
    ['the Ukrainian verb itself', 'оплатити'],
    ['a Ukrainian form with another ending', 'оплати'],
    ['a Ukrainian word in another case', 'консультації'],
    ['a phrase of stems', 'payments by cards'],
    ['a typo in a Ukrainian word', 'оплотити'],
  ])('search finds the payment answer by %s', async (_name, query) => {
    expect(await search(query)).toContain(payQuestionId);
  });

  test('a shorter form finds a longer one: "refund" and "поверн…" find "refunds" and "повернення"', async () => {
    expect(await search('refunds')).toEqual([questionId]);
    expect(await search('повернути')).toEqual([questionId]);
    expect(await search('payment refund')).toEqual([]);
  });

  test('questions saved before the search had stems get them once at start', async () => {
    await t.database.db.execute(sql`update faq_questions set search_stems = ''`);
    expect(await search('payment')).toEqual([]);
    await t.services.faq.stemQuestionsOnce();
    expect(await search('payment')).toEqual([payQuestionId]);
  });

  test('search finds nothing for nonsense, an unrelated word, a single letter, or SQL wildcards', async () => {
    for (const query of ['qwzxv', 'плюмбус', 'телепортація', 'a', '%', '_%_']) {
      const found = await call(t.app, 'GET', `/v1/faq/search?query=${encodeURIComponent(query)}`);
      expect(found.status, query).toBe(200);
      expect(found.body.questions, query).toEqual([]);
    }
  });

  test('search refuses control characters and overlong queries', async () => {
    expect((await call(t.app, 'GET', '/v1/faq/search?query=a%00b')).status).toBe(400);
    expect((await call(t.app, 'GET', `/v1/faq/search?query=${'x'.repeat(101)}`)).status).toBe(400);
  });
});

describe('"Did this help?"', () => {
  test('50 votes at once from 50 addresses all count', async () => {
    const votes = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call(t.app, 'POST', `/v1/faq/questions/${questionId}/vote`, { body: { helpful: i % 5 !== 0 }, remoteAddress: `10.1.0.${i + 1}` }),
      ),
    );
    expect(votes.map((v) => v.status)).toEqual(Array(50).fill(200));
    const answer = await call(t.app, 'GET', `/v1/faq/questions/${questionId}`);
    expect(answer.body.question).toMatchObject({ helpfulYes: 40, helpfulNo: 10 });
  });

  test('50 votes at once from one address count once; the rest are 429', async () => {
    const before = (await call(t.app, 'GET', `/v1/faq/questions/${questionId}`)).body.question;
    const votes = await Promise.all(
      Array.from({ length: 50 }, () =>
        call(t.app, 'POST', `/v1/faq/questions/${questionId}/vote`, { body: { helpful: true }, remoteAddress: '10.2.0.1' }),
      ),
    );
    expect(votes.filter((v) => v.status === 200)).toHaveLength(1);
    expect(votes.filter((v) => v.status === 429)).toHaveLength(49);
    const after = (await call(t.app, 'GET', `/v1/faq/questions/${questionId}`)).body.question;
    expect(after.helpfulYes).toBe(before.helpfulYes + 1);
  });

  test('a vote on an unpublished or unknown question is 404', async () => {
    expect((await call(t.app, 'POST', `/v1/faq/questions/${hiddenQuestionId}/vote`, { body: { helpful: true } })).status).toBe(404);
    expect((await call(t.app, 'POST', `/v1/faq/questions/${crypto.randomUUID()}/vote`, { body: { helpful: true } })).status).toBe(404);
  });
});

describe('the editor', () => {
  test('only admins edit: anonymous 401, a patient 403', async () => {
    expect((await call(t.app, 'GET', '/v1/admin/faq/topics')).status).toBe(401);
    expect((await call(t.app, 'GET', '/v1/admin/faq/topics', { token: patient.token })).status).toBe(403);
    expect((await call(t.app, 'POST', '/v1/admin/faq/topics', { token: patient.token, body: topicBody('а', 'b') })).status).toBe(403);
  });

  test('the admin list holds unpublished topics and questions too', async () => {
    const list = await asAdmin('GET', '/v1/admin/faq/topics');
    expect(list.body.topics.map((x: { id: string }) => x.id)).toEqual(expect.arrayContaining([topicId, hiddenTopicId]));
    expect(list.body.questions.map((x: { id: string }) => x.id)).toEqual(expect.arrayContaining([questionId, hiddenQuestionId]));
  });

  test('publishing a question shows it; deleting a topic deletes its questions', async () => {
    const draft = (await asAdmin('GET', '/v1/admin/faq/topics')).body.questions.find((x: { id: string }) => x.id === hiddenQuestionId);
    const { id: _id, helpfulYes: _y, helpfulNo: _n, ...body } = draft;
    expect((await asAdmin('PUT', `/v1/admin/faq/questions/${hiddenQuestionId}`, { ...body, isPublished: true })).status).toBe(200);
    expect((await call(t.app, 'GET', `/v1/faq/questions/${hiddenQuestionId}`)).status).toBe(200);

    const topic = (await asAdmin('POST', '/v1/admin/faq/topics', topicBody('Тимчасова', 'Temporary'))).body.id;
    const question = (await asAdmin('POST', '/v1/admin/faq/questions', questionBody(topic, { uk: 'П', en: 'Q' }, { uk: 'В', en: 'A' })))
      .body.id;
    expect((await asAdmin('DELETE', `/v1/admin/faq/topics/${topic}`)).status).toBe(204);
    expect((await call(t.app, 'GET', `/v1/faq/questions/${question}`)).status).toBe(404);
    expect((await asAdmin('DELETE', `/v1/admin/faq/topics/${topic}`)).status).toBe(404);
    expect((await asAdmin('DELETE', `/v1/admin/faq/questions/${question}`)).status).toBe(404);
  });

  test('a question of an unknown topic is 400 on topicId; unknown ids are 404', async () => {
    const refused = await asAdmin(
      'POST',
      '/v1/admin/faq/questions',
      questionBody(crypto.randomUUID(), { uk: 'П', en: 'Q' }, { uk: 'В', en: 'A' }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([expect.objectContaining({ path: 'body.topicId', code: 'INVALID_VALUE' })]);
    expect((await asAdmin('PUT', `/v1/admin/faq/topics/${crypto.randomUUID()}`, topicBody('а', 'b'))).status).toBe(404);
  });

  test('control characters, empty and oversized texts are 400 naming the field', async () => {
    const cases: [unknown, string, string][] = [
      [topicBody('Опла\u0007та', 'Payment'), 'body.title.uk', 'ONE_LINE_TEXT'],
      [topicBody('', 'Payment'), 'body.title.uk', 'TOO_SHORT'],
      [topicBody('Оплата', 'x'.repeat(FAQ_TITLE_MAX + 1)), 'body.title.en', 'TOO_LONG'],
    ];
    for (const [body, path, code] of cases) {
      const refused = await asAdmin('POST', '/v1/admin/faq/topics', body);
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual([expect.objectContaining({ path, code })]);
    }
    const long = await asAdmin(
      'POST',
      '/v1/admin/faq/questions',
      questionBody(topicId, { uk: 'П', en: 'Q' }, { uk: 'В'.repeat(FAQ_ANSWER_MAX + 1), en: 'A' }),
    );
    expect(long.body.errors).toEqual([expect.objectContaining({ path: 'body.answer.uk', code: 'TOO_LONG' })]);
    const control = await asAdmin(
      'POST',
      '/v1/admin/faq/questions',
      questionBody(topicId, { uk: 'П', en: 'Q' }, { uk: 'В\u0007', en: 'A' }),
    );
    expect(control.body.errors).toEqual([expect.objectContaining({ path: 'body.answer.uk', code: 'MULTI_LINE_TEXT' })]);
  });
});
