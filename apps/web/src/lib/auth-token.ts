import { AUTH_COOKIE as authCookieName } from '@rozmova/contracts';

const MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

export function readAuthToken(): string | undefined {
  const prefix = `${authCookieName}=`;
  const entry = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  const value = entry?.slice(prefix.length);
  return value ? decodeURIComponent(value) : undefined;
}

export function writeAuthToken(token: string): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${authCookieName}=${encodeURIComponent(token)}; Path=/; Max-Age=${MAX_AGE_SECONDS}; SameSite=Strict${secure}`;
}

export function clearAuthToken(): void {
  document.cookie = `${authCookieName}=; Path=/; Max-Age=0; SameSite=Strict`;
}
