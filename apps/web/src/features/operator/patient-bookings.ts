import { pendingAppointmentStatuses, type Appointment, type PaymentType } from '@rozmova/contracts';

const pad = (n: number) => String(n).padStart(2, '0');

/** Pending consultations (scheduled or running) soonest first; the others (completed, cancelled) newest first. */
export function splitAppointments(appointments: readonly Appointment[]): { upcoming: Appointment[]; past: Appointment[] } {
  const pending = (item: Appointment) => (pendingAppointmentStatuses as readonly string[]).includes(item.appointment_status);
  const at = (item: Appointment) => Date.parse(item.appointment_date);
  return {
    upcoming: appointments.filter(pending).sort((a, b) => at(a) - at(b)),
    past: appointments.filter((item) => !pending(item)).sort((a, b) => at(b) - at(a)),
  };
}

/** The newest consultation that has started or is to come: what a search result shows as the last one. */
export const lastConsultation = (appointments: readonly Appointment[] | undefined): Appointment | undefined =>
  appointments?.reduce<Appointment | undefined>(
    (latest, item) => (!latest || Date.parse(item.appointment_date) > Date.parse(latest.appointment_date) ? item : latest),
    undefined,
  );

/** A `datetime-local` field's value (the browser's own zone) of the minute that holds `at`. */
export function minuteInputValue(at: Date): string {
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/**
 * The start an urgent booking sends (docs/product.md §5's `YYYY-MM-DDTHH:mm:ssZ`) for a `datetime-local` value read in the
 * browser's zone; undefined when the value is no whole minute.
 */
export function urgentStart(value: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return undefined;
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return undefined;
  return at.toISOString().replace('.000Z', 'Z');
}

/** How an operator's booking is paid: the usual rules (free consultation or the patient pays), invoiced, or free. */
export type StaffPayment = 'usual' | Extract<PaymentType, 'Other' | 'None'>;
export const staffPayments: readonly StaffPayment[] = ['usual', 'Other', 'None'];
export const paymentTypeOf = (payment: StaffPayment): PaymentType | undefined => (payment === 'usual' ? undefined : payment);
