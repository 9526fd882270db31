import { Modal, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { User } from '@rozmova/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isPhone } from '../../lib/validation.ts';
import { useUpdateProfile } from './api.ts';
import { ConfirmPasswordForm } from './confirm-password-form.tsx';
import { MutationForm } from '../../components/mutation-form.tsx';
import { PhoneField } from '../../components/phone-field.tsx';

export function ChangePhoneModal({ user, onClose }: { user: User; onClose: () => void }) {
  const { t } = useTranslation();
  const [confirmed, setConfirmed] = useState(!user.has_password);
  const update = useUpdateProfile();
  const form = useForm({
    initialValues: { phone: user.phone ?? '' },
    validate: { phone: (value) => (value.trim() === '' || isPhone(value) ? null : t('validation.phone')) },
  });
  return (
    <Modal opened onClose={onClose} title={t('profile.changePhoneTitle')}>
      {confirmed ? (
        <MutationForm
          form={form}
          mutation={update}
          toVariables={({ phone }) => ({ phone: phone.trim() === '' ? null : phone.trim() })}
          onSuccess={() => {
            notifications.show({ message: t('profile.phoneChanged') });
            onClose();
          }}
          submitLabel={t('profile.savePhone')}
        >
          <PhoneField label={t('fields.newPhone')} description={t('profile.phoneHint')} data-autofocus {...form.getInputProps('phone')} />
        </MutationForm>
      ) : (
        <Stack gap="sm">
          <Text>{t('profile.confirmPasswordFirst')}</Text>
          <ConfirmPasswordForm onConfirmed={() => setConfirmed(true)} />
        </Stack>
      )}
    </Modal>
  );
}
