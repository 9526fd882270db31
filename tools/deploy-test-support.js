// What the deployment files' tests share: the project's files, and the case that breaks a copy of one of them.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));
export const read = (file) => readFileSync(path.join(root, file), 'utf8');

/** `text` with `from` replaced: fails when `from` is not there, so a case never passes by changing nothing. */
export function replaced(text, from, to) {
  assert.ok(text.includes(from), `the file no longer contains ${JSON.stringify(from)}: update this case`);
  return text.replace(from, to);
}

export function assertProblem(problems, fragment) {
  assert.ok(
    problems.some((problem) => problem.includes(fragment)),
    `expected a problem with ${JSON.stringify(fragment)}, got:\n  ${problems.join('\n  ') || 'none'}`,
  );
}
