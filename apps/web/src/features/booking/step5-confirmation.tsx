import { Alert, Anchor, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Appointment } from '@rozmova/contracts';
import { JOIN_OPENS_MINUTES, PATIENT_REFUND_LIMIT_HOURS } from '@rozmova/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FormError } from '../../components/form-error.tsx';
import { errorText } from '../../lib/api-errors.ts';

import { useCancelAppointment, useDownloadCalendar, useJoinMeeting, useStartCheckout } from './api.ts';
import { appointmentMinutes, awaitingPaymentText, BookingSummary } from './booking-summary.tsx';
import { clearDraft, updateDraft } from './draft.ts';
import { canChange, cancelTerms, sessionTiming, tickInterval, type Countdown } from './session.ts';
import type { StepProps } from './step-props.ts';
import { stepPath } from './steps.ts';
import { useNow } from '../../lib/use-now.ts';
import { SectionCard } from '../../components/section-card.tsx';
import { appPaths } from '../../lib/paths.ts';
import { priceText } from '../../lib/format.ts';

/**
 * Step 5: what was booked, the calendar file, the session block, and the change and cancel block. An appointment
 * that was cancelled or completed meanwhile is shown as such, with a way to book again.
 */
export function ConfirmationStep({ user, appointment }: StepProps & { appointment: Appointment }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const now = useNow((at) => tickInterval(Date.parse(appointment.appointment_date) - at));
  const [cancelling, setCancelling] = useState(false);
  const status = appointment.appointment_status;
  const open = status === 'scheduled' || status === 'running';

  // Booked: the choices made on the way are no longer needed.
  useEffect(() => clearDraft(), []);

  const reschedule = () => {
    // Moving keeps the doctor; steps 2 to 4 then modify the current appointment (docs/product.md §4).
    updateDraft(user.id, { doctorId: appointment.appointment_doctorId, slot: undefined });
    void navigate(stepPath(2));
  };

  return (
    <Stack gap="lg">
      <Title order={1}>{t(`booking.step5.titles.${awaitingPayment(appointment) ? 'awaitingPayment' : status}`)}</Title>
      {open && <PaymentStatus appointment={appointment} />}
      <AppointmentSummary appointment={appointment} />
      {open ? (
        <>
          <CalendarButton appointment={appointment} />
          <SessionBlock appointment={appointment} now={now} />
          <ChangeBlock changeable={canChange(appointment, now)} onReschedule={reschedule} onCancel={() => setCancelling(true)} />
        </>
      ) : (
        <div>
          <Button component={Link} to={stepPath(1)}>
            {t('booking.cabinet.book')}
          </Button>
        </div>
      )}
      {cancelling && <CancelModal appointment={appointment} onClose={() => setCancelling(false)} />}
    </Stack>
  );
}

function AppointmentSummary({ appointment }: { appointment: Appointment }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  const more: [string, string][] = [
    [
      t('booking.summary.payment'),
      t(`booking.paymentStatus.${paymentStatusKey(appointment)}`, { price: priceText(appointment.appointment_price, locale) }),
    ],
  ];
  if (appointment.appointment_reason) more.push([t('booking.summary.reason'), appointment.appointment_reason]);
  return (
    <BookingSummary doctor={appointment.doctor} date={appointment.appointment_date} minutes={appointmentMinutes(appointment)} more={more} />
  );
}

/** The .ics file, downloaded with the session token. */
function CalendarButton({ appointment }: { appointment: Appointment }) {
  const { t } = useTranslation();
  const calendar = useDownloadCalendar();
  return (
    <div>
      <Button
        variant="default"
        loading={calendar.isPending}
        onClick={() =>
          calendar.mutate(appointment, { onError: (error) => notifications.show({ color: 'danger', message: errorText(t, error) }) })
        }
      >
        {t('booking.step5.addToCalendar')}
      </Button>
    </div>
  );
}

function ChangeBlock({ changeable, onReschedule, onCancel }: { changeable: boolean; onReschedule: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <SectionCard title={t('booking.step5.changeTitle')} titleId="booking-change-title">
      {changeable ? (
        <>
          <Text>{t('booking.step5.changeText')}</Text>
          <Group gap="sm">
            <Button variant="default" onClick={onReschedule}>
              {t('booking.step5.reschedule')}
            </Button>
            <Button variant="outline" color="danger" onClick={onCancel}>
              {t('booking.step5.cancel')}
            </Button>
          </Group>
          <Button component={Link} to={stepPath(1)} variant="subtle" w="fit-content" px={0}>
            {t('booking.step5.another')}
          </Button>
        </>
      ) : (
        <Text>
          {t('booking.step5.tooLate')}{' '}
          <Anchor component={Link} to={appPaths.contacts}>
            {t('booking.step5.contactUs')}
          </Anchor>
        </Text>
      )}
    </SectionCard>
  );
}

type PaymentStatusKey = 'paid' | 'free' | 'noCharge' | 'pending' | 'failed' | 'refunded' | 'invoiced';

function paymentStatusKey(appointment: Appointment): PaymentStatusKey {
  if (appointment.appointment_paymentType === 'ADRA') return 'free';
  if (appointment.appointment_paymentType === 'Other') return 'invoiced';
  switch (appointment.appointment_paymentStatus) {
    case 'paid':
      return 'paid';
    case 'pending':
      return 'pending';
    case 'failed':
      return 'failed';
    case 'refunded':
      return 'refunded';
    case 'not_required':
      return 'noCharge';
  }
}

/** A scheduled consultation whose payment is still open (awaiting it, or a try failed while the time is held). */
function awaitingPayment(appointment: Appointment): boolean {
  const key = paymentStatusKey(appointment);
  return appointment.appointment_status === 'scheduled' && (key === 'pending' || key === 'failed');
}

/** Awaiting or failed payment: say so and offer to pay while the time is held. */
function PaymentStatus({ appointment }: { appointment: Appointment }) {
  const { t, i18n } = useTranslation();
  const checkout = useStartCheckout();
  const key = paymentStatusKey(appointment);
  if (key !== 'pending' && key !== 'failed') return null;
  const price = priceText(appointment.appointment_price, i18n.resolvedLanguage ?? 'en');
  return (
    <Alert color={key === 'failed' ? 'danger' : 'yellow'} role="status" title={t(`booking.step5.${key}Title`)}>
      <Stack gap="xs">
        <Text size="sm">{awaitingPaymentText(t, appointment, price)}</Text>
        <FormError error={checkout.error} />
        <div>
          <Button size="sm" loading={checkout.isPending || checkout.isSuccess} onClick={() => checkout.mutate(appointment.id)}>
            {t('booking.step4.payNow', { price })}
          </Button>
        </div>
      </Stack>
    </Alert>
  );
}

function countdownText(
  t: (key: string, options?: Record<string, unknown>) => string,
  { days, hours, minutes, seconds }: Countdown,
): string {
  if (days > 0) return t('booking.session.inDays', { days, hours });
  if (hours > 0) return t('booking.session.inHours', { hours, minutes });
  return t('booking.session.inMinutes', { minutes, seconds });
}

/** The countdown to the start and the join button, enabled from 10 minutes before the start. */
function SessionBlock({ appointment, now }: { appointment: Appointment; now: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const join = useJoinMeeting();
  const timing = sessionTiming(appointment, now);
  const unpaid = appointment.appointment_paymentStatus === 'pending' || appointment.appointment_paymentStatus === 'failed';

  const enter = () =>
    join.mutate(appointment, {
      onSuccess: (joined) => void navigate(appPaths.meeting(joined?.appointment_roomId ?? appointment.appointment_roomId)),
    });

  return (
    <SectionCard title={t('booking.session.title')} titleId="booking-session-title">
      <Text
        fw={600}
        aria-live={timing.phase === 'waiting' && timing.untilStart.days === 0 && timing.untilStart.hours === 0 ? 'off' : 'polite'}
      >
        {timing.phase === 'waiting'
          ? countdownText(t, timing.untilStart)
          : timing.phase === 'open'
            ? t('booking.session.open')
            : t('booking.session.ended')}
      </Text>
      {timing.phase !== 'ended' && (
        <>
          <Text size="sm">{unpaid ? t('booking.session.payFirst') : t('booking.session.hint', { minutes: JOIN_OPENS_MINUTES })}</Text>
          <FormError error={join.error} />
          <div>
            <Button onClick={enter} disabled={timing.phase !== 'open' || unpaid} loading={join.isPending}>
              {t('booking.session.join')}
            </Button>
          </div>
        </>
      )}
    </SectionCard>
  );
}

function CancelModal({ appointment, onClose }: { appointment: Appointment; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const cancel = useCancelAppointment();
  const terms = cancelTerms(
    appointment,
    useNow(() => 30_000),
  );
  return (
    <Modal opened onClose={onClose} title={t('booking.cancel.title')}>
      <Stack gap="sm">
        <Text>{t(`booking.cancel.terms.${terms}`, { hours: PATIENT_REFUND_LIMIT_HOURS })}</Text>
        <FormError error={cancel.error} />
        {terms !== 'too-late' && (
          <Button
            color="danger"
            loading={cancel.isPending}
            onClick={() =>
              cancel.mutate(appointment, {
                onSuccess: () => {
                  onClose();
                  notifications.show({ message: t('booking.cancel.done') });
                  clearDraft();
                  void navigate(appPaths.cabinet());
                },
              })
            }
          >
            {t('booking.cancel.confirm')}
          </Button>
        )}
        <Button variant="default" onClick={onClose} data-autofocus>
          {t('booking.cancel.keep')}
        </Button>
      </Stack>
    </Modal>
  );
}
