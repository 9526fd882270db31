import type { PublicConfig } from '@rozmova/contracts';

declare global {
  interface Window {
    __ROZMOVA__?: Partial<PublicConfig>;
  }
}

const defaults: PublicConfig = {
  app_mode: 'landing',
  api_base: '',
  decryption_key: null,
  build_id: 'development',
  contact_email: 'care@rozmova.local',
  default_locale: 'en',
  environment: 'development',
  gtm_id: null,
  pixel_id: null,
  pixel_path_pattern: null,
  sentry_dsn: null,
};

/** The public settings the server inlines into index.html; the defaults serve the Vite dev server. */
export function readRuntimeConfig(): PublicConfig {
  const injected = typeof window === 'undefined' ? undefined : window.__ROZMOVA__;
  return { ...defaults, ...injected };
}

export const runtimeConfig = readRuntimeConfig();

/**
 * APP_MODE (one build, read at run time): `landing` is the whole site, `quizz` starts at the self-check and `doctor` at
 * the staff sign-in; the staff's site shows the patient pages without their calls to action (sign up, book, self-check).
 */
export const showsPatientCalls = (mode = runtimeConfig.app_mode): boolean => mode !== 'doctor';
