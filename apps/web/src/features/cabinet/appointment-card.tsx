import { Button, Group, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormError } from '../../components/form-error.tsx';
import { appointmentDateText } from '../../lib/appointment-dates.ts';
import { useCurrentAppointment } from '../../lib/appointments.ts';
import { SectionCard } from '../../components/section-card.tsx';
import { appPaths } from '../../lib/paths.ts';
import { priceText } from '../../lib/format.ts';

/** The patient's current appointment (docs/product.md §4) with a link to its confirmation page, or a way to book one. */
export function AppointmentCard({ patientId }: { patientId: string }) {
  const { t, i18n } = useTranslation();
  const { current, error, isPending } = useCurrentAppointment(patientId);
  return (
    <SectionCard title={t('booking.cabinet.title')} titleId="cabinet-appointment-title">
      {error ? (
        <FormError error={error} />
      ) : isPending ? (
        <Loader role="status" aria-label={t('common.loading')} size="sm" />
      ) : current ? (
        <Text>
          {t('booking.cabinet.current', {
            doctor: current.doctor.user_name,
            date: appointmentDateText(current.appointment_date, i18n.resolvedLanguage ?? 'en'),
          })}
          {current.appointment_paymentStatus === 'pending' &&
            ` ${current.appointment_holdExpiresAt ? t('booking.cabinet.payBy', { time: appointmentDateText(current.appointment_holdExpiresAt, i18n.resolvedLanguage ?? 'en') }) : t('booking.cabinet.awaitingPayment')}`}
        </Text>
      ) : (
        <Text>{t('booking.cabinet.none')}</Text>
      )}
      <Group gap="sm">
        {current?.appointment_paymentStatus === 'pending' && (
          // A booking staff made for the patient waits for this payment; step 5 starts the checkout.
          <Button component={Link} to={appPaths.bookingStep(5)}>
            {t('booking.step4.payNow', { price: priceText(current.appointment_price, i18n.resolvedLanguage ?? 'en') })}
          </Button>
        )}
        {current && (
          <Button
            component={Link}
            to={appPaths.bookingStep(5)}
            variant={current.appointment_paymentStatus === 'pending' ? 'default' : 'filled'}
          >
            {t('booking.cabinet.open')}
          </Button>
        )}
        {!current && !isPending && (
          <Button component={Link} to={appPaths.bookingStep(1)}>
            {t('booking.cabinet.book')}
          </Button>
        )}
      </Group>
    </SectionCard>
  );
}
