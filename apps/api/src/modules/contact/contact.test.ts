import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, createTestApp, uniqueEmail, type TestContext } from '../../test/harness.ts';

const CONTACT = '/v1/contact';
const CARE = 'care-desk@rozmova.test';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ env: { CONTACT_EMAIL: CARE } });
});
afterAll(async () => {
  await t?.close();
});

const send = (body: object) => call(t.app, 'POST', CONTACT, { body });

describe('POST /v1/contact', () => {
  test('204; the message reaches CONTACT_EMAIL with Reply-To the visitor', async () => {
    const visitor = uniqueEmail('visitor');
    const response = await send({
      name: 'Богдана Ткаченко',
      email: visitor.toUpperCase(),
      message: 'Чи працюєте ви з компаніями?\nДякую!',
    });
    expect(response.status).toBe(204);
    const mail = await t.mail.waitFor(CARE);
    expect(mail.to).toEqual([CARE]);
    expect(mail.headers['reply-to']).toBe(visitor);
    expect(mail.subject).toBe('Rozmova contact form: Богдана Ткаченко');
    expect(mail.text).toContain(`From: Богдана Ткаченко <${visitor}>`);
    expect(mail.text).toContain('Чи працюєте ви з компаніями?\nДякую!');
    expect(t.mail.to(visitor)).toEqual([]);
  });

  test('a name with line breaks is refused, so it cannot add recipients or headers', async () => {
    const before = t.mail.all().length;
    const response = await send({ name: 'Eve\r\nBcc: victim@example.com', email: uniqueEmail('visitor'), message: 'hello' });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([{ path: 'body.name', code: 'ONE_LINE_TEXT', message: expect.any(String) }]);
    expect(t.mail.all()).toHaveLength(before);
  });

  test.each([
    ['no body fields', {}],
    ['no message', { name: 'A', email: 'a@example.com' }],
    ['a blank message', { name: 'A', email: 'a@example.com', message: '   ' }],
    ['a message over 5000 characters', { name: 'A', email: 'a@example.com', message: 'x'.repeat(5001) }],
    ['a bad e-mail', { name: 'A', email: 'a@', message: 'hi' }],
    ['a blank name', { name: ' ', email: 'a@example.com', message: 'hi' }],
    ['a name over 100 characters', { name: 'n'.repeat(101), email: 'a@example.com', message: 'hi' }],
  ])('400 for %s, and nothing is sent', async (_name, body) => {
    const before = t.mail.all().length;
    const response = await send(body);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.any(String), errors: expect.any(Array) });
    expect(t.mail.all()).toHaveLength(before);
  });

  test('a message of exactly 5000 characters is accepted', async () => {
    const visitor = uniqueEmail('long');
    expect((await send({ name: 'A', email: visitor, message: 'я'.repeat(5000) })).status).toBe(204);
    const mail = await t.mail.waitFor(CARE, (m) => m.text.includes(visitor));
    expect(mail.text).toContain('я'.repeat(5000));
  });
});
