import { pushSubscriptions } from '../../db/schema-chat.ts';
import { viewOf } from '../../db/views.ts';

/** Push devices as other modules join them. */
export const pushDevicesView = <N extends string = 'push_subscriptions'>(name = 'push_subscriptions' as N) =>
  viewOf(pushSubscriptions, name);
