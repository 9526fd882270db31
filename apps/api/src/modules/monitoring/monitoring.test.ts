import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { endpoint, monitoringPaths } from '@rozmova/contracts';
import { ConfigError, loadConfig } from '../../config.ts';
import { route } from '../../http/route.ts';
import { AppError } from '../../lib/app-error.ts';
import { call, registerPatient, type TestContext } from '../../test/harness.ts';
import { startSentryEndpoint, type SentryEndpoint } from '../../test/sentry-endpoint.ts';
import { createTestAppWithWebDist } from '../../test/web-dist.ts';
import { EXAMPLE_ERROR_MESSAGE, EXAMPLE_ERRORS_PER_HOUR, TUNNEL_ENVELOPES_PER_MINUTE, TUNNEL_MAX_BYTES } from './monitoring.service.ts';

/*
 * Error monitoring with a local envelope endpoint standing in for Sentry: the API's unexpected errors arrive there with
 * the release and without what must stay here; the browser's envelopes go through the tunnel to the configured project
 * only. Without a DSN nothing is forwarded. The API's SDK is one per process, so the app without a DSN goes first and
 * is closed before the one with it starts.
 */

const NAME = 'Олена Тестова';
const NOTE = 'Пацієнтка скаржиться на безсоння третій тиждень';

/** A built web app with a hidden source map beside its script, as `vite build` writes it. */
const webDist = {
  'index.html': '<!doctype html><html><head><title>Rozmova</title></head><body></body></html>\n',
  'assets/index-AbC123xy.js': 'console.log("app");\n',
  'assets/index-AbC123xy.js.map': '{"version":3,"sources":["../src/secret-source.ts"]}\n',
};

/** An envelope as the browser SDK posts it to the tunnel: its header names the DSN, then one event. */
const envelope = (dsn: string, event: Record<string, unknown> = { message: 'browser event' }) =>
  `${JSON.stringify({ event_id: 'a'.repeat(32), dsn, sent_at: new Date().toISOString() })}\n${JSON.stringify({ type: 'event' })}\n${JSON.stringify(event)}\n`;

const postEnvelope = (t: TestContext, body: string, remoteAddress = '127.0.0.1', contentType = 'text/plain;charset=UTF-8') =>
  t.app.inject({ method: 'POST', url: monitoringPaths.tunnel, headers: { 'content-type': contentType }, payload: body, remoteAddress });

describe('the settings', () => {
  test('a DSN as Sentry and GlitchTip hand it out is taken; one the SDKs would refuse stops the start', () => {
    const dsnOf = (value: string) => loadConfig({ SENTRY_DSN: value }).sentry;
    expect(dsnOf('https://0123abcd@o1.ingest.sentry.io/42')).toEqual({
      apiDsn: 'https://0123abcd@o1.ingest.sentry.io/42',
      webDsn: 'https://0123abcd@o1.ingest.sentry.io/42',
    });
    expect(dsnOf('https://0123abcd@glitchtip.example.org/glitchtip/7').apiDsn).toBe('https://0123abcd@glitchtip.example.org/glitchtip/7');
    for (const wrong of [
      'https://o1.ingest.sentry.io/42',
      'https://key-with-dash@sentry.example/1',
      'ftp://k@sentry.example/1',
      'https://k@sentry.example/x',
    ]) {
      expect(() => loadConfig({ SENTRY_DSN: wrong }), wrong).toThrow(ConfigError);
    }
  });
});

describe('without a DSN', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestAppWithWebDist(webDist);
  });
  afterAll(async () => {
    await t?.close();
  });

  test('the tunnel forwards nothing: 404 for any envelope', async () => {
    const response = await postEnvelope(t, envelope('http://key@127.0.0.1:9/1'));
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  test('the example error is still a plain 500 that hides its internals', async () => {
    const response = await call(t.app, 'GET', monitoringPaths.exampleError);
    expect(response.status).toBe(500);
    expect(response.body).toEqual({ code: 'INTERNAL', message: 'Something went wrong on our side' });
  });

  test('source maps are never served, their script is', async () => {
    expect((await call(t.app, 'GET', '/assets/index-AbC123xy.js')).status).toBe(200);
    for (const accept of ['*/*', 'text/html']) {
      const map = await call(t.app, 'GET', '/assets/index-AbC123xy.js.map', { headers: { accept } });
      expect(map.status).toBe(404);
      expect(map.text).not.toContain('secret-source');
    }
  });
});

describe('with a DSN', () => {
  let t: TestContext;
  let sentry: SentryEndpoint;
  let base: string;
  let buildId: string;
  const forwarded = () => sentry.envelopes().filter((item) => item.header.dsn !== undefined);

  beforeAll(async () => {
    sentry = await startSentryEndpoint();
    t = await createTestAppWithWebDist(webDist, {
      env: { SENTRY_DSN: sentry.dsn },
      beforeReady: (app) => {
        // A failure while saving a note: the database error lists the note, the name and the e-mail as its parameters.
        const failing = endpoint({
          method: 'POST',
          path: '/v1/test/monitoring/fail',
          access: 'optional',
          body: z.object({ email: z.string() }),
          responses: { 200: z.null() },
        });
        route(app, failing, async (request) => {
          const { email } = request.body;
          throw new Error(`Failed query: insert into patient_notes (text, author) values ($1, $2)\nparams: ${NOTE},${NAME},${email}`);
        });
        const expected = endpoint({ method: 'GET', path: '/v1/test/monitoring/expected', access: 'public', responses: { 200: z.null() } });
        route(app, expected, async () => {
          throw new AppError('NOT_FOUND', 'Nothing here (an expected 404)');
        });
      },
    });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    buildId = (await call(t.app, 'GET', '/api/version')).body.build_id;
  });
  afterAll(async () => {
    await t?.close();
    await sentry?.close();
  });

  test('an unexpected error of a signed-in request arrives with the release, the user by id, and nothing personal', async () => {
    const patient = await registerPatient(t.app, t.mail, { user_name: NAME });
    const query = `?email=${encodeURIComponent(patient.email)}&name=${encodeURIComponent(NAME)}`;
    const response = await fetch(`${base}${monitoringPaths.exampleError}${query}`, {
      headers: { authorization: `Bearer ${patient.token}`, cookie: `auth_token=${patient.token}` },
    });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ code: 'INTERNAL', message: 'Something went wrong on our side' });

    const { event, envelope: arrived } = await sentry.waitForEvent((e) => e.exception?.values?.[0]?.value === EXAMPLE_ERROR_MESSAGE);
    expect(event.release).toBe(buildId);
    expect(event.environment).toBe('test');
    expect(event.user).toEqual({ id: patient.userId });
    expect(event.request).toEqual({ method: 'GET', url: expect.stringMatching(/\/api\/monitoring\/example-error$/) });
    for (const secret of [patient.email, NAME, patient.token, 'email=', encodeURIComponent(NAME)]) {
      expect(arrived.text, secret).not.toContain(secret);
    }
  });

  test('a failure with a body: no note, name or e-mail from the body, the query string or the error text', async () => {
    const patient = await registerPatient(t.app, t.mail, { user_name: NAME });
    const response = await fetch(`${base}/v1/test/monitoring/fail?note=${encodeURIComponent(NOTE)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${patient.token}` },
      body: JSON.stringify({ note: NOTE, user_name: NAME, email: patient.email }),
    });
    expect(response.status).toBe(500);
    const { event, envelope: arrived } = await sentry.waitForEvent((e) =>
      /^Failed query: insert into patient_notes/.test(e.exception?.values?.[0]?.value ?? ''),
    );
    expect(event.exception!.values![0]!.value).toBe('Failed query: insert into patient_notes (text, author) values ($1, $2)');
    expect(event.user).toEqual({ id: patient.userId });
    for (const secret of [NOTE, NAME, patient.email, encodeURIComponent(NOTE), patient.token])
      expect(arrived.text, secret).not.toContain(secret);
  });

  test('an anonymous failure after a signed-in one names no user; expected 4xx are never reported', async () => {
    const patient = await registerPatient(t.app, t.mail);
    await fetch(`${base}${monitoringPaths.exampleError}`, { headers: { authorization: `Bearer ${patient.token}` } });
    await sentry.waitForEvent((event) => event.user?.id === patient.userId);
    const before = sentry.events().length;
    expect((await fetch(`${base}/v1/test/monitoring/expected`)).status).toBe(404);
    const invalid = { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' };
    expect((await fetch(`${base}/v1/auth/login`, invalid)).status).toBe(400);
    // Another failure than the last one (the SDK drops an error equal to the one before it).
    const anonymous = { ...invalid, body: JSON.stringify({ email: 'someone@example.com' }) };
    expect((await fetch(`${base}/v1/test/monitoring/fail`, anonymous)).status).toBe(500);
    await sentry.waitForEvent(() => sentry.events().length > before);
    // Whatever was captured has been sent by now: only the anonymous 500 is among the new events, without a user.
    await (await import('@sentry/node')).flush(5000);
    const since = sentry.events().slice(before);
    expect(since.map(({ event }) => [event.exception?.values?.[0]?.value, event.user])).toEqual([
      ['Failed query: insert into patient_notes (text, author) values ($1, $2)', undefined],
    ]);
  });

  test('the tunnel forwards a browser envelope to the configured project, as it came', async () => {
    const before = forwarded().length;
    const body = envelope(sentry.dsn, { message: 'from the browser', release: buildId });
    const response = await postEnvelope(t, body, '127.0.7.1');
    expect(response.statusCode).toBe(200);
    const arrived = forwarded();
    expect(arrived).toHaveLength(before + 1);
    expect(arrived.at(-1)!.text).toBe(body);
    expect(arrived.at(-1)!.path).toBe('/api/1/envelope/');
    expect(arrived.at(-1)!.query.get('sentry_key')).toBe('publickey');
    // The browser's own type, and none at all, are read as text too.
    expect((await postEnvelope(t, body, '127.0.7.1', 'application/x-sentry-envelope')).statusCode).toBe(200);
    const untyped = await t.app.inject({
      method: 'POST',
      url: monitoringPaths.tunnel,
      payload: Buffer.from(body),
      remoteAddress: '127.0.7.1',
    });
    expect(untyped.statusCode).toBe(200);
    expect(forwarded()).toHaveLength(before + 3);
  });

  test('anything else is refused with a 4xx and goes nowhere', async () => {
    const before = sentry.envelopes().length;
    const { port } = new URL(sentry.dsn);
    const cases: [string, string, number][] = [
      ['another project', envelope(`http://publickey@127.0.0.1:${port}/2`), 403],
      ['another key', envelope(`http://other-key@127.0.0.1:${port}/1`), 403],
      ['another host', envelope(`http://publickey@127.0.0.2:${port}/1`), 403],
      ['another scheme', envelope(`https://public-key@127.0.0.1:${port}/1`), 403],
      ['a path before the project', envelope(`http://publickey@127.0.0.1:${port}/evil/1`), 403],
      ['a DSN that is no URL', envelope('not a url'), 403],
      ['no DSN', `${JSON.stringify({ event_id: 'x' })}\n{"type":"event"}\n{}\n`, 400],
      ['no JSON header', 'hello\nworld', 400],
      ['an empty body', '', 400],
      ['a JSON body', JSON.stringify({ dsn: sentry.dsn }), 200],
      ['a NUL character', envelope(sentry.dsn, { message: 'a\u0000b' }).replace('\\u0000', '\u0000'), 400],
      ['a header line over 8 KB', envelope(`${sentry.dsn}?${'x'.repeat(9000)}`), 400],
    ];
    let accepted = 0;
    for (const [name, body, status] of cases) {
      const response = await postEnvelope(t, body, '127.0.7.2');
      expect(response.statusCode, name).toBe(status);
      if (status === 200) accepted += 1;
      else expect(response.json(), name).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
    const tooLarge = await postEnvelope(t, envelope(sentry.dsn, { message: 'x'.repeat(TUNNEL_MAX_BYTES) }), '127.0.7.3');
    expect(tooLarge.statusCode).toBe(413);
    expect(sentry.envelopes().length).toBe(before + accepted);
  });

  test(`50 envelopes at once from one address: ${TUNNEL_ENVELOPES_PER_MINUTE} forwarded, the rest 429`, async () => {
    const before = forwarded().length;
    const responses = await Promise.all(Array.from({ length: 50 }, () => postEnvelope(t, envelope(sentry.dsn), '127.0.7.4')));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(TUNNEL_ENVELOPES_PER_MINUTE);
    expect(statuses.filter((status) => status === 429)).toHaveLength(50 - TUNNEL_ENVELOPES_PER_MINUTE);
    expect(forwarded().length - before).toBe(TUNNEL_ENVELOPES_PER_MINUTE);
    // Another address is counted on its own.
    expect((await postEnvelope(t, envelope(sentry.dsn), '127.0.7.5')).statusCode).toBe(200);
  });

  test(`the example error: ${EXAMPLE_ERRORS_PER_HOUR} an hour from one address`, async () => {
    const responses = await Promise.all(
      Array.from({ length: 25 }, () => t.app.inject({ method: 'GET', url: monitoringPaths.exampleError, remoteAddress: '127.0.7.6' })),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([...Array(EXAMPLE_ERRORS_PER_HOUR).fill(500), ...Array(25 - EXAMPLE_ERRORS_PER_HOUR).fill(429)].sort());
  });

  test('the monitor down or full: the browser is told (503, 429), and it is not reported as an error', async () => {
    const flush = async () => (await import('@sentry/node')).flush(5000);
    await flush();
    const before = sentry.events().length;
    sentry.answer(500);
    const down = await postEnvelope(t, envelope(sentry.dsn), '127.0.7.7');
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    sentry.answer(429);
    const full = await postEnvelope(t, envelope(sentry.dsn), '127.0.7.7');
    expect(full.statusCode).toBe(429);
    expect(full.headers['retry-after']).toBe('60');
    sentry.answer(200);
    await flush();
    expect(
      sentry
        .events()
        .slice(before)
        .filter(({ event }) => event.exception),
    ).toEqual([]);
  });
});
