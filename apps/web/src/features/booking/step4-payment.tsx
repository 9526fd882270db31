import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { Appointment } from '@rozmova/contracts';
import { PAYMENT_HOLD_MINUTES } from '@rozmova/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FormError } from '../../components/form-error.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { errorText, fieldErrors } from '../../lib/api-errors.ts';
import { appointmentDateText } from '../../lib/appointment-dates.ts';
import { useDoctor } from '../../lib/doctors.ts';
import { isUnclaimed } from '../../lib/auth-store.ts';
import { cardIdOf, usePatientCard } from '../../lib/patient-card.ts';
import { goToCheckout, requestCheckout, useBook, useStartCheckout } from './api.ts';
import { appointmentMinutes, awaitingPaymentText, BookingSummary } from './booking-summary.tsx';
import { clearDraft, isSlotNotice, updateDraft } from './draft.ts';
import { paymentPlan } from './payment-plan.ts';
import type { StepProps } from './step-props.ts';
import { stepPath } from './steps.ts';
import { SectionCard } from '../../components/section-card.tsx';
import { priceText } from '../../lib/format.ts';

/** Step 4: free, or the price and the way to the payment page; a booking waiting for its payment is paid here too. */
export function PaymentStep(props: StepProps) {
  const { draft } = props;
  if (draft.doctorId && draft.slot) return <BookStep {...props} doctorId={draft.doctorId} slot={draft.slot} />;
  return props.current ? <PayStep appointment={props.current} /> : null;
}

function BookStep({ user, patientId, draft, current, doctorId, slot }: StepProps & { doctorId: string; slot: string }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  const navigate = useNavigate();
  const doctor = useDoctor(doctorId);
  // An unclaimed account (a landing booking) may not read its card: it moves its booking, which keeps its payment.
  const unclaimed = isUnclaimed(user);
  const card = usePatientCard(unclaimed ? undefined : cardIdOf(user));
  const book = useBook();
  const [leaving, setLeaving] = useState(false);

  if (doctor.error || card.error) return <FormError error={doctor.error ?? card.error} />;
  if (!doctor.data || (!card.data && !unclaimed)) return <Loader role="status" aria-label={t('common.loading')} />;

  const freeConsultations = card.data?.patient_available_free_consultations ?? 0;
  // Once booked, the new appointment is the current one: the page keeps saying what it did until it moves on.
  const moving = book.isSuccess ? Boolean(book.variables.currentId) : Boolean(current);
  const plan = paymentPlan({ moving, freeConsultations, price: doctor.data.price ?? 0 });
  const price = plan === 'free' || plan === 'no-charge' ? t('booking.step4.freePrice') : priceText(doctor.data.price ?? 0, locale);
  const busy = book.isPending || leaving;

  const submit = () =>
    book.mutate(
      {
        patientId,
        currentId: current?.id,
        body: {
          appointment_doctorId: doctorId,
          appointment_date: slot,
          ...(draft.reason ? { appointment_reason: draft.reason } : {}),
          ...(draft.phone ? { appointment_phone: draft.phone } : {}),
        },
      },
      {
        onSuccess: async (appointment) => {
          if (appointment.appointment_paymentStatus !== 'pending') {
            void navigate(stepPath(5));
            return;
          }
          // Booked and held: on to the payment page. Should that fail, step 4 shows the booking awaiting
          // payment with its own "Pay" button (the draft is done with either way).
          setLeaving(true);
          try {
            goToCheckout(await requestCheckout(appointment.id));
          } catch {
            setLeaving(false);
          } finally {
            clearDraft();
          }
        },
        onError: (error) => {
          // The time was taken meanwhile: without a time the steps go back to step 2, which says why.
          const code = error instanceof ApiError ? error.body?.code : undefined;
          if (isSlotNotice(code)) updateDraft(user.id, { slot: undefined, notice: code });
        },
      },
    );

  return (
    <Stack gap="lg">
      <Title order={1}>{t('booking.step4.title')}</Title>
      <BookingSummary
        doctor={doctor.data}
        date={slot}
        minutes={doctor.data.consultation_minutes}
        more={[[t('booking.summary.price'), plan === 'move' ? t('booking.step4.movePrice') : price]]}
      />
      <SectionCard title={t('booking.step4.paymentTitle')} titleId="booking-payment-title">
        {plan === 'move' && current && (
          <Text>
            {t('booking.step4.moveText', {
              from: appointmentDateText(current.appointment_date, locale),
              to: appointmentDateText(slot, locale),
            })}
          </Text>
        )}
        {plan === 'free' && <Text>{t('booking.step4.freeText', { count: freeConsultations })}</Text>}
        {plan === 'no-charge' && <Text>{t('booking.step4.noChargeText')}</Text>}
        {plan === 'pay' && <Text>{t('booking.step4.payText', { price, minutes: PAYMENT_HOLD_MINUTES })}</Text>}
        {!isSlotNotice(book.error instanceof ApiError ? book.error.body?.code : undefined) && <BookError error={book.error} />}
        <Group gap="sm">
          <Button component={Link} to={stepPath(3)} variant="default" disabled={busy}>
            {t('common.back')}
          </Button>
          <Button onClick={submit} loading={busy}>
            {plan === 'move'
              ? t('booking.step4.moveSubmit')
              : plan === 'pay'
                ? t('booking.step4.paySubmit', { price })
                : t('booking.step4.freeSubmit')}
          </Button>
        </Group>
      </SectionCard>
    </Stack>
  );
}

/**
 * Why the booking failed. This step has no fields: a refusal naming step 3's reason or phone (which FormError leaves
 * to the fields) is told here, with each field's text, and Back leads to them.
 */
function BookError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const fields = Object.values(fieldErrors(t, error));
  if (fields.length === 0) return <FormError error={error} />;
  return (
    <Alert color="danger" role="alert">
      {[errorText(t, error), ...fields].join(' ')}
    </Alert>
  );
}

/** A booking made earlier (or from the landing page) that still waits for its payment. */
function PayStep({ appointment }: { appointment: Appointment }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  const checkout = useStartCheckout();
  const price = priceText(appointment.appointment_price, locale);
  return (
    <Stack gap="lg">
      <Title order={1}>{t('booking.step4.title')}</Title>
      <BookingSummary
        doctor={appointment.doctor}
        date={appointment.appointment_date}
        minutes={appointmentMinutes(appointment)}
        more={[[t('booking.summary.price'), price]]}
      />
      <SectionCard title={t('booking.step4.paymentTitle')} titleId="booking-payment-title">
        <Text>{awaitingPaymentText(t, appointment, price)}</Text>
        {appointment.appointment_paymentStatus === 'failed' && (
          <Alert color="danger" role="alert">
            {t('booking.payment.failedText')}
          </Alert>
        )}
        <FormError error={checkout.error} />
        <Group gap="sm">
          <Button component={Link} to={stepPath(5)} variant="default">
            {t('booking.step4.seeBooking')}
          </Button>
          <Button loading={checkout.isPending || checkout.isSuccess} onClick={() => checkout.mutate(appointment.id)}>
            {t('booking.step4.payNow', { price })}
          </Button>
        </Group>
      </SectionCard>
    </Stack>
  );
}
