import { authErrorKey, describeApiError, type AuthOperation, type FieldErrorCode } from '@rozmova/contracts';
import type { TFunction } from 'i18next';
import { ApiError } from './api-client.ts';

const statusOf = (error: unknown) => (error instanceof ApiError ? error.status : undefined);

/** The docs/product.md §8 text for a failed auth call. */
export function authErrorText(t: TFunction, operation: AuthOperation, error: unknown): string {
  const body = error instanceof ApiError ? error.body : undefined;
  return t(authErrorKey(operation, statusOf(error), body?.message));
}

/** A translated text for the error code the server answered with, else the docs/product.md §8 data error text. */
export function errorText(t: TFunction, error: unknown): string {
  const code = error instanceof ApiError ? error.body?.code : undefined;
  if (code && t(`errors.code.${code}`, { defaultValue: '' })) return t(`errors.code.${code}`);
  const described = describeApiError(statusOf(error), error instanceof ApiError ? error.body : undefined);
  return described.kind === 'unknown' ? t('errors.unknown') : t('errors.generic');
}

/** The locale key of each field error code the app has its own text for (contracts' `fieldErrorCodes`). */
export const fieldErrorTextKeys: Partial<Record<FieldErrorCode, string>> = {
  PASSWORD_TOO_COMMON: 'errors.field.passwordTooCommon',
  PASSWORD_INCORRECT: 'errors.field.passwordIncorrect',
  ONE_LINE_TEXT: 'errors.field.oneLineText',
  MULTI_LINE_TEXT: 'errors.field.multiLineText',
  PHONE_FORMAT: 'validation.phone',
  CODE_FORMAT: 'validation.code',
  INVALID_EMAIL: 'validation.email',
};

/**
 * Field errors the server named (`errors[].path`, with or without the `body.` prefix), keyed by field name.
 * The text is chosen by the error's code; a code without a text of the app's shows the server's message.
 */
export function fieldErrors(t: TFunction, error: unknown): Record<string, string> {
  const result: Record<string, string> = {};
  if (!(error instanceof ApiError)) return result;
  for (const { path, code, message } of error.body?.errors ?? []) {
    const field = path.replace(/^body\.?/, '');
    const key = code === undefined ? undefined : fieldErrorTextKeys[code];
    if (field && !(field in result)) result[field] = key ? t(key) : message;
  }
  return result;
}
