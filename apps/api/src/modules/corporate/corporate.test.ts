import { count } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { corporateLeads } from '../../db/schema-staff.ts';
import { createTestApp, uniqueEmail } from '../../test/harness.ts';
import { CORPORATE_LEADS_PER_HOUR } from './corporate.service.ts';

const CARE = 'partners@rozmova.test';
const t = await createTestApp({ env: { CONTACT_EMAIL: CARE } });
afterAll(() => t.close());

/** A lead sent from `address` (each test its own, so the hourly limits do not meet). */
async function send(body: object, address: string) {
  const response = await t.app.inject({ method: 'POST', url: '/v1/corporate-leads', payload: body, remoteAddress: address });
  return { status: response.statusCode, body: response.json() };
}

const rows = async () => (await t.database.db.select({ n: count() }).from(corporateLeads))[0]!.n;

const lead = (extra: object = {}) => ({
  company: 'ТОВ «Львівські майстерні»',
  contact_name: 'Богдана Ткаченко',
  email: uniqueEmail('hr'),
  ...extra,
});

describe('POST /v1/corporate-leads', () => {
  test('201: the lead is kept and reaches CONTACT_EMAIL with Reply-To the company', async () => {
    const before = await rows();
    const body = lead({ phone: '+380 50 123 45 67', employees: 120, message: 'Хочемо підтримку для команди.\nДякуємо!', locale: 'en' });
    const response = await send(body, '10.1.0.1');
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ id: expect.any(String) });
    expect(await rows()).toBe(before + 1);
    const mail = await t.mail.waitFor(CARE, (m) => m.text.includes(body.email));
    expect(mail.headers['reply-to']).toBe(body.email);
    expect(mail.subject).toBe('Rozmova corporate clients: ТОВ «Львівські майстерні»');
    expect(mail.text).toContain('Contact: Богдана Ткаченко');
    expect(mail.text).toContain('Phone: +380501234567');
    expect(mail.text).toContain('Employees: 120');
    expect(mail.text).toContain('Хочемо підтримку для команди.\nДякуємо!');
  });

  test('phone, employees and message are optional', async () => {
    expect((await send(lead(), '10.1.0.2')).status).toBe(201);
  });

  test.each([
    ['a company with a line break', { company: 'Acme\r\nBcc: victim@example.com' }, 'body.company'],
    ['a name with a control character', { contact_name: 'Eve\u0007' }, 'body.contact_name'],
    ['a message over 5000 characters', { message: 'я'.repeat(5001) }, 'body.message'],
    ['a company over 200 characters', { company: 'x'.repeat(201) }, 'body.company'],
    ['no company', { company: '' }, 'body.company'],
    ['a broken e-mail', { email: 'not-an-email' }, 'body.email'],
    ['a phone that is not one', { phone: '12' }, 'body.phone'],
    ['no employees', { employees: 0 }, 'body.employees'],
    ['a field the form does not have', { bcc: 'victim@example.com' }, 'body'],
  ])('%s: 400 naming the field; nothing kept or sent', async (_name, extra, path) => {
    const [before, mails] = [await rows(), t.mail.all().length];
    const response = await send(lead(extra), '10.1.0.3');
    expect(response.status).toBe(400);
    expect(response.body.errors.map((e: { path: string }) => e.path)).toContain(path);
    expect(await rows()).toBe(before);
    expect(t.mail.all()).toHaveLength(mails);
  });

  test(`50 leads at once from one address: exactly ${CORPORATE_LEADS_PER_HOUR} kept and mailed, the rest 429`, async () => {
    const [before, mails] = [await rows(), t.mail.to(CARE).length];
    const responses = await Promise.all(Array.from({ length: 50 }, (_, i) => send(lead({ company: `Burst ${i}` }), '10.1.0.4')));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(CORPORATE_LEADS_PER_HOUR);
    expect(statuses.filter((s) => s === 429)).toHaveLength(50 - CORPORATE_LEADS_PER_HOUR);
    expect(await rows()).toBe(before + CORPORATE_LEADS_PER_HOUR);
    await expect.poll(() => t.mail.to(CARE).length).toBe(mails + CORPORATE_LEADS_PER_HOUR);
    // Another address is not held back by this one.
    expect((await send(lead(), '10.1.0.5')).status).toBe(201);
  });

  test('an hour later the address may send again', async () => {
    const address = '10.1.0.6';
    for (let i = 0; i < CORPORATE_LEADS_PER_HOUR; i++) expect((await send(lead(), address)).status).toBe(201);
    expect((await send(lead(), address)).status).toBe(429);
    t.clock.set(t.clock.now().getTime() + 60 * 60_000 + 1000);
    expect((await send(lead(), address)).status).toBe(201);
  });
});
