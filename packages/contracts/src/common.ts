import { z } from 'zod';
import { locales, MULTI_LINE_TEXT_MESSAGE, ONE_LINE_TEXT_MESSAGE, PASSWORD_MAX, PASSWORD_MIN, roles } from './constants.ts';
import { fieldErrorCodes, type FieldErrorCode } from './errors.ts';

/*
 * Characters no person types into a text and that change how it shows elsewhere: C0 controls (tab, line feed and
 * carriage return included), DEL, C1 controls, the Unicode line and paragraph separators (line breaks to many
 * readers, calendar files and e-mail headers included) and the bidirectional embeddings, overrides and isolates
 * (U+202A–U+202E, U+2066–U+2069), which show text in another order than it is stored, so a name or comment could
 * pass for another. Marks such as U+200E and joiners (emoji, scripts) stay allowed.
 */
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const oneLine = /^[^\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]*$/;
/** The same, with line feed and tab allowed. */
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const multiLine = /^[^\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]*$/;

/** Names and other one-line texts: trimmed, at most `max` characters, no control characters at all. */
export const oneLineTextSchema = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((value) => oneLine.test(value), { message: ONE_LINE_TEXT_MESSAGE, params: { code: 'ONE_LINE_TEXT' satisfies FieldErrorCode } });

/** Comments, reasons, notes, messages: CRLF becomes LF, trimmed, at most `max` characters; only LF and tab of the controls. */
export const multiLineTextSchema = (max: number) =>
  z
    .string()
    .overwrite((value) => value.replaceAll('\r\n', '\n'))
    .trim()
    .max(max)
    .refine((value) => multiLine.test(value), {
      message: MULTI_LINE_TEXT_MESSAGE,
      params: { code: 'MULTI_LINE_TEXT' satisfies FieldErrorCode },
    });

export const roleSchema = z.enum(roles);
export const localeSchema = z.enum(locales);

export const idSchema = z.uuid();
export const idParamsSchema = z.object({ id: idSchema });

export const emailSchema = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email())
  .transform((value) => value.toLowerCase());

export const passwordSchema = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX);

/**
 * A phone number as people type it, stored in E.164 (docs/product.md §6): a Ukrainian number with its
 * leading 0 (`067 123 45 67`), with 380 or +380; other countries with their + (or 00) prefix. Spaces, dashes, dots and
 * brackets are dropped.
 */
export function toE164(typed: string): string | undefined {
  const digits = typed.replace(/[\s().-]/g, '');
  const international = digits.startsWith('00') ? `+${digits.slice(2)}` : digits;
  let e164: string;
  if (/^0\d{9}$/.test(international)) e164 = `+38${international}`;
  else if (/^380\d{9}$/.test(international)) e164 = `+${international}`;
  else e164 = international;
  if (e164.startsWith('+380')) return /^\+380\d{9}$/.test(e164) ? e164 : undefined;
  return /^\+[1-9]\d{7,14}$/.test(e164) ? e164 : undefined;
}

export const phoneSchema = z
  .string()
  .max(32)
  .transform((value, context) => {
    const e164 = toE164(value);
    if (e164 !== undefined) return e164;
    context.addIssue({
      code: 'custom',
      message: 'Enter a Ukrainian number (067 123 45 67) or another country’s with its + prefix',
      params: { code: 'PHONE_FORMAT' satisfies FieldErrorCode },
    });
    return z.NEVER;
  });

export const userNameSchema = oneLineTextSchema(100).min(1);

export const verificationCodeSchema = z
  .string()
  .refine((value) => /^\d{6}$/.test(value), { message: 'The code is 6 digits', params: { code: 'CODE_FORMAT' satisfies FieldErrorCode } });

export const fieldErrorSchema = z.object({ path: z.string(), code: z.enum(fieldErrorCodes), message: z.string() });
export const errorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  errors: z.array(fieldErrorSchema).optional(),
});
