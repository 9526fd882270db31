import { Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/form-modal.tsx';
import { NewPasswordField } from '../../components/password-field.tsx';
import { isPasswordLengthValid } from '../../lib/validation.ts';
import { useSetupPassword } from './api.ts';

export function SetupPasswordModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const setup = useSetupPassword();
  const form = useForm({
    initialValues: { password: '' },
    validate: { password: (value) => (isPasswordLengthValid(value) ? null : t('validation.passwordLength')) },
  });
  return (
    <FormModal
      title={t('profile.setupPasswordTitle')}
      onClose={onClose}
      form={form}
      mutation={setup}
      toVariables={({ password }) => password}
      onSuccess={() => notifications.show({ message: t('profile.passwordSet') })}
      submitLabel={t('auth.savePassword')}
      intro={<Text>{t('profile.setupPasswordText')}</Text>}
    >
      <NewPasswordField label={t('fields.newPassword')} data-autofocus {...form.getInputProps('password')} />
    </FormModal>
  );
}
