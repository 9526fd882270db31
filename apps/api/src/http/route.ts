import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import { isFileResponse, type Endpoint, type EndpointReturn } from '@rozmova/contracts';

type Parsed<S> = S extends z.ZodType ? z.output<S> : unknown;

export type EndpointRequest<E extends Endpoint> = FastifyRequest<{
  Params: Parsed<E['params']>;
  Querystring: Parsed<E['query']>;
  Body: Parsed<E['body']>;
}>;

/** A handler answers the contract's success body, or sends its own answer (a status, headers, a file) through the reply. */
export type EndpointHandler<E extends Endpoint> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<EndpointReturn<E> | FastifyReply>;

/** What a route adds to its contract on the server only: a body limit, a step before validation. */
export type RouteExtras = Pick<RouteShorthandOptions, 'bodyLimit' | 'preValidation'>;

/** The JSON answers the serializer checks; a file or an empty answer is sent as the handler makes it. */
function jsonResponses(contract: Endpoint): Record<number, z.ZodType> {
  const responses: Record<number, z.ZodType> = {};
  for (const [status, schema] of Object.entries(contract.responses)) {
    if (schema !== null && !isFileResponse(schema)) responses[Number(status)] = schema;
  }
  return responses;
}

/**
 * Registers an endpoint of the contracts: its method, path, schemas and access come from the contract, so the
 * server cannot answer anything the web does not expect (a route without a contract is refused, http/access.ts).
 */
export function route<E extends Endpoint>(app: FastifyInstance, contract: E, handler: EndpointHandler<E>, extras: RouteExtras = {}): void {
  app.route({
    method: contract.method,
    url: contract.path,
    config: {
      contract,
      access: contract.access,
      authRateLimit: contract.authRateLimit,
      applicants: contract.applicants,
      unclaimed: contract.unclaimed,
    },
    // Only the parts the contract has: Fastify warns (FSTWRN001) about every part named without a schema.
    schema: Object.fromEntries(
      Object.entries({
        params: contract.params,
        querystring: contract.query,
        body: contract.body,
        response: jsonResponses(contract),
      }).filter(([, schema]) => schema !== undefined),
    ),
    ...extras,
    handler: handler as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}
