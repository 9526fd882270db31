import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cookieDomainsOf, removeTrackingCookies, trackingCookieNames } from './tracking-cookies.ts';

declare const jsdom: { reconfigure(options: { url: string }): void };

describe('cookieDomainsOf', () => {
  test('the host itself and every parent domain of two labels or more', () => {
    expect(cookieDomainsOf('app.rozmova.com.ua')).toEqual([undefined, 'app.rozmova.com.ua', 'rozmova.com.ua', 'com.ua']);
    expect(cookieDomainsOf('localhost')).toEqual([undefined]);
    expect(cookieDomainsOf('127.0.0.1')).toEqual([undefined, '127.0.0.1']);
  });
});

describe('trackingCookieNames', () => {
  const jar =
    '_ga=GA1.1.1; _ga_ABC123=GS1.1; _gid=GA1.1.2; _gat_UA1=1; _gcl_au=1.1.1; _fbp=fb.1.1; _fbc=fb.1.2; auth_token=secret; rozmova=1; _gallery=1';

  test('analytics: the Google Analytics cookies only', () => {
    expect(trackingCookieNames(['analytics'], jar)).toEqual(['_ga', '_ga_ABC123', '_gid', '_gat_UA1']);
  });

  test('advertising: the conversion linker and the pixel', () => {
    expect(trackingCookieNames(['advertising'], jar)).toEqual(['_gcl_au', '_fbp', '_fbc']);
  });

  test('never the session or any cookie of the app', () => {
    expect(trackingCookieNames(['analytics', 'advertising'], jar)).not.toEqual(expect.arrayContaining(['auth_token']));
    expect(trackingCookieNames(['analytics', 'advertising'], jar)).not.toContain('_gallery');
  });
});

describe('removeTrackingCookies on app.rozmova.com.ua', () => {
  beforeAll(() => jsdom.reconfigure({ url: 'https://app.rozmova.com.ua/about-us' }));
  afterAll(() => jsdom.reconfigure({ url: 'http://localhost:3000/' }));

  const names = () =>
    document.cookie
      .split(';')
      .map((part) => part.split('=')[0]!.trim())
      .filter(Boolean)
      .sort();

  test('deletes them on the host and on the parent domain, and leaves the rest', () => {
    document.cookie = '_ga=GA1.1.1; Path=/; Domain=rozmova.com.ua';
    document.cookie = '_gid=GA1.1.2; Path=/; Domain=rozmova.com.ua';
    document.cookie = '_ga_ABC123=GS1; Path=/; Domain=app.rozmova.com.ua';
    document.cookie = '_fbp=fb.1.1; Path=/; Domain=rozmova.com.ua';
    document.cookie = '_gcl_au=1.1; Path=/';
    document.cookie = 'auth_token=secret; Path=/';
    expect(names()).toEqual(['_fbp', '_ga', '_ga_ABC123', '_gcl_au', '_gid', 'auth_token']);

    removeTrackingCookies(['analytics']);
    expect(names()).toEqual(['_fbp', '_gcl_au', 'auth_token']);

    removeTrackingCookies(['advertising']);
    expect(names()).toEqual(['auth_token']);
  });
});
