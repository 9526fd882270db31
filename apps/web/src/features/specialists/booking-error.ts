import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api-client.ts';

/**
 * SPEC.md §8: booking with login fails with the error's message, or "Не вдалося створити зустріч". A code the app
 * knows is shown in the interface language; another server message as it came; anything else the default text.
 */
export function landingBookingError(t: TFunction, error: unknown): string {
  const body = error instanceof ApiError ? error.body : undefined;
  if (body?.code && t(`errors.code.${body.code}`, { defaultValue: '' })) return t(`errors.code.${body.code}`);
  return body?.message || t('specialists.book.failed');
}
