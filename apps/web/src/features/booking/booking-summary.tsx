import { Table } from '@mantine/core';
import type { Appointment, Doctor } from '@rozmova/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { appointmentDateText, timeText, timeZoneText } from '../../lib/appointment-dates.ts';
import { specialisationText } from '../../lib/doctors.ts';

/** How long a booked consultation lasts, in minutes. */
export const appointmentMinutes = ({
  appointment_date,
  appointment_endDate,
}: Pick<Appointment, 'appointment_date' | 'appointment_endDate'>) =>
  Math.round((Date.parse(appointment_endDate) - Date.parse(appointment_date)) / 60_000);

interface Props {
  doctor: Pick<Doctor, 'user_name' | 'specialisations'>;
  /** The start (ISO), shown in the reader's time zone, which it names. */
  date: string;
  minutes: number;
  /** Rows after the specialist, the date and the length, as [name, value]. */
  more: readonly (readonly [string, string])[];
}

/** What is about to be booked (step 4) or was booked (step 5): specialist, date, length, then the step's own rows. */
export function BookingSummary({ doctor, date, minutes, more }: Props) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  const rows = [
    [
      t('booking.summary.specialist'),
      `${doctor.user_name} (${doctor.specialisations.map((item) => specialisationText(item, locale)).join(', ')})`,
    ],
    [t('booking.summary.date'), `${appointmentDateText(date, locale)} (${timeZoneText(new Date(date))})`],
    [t('booking.summary.length'), t('specialists.minutes', { count: minutes })],
    ...more,
  ];
  return (
    <Table variant="vertical" layout="fixed" withTableBorder>
      <Table.Tbody>
        {rows.map(([name, value]) => (
          <Table.Tr key={name}>
            <Table.Th scope="row" w={{ base: 110, sm: 180 }}>
              {name}
            </Table.Th>
            <Table.Td style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** A booking waiting for its payment: until when its time is held, or (no hold) just that it waits. */
export const awaitingPaymentText = (t: TFunction, appointment: Pick<Appointment, 'appointment_holdExpiresAt'>, price: string) =>
  appointment.appointment_holdExpiresAt
    ? t('booking.step4.heldUntil', { time: timeText(appointment.appointment_holdExpiresAt), price })
    : t('booking.step4.awaiting', { price });
