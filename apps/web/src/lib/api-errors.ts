import { authErrorKey, describeApiError, MULTI_LINE_TEXT_MESSAGE, ONE_LINE_TEXT_MESSAGE, type AuthOperation } from '@rozmova/contracts';
import type { TFunction } from 'i18next';
import { ApiError } from './api-client.ts';

const statusOf = (error: unknown) => (error instanceof ApiError ? error.status : undefined);

/** The SPEC.md §8 text for a failed auth call. */
export function authErrorText(t: TFunction, operation: AuthOperation, error: unknown): string {
  const body = error instanceof ApiError ? error.body : undefined;
  return t(authErrorKey(operation, statusOf(error), body?.message));
}

/** A translated text for the error code the server answered with, else the SPEC.md §8 data error text. */
export function errorText(t: TFunction, error: unknown): string {
  const code = error instanceof ApiError ? error.body?.code : undefined;
  if (code && t(`errors.code.${code}`, { defaultValue: '' })) return t(`errors.code.${code}`);
  const described = describeApiError(statusOf(error), error instanceof ApiError ? error.body : undefined);
  return described.kind === 'unknown' ? t('errors.unknown') : t('errors.generic');
}

const knownFieldMessages: Record<string, string> = {
  'This password is too common, choose another one': 'errors.field.passwordTooCommon',
  'The password is not correct': 'errors.field.passwordIncorrect',
  [ONE_LINE_TEXT_MESSAGE]: 'errors.field.oneLineText',
  [MULTI_LINE_TEXT_MESSAGE]: 'errors.field.multiLineText',
};

/**
 * Field errors the server named (`errors[].path`, with or without the `body.` prefix), keyed by field name.
 * Messages the app knows are translated; others are shown as the server wrote them.
 */
export function fieldErrors(t: TFunction, error: unknown): Record<string, string> {
  const result: Record<string, string> = {};
  if (!(error instanceof ApiError)) return result;
  for (const { path, message } of error.body?.errors ?? []) {
    const field = path.replace(/^body\.?/, '');
    const key = knownFieldMessages[message];
    if (field && !(field in result)) result[field] = key ? t(key) : message;
  }
  return result;
}
