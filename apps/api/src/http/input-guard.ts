import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.ts';

const NUL = '\u0000';

/** The path of the first string holding a NUL character; iterative, so a deeply nested body cannot overflow the stack. */
function findNul(root: unknown, rootPath: string): string | undefined {
  const pending: [unknown, string][] = [[root, rootPath]];
  while (pending.length > 0) {
    const [value, path] = pending.pop()!;
    if (typeof value === 'string') {
      if (value.includes(NUL)) return path;
    } else if (value !== null && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) pending.push([inner, `${path}.${key}`]);
    }
  }
  return undefined;
}

/** PostgreSQL text cannot hold a NUL character and no person types one: refused as a 400 before validation, never a 500. */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const path = findNul(request.params, 'params') ?? findNul(request.query, 'querystring') ?? findNul(request.body, 'body');
    if (path)
      throw new AppError('VALIDATION_FAILED', 'Validation failed', [
        { path, code: 'INVALID', message: 'Text may not contain NUL characters' },
      ]);
  });
}
