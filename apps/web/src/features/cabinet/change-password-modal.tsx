import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/form-modal.tsx';
import { CurrentPasswordField, NewPasswordField } from '../../components/password-field.tsx';
import { isPasswordLengthValid } from '../../lib/validation.ts';
import { useUpdateProfile } from './api.ts';

export function ChangePasswordModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateProfile();
  const form = useForm({
    initialValues: { current_password: '', new_password: '' },
    validate: {
      current_password: (value) => (value ? null : t('validation.passwordRequired')),
      new_password: (value) => (isPasswordLengthValid(value) ? null : t('validation.passwordLength')),
    },
  });
  return (
    <FormModal
      title={t('profile.changePasswordTitle')}
      onClose={onClose}
      form={form}
      mutation={update}
      toVariables={(values) => values}
      onSuccess={() => notifications.show({ message: t('profile.passwordChanged') })}
      submitLabel={t('auth.savePassword')}
    >
      <CurrentPasswordField label={t('fields.currentPassword')} data-autofocus {...form.getInputProps('current_password')} />
      <NewPasswordField label={t('fields.newPassword')} {...form.getInputProps('new_password')} />
    </FormModal>
  );
}
