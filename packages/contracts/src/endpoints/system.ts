import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { systemPaths } from '../paths.ts';
import { healthSchema, versionSchema } from '../system.ts';

export const health = endpoint({
  method: 'GET',
  path: systemPaths.health,
  access: 'public',
  summary: 'Whether the service and its database answer',
  responses: { 200: healthSchema, 503: healthSchema },
});

export const version = endpoint({
  method: 'GET',
  path: systemPaths.version,
  access: 'public',
  summary: 'The web build this instance serves (an open page compares it with its own)',
  responses: { 200: versionSchema },
});

export const openApi = endpoint({
  method: 'GET',
  path: systemPaths.openApi,
  access: 'public',
  summary: 'This document',
  responses: { 200: z.looseObject({ openapi: z.string() }) },
});
