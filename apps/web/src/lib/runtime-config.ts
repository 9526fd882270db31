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
};

/** The public settings the server inlines into index.html; the defaults serve the Vite dev server. */
export function readRuntimeConfig(): PublicConfig {
  const injected = typeof window === 'undefined' ? undefined : window.__ROZMOVA__;
  return { ...defaults, ...injected };
}

export const runtimeConfig = readRuntimeConfig();
