import { pushSubscriptions } from '../../db/schema-chat.ts';
import { viewOf, type ColumnName } from '../../db/views.ts';

/** Push devices as other modules join them. */
export const pushDevicesView = <
  N extends string = 'push_subscriptions',
  K extends ColumnName<typeof pushSubscriptions> = ColumnName<typeof pushSubscriptions>,
>(
  name = 'push_subscriptions' as N,
  columns?: readonly K[],
) => viewOf(pushSubscriptions, name, columns);
