import { PUSH_PERMISSION_DENIED_LOG, pushApi, type PushMessage, type SavePushSubscriptionBody } from '@rozmova/contracts';
import { ApiError, call } from './api-client.ts';
import { readAuthToken } from './auth-token.ts';

/**
 * Web push on this device (docs/product.md §3 `user_push_token`, §4 "Push", §8): the service worker (`/sw.js`), asking for
 * permission (only from a click), the subscription with the server's VAPID key, and saving it for the signed-in user.
 */

/** What this browser can do: push, push once the app is on the home screen (iPhone, iPad), or nothing. */
export type PushSupport = 'supported' | 'install-first' | 'unsupported';

/** What this device is set to. */
export type PushDeviceState = 'on' | 'off' | 'denied' | 'install-first' | 'unsupported';

const SW_URL = '/sw.js';
/** The user and endpoint last saved from this browser, so a page load saves again only when either changed. */
const SAVED_KEY = 'rozmova-push-saved';
/** The service worker's message to a page in view: show this push as a toast (public/sw.js). */
const PUSH_MESSAGE = 'rozmova-push';

function isAppleMobile(): boolean {
  return /iPad|iPhone|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
}

function isInstalled(): boolean {
  return (navigator as Navigator & { standalone?: boolean }).standalone === true || matchMedia('(display-mode: standalone)').matches;
}

export function pushSupport(): PushSupport {
  if ('serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window) return 'supported';
  // Safari on iOS offers push only to an app added to the home screen.
  return isAppleMobile() && !isInstalled() ? 'install-first' : 'unsupported';
}

const registration = () => navigator.serviceWorker.register(SW_URL, { scope: '/' }).then(() => navigator.serviceWorker.ready);

async function currentSubscription(): Promise<PushSubscription | null> {
  const existing = await navigator.serviceWorker.getRegistration('/');
  return existing ? existing.pushManager.getSubscription() : null;
}

export async function pushDeviceState(): Promise<PushDeviceState> {
  const support = pushSupport();
  if (support !== 'supported') return support;
  if (Notification.permission === 'denied') return 'denied';
  return Notification.permission === 'granted' && (await currentSubscription()) ? 'on' : 'off';
}

/** The VAPID public key (base64url) as the bytes PushManager.subscribe wants. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

const sameKey = (a: ArrayBuffer | null | undefined, b: Uint8Array) =>
  !!a && a.byteLength === b.byteLength && new Uint8Array(a).every((byte, index) => byte === b[index]);

async function save(userId: string, subscription: PushSubscription): Promise<void> {
  const body: SavePushSubscriptionBody = { user_push_token: subscription.toJSON() as SavePushSubscriptionBody['user_push_token'] };
  await call(pushApi.subscribe, { body });
  localStorage.setItem(SAVED_KEY, `${userId} ${subscription.endpoint}`);
}

/**
 * After the person's click: permission, then the subscription, saved for the signed-in user. A refusal writes the
 * docs/product.md §8 line to the console and answers 'denied' (or 'off' when the question was only dismissed).
 */
export async function turnPushOn(userId: string): Promise<PushDeviceState> {
  const support = pushSupport();
  if (support !== 'supported') return support;
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') {
    console.log(PUSH_PERMISSION_DENIED_LOG);
    return permission === 'denied' ? 'denied' : 'off';
  }
  const ready = await registration();
  const { publicKey } = await call(pushApi.publicKey);
  const key = keyBytes(publicKey);
  let subscription = await ready.pushManager.getSubscription();
  // Made with another server key (the keys were replaced): it would never receive anything.
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await ready.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  if (readAuthToken()) await save(userId, subscription);
  return 'on';
}

/** Stops push on this device: the server forgets the subscription (while signed in), the browser drops it. */
export async function turnPushOff(): Promise<void> {
  if (pushSupport() !== 'supported') return;
  const subscription = await currentSubscription();
  if (!subscription) return;
  if (readAuthToken()) {
    await call(pushApi.unsubscribe, { body: { endpoint: subscription.endpoint } }).catch((error: unknown) => {
      // Not saved for this user (another account's, or already removed): the browser drops it all the same.
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    });
  }
  localStorage.removeItem(SAVED_KEY);
  await subscription.unsubscribe();
}

/**
 * On a signed-in page: the service worker is registered (its messages become toasts), and a subscription this
 * browser holds is saved again when the user or the endpoint changed since it was last saved (the browser may renew it).
 */
export async function syncPushDevice(userId: string): Promise<void> {
  if (pushSupport() !== 'supported') return;
  await registration();
  const subscription = Notification.permission === 'granted' ? await currentSubscription() : null;
  if (subscription && localStorage.getItem(SAVED_KEY) !== `${userId} ${subscription.endpoint}`) await save(userId, subscription);
}

/** Calls `show` with each push the service worker hands to this page (the page is in view). */
export function onPushInPage(show: (message: PushMessage) => void): () => void {
  if (!('serviceWorker' in navigator)) return () => undefined;
  const listener = (event: MessageEvent) => {
    const data = event.data as { type?: string; message?: PushMessage } | null;
    if (data?.type === PUSH_MESSAGE && data.message?.notification) show(data.message);
  };
  navigator.serviceWorker.addEventListener('message', listener);
  navigator.serviceWorker.startMessages();
  return () => navigator.serviceWorker.removeEventListener('message', listener);
}
