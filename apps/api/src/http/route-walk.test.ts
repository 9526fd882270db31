import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, test } from 'vitest';
import { errorBodySchema } from '@rozmova/contracts';
import type { RouteInfo } from '../app.ts';
import { call, createTestApp, signedInAs, type CallResult } from '../test/harness.ts';
import { fillId, templates } from '../test/walk-templates.ts';

/**
 * Walks app.routeTable, so a new route is covered (and must be listed in the tables below) without anyone remembering to.
 */
const t = await createTestApp();
afterAll(async () => {
  await t.close();
});
const routes = t.app.routeTable;
const keyOf = (route: RouteInfo) => `${route.method} ${route.url}`;

// ---- malformed input -----------------------------------------------------------------------------

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every path to a leaf value of an object, e.g. ['notification_settings', 'email']. */
function leafPaths(value: Record<string, unknown>, prefix: string[] = []): string[][] {
  return Object.entries(value).flatMap(([key, inner]) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? leafPaths(inner as Record<string, unknown>, [...prefix, key])
      : [[...prefix, key]],
  );
}

function withValue(body: Record<string, unknown>, path: string[], value: unknown): Record<string, unknown> {
  const copy = structuredClone(body);
  let target = copy;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string, unknown>;
  target[path.at(-1)!] = value;
  return copy;
}

const valueAt = (body: Record<string, unknown>, path: string[]) =>
  path.reduce<unknown>((value, key) => (value as Record<string, unknown>)[key], body);

interface Case {
  name: string;
  url: string;
  payload?: string;
  contentType?: string;
}

function malformedCases(route: RouteInfo): Case[] {
  const url = fillId(route.url, randomUUID());
  const cases: Case[] = [];
  const json = (name: string, body: Json | Record<string, unknown>) => cases.push({ name, url, payload: JSON.stringify(body) });

  if (route.method !== 'GET') {
    cases.push({ name: 'broken JSON', url, payload: '{"email": "a@b.c", ' });
    cases.push({ name: 'a body over 1 MB', url, payload: JSON.stringify({ filler: 'x'.repeat(1024 * 1024 + 10) }) });
    cases.push({ name: 'JSON declared, nothing sent', url, payload: '' });
    if (route.hasBody) cases.push({ name: 'a text/plain body', url, payload: 'email=a@b.c', contentType: 'text/plain' });
  }

  if (route.hasBody) {
    const template = templates[keyOf(route)];
    if (!template) throw new Error(`No body template for ${keyOf(route)}: add one to the templates table`);
    json('a JSON array', [template as Json]);
    json('a JSON string', 'hello');
    json('a JSON number', 42);
    json('JSON null', null);
    json('missing fields ({})', {});
    const wrongTypes: [string, unknown][] = [
      ['a number', 12345],
      ['an array', ['x', 1]],
      ['a nested object', { nested: { deep: [1, { x: 2 }] } }],
      ['a boolean', true],
      ['a string', 'not-the-right-type'],
    ];
    for (const path of leafPaths(template)) {
      const original = valueAt(template, path);
      for (const [label, value] of wrongTypes) {
        if (typeof value === typeof original && !Array.isArray(value)) continue;
        json(`${path.join('.')} as ${label}`, withValue(template, path, value));
      }
      if (typeof original === 'string') {
        json(`${path.join('.')} 100 000 characters long`, withValue(template, path, 'a'.repeat(100_000)));
        json(`${path.join('.')} with a NUL character`, withValue(template, path, `${original}\u0000`));
      }
    }
    let everyString = template;
    for (const path of leafPaths(template)) {
      if (typeof valueAt(template, path) === 'string') everyString = withValue(everyString, path, 'é'.repeat(100_000));
    }
    // A template without string leaves (e.g. only a list) would be sent unchanged, which is a valid request.
    if (everyString !== template) json('every string 100 000 characters long', everyString);
    cases.push({ name: 'arrays nested 100 000 deep', url, payload: `${'['.repeat(100_000)}${']'.repeat(100_000)}` });
    cases.push({ name: 'objects nested 50 000 deep', url, payload: `${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}` });
  }

  if (route.hasParams) {
    const body = route.hasBody ? JSON.stringify(templates[keyOf(route)]) : undefined;
    for (const id of [
      '%E0%A4%A',
      'not-a-uuid',
      '1',
      '-1',
      '%27%20OR%201%3D1--',
      '00000000-0000-0000-0000-00000000000g',
      'x'.repeat(300),
      '%00',
      randomUUID().toUpperCase() + 'x',
    ]) {
      cases.push({ name: `:id = ${id.slice(0, 40)}`, url: route.url.replace(':id', id), payload: body });
    }
  }

  if (route.hasQuery) {
    for (const query of [
      'limit=abc',
      'limit=-1',
      'limit=0',
      'limit=1000000',
      'limit=1.5',
      'offset=-5',
      'offset=abc',
      'offset=99999999999',
      'role=superuser',
      'role=doctor&role=admin',
      `search=${'s'.repeat(1000)}`,
      'search=%00',
      'search=a%00b',
    ]) {
      cases.push({ name: `?${query.slice(0, 40)}`, url: `${route.url}?${query}` });
    }
  }
  return cases;
}

function problemWith(response: CallResult): string | undefined {
  if (response.status < 400 || response.status > 499) return `status ${response.status}`;
  if (!String(response.headers['content-type']).includes('application/json'))
    return `content-type ${String(response.headers['content-type'])}`;
  const parsed = errorBodySchema.safeParse(response.body);
  if (!parsed.success) return `body ${response.text.slice(0, 200)}`;
  const extra = Object.keys(response.body).filter((key) => !['code', 'message', 'errors'].includes(key));
  if (extra.length > 0) return `extra fields ${extra.join(', ')}`;
  return undefined;
}

describe('malformed input on every route is a 4xx { code, message }, never a 5xx', () => {
  test('the table of body templates matches the routes', () => {
    const withBody = routes
      .filter((route) => route.hasBody)
      .map(keyOf)
      .sort();
    expect(Object.keys(templates).sort()).toEqual(withBody);
  });

  // A GET without params or query takes no input, so there is nothing to malform.
  const withInput = routes.filter((route) => route.method !== 'GET' || route.hasParams || route.hasQuery);

  describe.each(['anonymous', 'admin'] as const)('as %s', (who) => {
    test.each(withInput.map((route) => [keyOf(route), route] as const))('%s', async (_key, route) => {
      const admin = who === 'admin' ? await signedInAs(t, 'admin') : undefined;
      const failures: string[] = [];
      const cases = malformedCases(route);
      for (const item of cases) {
        const headers: Record<string, string> = { 'content-type': item.contentType ?? 'application/json' };
        if (admin) headers.authorization = `Bearer ${admin.token}`;
        const response = await t.app.inject({
          method: route.method as 'POST',
          url: item.url,
          headers: item.payload === undefined ? (admin ? { authorization: headers.authorization! } : {}) : headers,
          ...(item.payload !== undefined ? { payload: item.payload } : {}),
        });
        const result: CallResult = {
          status: response.statusCode,
          body: String(response.headers['content-type'] ?? '').includes('json') && response.body ? response.json() : undefined,
          headers: response.headers,
          text: response.body,
        };
        const problem = problemWith(result);
        if (problem) failures.push(`${item.name}: ${problem} ${result.text.slice(0, 160)}`);
      }
      expect(cases.length).toBeGreaterThan(0);
      expect(failures).toEqual([]);
      // The walk left the admin signed in: no malformed request acted.
      if (admin) expect((await call(t.app, 'GET', '/v1/auth/profile', { token: admin.token })).status).toBe(200);
    });
  });
});
