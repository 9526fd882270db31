import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cannedReplyListSchema, cannedReplySchema } from '@rozmova/contracts';
import { call, createTestApp, MINUTE, type TestContext } from '../../test/harness.ts';
import { BASE, bookableDoctor, quickAccount, quickPatient, type Person } from '../../test/factories.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(BASE);
});
afterAll(() => t?.close());

const PATH = '/v1/support/canned-replies';
const create = (who: Person, body: unknown) => call(t.app, 'POST', PATH, { token: who.token, body });
const list = async (who: Person) => cannedReplyListSchema.parse((await call(t.app, 'GET', PATH, { token: who.token })).body).replies;

describe('canned replies', () => {
  test("an operator keeps its own, sorted by title; another operator's are 404 to it", async () => {
    const operator = await quickAccount(t, 'operator');
    const colleague = await quickAccount(t, 'operator');
    const greeting = await create(operator, { title: 'Привітання', text: 'Вітаю! Чим можу допомогти?\nЯ на звʼязку.' });
    expect(greeting.status).toBe(201);
    expect(cannedReplySchema.parse(greeting.body)).toEqual({
      id: expect.any(String),
      title: 'Привітання',
      text: 'Вітаю! Чим можу допомогти?\nЯ на звʼязку.',
      updated_at: new Date(BASE).toISOString(),
    });
    await create(operator, { title: 'Оплата', text: 'Оплатити можна карткою.' });
    expect((await list(operator)).map((r) => r.title)).toEqual(['Оплата', 'Привітання']);
    expect(await list(colleague)).toEqual([]);

    t.clock.advance(MINUTE);
    const edited = await call(t.app, 'PUT', `${PATH}/${greeting.body.id}`, {
      token: operator.token,
      body: { title: 'Вітання', text: 'Добрий день!' },
    });
    expect(edited.body).toEqual({ id: greeting.body.id, title: 'Вітання', text: 'Добрий день!', updated_at: t.clock.now().toISOString() });

    for (const [method, body] of [
      ['PUT', { title: 'Чуже', text: 'Чуже' }],
      ['DELETE', undefined],
    ] as const) {
      expect((await call(t.app, method, `${PATH}/${greeting.body.id}`, { token: colleague.token, body })).status).toBe(404);
      expect((await call(t.app, method, `${PATH}/${randomUUID()}`, { token: operator.token, body })).status).toBe(404);
    }
    expect((await call(t.app, 'DELETE', `${PATH}/${greeting.body.id}`, { token: operator.token })).status).toBe(204);
    expect((await call(t.app, 'DELETE', `${PATH}/${greeting.body.id}`, { token: operator.token })).status).toBe(404);
    expect((await list(operator)).map((r) => r.title)).toEqual(['Оплата']);
  });

  test('empty, oversized or control characters are 400; patients and doctors may not keep any', async () => {
    const operator = await quickAccount(t, 'operator');
    for (const body of [
      { title: '', text: 'Текст' },
      { title: 'Назва', text: ' \n ' },
      { title: 'я'.repeat(81), text: 'Текст' },
      { title: 'Назва', text: 'я'.repeat(4001) },
      { title: 'Рядок\nдругий', text: 'Текст' },
      { title: 'Назва', text: 'a\u001bb' },
      { title: 'Назва' },
    ]) {
      expect((await create(operator, body)).status, JSON.stringify(body).slice(0, 40)).toBe(400);
    }
    expect(await list(operator)).toEqual([]);
    for (const who of [await quickPatient(t), await bookableDoctor(t)]) {
      expect((await create(who, { title: 'Назва', text: 'Текст' })).status).toBe(403);
      expect((await call(t.app, 'GET', PATH, { token: who.token })).status).toBe(403);
    }
    expect((await call(t.app, 'GET', PATH)).status).toBe(401);
    const admin = await quickAccount(t, 'admin');
    expect((await create(admin, { title: 'Адмін', text: 'Текст' })).status).toBe(201);
  });
});
