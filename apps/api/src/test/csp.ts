import { createHash } from 'node:crypto';
import { expect } from 'vitest';

/** The directives of a Content-Security-Policy header, e.g. { 'script-src': ["'self'", "'sha256-…'"] }. */
export function cspDirectives(header: unknown): Record<string, string[]> {
  expect(typeof header).toBe('string');
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

/** What a browser allows an inline script by: the sha256 of its text. */
export const inlineScriptHashes = (html: string): string[] =>
  [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) => `'sha256-${createHash('sha256').update(match[1]!).digest('base64')}'`,
  );
