import type { QueryKey } from '@tanstack/react-query';

/**
 * docs/product.md §4 "Realtime events": after an appointment is created, modified or cancelled, the doctors' free slots,
 * the appointment lists, the notifications (and the profile, reloaded separately) are refreshed. A query takes part
 * by having one of these words anywhere in its key, e.g. `['appointments', 'doctor', id]` or
 * `['doctors', 'slots', id, …]`.
 */
export const appointmentEventKeys: ReadonlySet<string> = new Set(['slots', 'available-slots', 'appointments', 'notifications', 'payments']);

export const isRefreshedByAppointmentEvents = (queryKey: QueryKey): boolean =>
  queryKey.some((part) => typeof part === 'string' && appointmentEventKeys.has(part));
