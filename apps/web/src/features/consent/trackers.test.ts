import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { createTrackers, offeredCategories, PIXEL_SCRIPT, TAG_MANAGER_SCRIPT } from './trackers.ts';

const uuid = '5f0c6a1e-8d2b-4c3f-9a7e-1b2c3d4e5f60';
const at = (pathname: string, search = '') => ({ pathname, search, hash: '' });
const none = { analytics: false, advertising: false };
const all = { analytics: true, advertising: true };

const scripts = () => [...document.querySelectorAll('script')].map((script) => script.src);
/** The data layer's page_view events and gtag commands, as plain arrays and objects. */
const pageViews = () =>
  (window.dataLayer ?? []).filter((entry) => (entry as { event?: string }).event === 'page_view') as Record<string, string>[];
const commands = () =>
  (window.dataLayer ?? []).filter((entry) => !('event' in (entry as object))).map((entry) => [...(entry as unknown[])]);
const pixelCalls = () => (window.fbq?.queue ?? []).map((entry) => [...(entry as unknown[])]);

beforeEach(() => {
  document.head.innerHTML = '';
  delete window.dataLayer;
  delete window.fbq;
  delete window._fbq;
});
afterEach(() => {
  document.cookie.split(';').forEach((part) => (document.cookie = `${part.split('=')[0]!.trim()}=; Max-Age=0; Path=/`));
});

const settings = { gtmId: 'GTM-TEST123', pixelId: '1234567890', pixelPathPattern: null };

describe('createTrackers', () => {
  test('offers each category only when its tool is configured', () => {
    expect(offeredCategories(settings)).toEqual(['analytics', 'advertising']);
    expect(offeredCategories({ ...settings, pixelId: null })).toEqual(['analytics']);
    expect(offeredCategories({ ...settings, gtmId: null })).toEqual(['advertising']);
  });

  test('before consent: no script, no data layer, no pixel, whatever the route changes', () => {
    const trackers = createTrackers(settings);
    trackers.apply(none, at('/'));
    trackers.pageView(at('/'));
    trackers.pageView(at('/prices'));
    expect(scripts()).toEqual([]);
    expect(window.dataLayer).toBeUndefined();
    expect(window.fbq).toBeUndefined();
  });

  test('analytics only: the tag manager with consent mode, page views with ids replaced; no pixel', () => {
    const trackers = createTrackers(settings);
    trackers.apply({ analytics: true, advertising: false }, at(`/meet/${uuid}`, '?x=1'));
    trackers.pageView(at(`/meet/${uuid}`, '?x=1'));
    trackers.pageView(at('/user/quizz', '?stage=recommend'));
    expect(scripts()).toEqual([`${TAG_MANAGER_SCRIPT}?id=GTM-TEST123`]);
    expect(commands()[0]).toEqual([
      'consent',
      'default',
      { analytics_storage: 'denied', ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' },
    ]);
    expect(commands()).toContainEqual([
      'consent',
      'update',
      { analytics_storage: 'granted', ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' },
    ]);
    expect(pageViews().map((view) => [view.page_path, view.page_title, view.page_location])).toEqual([
      ['/meet/:roomId', 'meeting', 'http://localhost:3000/meet/:roomId'],
      ['/user/quizz', 'quiz', 'http://localhost:3000/user/quizz'],
    ]);
    expect(JSON.stringify(window.dataLayer)).not.toMatch(new RegExp(`${uuid}|stage|recommend|\\?`));
    expect(window.fbq).toBeUndefined();
  });

  test('advertising: the pixel without its automatic events; a page view only from a clean address matching the pattern', () => {
    const trackers = createTrackers({ ...settings, pixelPathPattern: '^/(?!user|meet|doctor|operator|admin)' });
    trackers.apply(all, at('/'));
    const route = [
      at('/'),
      at('/'),
      at('/prices', '?auth=login'),
      at('/prices'),
      at('/user'),
      at(`/meet/${uuid}`),
      at(`/faq/${uuid}`),
      at('/about-us'),
    ];
    const sentFrom: string[] = [];
    for (const location of route) {
      const before = pixelCalls().length;
      trackers.pageView(location);
      if (pixelCalls().length > before) sentFrom.push(location.pathname + location.search);
    }
    expect(scripts()).toContain(PIXEL_SCRIPT);
    expect(window.fbq!.disablePushState).toBe(true);
    expect(pixelCalls().slice(0, 3)).toEqual([
      ['set', 'autoConfig', false, '1234567890'],
      ['consent', 'grant'],
      ['init', '1234567890'],
    ]);
    expect(pixelCalls().slice(3)).toEqual([
      ['track', 'PageView'],
      ['track', 'PageView'],
      ['track', 'PageView'],
    ]);
    expect(sentFrom).toEqual(['/', '/prices', '/about-us']);
    // The tag manager gets every route, sanitized.
    expect(pageViews().map((view) => view.page_path)).toEqual(['/', '/prices', '/user', '/meet/:roomId', '/faq/:topicId', '/about-us']);
  });

  test('withdrawal stops every send at once, denies consent mode, revokes the pixel and deletes the cookies', () => {
    const trackers = createTrackers(settings);
    trackers.apply(all, at('/'));
    trackers.pageView(at('/'));
    document.cookie = '_ga=GA1.1.1; Path=/';
    document.cookie = '_fbp=fb.1.1; Path=/';
    document.cookie = 'auth_token=kept; Path=/';
    const viewsBefore = pageViews().length;
    const pixelBefore = pixelCalls().filter(([name]) => name === 'track').length;

    trackers.apply(none, at('/'));
    trackers.pageView(at('/prices'));
    trackers.pageView(at('/contacts'));

    expect(pageViews()).toHaveLength(viewsBefore);
    expect(pixelCalls().filter(([name]) => name === 'track')).toHaveLength(pixelBefore);
    expect(commands().at(-1)).toEqual([
      'consent',
      'update',
      { analytics_storage: 'denied', ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' },
    ]);
    expect(pixelCalls().at(-1)).toEqual(['consent', 'revoke']);
    expect(document.cookie).toBe('auth_token=kept');
    // The scripts are not added twice when consent comes back; sending resumes.
    trackers.apply(all, at('/contacts'));
    trackers.pageView(at('/contacts'));
    expect(scripts()).toHaveLength(2);
    expect(pageViews().at(-1)!.page_path).toBe('/contacts');
  });
});
