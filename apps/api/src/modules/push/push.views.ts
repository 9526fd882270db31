import { pushSubscriptions } from '../../db/schema-chat.ts';
import { viewsOf } from '../../db/views.ts';

/** Push devices as other modules join them. */
export const pushDevicesView = viewsOf(pushSubscriptions, 'push_subscriptions');
