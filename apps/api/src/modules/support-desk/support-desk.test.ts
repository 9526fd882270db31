import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SUPPORT_ATTACHMENT_MAX_BYTES, SUPPORT_REQUEST_TEXT_MAX } from '@rozmova/contracts';
import { supportRequestLinks, supportRequests } from '../../db/schema-chat.ts';
import { auditLog } from '../../db/schema.ts';
import { call, createTestApp, PDF, uniqueEmail, type TestContext } from '../../test/harness.ts';
import { bookFor, bookableDoctor, quickAccount, quickPatient, slotAt, type Person } from '../../test/factories.ts';
import { REQUESTS_PER_ADDRESS_PER_HOUR, REQUESTS_PER_EMAIL_PER_HOUR } from './commands/create.ts';
import { FOLLOW_UPS_PER_REQUEST_PER_HOUR } from './commands/follow-up.ts';

const REQUESTS = '/v1/support-requests';
let t: TestContext;
let operator: Person;
let otherOperator: Person;
let addressCount = 0;
/** Each request from its own address, so the per-address limit counts only where a test means it to. */
const nextAddress = () => `10.9.${Math.floor(++addressCount / 250)}.${(addressCount % 250) + 1}`;

const create = (body: Record<string, unknown>, who?: Person, remoteAddress = nextAddress()) =>
  call(t.app, 'POST', REQUESTS, { token: who?.token, body, remoteAddress });

/** A multipart/form-data body as the web form sends it: the text fields, then the file. */
function multipart(fields: Record<string, string>, file?: { content: Buffer; name?: string }) {
  const boundary = `----rozmova${randomUUID()}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name ?? 'scan.pdf'}"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function createWithFile(fields: Record<string, string>, file?: { content: Buffer; name?: string }, who?: Person) {
  const { payload, contentType } = multipart(fields, file);
  const response = await t.app.inject({
    method: 'POST',
    url: REQUESTS,
    headers: { 'content-type': contentType, ...(who ? { authorization: `Bearer ${who.token}` } : {}) },
    payload,
    remoteAddress: nextAddress(),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read the JSON answer's fields directly
  return { status: response.statusCode, body: response.json() as any };
}

/** A visitor's request and the private link's token from the e-mail it got. */
async function visitorRequest(locale: 'uk' | 'en' = 'uk') {
  const email = uniqueEmail('visitor');
  const created = await create({ topic: 'booking', message: 'Не можу знайти свій запис', email, locale });
  expect(created.status).toBe(201);
  const mail = await t.mail.waitFor(email);
  const link = new URL(/https?:\/\/\S+/.exec(mail.text)![0]);
  return { id: created.body.id as string, email, mail, link, token: link.searchParams.get('token')! };
}

beforeAll(async () => {
  t = await createTestApp();
  operator = await quickAccount(t, 'operator');
  otherOperator = await quickAccount(t, 'operator');
});
afterAll(async () => {
  await t.close();
});

describe('sending a request', () => {
  test('a visitor gets an e-mail with a private link that shows the request; a wrong or missing token is 404', async () => {
    const { id, mail, link, token } = await visitorRequest();
    expect(mail.subject).toContain('ми отримали ваше звернення');
    expect(link.pathname).toBe(`/support/requests/${id}`);
    const seen = await call(t.app, 'GET', `${REQUESTS}/${id}?token=${token}`);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ id, status: 'open', topic: 'booking', message: 'Не можу знайти свій запис', replies: [] });
    expect(seen.body.email).toBeUndefined();

    const other = await visitorRequest();
    for (const url of [
      `${REQUESTS}/${id}`,
      `${REQUESTS}/${id}?token=`,
      `${REQUESTS}/${id}?token=${other.token}`,
      `${REQUESTS}/${id}?token=${token.slice(0, -1)}x`,
      `${REQUESTS}/${randomUUID()}?token=${token}`,
    ]) {
      expect((await call(t.app, 'GET', url)).status, url).toBe(404);
    }
    // Only the hash of the token is stored.
    const [stored] = await t.database.db.select().from(supportRequests).where(eq(supportRequests.id, id));
    const links = await t.database.db.select().from(supportRequestLinks).where(eq(supportRequestLinks.requestId, id));
    expect(links.map((l) => l.tokenHash)).toEqual([expect.stringMatching(/^[0-9a-f]{64}$/)]);
    expect(JSON.stringify([stored, links])).not.toContain(token);
  });

  test('a visitor without an e-mail is 400 on body.email; staff do not send requests', async () => {
    const refused = await create({ topic: 'other', message: 'Привіт' });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([expect.objectContaining({ path: 'body.email' })]);
    expect((await create({ topic: 'other', message: 'Привіт' }, operator)).status).toBe(403);
  });

  test('a patient sends with its own e-mail and sees its requests; another patient sees none of them', async () => {
    const patient = await quickPatient(t);
    const other = await quickPatient(t);
    const created = await create({ topic: 'payment', message: 'Двічі списали оплату' }, patient);
    expect(created.status).toBe(201);
    const mine = await call(t.app, 'GET', `${REQUESTS}/my`, { token: patient.token });
    expect(mine.body.requests.map((r: { id: string }) => r.id)).toEqual([created.body.id]);
    expect((await call(t.app, 'GET', `${REQUESTS}/my`, { token: other.token })).body.requests).toEqual([]);
    expect((await call(t.app, 'GET', `${REQUESTS}/${created.body.id}`, { token: patient.token })).status).toBe(200);
    expect((await call(t.app, 'GET', `${REQUESTS}/${created.body.id}`, { token: other.token })).status).toBe(404);
    expect((await call(t.app, 'GET', `${REQUESTS}/my`, { token: operator.token })).status).toBe(403);
    expect((await call(t.app, 'GET', `${REQUESTS}/my`)).status).toBe(401);
  });

  test('control characters, an empty or oversized text and an unknown topic are 400 naming the field', async () => {
    const email = uniqueEmail('visitor');
    const cases: [Record<string, unknown>, string, string][] = [
      [{ topic: 'other', message: 'При\u0007віт', email }, 'body.message', 'MULTI_LINE_TEXT'],
      [{ topic: 'other', message: '   ', email }, 'body.message', 'TOO_SHORT'],
      [{ topic: 'other', message: 'x'.repeat(SUPPORT_REQUEST_TEXT_MAX + 1), email }, 'body.message', 'TOO_LONG'],
      [{ topic: 'weather', message: 'Привіт', email }, 'body.topic', 'INVALID_VALUE'],
    ];
    for (const [body, path, code] of cases) {
      const refused = await create(body);
      expect(refused.status, path).toBe(400);
      expect(refused.body.errors).toEqual([expect.objectContaining({ path, code })]);
    }
  });

  test('an attachment is checked like a document; operators download it, and a patient’s is audited', async () => {
    const patient = await quickPatient(t);
    const created = await createWithFile({ topic: 'documents', message: 'Документ не завантажується' }, { content: PDF }, patient);
    expect(created.status).toBe(201);
    expect(created.body.hasAttachment).toBe(true);
    const file = await t.app.inject({
      method: 'GET',
      url: `${REQUESTS}/${created.body.id}/attachment`,
      headers: { authorization: `Bearer ${operator.token}` },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(PDF)).toBe(true);
    const audited = await t.database.db.select().from(auditLog);
    expect(audited).toContainEqual(
      expect.objectContaining({ actorId: operator.userId, action: 'read', resource: 'support_request', resourceId: created.body.id }),
    );
    expect((await call(t.app, 'GET', `${REQUESTS}/${created.body.id}/attachment`, { token: patient.token })).status).toBe(403);

    const email = uniqueEmail('visitor');
    const notAFile = await createWithFile(
      { topic: 'other', message: 'Ось файл', email },
      { content: Buffer.from('MZ not a document at all, really') },
    );
    expect(notAFile.status).toBe(415);
    const tooLarge = await createWithFile(
      { topic: 'other', message: 'Ось файл', email },
      { content: Buffer.concat([PDF, Buffer.alloc(SUPPORT_ATTACHMENT_MAX_BYTES, 0x20)]) },
    );
    expect(tooLarge.status).toBe(413);
    const badField = await createWithFile({ topic: 'other', message: 'При\u0007віт', email }, { content: PDF });
    expect(badField.status).toBe(400);
    const noAttachment = await call(t.app, 'GET', `${REQUESTS}/${(await visitorRequest()).id}/attachment`, { token: operator.token });
    expect(noAttachment.status).toBe(404);
  });
});

test('removing an account blanks its requests’ text, e-mail and attachment; the status stays', async () => {
  const patient = await quickPatient(t);
  const created = await createWithFile({ topic: 'documents', message: 'Мій діагноз у файлі' }, { content: PDF }, patient);
  expect(created.status).toBe(201);
  expect((await call(t.app, 'DELETE', '/v1/auth/profile', { token: patient.token })).status).toBe(204);
  const seen = await call(t.app, 'GET', `${REQUESTS}/${created.body.id}`, { token: operator.token });
  expect(seen.body).toMatchObject({ status: 'open', message: '', email: '', hasAttachment: false });
  expect((await call(t.app, 'GET', `${REQUESTS}/${created.body.id}/attachment`, { token: operator.token })).status).toBe(404);
});

describe('limits', () => {
  test(`50 requests at once from one address: exactly ${REQUESTS_PER_ADDRESS_PER_HOUR} are accepted`, async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => create({ topic: 'other', message: 'Привіт', email: uniqueEmail('burst') }, undefined, '10.77.0.1')),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(REQUESTS_PER_ADDRESS_PER_HOUR);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(50 - REQUESTS_PER_ADDRESS_PER_HOUR);
  });

  test(`50 requests at once for one e-mail from 50 addresses: exactly ${REQUESTS_PER_EMAIL_PER_HOUR} are accepted`, async () => {
    const email = uniqueEmail('burst');
    const answers = await Promise.all(Array.from({ length: 50 }, () => create({ topic: 'other', message: 'Привіт', email })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(REQUESTS_PER_EMAIL_PER_HOUR);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(50 - REQUESTS_PER_EMAIL_PER_HOUR);
  });
});

describe('the operators’ queue', () => {
  test('operators see the queue with filters; patients and visitors do not', async () => {
    const { id } = await visitorRequest();
    const queue = await call(t.app, 'GET', `${REQUESTS}?status=open`, { token: operator.token });
    expect(queue.status).toBe(200);
    expect(queue.body.requests.map((r: { id: string }) => r.id)).toContain(id);
    expect(queue.body.requests.every((r: { status: string }) => r.status === 'open')).toBe(true);
    expect((await call(t.app, 'GET', REQUESTS, { token: (await quickPatient(t)).token })).status).toBe(403);
    expect((await call(t.app, 'GET', REQUESTS)).status).toBe(401);
    expect((await call(t.app, 'GET', `${REQUESTS}?status=lost`, { token: operator.token })).status).toBe(400);
  });

  test('50 operators taking one request at once: exactly one gets it', async () => {
    const { id } = await visitorRequest();
    const operators = await Promise.all(Array.from({ length: 50 }, () => quickAccount(t, 'operator')));
    const answers = await Promise.all(operators.map((who) => call(t.app, 'POST', `${REQUESTS}/${id}/take`, { token: who.token })));
    const winners = answers.filter((a) => a.status === 200);
    expect(winners).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(49);
    const winner = operators[answers.indexOf(winners[0]!)]!;
    expect(winners[0]!.body).toMatchObject({ status: 'in_progress', operatorId: winner.userId });
    // The holder taking it again is fine.
    expect((await call(t.app, 'POST', `${REQUESTS}/${id}/take`, { token: winner.token })).status).toBe(200);
    expect((await call(t.app, 'POST', `${REQUESTS}/${randomUUID()}/take`, { token: winner.token })).status).toBe(404);
  });

  test('an e-mail answer goes out in the requester’s language and shows at the private link; then it closes', async () => {
    const { id, email, token } = await visitorRequest('en');
    const answered = await call(t.app, 'POST', `${REQUESTS}/${id}/replies`, {
      token: operator.token,
      body: { channel: 'email', text: 'Your booking is on 12 March.' },
    });
    expect(answered.status).toBe(200);
    expect(answered.body).toMatchObject({ status: 'in_progress', operatorId: operator.userId });
    const mail = await t.mail.waitFor(email, (m) => m.subject.includes('an answer'));
    expect(mail.text).toContain('Your booking is on 12 March.');
    const seen = await call(t.app, 'GET', `${REQUESTS}/${id}?token=${token}`);
    expect(seen.body.replies).toEqual([expect.objectContaining({ channel: 'email', text: 'Your booking is on 12 March.' })]);

    // Another operator may not answer or take it; a chat answer to a visitor is 400.
    expect(
      (await call(t.app, 'POST', `${REQUESTS}/${id}/replies`, { token: otherOperator.token, body: { channel: 'email', text: 'Hi' } }))
        .status,
    ).toBe(409);
    const chat = await call(t.app, 'POST', `${REQUESTS}/${id}/replies`, { token: operator.token, body: { channel: 'chat', text: 'Hi' } });
    expect(chat.status).toBe(400);
    expect(chat.body.errors).toEqual([expect.objectContaining({ path: 'body.channel' })]);
    const control = await call(t.app, 'POST', `${REQUESTS}/${id}/replies`, {
      token: operator.token,
      body: { channel: 'email', text: 'a\u0000' },
    });
    expect(control.status).toBe(400);

    const closed = await call(t.app, 'POST', `${REQUESTS}/${id}/close`, { token: operator.token });
    expect(closed.body).toMatchObject({ status: 'closed' });
    expect((await call(t.app, 'GET', `${REQUESTS}/${id}?token=${token}`)).body.status).toBe('closed');
    expect(
      (await call(t.app, 'POST', `${REQUESTS}/${id}/replies`, { token: operator.token, body: { channel: 'email', text: 'Hi' } })).status,
    ).toBe(409);
    expect((await call(t.app, 'POST', `${REQUESTS}/${id}/take`, { token: operator.token })).status).toBe(409);
  });

  test('a chat answer to a patient lands in its support conversation', async () => {
    const patient = await quickPatient(t);
    const created = await create({ topic: 'account', message: 'Не приходить код' }, patient);
    const answered = await call(t.app, 'POST', `${REQUESTS}/${created.body.id}/replies`, {
      token: operator.token,
      body: { channel: 'chat', text: 'Надіслали код ще раз' },
    });
    expect(answered.status).toBe(200);
    const messages = await call(t.app, 'GET', '/v1/messages?recipientType=operator', { token: patient.token });
    expect(JSON.stringify(messages.body)).toContain('Надіслали код ще раз');
    const mine = await call(t.app, 'GET', `${REQUESTS}/my`, { token: patient.token });
    expect(mine.body.requests[0].replies).toEqual([expect.objectContaining({ channel: 'chat', text: 'Надіслали код ще раз' })]);
  });

  test('a problem reported from a call is in the queue with the call’s details', async () => {
    const doctor = await bookableDoctor(t);
    const patient = await quickPatient(t);
    const booked = (await bookFor(t, patient, doctor, slotAt(1, 10))).body as { appointment_roomId: string };
    const report = await call(t.app, 'POST', `/v1/meetings/${booked.appointment_roomId}/report`, {
      token: patient.token,
      body: { message: 'Не чую лікаря', details: { browser: 'Chrome 140' } },
    });
    expect(report.status).toBe(201);
    const one = await call(t.app, 'GET', `${REQUESTS}/${report.body.id}`, { token: operator.token });
    expect(one.body).toMatchObject({ source: 'call', message: 'Не чую лікаря', details: { browser: 'Chrome 140' } });
  });
});

describe('the requester writes back on the request page', () => {
  const followUp = (id: string, text: string, query = '', who?: Person) =>
    call(t.app, 'POST', `${REQUESTS}/${id}/follow-ups${query}`, { token: who?.token, body: { text } });

  test('a visitor answers the operator through the link in the answer e-mail; a closed request opens again with its operator', async () => {
    const { id, email } = await visitorRequest('en');
    await call(t.app, 'POST', `${REQUESTS}/${id}/take`, { token: operator.token });
    const answered = await call(t.app, 'POST', `${REQUESTS}/${id}/replies`, {
      token: operator.token,
      body: { channel: 'email', text: 'Which e-mail did you book with?' },
    });
    expect(answered.status).toBe(200);
    const answer = await t.mail.waitFor(email, (m) => m.subject === 'Rozmova: an answer to your request');
    // The answer's own link opens the request: the visitor need not find the first letter.
    const link = new URL(/https?:\/\/\S+/.exec(answer.text)![0]);
    expect(link.pathname).toBe(`/support/requests/${id}`);
    const token = link.searchParams.get('token')!;
    await call(t.app, 'POST', `${REQUESTS}/${id}/close`, { token: operator.token });

    const written = await followUp(id, 'The same one as here, thank you.', `?token=${token}`);
    expect(written.status).toBe(200);
    expect(written.body.status).toBe('in_progress');
    expect(
      written.body.replies.map((r: { text: string; fromRequester: boolean; authorName: string | null }) => [
        r.text,
        r.fromRequester,
        r.authorName,
      ]),
    ).toEqual([
      ['Which e-mail did you book with?', false, expect.any(String)],
      ['The same one as here, thank you.', true, null],
    ]);
    const staffView = await call(t.app, 'GET', `${REQUESTS}/${id}`, { token: operator.token });
    expect(staffView.body).toMatchObject({ status: 'in_progress', operatorId: operator.userId, closedAt: null });
  });

  test('without the link, with another request’s link, or as another patient: 404 and nothing kept; bad text is 400', async () => {
    const { id, token } = await visitorRequest();
    const other = await visitorRequest();
    const patient = await quickPatient(t);
    for (const query of ['', '?token=', `?token=${other.token}`, `?token=${token.slice(0, -1)}x`]) {
      expect((await followUp(id, 'Hello', query)).status, query).toBe(404);
    }
    expect((await followUp(id, 'Hello', `?token=${token}`, patient)).status).toBe(200);
    expect((await followUp(randomUUID(), 'Hello', `?token=${token}`)).status).toBe(404);
    const own = await create({ topic: 'other', message: 'Моє' }, patient);
    expect((await followUp(own.body.id, 'Ще одне', `?token=${token}`)).status).toBe(404);
    expect((await followUp(own.body.id, 'Ще одне', '', patient)).status).toBe(200);
    for (const [text, code] of [
      ['При\u0007віт', 'MULTI_LINE_TEXT'],
      ['  ', 'TOO_SHORT'],
      ['x'.repeat(SUPPORT_REQUEST_TEXT_MAX + 1), 'TOO_LONG'],
    ] as const) {
      const refused = await followUp(id, text, `?token=${token}`);
      expect(refused.status).toBe(400);
      expect(refused.body.errors[0]).toMatchObject({ path: 'body.text', code });
    }
    const seen = await call(t.app, 'GET', `${REQUESTS}/${id}?token=${token}`);
    expect(seen.body.replies.map((r: { text: string }) => r.text)).toEqual(['Hello']);
  });

  test('50 at once on one request: 10 kept, 40 × 429', async () => {
    const { id, token } = await visitorRequest();
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => followUp(id, `Message ${i}`, `?token=${token}`)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(FOLLOW_UPS_PER_REQUEST_PER_HOUR);
    expect(statuses.filter((s) => s === 429)).toHaveLength(50 - FOLLOW_UPS_PER_REQUEST_PER_HOUR);
    const seen = await call(t.app, 'GET', `${REQUESTS}/${id}?token=${token}`);
    expect(seen.body.replies).toHaveLength(FOLLOW_UPS_PER_REQUEST_PER_HOUR);
  });
});
