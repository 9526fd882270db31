import type { ErrorEvent } from '@sentry/node';
import { describe, expect, test } from 'vitest';
import { scrubBreadcrumb, scrubEvent } from './monitoring.scrub.ts';

const NAME = 'Олена Тестова';
const EMAIL = 'olena.testova@example.com';
const NOTE = 'Пацієнтка скаржиться на безсоння третій тиждень';
const TOKEN = 'Bearer abcdefghijklmnopqrstuvwxyz123456';

/** An event as an SDK could make it with everything turned on. */
const leakyEvent = (): ErrorEvent => ({
  type: undefined,
  event_id: 'abc',
  release: 'build-1',
  environment: 'production',
  transaction: `GET /v1/patients?search=${EMAIL}`,
  message: `Could not save the note of ${EMAIL}`,
  logentry: { message: `Note for ${EMAIL}`, params: [NAME, NOTE] },
  user: { id: 'user-1', email: EMAIL, username: NAME, ip_address: '203.0.113.5', name: NAME },
  request: {
    method: 'POST',
    url: `https://rozmova.example/v1/patient-notes?email=${encodeURIComponent(EMAIL)}#top`,
    query_string: { email: EMAIL },
    cookies: { auth_token: 'secret-cookie' },
    headers: { authorization: TOKEN, cookie: 'auth_token=secret-cookie', 'user-agent': 'Firefox' },
    data: { note: NOTE, user_name: NAME },
    env: { REMOTE_ADDR: '203.0.113.5' },
  },
  extra: { body: { note: NOTE } },
  contexts: {
    os: { name: 'Linux' },
    runtime: { name: 'node', version: 'v20' },
    trace: { trace_id: '0123', span_id: '4567' },
    app_state: { form: { email: EMAIL, note: NOTE } },
    response: { status_code: 500, headers: { 'set-cookie': 'auth_token=x' } },
  },
  exception: {
    values: [
      {
        type: 'DrizzleQueryError',
        value: `Failed query: insert into patient_notes (text, author) values ($1, $2)\nparams: ${NOTE},${EMAIL}`,
        stacktrace: {
          frames: [
            {
              filename: '/app/node_modules/@sentry/node/build/esm/index.js',
              function: 'save',
              lineno: 3,
              vars: { note: NOTE, email: EMAIL },
            },
          ],
        },
      },
    ],
  },
  breadcrumbs: [
    { category: 'console', level: 'log', message: `note: ${NOTE}`, timestamp: 1 },
    {
      category: 'http',
      type: 'http',
      timestamp: 2,
      data: { method: 'POST', url: `https://push.example/send?to=${EMAIL}`, status_code: 201, body: NOTE },
    },
    { category: 'ui.click', message: `button[aria-label="Open ${NAME}"]`, timestamp: 3 },
    { category: 'custom', message: `Saved ${NAME}`, data: { email: EMAIL }, timestamp: 4 },
  ],
});

describe('the API scrubs every event before it leaves', () => {
  test('no body, cookie, header, query string, form value, note, name or e-mail is left; the user by id only', () => {
    const scrubbed = scrubEvent(leakyEvent());
    const text = JSON.stringify(scrubbed);
    for (const secret of [NAME, EMAIL, NOTE, TOKEN, 'secret-cookie', '203.0.113.5', 'email=', 'olena.testova', 'set-cookie']) {
      expect(text, secret).not.toContain(secret);
    }
    expect(scrubbed.user).toEqual({ id: 'user-1' });
    expect(scrubbed.request).toEqual({ method: 'POST', url: 'https://rozmova.example/v1/patient-notes' });
    expect(scrubbed.extra).toBeUndefined();
    expect(Object.keys(scrubbed.contexts ?? {}).sort()).toEqual(['os', 'runtime', 'trace']);
    expect(scrubbed.transaction).toBe('GET /v1/patients');
    expect(scrubbed.message).toBe('Could not save the note of [email]');
    expect(scrubbed.logentry).toEqual({ message: 'Note for [email]' });
  });

  test('what helps find the failure stays: the release, the error type, its text up to the query parameters, the frames', () => {
    const scrubbed = scrubEvent(leakyEvent());
    expect(scrubbed).toMatchObject({ event_id: 'abc', release: 'build-1', environment: 'production' });
    const [exception] = scrubbed.exception!.values!;
    expect(exception!.type).toBe('DrizzleQueryError');
    expect(exception!.value).toBe('Failed query: insert into patient_notes (text, author) values ($1, $2)');
    expect(exception!.stacktrace!.frames).toEqual([
      { filename: '/app/node_modules/@sentry/node/build/esm/index.js', function: 'save', lineno: 3 },
    ]);
  });

  test('breadcrumbs: no console or UI text, requests by method, status and path, no messages or other data', () => {
    expect(scrubEvent(leakyEvent()).breadcrumbs).toEqual([
      { category: 'http', type: 'http', timestamp: 2, data: { method: 'POST', url: 'https://push.example/send', status_code: 201 } },
      { category: 'custom', timestamp: 4 },
    ]);
    expect(scrubBreadcrumb({ category: 'console', message: NOTE })).toBeNull();
    expect(scrubBreadcrumb({ category: 'sentry.event', message: `Error: ${EMAIL}` })).toBeNull();
    expect(scrubBreadcrumb({ category: 'fetch', data: { url: `/v1/x?q=${NAME}`, request_body: NOTE } })).toEqual({
      category: 'fetch',
      data: { url: '/v1/x' },
    });
  });

  test('an anonymous event stays anonymous: no user is made up', () => {
    const anonymous: ErrorEvent = { ...leakyEvent(), user: undefined };
    expect(scrubEvent(anonymous).user).toBeUndefined();
  });
});
