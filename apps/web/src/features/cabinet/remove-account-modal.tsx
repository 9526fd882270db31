import { Alert, Button, List, Modal, Stack, Text } from '@mantine/core';
import { PATIENT_REFUND_LIMIT_HOURS, type Appointment, type User } from '@rozmova/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { keepAccountRemoval, type AccountRemovalOutcome } from '../../lib/account-removal.ts';
import { patientIdOf, useCurrentAppointment } from '../../lib/appointments.ts';
import { authStore } from '../../lib/auth-store.ts';
import { useDeleteAccount } from './api.ts';
import { ConfirmPasswordForm } from './confirm-password-form.tsx';
import { FormError } from '../../components/form-error.tsx';

const consequences = ['sessions', 'appointments', 'documents', 'personal', 'history'] as const;

/** Removal cancels like the patient's own cancellation: a paid consultation more than 24 hours ahead is refunded. */
function removalOutcome(appointment: Appointment | undefined, now: number): AccountRemovalOutcome {
  if (!appointment || appointment.appointment_status !== 'scheduled') return appointment ? 'cancelled' : 'none';
  if (appointment.appointment_paymentStatus !== 'paid' || appointment.appointment_paymentType === 'ADRA') return 'cancelled';
  return Date.parse(appointment.appointment_date) - now > PATIENT_REFUND_LIMIT_HOURS * 3_600_000 ? 'refund' : 'noRefund';
}

export function RemoveAccountModal({ user, onClose }: { user: User; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [confirmed, setConfirmed] = useState(!user.has_password);
  const remove = useDeleteAccount();
  const { current } = useCurrentAppointment(patientIdOf(user));
  const deleteAccount = () =>
    remove.mutate(undefined, {
      // Leave the cabinet first: forgetting the session unmounts this modal. The landing page says what happened.
      onSuccess: async () => {
        keepAccountRemoval(removalOutcome(current, Date.now()));
        await navigate('/');
        authStore.forgetSession();
      },
    });

  return (
    <Modal opened onClose={onClose} title={t('profile.removeTitle')}>
      <Stack gap="sm">
        <Alert color="danger" title={t('profile.removeWarningTitle')}>
          <Text size="sm">{t('profile.removeWarning')}</Text>
          <List size="sm" mt="xs">
            {consequences.map((item) => (
              <List.Item key={item}>{t(`profile.removeConsequences.${item}`)}</List.Item>
            ))}
          </List>
        </Alert>
        {confirmed ? (
          <>
            <FormError error={remove.error} />
            <Button color="danger" onClick={deleteAccount} loading={remove.isPending}>
              {t('profile.removeConfirm')}
            </Button>
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
          </>
        ) : (
          <>
            <Text>{t('profile.confirmPasswordFirst')}</Text>
            <ConfirmPasswordForm onConfirmed={() => setConfirmed(true)} />
          </>
        )}
      </Stack>
    </Modal>
  );
}
