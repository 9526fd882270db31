import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, describe, expect, test } from 'vitest';
import * as contracts from '@rozmova/contracts';
import { errorStatus, systemPaths, type Endpoint } from '@rozmova/contracts';
import { call, createTestApp } from '../test/harness.ts';
import { API_DOCS_PATH } from './access.ts';

const t = await createTestApp();
afterAll(async () => {
  await t.close();
});

const documentOf = async () => {
  const answer = await call(t.app, 'GET', systemPaths.openApi);
  expect(answer.status).toBe(200);
  return answer.body as {
    openapi: string;
    paths: Record<string, Record<string, { security?: unknown[]; responses: Record<string, { content?: unknown }> }>>;
    components: { schemas: Record<string, { enum?: string[] }> };
  };
};
const openApiPath = (url: string) => url.replace(/:([A-Za-z_]+)/g, '{$1}');

describe('OpenAPI document', () => {
  test('is a valid OpenAPI 3.1 document', async () => {
    const document = await documentOf();
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  test('names every API route, with who may call it and its errors from the catalogue', async () => {
    const document = await documentOf();
    const missing = t.app.routeTable
      .filter((route) => !route.url.startsWith(API_DOCS_PATH))
      .filter((route) => !document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()])
      .map((route) => `${route.method} ${route.url}`);
    expect(missing).toEqual([]);
    expect(Object.keys(document.paths).filter((path) => path.startsWith(API_DOCS_PATH))).toEqual([]);

    const catalogue = Object.keys(errorStatus);
    expect(document.components.schemas.ErrorCode?.enum).toEqual(catalogue);
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const errors = Object.entries(operation.responses).filter(([status]) => Number(status) >= 400);
        expect(errors.length, `${method} ${path}`).toBeGreaterThan(0);
        for (const [status, response] of errors) {
          type Body = { 'application/json'?: { schema?: { properties?: { code?: { enum?: string[] } } } } };
          // /api/health's 503 is its own body (which check failed), not an error of the catalogue.
          const codes = (response.content as Body | undefined)?.['application/json']?.schema?.properties?.code?.enum ?? [];
          if (path !== '/api/health') expect(codes.length, `${method} ${path} ${status}`).toBeGreaterThan(0);
          for (const code of codes) expect(errorStatus[code as keyof typeof errorStatus], `${method} ${path} ${code}`).toBe(Number(status));
        }
      }
    }
    const profile = document.paths['/v1/auth/profile']?.get;
    expect(profile?.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(profile?.responses ?? {})).toEqual(expect.arrayContaining(['200', '401', '403']));
    expect(document.paths['/v1/doctors']?.get?.security).toEqual([{}, { bearer: [] }]);
  });

  test('registers every endpoint of the contracts, and nothing else', () => {
    const endpoints = Object.entries(contracts)
      .filter(([name]) => name.endsWith('Api'))
      .flatMap(([, group]) => Object.values(group as Record<string, Endpoint>));
    expect(endpoints.length).toBeGreaterThan(100);
    const registered = new Set(t.app.routeTable.map((route) => `${route.method} ${route.url}`));
    expect(endpoints.map((e) => `${e.method} ${e.path}`).filter((key) => !registered.has(key))).toEqual([]);
    expect(new Set(endpoints.map((e) => `${e.method} ${e.path}`)).size).toBe(endpoints.length);
  });

  test("lists each endpoint's own refusals and file answers from its contract", async () => {
    const document = await documentOf();
    type Response = { description?: string; content?: Record<string, unknown> };
    const booking = document.paths['/v1/appointments']?.post?.responses as Record<string, Response>;
    expect(booking['409']?.description).toContain('APPOINTMENT_SLOT_TAKEN');
    const calendar = document.paths['/v1/appointments/{id}/calendar.ics']?.get?.responses as Record<string, Response>;
    expect(Object.keys(calendar['200']?.content ?? {})).toEqual(['text/calendar']);
  });

  test('is browsable at /api/docs without a token', async () => {
    const page = await call(t.app, 'GET', `${API_DOCS_PATH}/`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('swagger-ui');
    const json = await call(t.app, 'GET', `${API_DOCS_PATH}/json`);
    expect(json.body.paths['/v1/doctors']).toBeDefined();
  });
});
