import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { fieldErrorCodeOf, type ErrorBody, type ErrorCode } from '@rozmova/contracts';
import { AppError } from '../lib/app-error.ts';

const codeForStatus: Record<number, ErrorCode> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
  431: 'REQUEST_HEADERS_TOO_LARGE',
};

/** What a failure log line may carry: no query parameters or constraint details, which can hold personal data. */
function loggable(error: Error & { code?: unknown; cause?: unknown }): Record<string, unknown> {
  const cause = error.cause instanceof Error ? (error.cause as Error & { code?: unknown }) : undefined;
  const message = (cause?.message ?? error.message).split(/\nparams:|params:/)[0]!.slice(0, 300);
  const frames = (error.stack ?? '')
    .split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .slice(0, 8);
  return { type: error.name, code: cause?.code ?? error.code, message, stack: frames.join('\n') };
}

/** Failures the router answers before any route runs (a malformed or over-long path segment), in the same shape. */
export function frameworkErrors(_error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  void reply.status(400).send({ code: 'VALIDATION_FAILED', message: 'The address is not valid' } satisfies ErrorBody);
}

const clientErrors: Record<string, [status: number, message: string]> = {
  HPE_HEADER_OVERFLOW: [431, 'The request headers are too large'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request took too long to arrive'],
};

/**
 * Failures Node's HTTP parser answers before Fastify sees a request (headers over the limit, a malformed request),
 * in the same shape; Fastify's default answers `{ error, message, statusCode }`.
 */
export function clientErrorHandler(error: ConnectionError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] = clientErrors[error.code] ?? [400, 'The request is malformed'];
  const body = JSON.stringify({ code: codeForStatus[status] ?? 'VALIDATION_FAILED', message } satisfies ErrorBody);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/**
 * A failure the handler answers with 500 INTERNAL: not an AppError, a validation failure or a framework 4xx. Only these
 * are reported to the error monitor; a 4xx never is.
 */
export function isUnexpectedError(error: unknown): boolean {
  if (error instanceof AppError || hasZodFastifySchemaValidationErrors(error)) return false;
  const status = (error as Partial<FastifyError> | null)?.statusCode ?? 500;
  return status < 400 || status >= 500;
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
        code: fieldErrorCodeOf({ ...issue.params, code: issue.keyword }),
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
