import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, describe, expect, test } from 'vitest';
import { errorStatus } from '@rozmova/contracts';
import { call, createTestApp } from '../test/harness.ts';
import { API_DOCS_PATH, OPENAPI_PATH } from './openapi.ts';

const t = await createTestApp();
afterAll(async () => {
  await t.close();
});

const documentOf = async () => {
  const answer = await call(t.app, 'GET', OPENAPI_PATH);
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
      .filter((route) => route.url !== OPENAPI_PATH && !route.url.startsWith(API_DOCS_PATH))
      .filter((route) => !document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()])
      .map((route) => `${route.method} ${route.url}`);
    expect(missing).toEqual([]);
    expect(Object.keys(document.paths).filter((path) => path.startsWith(API_DOCS_PATH) || path === OPENAPI_PATH)).toEqual([]);

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

  test('is browsable at /api/docs without a token', async () => {
    const page = await call(t.app, 'GET', `${API_DOCS_PATH}/`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('swagger-ui');
    const json = await call(t.app, 'GET', `${API_DOCS_PATH}/json`);
    expect(json.body.paths['/v1/doctors']).toBeDefined();
  });
});
