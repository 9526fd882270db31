import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import en from '../../locales/en.json';
import uk from '../../locales/uk.json';
import { landingBookingError } from './booking-error.ts';

const i18n = i18next.createInstance();

beforeAll(async () => {
  await i18n.init({
    lng: 'uk',
    fallbackLng: 'en',
    resources: { en: { translation: en }, uk: { translation: uk } },
    interpolation: { escapeValue: false },
  });
});

describe('landingBookingError (docs/product.md §8 create-appointment-with-login)', () => {
  it('falls back to "Не вдалося створити зустріч" in Ukrainian', () => {
    expect(landingBookingError(i18n.getFixedT('uk'), new Error('offline'))).toBe('Не вдалося створити зустріч');
    expect(landingBookingError(i18n.getFixedT('uk'), new ApiError(500, undefined))).toBe('Не вдалося створити зустріч');
    expect(landingBookingError(i18n.getFixedT('en'), new ApiError(undefined, undefined))).toBe('Could not create the appointment');
  });

  it('shows the server’s message, translated when the app knows its code', () => {
    expect(landingBookingError(i18n.getFixedT('uk'), new ApiError(409, { code: 'SOMETHING_NEW', message: 'Clinic closed' }))).toBe(
      'Clinic closed',
    );
    expect(landingBookingError(i18n.getFixedT('en'), new ApiError(409, { code: 'APPOINTMENT_SLOT_TAKEN', message: 'taken' }))).toBe(
      en.errors.code.APPOINTMENT_SLOT_TAKEN,
    );
  });

  it('an e-mail with an account: sign in, or recover the password (nothing said about the account itself)', () => {
    const taken = new ApiError(409, { code: 'EMAIL_TAKEN', message: 'An account with this e-mail exists' });
    expect(landingBookingError(i18n.getFixedT('en'), taken)).toBe(en.specialists.book.errors.EMAIL_TAKEN);
    expect(landingBookingError(i18n.getFixedT('uk'), taken)).toBe(uk.specialists.book.errors.EMAIL_TAKEN);
    expect(uk.specialists.book.errors.EMAIL_TAKEN).toContain('Забули пароль?');
    expect(en.specialists.book.errors.EMAIL_TAKEN).toContain('Forgot password?');
  });

  it('the hourly limit of landing bookings says what to do', () => {
    const limited = new ApiError(429, { code: 'TOO_MANY_REQUESTS', message: 'Too many requests, try again later' });
    expect(landingBookingError(i18n.getFixedT('uk'), limited)).toBe(uk.specialists.book.errors.TOO_MANY_REQUESTS);
  });
});
