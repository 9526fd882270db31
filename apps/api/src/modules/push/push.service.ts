import type { PushMessage, PushSubscriptionJson } from '@rozmova/contracts';
import { createPushContext, type PushDeps } from './commands/context.ts';
import { removeDevice } from './commands/remove-device.ts';
import { saveDevice, saveToken } from './commands/save-device.ts';
import { sendPush } from './commands/send.ts';
import { deleteSubscriptionsOfUser, type SubscriptionRow } from './push.repository.ts';

/** The profile's `user_push_token`: a device (the one saved last) as PushSubscription JSON text. */
export function toPushToken(device: Pick<SubscriptionRow, 'endpoint' | 'p256dh' | 'auth'>): string {
  return JSON.stringify({ endpoint: device.endpoint, expirationTime: null, keys: { p256dh: device.p256dh, auth: device.auth } });
}

/**
 * Web push (VAPID): the key pair, the devices of each user (`user_push_token`) and sending. A device is the browser's
 * PushSubscription; the payload is encrypted to it (aes128gcm) and posted to its push service. Saving and removing
 * devices and sending are commands in `commands/`; this file wires them.
 */
export function createPushService(deps: PushDeps) {
  const ctx = createPushContext(deps);

  // A removed account's devices must never be told anything again.
  deps.accounts.onAccountRemoved(async ({ userId }, tx) => {
    await deleteSubscriptionsOfUser(tx, userId);
  });
  // Devices saved before the e-mail was proved are those of whoever held the account's sessions then.
  deps.accounts.onAccountClaimed(async (userId, tx) => {
    await deleteSubscriptionsOfUser(tx, userId);
  });

  return {
    /** `GET /v1/push/public-key`: the browser subscribes with it (`applicationServerKey`). */
    publicKey: async (): Promise<string> => (await ctx.vapidKeys()).publicKey,
    save: (userId: string, subscription: PushSubscriptionJson) => saveDevice(ctx, userId, subscription),
    remove: (userId: string, endpoint: string) => removeDevice(ctx, userId, endpoint),
    saveToken: (userId: string, token: string | null) => saveToken(ctx, userId, token),
    send: (userId: string, message: PushMessage) => sendPush(ctx, userId, message),
  };
}

export type PushService = ReturnType<typeof createPushService>;
