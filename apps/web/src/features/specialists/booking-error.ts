import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api-client.ts';

/**
 * docs/product.md §8: booking with login fails with the error's message, or "Не вдалося створити зустріч". A code the app
 * knows is shown in the interface language (the booking's own wording first: an e-mail that has an account, the
 * hourly limit); another server message as it came; anything else the default text.
 */
export function landingBookingError(t: TFunction, error: unknown): string {
  const body = error instanceof ApiError ? error.body : undefined;
  for (const key of [`specialists.book.errors.${body?.code}`, `errors.code.${body?.code}`]) {
    if (body?.code && t(key, { defaultValue: '' })) return t(key);
  }
  return body?.message || t('specialists.book.failed');
}
