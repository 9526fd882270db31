import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { FormError } from '../../components/form-error.tsx';
import { useCurrentAppointment } from '../../lib/appointments.ts';
import { timeText } from '../../lib/appointment-dates.ts';
import { useAppointmentPayment, useStartCheckout } from './api.ts';
import { canRetry, paymentOutcome, PENDING_INTERVAL_MS, PENDING_READS } from './payment-plan.ts';
import { stepPath } from './steps.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { priceText } from '../../lib/format.ts';
import { useNow } from '../../lib/use-now.ts';

/** `/user/payment-success?appointment=<id>`: the result of the payment, read from the server (never from the URL). */
export function PaymentResult({ patientId }: { patientId: string }) {
  const { t, i18n } = useTranslation();
  // Whether the held time is still there to pay for, looked at again every half minute.
  const now = useNow(() => 30_000);
  const locale = i18n.resolvedLanguage ?? 'en';
  const [params] = useSearchParams();
  const client = useQueryClient();
  const appointments = useCurrentAppointment(patientId);
  const appointmentId = params.get('appointment') ?? appointments.current?.id;
  const payment = useAppointmentPayment(appointmentId, (data, reads) =>
    data?.appointment_paymentStatus === 'pending' && data.appointment_status === 'scheduled' && reads < PENDING_READS
      ? PENDING_INTERVAL_MS
      : false,
  );
  const checkout = useStartCheckout();
  const outcome = payment.data ? paymentOutcome(payment.data) : undefined;
  const reads = client.getQueryState(queryKeys.payments.ofAppointment(appointmentId))?.dataUpdateCount ?? 0;
  // Still asking: the provider has not answered and the page has not read it PENDING_READS times yet.
  const checking = outcome === 'pending' && payment.data?.appointment_status === 'scheduled' && reads < PENDING_READS;

  // The appointment changed with the payment: steps 4 and 5 read it again.
  useEffect(() => {
    if (outcome && outcome !== 'pending') void client.invalidateQueries({ queryKey: queryKeys.appointments.ofPatient(patientId) });
  }, [outcome, client, patientId]);

  let content;
  if (!appointmentId) {
    content = appointments.isPending ? (
      <Loader role="status" aria-label={t('common.loading')} />
    ) : (
      <Text>{t('booking.payment.nothing')}</Text>
    );
  } else if (payment.error) {
    content = <FormError error={payment.error} />;
  } else if (!payment.data || !outcome) {
    content = <Loader role="status" aria-label={t('common.loading')} />;
  } else {
    const price = priceText(payment.data.amount, locale);
    const retry = outcome === 'failed' && canRetry(payment.data, now);
    content = (
      <Stack gap="md">
        <Alert
          color={
            outcome === 'paid' || outcome === 'not-required'
              ? 'brand'
              : outcome === 'pending' || outcome === 'refunded'
                ? 'yellow'
                : 'danger'
          }
          variant="light"
          role="status"
          title={t(`booking.payment.${outcome}Title`)}
        >
          <Text size="sm">
            {outcome === 'pending'
              ? checking
                ? t('booking.payment.checking')
                : t('booking.payment.pendingText')
              : outcome === 'failed'
                ? retry
                  ? payment.data.hold_expires_at
                    ? t('booking.payment.failedRetry', { time: timeText(payment.data.hold_expires_at) })
                    : t('booking.payment.failedText')
                  : t('booking.payment.releasedText')
                : t(`booking.payment.${outcome}Text`, { price })}
          </Text>
        </Alert>
        <FormError error={checkout.error} />
        <Group gap="sm">
          {retry && (
            <Button loading={checkout.isPending || checkout.isSuccess} onClick={() => checkout.mutate(payment.data.appointment_id)}>
              {t('booking.payment.tryAgain')}
            </Button>
          )}
          {outcome === 'pending' && !checking && (
            <Button variant="default" onClick={() => void payment.refetch()}>
              {t('booking.payment.refresh')}
            </Button>
          )}
          {outcome === 'released' || (outcome === 'failed' && !retry) ? (
            <Button component={Link} to={stepPath(1)}>
              {t('booking.payment.bookAgain')}
            </Button>
          ) : (
            outcome !== 'refunded' && (
              <Button component={Link} to={stepPath(5)} variant={outcome === 'paid' || outcome === 'not-required' ? 'filled' : 'default'}>
                {t('booking.payment.seeBooking')}
              </Button>
            )
          )}
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Title order={1}>{t('booking.payment.title')}</Title>
      {content}
    </Stack>
  );
}
