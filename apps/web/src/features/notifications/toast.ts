import { notifications } from '@mantine/notifications';

/** docs/product.md §2 and §9: a realtime notification shows at the top for 60 seconds. */
export const REALTIME_TOAST_MS = 60_000;

export function showRealtimeToast(title: string, message: string): void {
  notifications.show({ title, message, position: 'top-center', autoClose: REALTIME_TOAST_MS });
}
