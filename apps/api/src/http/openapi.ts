import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { errorStatus, isFileResponse, systemApi, type Access, type Endpoint, type ErrorCode } from '@rozmova/contracts';
import { API_DOCS_PATH, isApiUrl } from './access.ts';
import { route as registerRoute } from './route.ts';

/** Generic answers every route of an access level can give, beside those its schema names (docs/api-reference.md). */
function errorCodesOf(route: RouteOptions, access: Access): ErrorCode[] {
  const schema = route.schema ?? {};
  const contract = route.config?.contract;
  const codes: ErrorCode[] = [];
  if (schema.body || schema.params || schema.querystring || contract?.upload) codes.push('VALIDATION_FAILED');
  if (schema.body || contract?.upload) codes.push('PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE');
  if (access !== 'public') codes.push('UNAUTHORIZED');
  if (access === 'user' || Array.isArray(access)) codes.push('FORBIDDEN', 'EMAIL_NOT_VERIFIED', 'ACCOUNT_DISABLED');
  if (schema.params) codes.push('NOT_FOUND');
  if (route.config?.authRateLimit) codes.push('TOO_MANY_REQUESTS');
  codes.push(...(contract?.errors ?? []), 'INTERNAL');
  return [...new Set(codes)];
}

const errorResponse = (codes: ErrorCode[]) => ({
  description: codes.join(', '),
  content: {
    'application/json': {
      schema: {
        type: 'object',
        required: ['code', 'message'],
        properties: {
          code: { type: 'string', enum: codes },
          message: { type: 'string', description: 'For developers; clients choose their text by the code.' },
          errors: { type: 'array', description: 'Each refused field (400)', items: { $ref: '#/components/schemas/FieldError' } },
        },
      },
    },
  },
});

/** Who may call the route, as OpenAPI says it: no token, an optional one, or a bearer token of the listed roles. */
type Requirement = Record<string, string[]>;
function securityOf(access: Access): { security: Requirement[]; 'x-access'?: string } {
  if (access === 'public') return { security: [] };
  if (access === 'optional') return { security: [{}, { bearer: [] }], 'x-access': 'optional' };
  return { security: [{ bearer: [] }], 'x-access': access === 'user' ? 'any signed-in account' : access.join(', ') };
}

const zodTransform = createJsonSchemaTransform({});

/** A file answer as OpenAPI says it: its media type, binary content. */
function fileResponses(contract: Endpoint | undefined): Record<string, unknown> {
  const responses: Record<string, unknown> = {};
  for (const [status, answer] of Object.entries(contract?.responses ?? {})) {
    if (answer !== null && isFileResponse(answer)) {
      responses[status] = { description: 'A file', content: { [answer.file]: { schema: { type: 'string', format: 'binary' } } } };
    } else if (answer === null) responses[status] = { description: 'No content' };
  }
  return responses;
}

/** An upload's body as OpenAPI says it: multipart/form-data with its file field and the text fields of the body. */
function uploadBody(contract: Endpoint | undefined, body: unknown): Record<string, unknown> {
  if (!contract?.upload) return {};
  const fields = (body ?? {}) as { properties?: Record<string, unknown>; required?: string[] };
  const file = { type: 'string', format: 'binary', description: `At most ${contract.upload.maxBytes} bytes` };
  return {
    body: { ...fields, type: 'object', properties: { ...fields.properties, [contract.upload.field]: file } },
    consumes: ['multipart/form-data', ...(contract.body ? ['application/json'] : [])],
  };
}

/**
 * The OpenAPI 3.1 document of every API route, generated from the zod schemas the routes validate with, served at
 * /api/openapi.json and browsable at /api/docs. Registered before the routes (it collects them as they are added).
 */
export async function registerOpenApi(app: FastifyInstance, deps: { publicUrl: string }): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Rozmova API',
        version: '1',
        description:
          'Every error answers `{ code, message, errors? }`; `code` is one of the catalogue in components.schemas.ErrorCode. ' +
          'Sign-in answers a session token, sent as `Authorization: Bearer <token>`.',
      },
      servers: [{ url: deps.publicUrl }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'The session token from sign-in' } },
        schemas: {
          ErrorCode: {
            type: 'string',
            enum: Object.keys(errorStatus),
            description: Object.entries(errorStatus)
              .map(([code, status]) => `${code}: ${status}`)
              .join('; '),
          },
          FieldError: {
            type: 'object',
            required: ['path', 'code', 'message'],
            properties: { path: { type: 'string' }, code: { type: 'string' }, message: { type: 'string' } },
          },
        },
      },
    },
    transform: (input) => {
      const { url, ...transformed } = zodTransform(input);
      const schema = (transformed.schema ?? {}) as { hide?: boolean; response?: Record<string, unknown> };
      const route = input.route;
      if (!isApiUrl(url) || schema.hide) return { schema: { hide: true }, url };
      const access: Access = route.config?.access ?? 'public';
      const byStatus = new Map<number, ErrorCode[]>();
      for (const code of errorCodesOf(route, access)) byStatus.set(errorStatus[code], [...(byStatus.get(errorStatus[code]) ?? []), code]);
      const contract = route.config?.contract;
      const response: Record<string, unknown> = { ...fileResponses(contract), ...schema.response };
      for (const [status, codes] of byStatus) response[String(status)] ??= errorResponse(codes);
      const tag = url.split('/')[2] ?? 'api';
      const summary = contract?.summary === undefined ? {} : { summary: contract.summary };
      const upload = uploadBody(contract, (schema as { body?: unknown }).body);
      return { schema: { ...schema, ...upload, ...summary, response, tags: [tag], ...securityOf(access) }, url };
    },
  });

  registerRoute(app, systemApi.openApi, async () => app.swagger() as { openapi: string });
  await app.register(async (docs) => {
    // The reference's own pages and files: anyone may read them, and they are not endpoints of the API.
    docs.addHook('onRoute', (route) => {
      route.config = { ...route.config, access: 'public' };
    });
    await docs.register(swaggerUi, { routePrefix: API_DOCS_PATH, uiConfig: { docExpansion: 'list', deepLinking: true } });
  });
}
