import { Alert, Anchor, Group, Loader, Stack, Text } from '@mantine/core';
import { isBookingPage, type User } from '@rozmova/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { FormError } from '../../components/form-error.tsx';
import { patientIdOf, useCurrentAppointment } from '../../lib/appointments.ts';
import { useAuth } from '../../lib/auth-store.ts';
import { updateDraft, useDraft } from './draft.ts';
import { PaymentResult } from './payment-result.tsx';
import type { StepProps } from './step-props.ts';
import { SpecialistStep } from './step1-specialist.tsx';
import { TimeStep } from './step2-time.tsx';
import { DetailsStep } from './step3-details.tsx';
import { PaymentStep } from './step4-payment.tsx';
import { ConfirmationStep } from './step5-confirmation.tsx';
import { bookingSteps, redirectFor, stepOfPage, stepPath, type BookingStep } from './steps.ts';
import './booking.css';

/** `/user/appointment-step1` … `step5` and `/user/payment-success`: one lazy route for the whole booking. */
export function BookingPage() {
  const { t } = useTranslation();
  const { page } = useParams();
  const { user } = useAuth();
  const patientId = patientIdOf(user);
  if (!user || !isBookingPage(page)) return null;
  if (!patientId) return <Alert color="gray">{t('booking.patientsOnly')}</Alert>;
  const step = stepOfPage(page);
  if (step === null) return <PaymentResult patientId={patientId} />;
  return <BookingSteps key={step} step={step} user={user} patientId={patientId} />;
}

function BookingSteps({ step, user, patientId }: { step: BookingStep; user: User; patientId: string }) {
  const { t } = useTranslation();
  const draft = useDraft(user.id);
  const [params, setParams] = useSearchParams();
  const requestedDoctor = params.get('doctor');
  const appointments = useCurrentAppointment(patientId);

  // "Book" on /our-specialists opens step 2 with ?doctor=<id>: the choice moves into the draft.
  useEffect(() => {
    if (!requestedDoctor) return;
    if (requestedDoctor !== draft.doctorId) updateDraft(user.id, { doctorId: requestedDoctor, slot: undefined });
    const next = new URLSearchParams(params);
    next.delete('doctor');
    setParams(next, { replace: true });
  }, [requestedDoctor, draft.doctorId, params, setParams, user.id]);

  // Step 5 keeps showing its appointment when it is cancelled or completed meanwhile (by the patient, the doctor or
  // an operator) instead of jumping to step 1; a reload starts from the server's current appointment again.
  const [shownId, setShownId] = useState<string>();
  if (step === 5 && appointments.current && appointments.current.id !== shownId) setShownId(appointments.current.id);
  const closed = step === 5 && !appointments.current ? appointments.data?.find((item) => item.id === shownId) : undefined;
  const shown = appointments.current ?? closed;

  if (appointments.error) return <FormError error={appointments.error} />;
  if (requestedDoctor || (appointments.isPending && step >= 4)) return <Loader role="status" aria-label={t('common.loading')} />;

  const redirect = redirectFor(step, { doctorId: draft.doctorId, slot: draft.slot, current: step === 5 ? shown : appointments.current });
  if (redirect !== null) return <Navigate to={stepPath(redirect)} replace />;

  const props: StepProps = { user, patientId, draft, current: appointments.current };
  return (
    <Stack gap="lg">
      <StepList
        step={step}
        reachable={(s) => redirectFor(s, { doctorId: draft.doctorId, slot: draft.slot, current: appointments.current }) === null}
      />
      {step === 1 && <SpecialistStep {...props} />}
      {step === 2 && <TimeStep {...props} />}
      {step === 3 && <DetailsStep {...props} />}
      {step === 4 && <PaymentStep {...props} />}
      {step === 5 && shown && <ConfirmationStep {...props} appointment={shown} />}
    </Stack>
  );
}

/** "Step 2 of 5" and the list of steps; earlier steps that can be shown are links. */
function StepList({ step, reachable }: { step: BookingStep; reachable: (step: BookingStep) => boolean }) {
  const { t } = useTranslation();
  return (
    <Stack gap={6}>
      <Text size="sm" fw={600}>
        {t('booking.stepOf', { step, total: bookingSteps.length })}
      </Text>
      <Group component="nav" aria-label={t('booking.stepsLabel')} visibleFrom="sm">
        <ol className="booking-steps">
          {bookingSteps.map((item) => (
            <li key={item} aria-current={item === step ? 'step' : undefined} data-done={item < step || undefined}>
              {item < step && reachable(item) ? (
                <Anchor component={Link} to={stepPath(item)} size="sm">
                  {item}. {t(`booking.steps.${item}`)}
                </Anchor>
              ) : (
                <Text span size="sm" fw={item === step ? 700 : 400}>
                  {item}. {t(`booking.steps.${item}`)}
                </Text>
              )}
            </li>
          ))}
        </ol>
      </Group>
    </Stack>
  );
}
