import { Button, Modal, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { NewPasswordField, PasswordField } from '../../components/password-field.tsx';
import { fieldErrors } from '../../lib/api-errors.ts';
import { isPasswordLengthValid } from '../../lib/validation.ts';
import { useUpdateProfile } from './api.ts';
import { FormError } from '../../components/form-error.tsx';

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
  const submit = form.onSubmit((values) =>
    update.mutate(values, {
      onSuccess: () => {
        notifications.show({ message: t('profile.passwordChanged') });
        onClose();
      },
      onError: (error) => form.setErrors(fieldErrors(t, error)),
    }),
  );
  return (
    <Modal opened onClose={onClose} title={t('profile.changePasswordTitle')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <PasswordField
            label={t('fields.currentPassword')}
            autoComplete="current-password"
            required
            data-autofocus
            {...form.getInputProps('current_password')}
          />
          <NewPasswordField label={t('fields.newPassword')} {...form.getInputProps('new_password')} />
          <FormError error={update.error} />
          <Button type="submit" loading={update.isPending}>
            {t('auth.savePassword')}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
