import type { BrowserContext, CDPSession, Page, Worker } from '@playwright/test';
import { PUSH_PERMISSION_DENIED_LOG, type PushMessage, type User } from '@rozmova/contracts';
import { startPushEndpoint, type PushEndpoint, type TestDevice } from '../../apps/api/src/test/push-endpoint.ts';
import { apiLogin, profileOf, seedPatient, signInBrowser } from '../support/booking.ts';
import { expect, expectAccessible, test, uniqueEmail } from '../support/fixtures.ts';
import { logOut } from '../support/ui.ts';

/**
 * Web push end to end, with a push service the test runs (no outside service). Headless Chromium cannot subscribe
 * through Google's push service here, so the page's PushManager answers the subscription of a device the local
 * endpoint made (its own P-256 key pair and auth secret); everything else is the app's: the click that asks for
 * permission, the VAPID key, saving the subscription, the server encrypting and posting the push, and the service
 * worker showing it. The endpoint decrypts what it received (aes128gcm, RFC 8291) and the test hands that payload to
 * the real service worker through the DevTools protocol (`ServiceWorker.deliverPushMessage`), as the push service
 * would have.
 */

const SUBSCRIPTION_KEY = 'e2e-push-subscription';

/** Runs in every page before the app: PushManager answers the test device's subscription; permission requests are counted. */
function standInForThePushService(subscription: TestDevice['subscription']) {
  const state = { permissionRequests: 0 };
  (window as unknown as { __e2ePush: typeof state }).__e2ePush = state;
  const request = Notification.requestPermission.bind(Notification);
  Notification.requestPermission = () => {
    state.permissionRequests++;
    return request();
  };
  const toBase64Url = (bytes: Uint8Array) =>
    btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  const fromBase64Url = (text: string) => Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (char) => char.charCodeAt(0));
  const make = (key: string) => ({
    endpoint: subscription.endpoint,
    expirationTime: null,
    options: { userVisibleOnly: true, applicationServerKey: fromBase64Url(key).buffer },
    toJSON: () => subscription,
    unsubscribe: async () => {
      localStorage.removeItem('e2e-push-subscription');
      return true;
    },
  });
  PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
    const key = options?.applicationServerKey as Uint8Array;
    const saved = {
      key: toBase64Url(new Uint8Array(key.buffer, key.byteOffset, key.byteLength)),
      userVisibleOnly: options?.userVisibleOnly,
    };
    localStorage.setItem('e2e-push-subscription', JSON.stringify(saved));
    return make(saved.key) as unknown as PushSubscription;
  };
  PushManager.prototype.getSubscription = async function () {
    const saved = localStorage.getItem('e2e-push-subscription');
    return saved ? (make((JSON.parse(saved) as { key: string }).key) as unknown as PushSubscription) : null;
  };
}

/** The app's service worker registration, as the DevTools protocol names it. */
async function registrationOf(cdp: CDPSession, scope: string): Promise<string> {
  const found = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const registration = registrations.find((candidate) => candidate.scopeURL === scope && !candidate.isDeleted);
      if (registration) resolve(registration.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  return found;
}

/**
 * Runs `fn` in the app's service worker. Chromium may stop an idle worker and start it again as a new target, so the
 * newest one that still answers is used.
 */
async function inServiceWorker<T>(context: BrowserContext, fn: () => Promise<T>): Promise<T> {
  const workers: Worker[] = context.serviceWorkers().length ? context.serviceWorkers() : [await context.waitForEvent('serviceworker')];
  let lastError: unknown;
  for (const worker of [...workers].reverse()) {
    try {
      return await worker.evaluate(fn);
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}

/** What the service worker shows now (its registration's notifications). */
function shownNotifications(context: BrowserContext) {
  return inServiceWorker(context, async () => {
    const scope = self as unknown as { registration: ServiceWorkerRegistration };
    return (await scope.registration.getNotifications()).map((shown) => ({
      title: shown.title,
      body: shown.body,
      url: (shown.data as { url: string }).url,
    }));
  });
}

/** The windows the service worker counts as the app's: a page kept for the back button may linger a moment. */
function appWindows(context: BrowserContext) {
  return inServiceWorker(context, async () => {
    const scope = self as unknown as { clients: { matchAll(options: object): Promise<unknown[]> } };
    return (await scope.clients.matchAll({ type: 'window', includeUncontrolled: true })).length;
  });
}

async function broadcast(request: import('@playwright/test').APIRequestContext, adminToken: string, title: string, message: string) {
  const response = await request.post('/v1/admin/broadcasts', {
    headers: { Authorization: `Bearer ${adminToken}` },
    data: { audience: 'patients', title, message },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** The push the device received (the n-th, from 1), decrypted: the server encrypted it to the device's keys. */
async function nthPush(device: TestDevice, n: number): Promise<PushMessage> {
  await expect.poll(() => device.received().length, { timeout: 20_000, message: 'pushes received by the local endpoint' }).toBe(n);
  return device.messages()[n - 1] as PushMessage;
}

const profileButton = (page: Page, name: string) => page.getByTestId('push-device').getByRole('button', { name, exact: true });

test.describe('web push', () => {
  let endpoint: PushEndpoint;
  test.beforeAll(async () => {
    endpoint = await startPushEndpoint();
  });
  test.afterAll(async () => {
    await endpoint.close();
  });

  test('a patient turns push on from the profile; a push arrives as a notification in the background and as a 10 s toast in the page; sign-out removes the device', async ({
    page,
    context,
    request,
    server,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const { adminToken, patient } = await seedPatient(request, server, { email: uniqueEmail('push'), name: 'Iryna Push' });
    const device = endpoint.device();
    await context.grantPermissions(['notifications'], { origin: baseURL });
    await context.addInitScript(standInForThePushService, device.subscription);
    await signInBrowser(context, server, patient.token);
    const cdp = await context.newCDPSession(page);

    await test.step('the service worker and the manifest are served with their types', async () => {
      const worker = await request.get('/sw.js');
      expect(worker.headers()['content-type']).toMatch(/^(text|application)\/javascript/);
      const manifest = await request.get('/manifest.webmanifest');
      expect(manifest.headers()['content-type']).toMatch(/^application\/manifest\+json/);
      expect(await manifest.json()).toMatchObject({ start_url: '/user', display: 'standalone', name: 'Rozmova' });
    });

    await test.step('nothing is asked on page load; the click asks, subscribes with the VAPID key and saves the device', async () => {
      await page.goto('/user');
      const turnOn = profileButton(page, 'Turn on notifications on this device');
      await expect(turnOn).toBeVisible();
      expect(
        await page.evaluate(() => (window as unknown as { __e2ePush: { permissionRequests: number } }).__e2ePush.permissionRequests),
      ).toBe(0);
      await expectAccessible(page);

      const saved = page.waitForResponse(
        (response) => response.url().endsWith('/v1/push/subscriptions') && response.request().method() === 'POST',
      );
      await turnOn.click();
      expect((await saved).status()).toBe(201);
      await expect(page.getByTestId('push-device')).toContainText('Notifications are on for this device.');
      const { publicKey } = (await (await request.get('/v1/push/public-key')).json()) as { publicKey: string };
      const subscribed = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), SUBSCRIPTION_KEY))!) as {
        key: string;
        userVisibleOnly: boolean;
      };
      expect(subscribed).toEqual({ key: publicKey, userVisibleOnly: true });
      expect(JSON.parse((await profileOf(request, patient.token)).user_push_token!)).toEqual(device.subscription);
    });

    const registrationId = await registrationOf(cdp, `${baseURL}/`);

    await test.step('with no page of the app open, the service worker shows the push as a notification', async () => {
      await page.goto('about:blank');
      // A page of the app still in view gets a toast instead, so the push is delivered once the worker sees none.
      await expect.poll(() => appWindows(context), { message: 'windows of the app' }).toBe(0);
      await broadcast(request, adminToken, 'Clinic news', 'We are open on Saturday.');
      const pushed = await nthPush(device, 1);
      const vapid = device.received()[0]!.vapid;
      expect(vapid).toMatchObject({ publicKey: expect.any(String), valid: true });
      expect(pushed).toMatchObject({ notification: { title: 'Clinic news', body: 'We are open on Saturday.' }, data: { url: '/user' } });

      await cdp.send('ServiceWorker.deliverPushMessage', { origin: baseURL!, registrationId, data: JSON.stringify(pushed) });
      await expect
        .poll(() => shownNotifications(context), { timeout: 10_000 })
        .toEqual([{ title: 'Clinic news', body: 'We are open on Saturday.', url: `${baseURL}/user` }]);
    });

    await test.step('with the app in view, the push is a toast for 10 s instead of a system notification', async () => {
      await page.goto('/user');
      await expect(profileButton(page, 'Turn off on this device')).toBeVisible();
      // The header's signed-in controls (the bell) come with the page's listener for the service worker's messages.
      await expect(page.getByRole('button', { name: /^Notifications, unread:/ })).toBeVisible();
      await broadcast(request, adminToken, 'Schedule change', 'Dr Koval moves to Tuesdays.');
      const pushed = await nthPush(device, 2);
      await cdp.send('ServiceWorker.deliverPushMessage', { origin: baseURL!, registrationId, data: JSON.stringify(pushed) });
      // The push's own toast, titled as the push (the broadcast's in-app notification has its 60 s toast too).
      const toast = page.getByRole('alert').filter({ has: page.getByText('Schedule change', { exact: true }) });
      await expect(toast).toContainText('Dr Koval moves to Tuesdays.');
      const shownAt = Date.now();
      // Shown, then closed at once: only the earlier notification remains.
      expect((await shownNotifications(context)).map((shown) => shown.title)).toEqual(['Clinic news']);
      await expect(toast).toBeHidden({ timeout: 15_000 });
      expect(Date.now() - shownAt).toBeGreaterThan(8_000);
    });

    await test.step('signing out removes this device: the server forgets it and the browser unsubscribes', async () => {
      const removed = page.waitForResponse(
        (response) => response.url().endsWith('/v1/push/subscriptions') && response.request().method() === 'DELETE',
      );
      await logOut(page);
      expect((await removed).status()).toBe(204);
      expect(await page.evaluate((key) => localStorage.getItem(key), SUBSCRIPTION_KEY)).toBeNull();
      const again = await apiLogin(request, patient.email, patient.password);
      expect(((await profileOf(request, again)) as User).user_push_token).toBeNull();
    });
  });

  test('refused permission: the console line of docs/product.md §8 and a clear word in the profile', async ({
    page,
    context,
    request,
    server,
  }) => {
    const { patient } = await seedPatient(request, server, { email: uniqueEmail('push-denied'), name: 'Taras Denied' });
    await context.addInitScript(standInForThePushService, endpoint.device().subscription);
    await signInBrowser(context, server, patient.token);
    await page.goto('/user');
    const logged = page.waitForEvent('console', (message) => message.text() === PUSH_PERMISSION_DENIED_LOG);
    await profileButton(page, 'Turn on notifications on this device').click();
    await logged;
    const word = page.getByTestId('push-device');
    await expect(word).toContainText('Notifications are blocked in this browser');
    await expect(word).toContainText('set Notifications to Allow');
    await expectAccessible(page);
  });
});
