import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorCode } from '@rozmova/contracts';
import { AppError } from '../lib/app-error.ts';

const codeForStatus: Record<number, ErrorCode> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
};

/** What a failure log line may carry: no query parameters or constraint details, which can hold personal data. */
function loggable(error: Error & { code?: unknown; cause?: unknown }): Record<string, unknown> {
  const cause = error.cause instanceof Error ? (error.cause as Error & { code?: unknown }) : undefined;
  const message = (cause?.message ?? error.message).split(/\nparams:|params:/)[0]!.slice(0, 300);
  const frames = (error.stack ?? '').split('\n').filter((line) => line.trimStart().startsWith('at ')).slice(0, 8);
  return { type: error.name, code: cause?.code ?? error.code, message, stack: frames.join('\n') };
}

/** Failures the router answers before any route runs (a malformed or over-long path segment), in the same shape. */
export function frameworkErrors(_error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  void reply.status(400).send({ code: 'VALIDATION_FAILED', message: 'The address is not valid' } satisfies ErrorBody);
}

const fieldPath = (instancePath: string | undefined) => (instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');

/** One place that turns every failure into `{ code, message, errors? }`; a 500 never shows internals. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) void reply.headers(error.headers);
      const body: ErrorBody = { code: error.code, message: error.message, ...(error.errors ? { errors: error.errors } : {}) };
      return reply.status(error.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((issue) => ({
        path: [error.validationContext, fieldPath(issue.instancePath)].filter(Boolean).join('.'),
        message: issue.message ?? 'Invalid value',
      }));
      const body: ErrorBody = { code: 'VALIDATION_FAILED', message: 'Validation failed', errors };
      return reply.status(400).send(body);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ? 'The body is not valid JSON' : error.message;
      return reply.status(status).send({ code: codeForStatus[status] ?? 'VALIDATION_FAILED', message } satisfies ErrorBody);
    }
    request.log.error({ failure: loggable(error) }, 'request failed');
    return reply.status(500).send({ code: 'INTERNAL', message: 'Something went wrong on our side' } satisfies ErrorBody);
  });
}
