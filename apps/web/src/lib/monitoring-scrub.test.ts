import type { ErrorEvent } from '@sentry/react';
import { describe, expect, test } from 'vitest';
import { scrubBreadcrumb, scrubEvent } from './monitoring-scrub.ts';

const NAME = 'Олена Тестова';
const EMAIL = 'olena.testova@example.com';
const NOTE = 'Пацієнтка скаржиться на безсоння третій тиждень';
const TOKEN = 'b1f0c2d3e4f5a6b7c8d9e0f1a2b3c4d5';

/** An event as the browser SDK could make it with everything turned on. */
const leakyEvent = (): ErrorEvent => ({
  type: undefined,
  event_id: 'abc',
  release: 'build-1',
  environment: 'production',
  transaction: `/support/requests/1?token=${TOKEN}`,
  message: `Could not send ${EMAIL}`,
  user: { id: 'user-1', email: EMAIL, username: NAME, ip_address: '{{auto}}' },
  request: {
    url: `https://rozmova.example/support/requests/1?token=${TOKEN}#reply`,
    headers: { 'User-Agent': 'Mozilla/5.0', Referer: `https://rozmova.example/faq?q=${encodeURIComponent(NOTE)}`, Cookie: 'auth_token=x' },
    cookies: { auth_token: 'secret-cookie' },
    query_string: `token=${TOKEN}`,
    data: { message_text: NOTE },
  },
  extra: { formValues: { email: EMAIL, note: NOTE } },
  contexts: {
    browser: { name: 'Firefox' },
    react: { componentStack: 'at ChatPanel' },
    app_state: { draft: NOTE },
  },
  exception: {
    values: [
      {
        type: 'TypeError',
        value: `Cannot read "name" of ${EMAIL}`,
        stacktrace: {
          frames: [{ filename: 'https://rozmova.example/assets/index-abc.js?v=1', function: 'send', lineno: 1, vars: { text: NOTE } }],
        },
      },
    ],
  },
  breadcrumbs: [
    { category: 'console', level: 'log', message: `draft: ${NOTE}`, timestamp: 1 },
    { category: 'ui.click', message: `button[aria-label="Open ${NAME}"]`, timestamp: 2 },
    { category: 'ui.input', message: `input[name="email"] ${EMAIL}`, timestamp: 3 },
    {
      category: 'fetch',
      type: 'http',
      timestamp: 4,
      data: { method: 'POST', url: `/v1/messages?draft=${encodeURIComponent(NOTE)}`, status_code: 201, request_body: NOTE },
    },
    { category: 'xhr', type: 'http', timestamp: 5, data: { method: 'GET', url: `/v1/patients/lookup?email=${EMAIL}`, status_code: 200 } },
    { category: 'navigation', timestamp: 6, data: { from: `/support/requests/1?token=${TOKEN}`, to: '/user?tab=card' } },
    { category: 'sentry.event', message: `Error: ${EMAIL}`, timestamp: 7 },
    { category: 'custom', message: `Hello ${NAME}`, data: { note: NOTE }, timestamp: 8 },
  ],
});

describe('the web app scrubs every event before it leaves the browser', () => {
  test('no body, cookie, query string, token, form value, console text, note, name or e-mail is left; the user by id only', () => {
    const scrubbed = scrubEvent(leakyEvent());
    const text = JSON.stringify(scrubbed);
    for (const secret of [NAME, EMAIL, NOTE, TOKEN, 'secret-cookie', 'auth_token', '{{auto}}', 'tab=card', 'draft', 'Referer']) {
      expect(text, secret).not.toContain(secret);
    }
    expect(scrubbed.user).toEqual({ id: 'user-1' });
    expect(scrubbed.request).toEqual({ url: 'https://rozmova.example/support/requests/1', headers: { 'User-Agent': 'Mozilla/5.0' } });
    expect(scrubbed.extra).toBeUndefined();
    expect(Object.keys(scrubbed.contexts ?? {}).sort()).toEqual(['browser', 'react']);
    expect(scrubbed.transaction).toBe('/support/requests/1');
  });

  test('what helps find the failure stays: release, error type and text, the frames of the build', () => {
    const scrubbed = scrubEvent(leakyEvent());
    expect(scrubbed).toMatchObject({ event_id: 'abc', release: 'build-1', environment: 'production' });
    expect(scrubbed.exception!.values![0]).toEqual({
      type: 'TypeError',
      value: 'Cannot read "name" of [email]',
      stacktrace: { frames: [{ filename: 'https://rozmova.example/assets/index-abc.js', function: 'send', lineno: 1 }] },
    });
  });

  test('breadcrumbs: requests by method, status and path, navigations by path, nothing of the console, clicks or typing', () => {
    expect(scrubEvent(leakyEvent()).breadcrumbs).toEqual([
      { category: 'fetch', type: 'http', timestamp: 4, data: { method: 'POST', url: '/v1/messages', status_code: 201 } },
      { category: 'xhr', type: 'http', timestamp: 5, data: { method: 'GET', url: '/v1/patients/lookup', status_code: 200 } },
      { category: 'navigation', timestamp: 6, data: { from: '/support/requests/1', to: '/user' } },
      { category: 'custom', timestamp: 8 },
    ]);
    expect(scrubBreadcrumb({ category: 'console', message: NOTE })).toBeNull();
    expect(scrubBreadcrumb({ category: 'ui.click', message: NAME })).toBeNull();
  });

  test('an anonymous visitor stays anonymous', () => {
    const anonymous: ErrorEvent = { ...leakyEvent(), user: undefined };
    expect(scrubEvent(anonymous).user).toBeUndefined();
  });
});
