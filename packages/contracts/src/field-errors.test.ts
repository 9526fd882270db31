import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { emailSchema, fieldErrorSchema, multiLineTextSchema, oneLineTextSchema, phoneSchema, verificationCodeSchema } from './common.ts';
import { fieldErrorCodeOf, fieldErrorCodes } from './errors.ts';

/** The code a client would get for the first issue of a refused value (the API's error handler does the same). */
const codeOf = (schema: z.ZodType, value: unknown) => {
  const issue = schema.safeParse(value).error?.issues[0];
  expect(issue).toBeDefined();
  return fieldErrorCodeOf(issue as Parameters<typeof fieldErrorCodeOf>[0]);
};

describe('field error codes: the rules of the shared schemas carry their own code', () => {
  test.each([
    ['a one-line text with a line break', oneLineTextSchema(20), 'Anna\nBcc: x', 'ONE_LINE_TEXT'],
    ['a multi-line text with a bidirectional override', multiLineTextSchema(20), 'ok\u202e', 'MULTI_LINE_TEXT'],
    ['a phone one digit short', phoneSchema, '050123456', 'PHONE_FORMAT'],
    ['a code of 5 digits', verificationCodeSchema, '12345', 'CODE_FORMAT'],
    ['a malformed e-mail', emailSchema, 'anna@', 'INVALID_EMAIL'],
  ] as const)('%s: %s', (_name, schema, value, code) => {
    expect(codeOf(schema, value)).toBe(code);
  });
});

describe('field error codes: other issues by their kind', () => {
  test.each([
    ['a missing field', z.object({ name: z.string() }), {}, 'INVALID_TYPE'],
    ['an empty required text', z.string().min(1), '', 'TOO_SHORT'],
    ['a text over its limit', oneLineTextSchema(3), 'Anna', 'TOO_LONG'],
    ['too many items', z.array(z.string()).max(1), ['a', 'b'], 'TOO_LONG'],
    ['a number below the minimum', z.number().min(1), 0, 'TOO_SMALL'],
    ['a number above the maximum', z.number().max(5), 6, 'TOO_BIG'],
    ['an id that is no UUID', z.uuid(), 'x', 'INVALID_FORMAT'],
    ['a value not in the list', z.enum(['a', 'b']), 'c', 'INVALID_VALUE'],
    ['an unknown field', z.strictObject({ a: z.string() }), { a: 'x', b: 1 }, 'UNKNOWN_FIELD'],
    ['a rule without a code of its own', z.string().refine(() => false, 'No'), 'x', 'INVALID'],
  ] as const)('%s', (_name, schema, value, code) => {
    expect(codeOf(schema, value)).toBe(code);
  });

  test('a code a schema names that is not in the table is not passed on', () => {
    expect(fieldErrorCodeOf({ code: 'custom', params: { code: 'SOMETHING_ELSE' } })).toBe('INVALID');
  });

  test('the error body schema accepts exactly the codes of the table', () => {
    for (const code of fieldErrorCodes) expect(fieldErrorSchema.safeParse({ path: 'body.x', code, message: 'm' }).success).toBe(true);
    expect(fieldErrorSchema.safeParse({ path: 'body.x', code: 'NOPE', message: 'm' }).success).toBe(false);
    expect(fieldErrorSchema.safeParse({ path: 'body.x', message: 'm' }).success).toBe(false);
  });
});
