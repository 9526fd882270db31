/*
 * Rozmova's service worker: web push only (docs/decisions.md "Web push (web)"). Served as it is from /sw.js, so it
 * is plain JavaScript; it caches nothing and handles no fetch.
 *
 * A push carries the contracts' PushMessage: { notification: { title, body, icon?, image? }, data?: { url?, kind? } }.
 * Every push shows a notification inside event.waitUntil (browsers warn about or cancel pushes that show none). When
 * a page of the app is in view, the notification is shown silently and closed at once, and the page gets the message
 * to show as its 10-second toast instead (docs/product.md §2).
 */
const PUSH_MESSAGE = 'rozmova-push';
const ICON = '/icon-192.png';
const HOME = '/user';

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

function readMessage(data) {
  let message = null;
  try {
    message = data ? data.json() : null;
  } catch {
    message = null;
  }
  if (message && message.notification && typeof message.notification.title === 'string') return message;
  return { notification: { title: 'Rozmova', body: data ? data.text() : '' } };
}

/** Only the app's own pages open from a notification. */
function ownUrl(url) {
  try {
    const target = new URL(url || HOME, self.location.origin);
    return target.origin === self.location.origin ? target.href : new URL(HOME, self.location.origin).href;
  } catch {
    return new URL(HOME, self.location.origin).href;
  }
}

async function showPush(message) {
  const { title, body = '', icon, image } = message.notification;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const inView = windows.filter((client) => client.focused || client.visibilityState === 'visible');
  const tag = `push-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  await self.registration.showNotification(title, {
    body,
    icon: icon || ICON,
    image,
    tag,
    silent: inView.length > 0,
    data: { url: ownUrl(message.data && message.data.url) },
  });
  if (inView.length === 0) return;
  for (const client of inView) client.postMessage({ type: PUSH_MESSAGE, message });
  for (const shown of await self.registration.getNotifications({ tag })) shown.close();
}

self.addEventListener('push', (event) => {
  event.waitUntil(showPush(readMessage(event.data)));
});

async function openPage(url) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const same = windows.find((client) => client.url === url);
  if (same) return same.focus();
  for (const client of windows) {
    try {
      const focused = await client.focus();
      return await focused.navigate(url);
    } catch {
      // Not one this worker controls: a new window instead.
    }
  }
  return self.clients.openWindow(url);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openPage(ownUrl(event.notification.data && event.notification.data.url)));
});
